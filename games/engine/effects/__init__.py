"""The effects layer: what many rules apply — probes, bag draws, life and death, rewards, items.

An effect imports the core and lower effects (probes < bag < life < rewards < items), never a rule;
where it must set off a rule (a death ends a final fight, a drawn event is resolved, a picked-up item
completes a quest) it calls the follow-up in ``core.context.Hooks``.
"""
