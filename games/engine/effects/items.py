"""Items ("Gegenstände"): the item fields, receiving, picking up, dropping and using items.

A hero holds at most four items (the Zentaur five), and never two of one kind (armour, shield, ring)
nor two scrolls. Dropped Basar goods go back to the Basar tokens, Stadt der Magier goods to theirs,
everything else lies face up on the hero's field (ITEM-09). Picking up and dropping are actions, and
picking up makes the player draw from the bag.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..content.model import Content, Item, TokenCategory
from ..core import rules
from ..core.actions import Action, DropItem, MakeRoom, PickUp, UseItem
from ..core.context import Ctx, Handlers
from ..core.errors import IllegalActionError
from ..core.heroes import has_ability, held_items, hero_card, usable
from ..core.payloads import MakeRoomChoice, Probe
from ..core.pending import ask
from ..core.phase import begin_action
from ..core.state import OUT, PILE_BAZAAR, PILE_CITY, HeroState, Pending, State, at_field, held_by
from ..core.tokens import move_token, role, shown_key, visible_at
from .bag import draw_due, return_after_draw
from .life import heal, raise_max_lp
from .probes import start_probe
from .rewards import ANY_COLOUR, grant_gold, grant_xp

ONE_OF_A_KIND = {"armour", "shield", "ring", "scroll"}
SLOT_KINDS = {"item", "spell"}

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def item_of(content: Content, state: State, tid: str) -> Item | None:
    return content.items.get(shown_key(content, state, tid))


def has_room(content: Content, hero: HeroState) -> bool:
    return len(hero.items) < hero_card(content, hero).item_slots


def same_kind(content: Content, state: State, hero: HeroState, item: Item) -> list[str]:
    """Held items of the same kind: one armour, one shield, one ring (LP-19), one scroll (WEAPON-10)."""
    if item.category not in ONE_OF_A_KIND:
        return []
    return [tid for tid, held in held_items(content, state, hero) if held.category == item.category]


def can_take(content: Content, state: State, hero: HeroState, item: Item) -> bool:
    if item.slot_kind not in SLOT_KINDS:
        return True
    return has_room(content, hero) and not same_kind(content, state, hero, item)


def supply_of(content: Content, state: State, tid: str) -> str | None:
    """Basar and Stadt der Magier goods belong to their supply; a turned-over token to none."""
    if state.tokens[tid].flipped:
        return None
    return {TokenCategory.BAZAAR: PILE_BAZAAR, TokenCategory.CITY: PILE_CITY}.get(content.tokens[tid].category)


# --- onto the sheet ----------------------------------------------------------------------------------------
def put_on_sheet(ctx: Ctx, seat: int, tid: str, rule: str, flipped: bool | None = None) -> None:
    """The item goes onto the hero's sheet (the caller checked there is room), or onto the deed card."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    if flipped is not None:
        move_token(state, tid, state.tokens[tid].loc, flipped=flipped)
    item = item_of(content, state, tid)
    if item is not None and item.slot_kind == "deed":
        move_token(state, tid, f"deed:{seat}", face_up=True, seen_by=())
        ctx.emit("deed_item_taken", rules.ITEM_DEED_CARD, seat, token=tid, item=item.key)
        return
    if item is not None and item.slot_kind not in SLOT_KINDS:
        use_at_once(ctx, seat, tid, item)
        return
    hero.items.append(tid)
    move_token(state, tid, held_by(seat), face_up=True, seen_by=())
    ctx.emit("item_taken", rule, seat, token=tid, item=item.key if item else None)
    if item is not None:
        on_acquire(ctx, seat, tid, item)


def on_acquire(ctx: Ctx, seat: int, tid: str, item: Item) -> None:
    """Artificial LP (for a hero who may use the item), potion doses, the Goldbeutel's coin."""
    hero = ctx.state.heroes[seat]
    if item.artificial_lp and usable(ctx.content, hero, item):
        hero.artificial[tid] = item.artificial_lp
    if "heal_split" in item.flags:
        hero.charges[tid] = item.heal_lp
    if "gold_purse" in item.flags:
        hero.purse = max(hero.purse, item.gold)


def use_at_once(ctx: Ctx, seat: int, tid: str, item: Item) -> None:
    """Things that are no items to carry: Goldschatz, Hinweis auf den Gral, Stärkung (ITEM-10, SPELL-02)."""
    state = ctx.state
    if "raise_max_lp" in item.flags:
        raise_max_lp(ctx, seat, rules.STAERKUNG)
        move_token(state, tid, PILE_CITY, face_up=False, seen_by=(), flipped=False)
        ctx.emit("staerkung_used", rules.SPELL_STAERKUNG, seat, token=tid)
        return
    if item.gold:
        grant_gold(ctx, seat, item.gold, rules.ITEM_OWN_CONTENT, item.key)
    if item.key == "hinweis_gral":
        grant_xp(ctx, seat, [ANY_COLOUR, ANY_COLOUR], rules.HINT_GRAIL, item.key)
    # The token goes back into the bag (content data, ruling R-09), after the draw it caused.
    ctx.emit("token_used_up", rules.ITEM_OWN_CONTENT, seat, token=tid, item=item.key)
    return_after_draw(ctx, seat, tid, rules.ITEM_OWN_CONTENT, "token_back_to_bag")


def receive(ctx: Ctx, seat: int, tid: str, rule: str, field: str, flipped: bool = False) -> None:
    """A won or found item: onto the sheet, or, without room, the player drops one of his items or
    leaves the reward face up on the field (ruling R-16)."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    move_token(state, tid, at_field(field), face_up=True, seen_by=(), flipped=flipped)
    item = item_of(content, state, tid)
    if item is None or can_take(content, state, hero, item):
        put_on_sheet(ctx, seat, tid, rule)
        return
    conflicts = same_kind(content, state, hero, item)
    options = conflicts if conflicts else list(hero.items)
    ask(ctx, seat, "make_room", [*options, "leave"], MakeRoomChoice(tid, rule, field))


@HANDLERS.answers("make_room", MakeRoom)
def _answer_make_room(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    c = pending.payload(MakeRoomChoice)
    tid = c.token
    if value == "leave":
        ctx.emit("reward_left_on_field", rules.ITEM_NO_ROOM, seat, token=tid, field=c.field)
        return
    hero = ctx.state.heroes[seat]
    here = hero.position or c.field
    release(ctx, seat, value, here, rules.ITEM_NO_ROOM)
    put_on_sheet(ctx, seat, tid, c.rule)


# --- off the sheet -----------------------------------------------------------------------------------------
def release(ctx: Ctx, seat: int, tid: str, field: str | None, rule: str) -> str:
    """Take the item off the sheet: to its supply, or face up onto ``field`` (or out of the game)."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    item = item_of(content, state, tid)
    hero.items.remove(tid)
    hero.artificial.pop(tid, None)
    hero.charges.pop(tid, None)
    if item is not None and "gold_purse" in item.flags:
        hero.gold += hero.purse  # the coin on the purse is the hero's to keep
        hero.purse = 0
    supply = supply_of(content, state, tid)
    if supply is not None:
        move_token(state, tid, supply, face_up=False, seen_by=(), flipped=False)
        dest = supply
    elif field is not None:
        move_token(state, tid, at_field(field), face_up=True, seen_by=())
        dest = at_field(field)
    else:
        move_token(state, tid, OUT, face_up=False, seen_by=(), flipped=False)
        dest = OUT
    ctx.emit("item_dropped", rule, seat, token=tid, item=item.key if item else None, to=dest)
    if item is not None and item.category == "scroll":
        _drop_weapon_materials(ctx, seat, content.tokens[tid].weapon, field)
    return dest


def _drop_weapon_materials(ctx: Ctx, seat: int, weapon: str | None, field: str | None) -> None:
    """Without the scroll the task card is gone, and items bound to it go onto the board (WEAPON-04)."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    for tid, item in list(held_items(content, state, hero)):
        if item.category == "material" and content.tokens[tid].weapon == weapon:
            release(ctx, seat, tid, field, rules.WEAPON_CARD)


# --- actions -------------------------------------------------------------------------------------------------
def pickable(content: Content, state: State, seat: int) -> list[str]:
    hero = state.heroes[seat]
    if hero.between is not None or hero.position is None:
        return []
    result = []
    for tid in visible_at(content, state, seat, hero.position):
        if not state.tokens[tid].face_up or role(content, state, tid) != "item":
            continue
        item = item_of(content, state, tid)
        if item is None or not can_take(content, state, hero, item):
            continue
        if _needs_pickup_probe(content, state, hero, tid) and tid in state.turn_state.tried:
            continue  # the pick-up probe can be tried once per turn (GLOS-18)
        result.append(tid)
    if gem_here(state, seat) is not None:
        result.append(GEM)
    return result


GEM = "gem"  # the Edelstein has no token: PickUp(token="gem") takes a dropped one (ruling R-85)


def gem_here(state: State, seat: int) -> int | None:
    """The index of a gem this hero dropped at a death and may pick up here (ruling R-85)."""
    hero = state.heroes[seat]
    if hero.gem or hero.deed is None:
        return None
    for index, gem in enumerate(state.dropped_gems or []):
        if gem.seat == seat and gem.field == hero.position:
            return index
    return None


def _needs_pickup_probe(content: Content, state: State, hero: HeroState, tid: str) -> bool:
    token = content.tokens[tid]
    item = item_of(content, state, tid)
    if state.tokens[tid].flipped or item is None or "probe_gated" not in item.flags or not token.skills:
        return False
    return not (item.key == "hinweis_gral" and has_ability(content, hero, "grail_hint"))


def legal_item_actions(content: Content, state: State, seat: int) -> list[Action]:
    hero = state.heroes[seat]
    result: list[Action] = [PickUp(token=tid) for tid in pickable(content, state, seat)]
    if hero.between is None:
        result.extend(DropItem(token=tid) for tid in hero.items)
    missing = hero.lp_max - hero.lp
    if missing > 0:
        for tid, item in held_items(content, state, hero):
            effect = _use_of(item)
            if effect is not None:
                result.extend(UseItem(token=tid, amount=a) for a in cast(Uses, effect.uses)(hero, tid, item, missing))
            elif item.heal_lp:
                result.append(UseItem(token=tid))  # Heilkräuter: their own content (ITEM-10)
    return result


def _use_of(item: Item) -> ItemEffect | None:
    """The effect that makes this item usable as an action, if one of its flags has a use."""
    return next((EFFECTS[f] for f in item.flags if f in EFFECTS and EFFECTS[f].uses is not None), None)


def apply_pick_up(ctx: Ctx, seat: int, action: PickUp) -> None:
    state, content = ctx.state, ctx.content
    if action.token not in pickable(content, state, seat):
        raise IllegalActionError(f"there is no item {action.token} to pick up here (or no room for it)")
    if not begin_action(ctx, seat):
        return
    hero = state.heroes[seat]
    if action.token == GEM:
        gems = list(state.dropped_gems or [])
        gems.pop(cast(int, gem_here(state, seat)))  # pickable offered the gem: one lies here
        state.dropped_gems = gems
        hero.gem = True
        ctx.emit("gem_taken", rules.GEM, seat, field=hero.position)
        return
    if _needs_pickup_probe(content, state, hero, action.token):
        state.turn_state.tried.append(action.token)
        token = content.tokens[action.token]
        skill = next(iter(token.skills))
        start_probe(ctx, seat, skill, token.skills[skill], "pick_up", {"token": action.token})
        return
    take_from_board(ctx, seat, action.token)


def take_from_board(ctx: Ctx, seat: int, tid: str) -> None:
    ctx.hooks.found_quest_item(ctx, seat, tid)  # quests are a higher layer than items
    put_on_sheet(ctx, seat, tid, rules.ITEM_PICK_UP)
    draw_due(ctx, seat, rules.ITEM_DRAW, "item_picked_up")


def drop_from_sheet(ctx: Ctx, seat: int, token: str, held: list[str], what: str,
                    lay_down: Callable[[Ctx, int, str], None]) -> None:
    """Put down a token the hero holds (``held``: his items or his quests; ``what`` names one in the
    refusal), as an action on his field: a hero between two fields holds on to it. Dropping an item
    (ITEM-09) and laying down a quest (QUEST-09) share this; ``lay_down`` is what happens to the token."""
    hero = ctx.state.heroes[seat]
    if token not in held or hero.between is not None:
        raise IllegalActionError(f"{token} is not {what} of this hero")
    if not begin_action(ctx, seat):
        return
    lay_down(ctx, seat, token)


def apply_drop(ctx: Ctx, seat: int, action: DropItem) -> None:
    drop_from_sheet(ctx, seat, action.token, ctx.state.heroes[seat].items, "an item", _drop_item)


def _drop_item(ctx: Ctx, seat: int, tid: str) -> None:
    release(ctx, seat, tid, ctx.state.heroes[seat].position, rules.ITEM_DROP)


def apply_use_item(ctx: Ctx, seat: int, action: UseItem) -> None:
    state, content = ctx.state, ctx.content
    if action not in legal_item_actions(content, state, seat) or not isinstance(action, UseItem):
        raise IllegalActionError("this item cannot be used now (nothing to heal, or no such item)")
    if not begin_action(ctx, seat):
        return
    item = item_of(content, state, action.token)
    assert item is not None  # legal_item_actions offers only items
    effect = _use_of(item)
    if effect is not None:
        if not cast(Use, effect.use)(ctx, seat, action.token, item, action.amount):
            return
    else:
        heal(ctx, seat, item.heal_lp, rules.ITEM_OWN_CONTENT, item.key)
    # Used up: potions go back to their supply, any other one-use item leaves the game (ruling R-44).
    release(ctx, seat, action.token, None, rules.ONE_SHOT_SPELL)


def potions(content: Content, state: State, seat: int) -> list[str]:
    """The healing potions a hurt hero could drink now (co-op: out of his turn, COOP-34)."""
    hero = state.heroes[seat]
    if hero.lp >= hero.lp_max:
        return []
    return sorted({tid for tid, item in held_items(content, state, hero)
                   if item.category == "potion" and (_use_of(item) is not None or item.heal_lp)})


def drink(ctx: Ctx, seat: int, tid: str) -> None:
    """Drink a potion out of turn: it heals as much as it can, as its use as an action would (COOP-34)."""
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    item = item_of(content, state, tid)
    assert item is not None  # potions() offered it
    effect = _use_of(item)
    if effect is not None:
        amounts = cast(Uses, effect.uses)(hero, tid, item, hero.lp_max - hero.lp)
        amount = max((a for a in amounts if a is not None), default=None)
        if not cast(Use, effect.use)(ctx, seat, tid, item, amount):
            return
    else:
        heal(ctx, seat, item.heal_lp, rules.ITEM_OWN_CONTENT, item.key)
    release(ctx, seat, tid, None, rules.ONE_SHOT_SPELL)


@HANDLERS.on_probe("pick_up")
def _pick_up_probe(ctx: Ctx, probe: Probe, passed: bool) -> None:
    """Hexenbesen (magic -2) and Hinweis auf den Gral: picked up only after a passed probe (GLOS-18, R-09)."""
    seat, tid = probe.seat, probe.data["token"]
    state = ctx.state
    hero = state.heroes[seat]
    item = item_of(ctx.content, state, tid)
    if not passed:
        ctx.emit("pick_up_failed", rules.HEXENBESEN_PICK_UP, seat, token=tid)
        return
    # Only items ask for a pick-up probe (_needs_pickup_probe).
    if state.tokens[tid].field == hero.position and can_take(ctx.content, state, hero, cast(Item, item)):
        take_from_board(ctx, seat, tid)


# --- the registry -----------------------------------------------------------------------------------------------
# (hero, the item's token, the item, LP missing) -> the amounts a use may heal (None: whatever it heals)
Uses = Callable[[HeroState, str, Item, int], "list[int | None]"]
# (ctx, seat, the item's token, the item, the amount chosen) -> whether the item is used up
Use = Callable[[Ctx, int, str, Item, "int | None"], bool]


@dataclass(frozen=True)
class ItemEffect:
    """One item flag of items.yaml. Most are read where their rule applies (``has_flag`` in movement, the
    probes, the start of a turn); a potion's flag also says how it is used as an action (ITEM-04)."""

    rule: str
    uses: Uses | None = None
    use: Use | None = None


def _red_potion_uses(hero: HeroState, tid: str, item: Item, missing: int) -> list[int | None]:
    return list(range(1, min(hero.charges.get(tid, item.heal_lp), missing) + 1))


def _red_potion(ctx: Ctx, seat: int, tid: str, item: Item, amount: int | None) -> bool:
    """3 LP, all at once or one by one (LP-14)."""
    hero = ctx.state.heroes[seat]
    assert amount is not None  # a split potion is offered with an amount
    heal(ctx, seat, amount, rules.RED_POTION, item.key)
    hero.charges[tid] = hero.charges.get(tid, item.heal_lp) - amount
    return hero.charges[tid] <= 0


def _violet_potion(ctx: Ctx, seat: int, tid: str, item: Item, amount: int | None) -> bool:
    heal(ctx, seat, None, rules.VIOLET_POTION, item.key)
    return True


# Every item flag items.yaml names that is no spell's (those are rules/spells.EFFECTS), once
# (docs/architecture.md, "Effects as data").
EFFECTS: dict[str, ItemEffect] = {
    "heal_split": ItemEffect(rules.RED_POTION, _red_potion_uses, _red_potion),
    "heal_all": ItemEffect(rules.VIOLET_POTION, lambda hero, tid, item, missing: [None], _violet_potion),
    "one_shot": ItemEffect(rules.ONE_SHOT_SPELL),
    "probe_gated": ItemEffect(rules.SPELL_PROBE),
    "gold_purse": ItemEffect(rules.GOLDBEUTEL),
    "gem": ItemEffect(rules.GEM),
    "boots": ItemEffect(rules.MOVE_BEST_ITEM),
    "rope": ItemEffect(rules.ROPE),
    "amulet_secret_paths": ItemEffect(rules.AMULET),
    "labyrinth_map": ItemEffect(rules.LABYRINTH_MAP),
    "desert_protection": ItemEffect(rules.DESERT_PROTECTION),
    "camel_roll": ItemEffect(rules.CAMEL),
    "coach_no_red": ItemEffect(rules.COACH),
    "magic_staff_boat": ItemEffect(rules.WATER_STAFF),
    "dragon_weapon_magic": ItemEffect(rules.END_DRAGON_SKILL),
    "dragon_weapon_ranged": ItemEffect(rules.END_DRAGON_SKILL),
    "dragon_weapon_melee": ItemEffect(rules.END_DRAGON_SKILL),
}
