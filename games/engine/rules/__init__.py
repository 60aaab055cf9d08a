"""The rules layer: one module per part of the rulebook (movement, fights, quests, encounters, …).

A rule module imports the core, the effects and the rule modules below it in the order of the
``engine-rules`` contract in ``.importlinter``; the top layer (``engine``, ``registry``) binds them.
"""
