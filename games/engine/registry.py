"""The one place that wires the engine together (docs/architecture.md, "Engine layers").

Every module that handles something is listed here, and nothing else connects it: ``ACTIONS`` says
which rule applies each action, ``MODULES`` whose pending decisions and probes are merged into
``HOOKS.handlers``, and ``HOOKS`` fills the follow-ups through which a lower layer sets off a higher
rule without importing it (``core.context.Hooks``). A new rule module is added to ``MODULES`` (and to
``ACTIONS`` if it takes actions of its own) — never reached because some module imported it first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .content.model import Content
from .core import phase
from .core.actions import (
    AcceptQuest,
    Action,
    Buy,
    CallBazaar,
    CastSpell,
    ChallengeDragon,
    ChallengeNamenloser,
    ChooseDeed,
    ChooseMovement,
    DropItem,
    DropQuest,
    EndMovement,
    EndTurn,
    Evade,
    Fight,
    FightLightning,
    Fly,
    FormGroup,
    FulfilDeed,
    FulfilQuest,
    HandItem,
    HandQuest,
    Jump,
    Move,
    OfferItem,
    PaladinHeal,
    PickUp,
    Rest,
    RollLabyrinth,
    SetDicePolicy,
    Steal,
    UseEncounter,
    UseItem,
    UseTeleporter,
)
from .core.context import Ctx, Handlers, Hooks
from .effects import bag, items, life, probes, rewards
from .rules import (
    abilities,
    bazaar,
    combat,
    deeds,
    encounters,
    endgame,
    events_tokens,
    groups,
    movement,
    quests,
    rest,
    spells,
    training,
    turn,
)

# Every module with pending decisions or probes (its ``HANDLERS`` table), lowest layer first.
MODULES = (probes, bag, life, rewards, items, bazaar, combat, deeds, encounters, endgame, events_tokens,
           groups, spells, training, turn)

# Each handler takes the action of its own key's class (_dispatch looks it up by type(action)), which a
# dict's value type cannot say: the action parameter is Any.
ACTIONS: dict[type[Action], Callable[[Ctx, int, Any], None]] = {
    ChooseMovement: movement.apply_choose_movement,
    Move: movement.apply_move,
    Fly: movement.apply_fly,
    Jump: movement.apply_jump,
    UseTeleporter: lambda ctx, seat, action: movement.apply_use_teleporter(ctx, seat),
    RollLabyrinth: lambda ctx, seat, action: movement.apply_roll_labyrinth(ctx, seat),
    EndMovement: lambda ctx, seat, action: movement.apply_end_movement(ctx, seat),
    EndTurn: lambda ctx, seat, action: turn.apply_end_turn(ctx, seat),
    Fight: combat.apply_fight,
    FormGroup: groups.apply_form_group,
    HandItem: groups.apply_hand_item,
    HandQuest: quests.apply_hand_quest,
    FightLightning: combat.apply_fight,
    ChallengeNamenloser: endgame.apply_challenge,
    ChallengeDragon: endgame.apply_challenge,
    ChooseDeed: deeds.apply_choose_deed,
    FulfilDeed: deeds.apply_fulfil_deed,
    Evade: combat.apply_evade,
    PickUp: items.apply_pick_up,
    DropItem: items.apply_drop,
    UseItem: items.apply_use_item,
    CastSpell: spells.apply_cast_spell,
    AcceptQuest: quests.apply_accept,
    DropQuest: quests.apply_drop_quest,
    FulfilQuest: quests.apply_fulfil,
    UseEncounter: encounters.apply_use_encounter,
    CallBazaar: bazaar.apply_call_bazaar,
    Buy: bazaar.apply_buy,
    OfferItem: bazaar.apply_offer,
    Rest: rest.apply_rest,
    PaladinHeal: abilities.apply_paladin_heal,
    Steal: abilities.apply_steal,
    SetDicePolicy: phase.apply_dice_policy,
}

def _death(ctx: Ctx, seat: int) -> str | list[str] | None:
    """A death ends a final fight (endgame), and in a co-op game takes the hero out of his group (groups)."""
    drop = endgame.death_in_fight(ctx, seat)
    groups.member_died(ctx, seat)
    return drop


HOOKS = Hooks(
    finish_movement=movement.finish_movement,
    credit_shadow=combat.credit_shadow,
    death_in_fight=_death,
    resolve_event=events_tokens.resolve_event,
    resolve_dragon_event=events_tokens.resolve_dragon_event,
    found_quest_item=quests.found_quest_item,
    handlers=Handlers.merged(module.HANDLERS for module in MODULES),
)

# Every effect the content names, by family, each defined once in its module (docs/architecture.md,
# "Effects as data"): the names in tokens.yaml's ``effects`` and in items.yaml's ``flags``. The content
# layer lies below the rules and cannot read these, so ``unknown_effects`` checks the loaded content
# against them (the start-up check games.E002, and tests/engine/test_effects.py).
TOKEN_EFFECTS: dict[str, Mapping[str, object]] = {
    "encounter": encounters.EFFECTS,
    "bazaar": bazaar.EFFECTS,
    "event": events_tokens.EFFECTS,
    "monster": combat.EFFECTS,
}
# The special rewards a quest names (tokens.yaml: ``quest.reward_special``).
QUEST_REWARDS: dict[str, Mapping[str, object]] = {
    "quest reward": quests.REWARDS,
}
ITEM_EFFECTS: dict[str, Mapping[str, object]] = {
    "item": items.EFFECTS,
    "spell": spells.EFFECTS,
    "probe boost": probes.BOOSTS,
}


def effect_names(families: Mapping[str, Mapping[str, object]]) -> frozenset[str]:
    return frozenset(name for family in families.values() for name in family)


def unknown_effects(content: Content) -> list[str]:
    """Each effect, item flag or quest's special reward the content names without a definition, as
    ``file: field: problem``."""
    tokens, flags = effect_names(TOKEN_EFFECTS), effect_names(ITEM_EFFECTS)
    problems = [f"tokens.yaml: tokens[{tid}].effects: unknown effect {name!r}"
                for tid, token in sorted(content.tokens.items()) for name in token.effects if name not in tokens]
    problems += [f"items.yaml: items[{key}].flags: unknown flag {name!r}"
                 for key, item in sorted(content.items.items()) for name in item.flags if name not in flags]
    rewards = effect_names(QUEST_REWARDS)
    problems += [f"tokens.yaml: tokens[{tid}].quest.reward_special: unknown special reward {name!r}"
                 for tid, token in sorted(content.tokens.items())
                 if token.quest is not None and (name := token.quest.reward_special) is not None
                 and name not in rewards]
    return problems
