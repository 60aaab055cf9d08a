"""Life points and the death of a hero ("Lebenspunkte", "Tod eines Helden").

Natural LP are the hero's life: the last one lost kills him, however many artificial LP (armour,
shield, ring, the Ork's Monsterork) he still has. Whenever an LP is lost the player chooses which,
a pending decision when he has artificial LP.
"""

from __future__ import annotations

from typing import cast

from ..content.model import Content, TokenCategory
from ..core import rules
from ..core.actions import ChooseOption, KeepItem, LoseLp
from ..core.context import Ctx, Handlers
from ..core.heroes import artificial_sources, has_ability, hero_card, item_with_flag
from ..core.payloads import HeirChoice, RuleReason, TokenChoice
from ..core.pending import ask
from ..core.state import BAG, OUT, PILE_BAZAAR, PILE_CITY, DroppedGem, Pending, State, at_field
from ..core.tokens import move_token, shown_key
from .bag import return_drawn

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def lose_lp(ctx: Ctx, seat: int, rule: str, reason: str) -> None:
    """One LP is lost; with artificial LP to spare the player chooses which (a pending decision)."""
    hero = ctx.state.heroes[seat]
    sources = artificial_sources(ctx.content, hero)
    if sources:
        ask(ctx, seat, "lose_lp", ["natural", *sources], RuleReason(rule, reason))
        return
    take_lp(ctx, seat, "natural", rule, reason)


@HANDLERS.refreshes("lose_lp")
def _lose_lp_options(state: State, pending: Pending) -> list[str]:
    """What can still lose the LP now: an earlier loss may have broken or destroyed an offered source."""
    hero = state.heroes[pending.seat]
    return ["natural", *(tid for tid, left in hero.artificial.items() if left > 0)]


@HANDLERS.answers("lose_lp", LoseLp)
def _answer_lose_lp(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    c = pending.payload(RuleReason)
    take_lp(ctx, seat, value, c.rule, c.reason)


def take_lp(ctx: Ctx, seat: int, source: str, rule: str, reason: str) -> None:
    state, content = ctx.state, ctx.content
    hero = state.heroes[seat]
    if reason.startswith("shadow:"):
        ctx.hooks.credit_shadow(ctx, seat, reason.partition(":")[2])
    if source == "natural":
        hero.lp -= 1
        ctx.emit("lp_lost", rule, seat, source="natural", reason=reason, lp=hero.lp)
        if hero.lp <= 0:
            die(ctx, seat, rules.DEATH, cause=reason)
        return
    hero.artificial[source] -= 1
    ctx.emit("lp_lost", rule, seat, source=source, reason=reason, lp=hero.lp)
    if hero.artificial[source] > 0:
        return
    if source == hero.companion:
        # The Monsterork's LP is gone: he is dead and goes back into the bag (LP-23).
        hero.companion = None
        del hero.artificial[source]
        move_token(state, source, BAG, face_up=False, seen_by=(), flipped=False)
        ctx.emit("companion_died", rules.MONSTER_ORK_LP, seat, token=source)
        return
    token = content.tokens[source]
    item = content.items.get(shown_key(content, state, source))
    if item is not None and item.category == "armour":
        # An armour without LP may be thrown away or kept for repair at the forge (LP-21).
        ask(ctx, seat, "broken_armour", ["keep", "discard"], TokenChoice(source))
        return
    # A shield or ring whose LP are gone is destroyed: bazaar goods go back to the bazaar,
    # rewards leave the game (LP-20).
    hero.items.remove(source)
    del hero.artificial[source]
    dest = PILE_BAZAAR if token.category is TokenCategory.BAZAAR and not state.tokens[source].flipped else OUT
    move_token(state, source, dest, face_up=False, seen_by=(), flipped=False)
    ctx.emit("item_destroyed", rules.ITEM_DESTROYED, seat, token=source, item=item.key if item else token.face)


@HANDLERS.answers("broken_armour", ChooseOption)
def _answer_broken_armour(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    tid = pending.payload(TokenChoice).token
    hero = ctx.state.heroes[seat]
    if value == "keep" or tid not in hero.items:
        ctx.emit("armour_kept_for_repair", rules.ARMOUR_BROKEN, seat, token=tid)
        return
    hero.items.remove(tid)
    hero.artificial.pop(tid, None)
    token = ctx.content.tokens[tid]
    dest = {TokenCategory.BAZAAR: PILE_BAZAAR, TokenCategory.CITY: PILE_CITY}.get(token.category, OUT)
    move_token(ctx.state, tid, dest, face_up=False, seen_by=(), flipped=False)
    ctx.emit("armour_thrown_away", rules.ARMOUR_BROKEN, seat, token=tid)


# --- healing ---------------------------------------------------------------------------------------------
def heal(ctx: Ctx, seat: int, amount: int | None, rule: str, reason: str) -> int:
    """Heal natural LP (``None``: all lost ones), never above the current maximum (LP-06)."""
    hero = ctx.state.heroes[seat]
    missing = hero.lp_max - hero.lp
    healed = missing if amount is None else max(0, min(amount, missing))
    hero.lp += healed
    ctx.emit("lp_healed", rule, seat, healed=healed, lp=hero.lp, reason=reason)
    return healed


def raise_max_lp(ctx: Ctx, seat: int, rule: str) -> None:
    """Stärkung: 1 more natural LP maximum, and 1 natural LP healed (LP-16)."""
    hero = ctx.state.heroes[seat]
    hero.lp_max += 1
    hero.lp = min(hero.lp_max, hero.lp + 1)
    ctx.emit("lp_max_raised", rule, seat, lp=hero.lp, lp_max=hero.lp_max)


# --- death -----------------------------------------------------------------------------------------------
def die(ctx: Ctx, seat: int, rule: str, cause: str, drop_field: str | None = None) -> None:
    state = ctx.state
    hero = state.heroes[seat]
    # A death in a final fight drops the things on V11, or on H1/H2/H4/H6 as the player chooses (END-10/19).
    boss_drop = ctx.hooks.death_in_fight(ctx, seat)
    choices = boss_drop if isinstance(boss_drop, list) else None
    choose_field = drop_field is None and choices is not None
    if drop_field is None and isinstance(boss_drop, str):
        drop_field = boss_drop
    where = drop_field or (hero.between[0] if hero.between else hero.position) or hero.manor
    if choose_field:
        where = None
    ctx.emit("hero_died", rule, seat, cause=cause, field=where)
    # Experience and every increase of the skill values are lost for good (DEATH-02).
    hero.xp = dict.fromkeys(hero.xp, 0)
    hero.training = dict.fromkeys(hero.training, 0)
    ctx.emit("experience_and_training_lost", rules.DEATH_XP, seat)
    for pending in state.pending:
        if pending.seat == seat:
            return_drawn(state, pending)
    state.pending = [p for p in state.pending if p.seat != seat]
    if hero.companion is not None:
        # The Ork's Monsterork is removed too and goes back into the bag (DEATH-03).
        move_token(state, hero.companion, BAG, face_up=False, seen_by=(), flipped=False)
        hero.artificial.pop(hero.companion, None)
        ctx.emit("companion_removed", rules.DEATH_COMPANION, seat, token=hero.companion)
        hero.companion = None
    if seat == state.current:
        state.turn_state.movement_over = True
        state.turn_state.action_taken = True
        state.turn_state.turn_over = True
        state.turn_state.forced_fight = False
    if choices is not None and choose_field:
        ask(ctx, seat, "death_field", choices)
        return
    ask_keep(ctx, seat, cast(str, where))  # a hero in play stands somewhere and has his manor


def ask_keep(ctx: Ctx, seat: int, where: str) -> None:
    """The heir keeps one thing of the player's choice (DEATH-04); the rest lies on ``where``."""
    state = ctx.state
    hero = state.heroes[seat]
    keepable = list(hero.items) + state.tokens_at(f"deed:{seat}") + (["gem"] if hero.gem else [])
    if keepable:
        ask(ctx, seat, "keep_item", keepable, HeirChoice(where))
    else:
        finish_death(ctx, seat, kept=None, where=where)


@HANDLERS.answers("keep_item", KeepItem)
def _answer_keep_item(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    finish_death(ctx, seat, kept=value, where=pending.payload(HeirChoice).field)


def finish_death(ctx: Ctx, seat: int, kept: str | None, where: str) -> None:
    state = ctx.state
    hero = state.heroes[seat]
    if kept is not None:
        ctx.emit("item_inherited", rules.DEATH_KEEP, seat, token=kept)
    for tid in list(hero.items) + state.tokens_at(f"deed:{seat}"):
        if tid == kept:
            continue
        token = ctx.content.tokens[tid]
        flipped = state.tokens[tid].flipped
        # Bazaar and city goods go back to their supplies, everything else lies where he died (DEATH-05/06).
        if token.category is TokenCategory.BAZAAR and not flipped:
            move_token(state, tid, PILE_BAZAAR, face_up=False, seen_by=(), flipped=False)
        elif token.category is TokenCategory.CITY and not flipped:
            move_token(state, tid, PILE_CITY, face_up=False, seen_by=(), flipped=False)
        else:
            move_token(state, tid, at_field(where), face_up=True, seen_by=())
        if tid in hero.items:
            hero.items.remove(tid)
        hero.artificial.pop(tid, None)
        hero.charges.pop(tid, None)
    for qid in hero.quests:
        move_token(state, qid, at_field(where), face_up=True, seen_by=())
    if hero.quests:
        ctx.emit("quests_left_behind", rules.DEATH_QUESTS, seat, field=where, count=len(hero.quests))
    hero.quests = []
    hero.found = []
    if hero.gem and kept != "gem":
        hero.gem = False
        # Version 2: the gem lies there for the heir of its deed to pick up again (ruling R-85).
        dropped = DroppedGem(where, seat if state.v2 else None)
        state.dropped_gems = [*(state.dropped_gems or []), dropped]
    card = hero_card(ctx.content, hero)
    hero.deaths += 1
    hero.position = hero.manor
    hero.between = None
    hero.confused = False
    if item_with_flag(ctx.content, state, hero, "gold_purse") is None:
        hero.purse = 0
    # The successor: printed LP maximum and starting gold, no EW, no training, no quests.
    hero.lp = hero.lp_max = card.lp
    ctx.emit("hero_restarts", rules.DEATH_RESTART, seat, field=hero.manor, kept=kept)
    grant_starting_gold(ctx, seat)


def grant_starting_gold(ctx: Ctx, seat: int) -> None:
    hero = ctx.state.heroes[seat]
    card = hero_card(ctx.content, hero)
    hero.gold = card.gold
    if has_ability(ctx.content, hero, "spell_instead_of_gold"):
        # Offered by what they are, not by token id: the supply's make-up is all he looks at.
        spells = sorted({ctx.content.tokens[t].face for t in magier_spell_choices(ctx.content, ctx.state)})
        if spells:
            ask(ctx, seat, "choose_gift", ["gold", *spells])


def magier_spell_choices(content: Content, state: State) -> list[str]:
    """City-of-mages tokens that are spells the Magier may take instead of his 3 gold."""
    result = []
    for tid in state.tokens_at(PILE_CITY):
        item = content.items.get(content.tokens[tid].face)
        if item is not None and item.category == "spell" and item.slot_kind == "spell":
            result.append(tid)
    return sorted(result)
