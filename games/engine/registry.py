"""The one place that wires the engine together (docs/architecture.md, "Engine layers").

``HOOKS`` fills the follow-ups through which a lower layer sets off a higher rule without importing it
(``context.Hooks``): nothing is connected because some module happened to be imported first.
"""

from __future__ import annotations

from .core.context import Hooks
from .rules.combat import credit_shadow
from .rules.endgame import death_in_fight
from .rules.events_tokens import resolve_dragon_event, resolve_event
from .rules.movement import finish_movement
from .rules.quests import found_quest_item

HOOKS = Hooks(
    finish_movement=finish_movement,
    credit_shadow=credit_shadow,
    death_in_fight=death_in_fight,
    resolve_event=resolve_event,
    resolve_dragon_event=resolve_dragon_event,
    found_quest_item=found_quest_item,
)
