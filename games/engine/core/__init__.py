"""The engine's lowest layer: the state and what reads or records it, without any rule of the game.

State, actions, errors, events, dice, the board, heroes' and tokens' derived values, the working
context, pending decisions, the action phase and the rule IDs. A core module imports only other core
modules and ``content.model``; it sets off a higher rule only through ``context.Hooks``.
"""
