"""Life points and the death of a hero ("Lebenspunkte", "Tod eines Helden")."""

from __future__ import annotations

from . import rules
from .content.model import TokenCategory
from .context import Ctx
from .heroes import artificial_sources, has_ability, hero_card
from .state import PILE_BAZAAR, PILE_CITY, Pending, at_field
from .tokens import move_token


def lose_lp(ctx: Ctx, seat: int, rule: str, reason: str) -> None:
    """One LP is lost; with artificial LP to spare the player chooses which (a pending decision)."""
    hero = ctx.state.heroes[seat]
    sources = artificial_sources(ctx.content, hero)
    if sources:
        ctx.state.pending.append(
            Pending(seat=seat, kind="lose_lp", options=["natural", *sources], context={"rule": rule, "reason": reason})
        )
        return
    take_lp(ctx, seat, "natural", rule, reason)


def take_lp(ctx: Ctx, seat: int, source: str, rule: str, reason: str) -> None:
    hero = ctx.state.heroes[seat]
    if source == "natural":
        hero.lp -= 1
        ctx.emit("lp_lost", rule, seat, source="natural", reason=reason, lp=hero.lp)
        if hero.lp <= 0:
            die(ctx, seat, rules.DEATH, cause=reason)
        return
    hero.artificial[source] -= 1
    ctx.emit("lp_lost", rule, seat, source=source, reason=reason, lp=hero.lp)
    if hero.artificial[source] <= 0:
        token = ctx.content.tokens[source]
        item = ctx.content.items.get(token.face)
        if item is not None and item.category != "armour":
            # A shield or ring whose LP are gone is destroyed: bazaar goods go back to the bazaar,
            # rewards leave the game.
            hero.items.remove(source)
            del hero.artificial[source]
            dest = PILE_BAZAAR if token.category is TokenCategory.BAZAAR else "out"
            move_token(ctx.state, source, dest, face_up=False, seen_by=(), flipped=False)
            ctx.emit("item_destroyed", rules.ITEM_DESTROYED, seat, token=source, item=token.face)


def die(ctx: Ctx, seat: int, rule: str, cause: str, drop_field: str | None = None) -> None:
    state = ctx.state
    hero = state.heroes[seat]
    where = drop_field or hero.position or hero.manor
    ctx.emit("hero_died", rule, seat, cause=cause, field=where)
    # Experience and training are lost for good.
    hero.xp = dict.fromkeys(hero.xp, 0)
    hero.training = dict.fromkeys(hero.training, 0)
    state.pending = [p for p in state.pending if p.seat != seat]
    state.turn_state.movement_over = True
    state.turn_state.action_taken = True
    keepable = list(hero.items) + state.tokens_at(f"deed:{seat}") + (["gem"] if hero.gem else [])
    if keepable:
        state.pending.append(Pending(seat=seat, kind="keep_item", options=keepable, context={"field": where}))
    else:
        finish_death(ctx, seat, kept=None, where=where)


def finish_death(ctx: Ctx, seat: int, kept: str | None, where: str) -> None:
    state = ctx.state
    hero = state.heroes[seat]
    for tid in list(hero.items) + state.tokens_at(f"deed:{seat}"):
        if tid == kept:
            continue
        token = ctx.content.tokens[tid]
        if token.category is TokenCategory.BAZAAR:
            move_token(state, tid, PILE_BAZAAR, face_up=False, seen_by=(), flipped=False)
        elif token.category is TokenCategory.CITY:
            move_token(state, tid, PILE_CITY, face_up=False, seen_by=(), flipped=False)
        else:
            move_token(state, tid, at_field(where), face_up=True, seen_by=())
        if tid in hero.items:
            hero.items.remove(tid)
        hero.artificial.pop(tid, None)
    for qid in hero.quests:
        move_token(state, qid, at_field(where), face_up=True, seen_by=())
    hero.quests = []
    if hero.gem and kept != "gem":
        hero.gem = False
        state.flags.setdefault("dropped_gems", []).append(where)
    card = hero_card(ctx.content, hero)
    hero.deaths += 1
    hero.position = hero.manor
    hero.between = None
    hero.lp = hero.lp_max = card.lp
    ctx.emit("hero_restarts", rules.DEATH, seat, field=hero.manor, kept=kept)
    grant_starting_gold(ctx, seat)


def grant_starting_gold(ctx: Ctx, seat: int) -> None:
    hero = ctx.state.heroes[seat]
    card = hero_card(ctx.content, hero)
    hero.gold = card.gold
    if has_ability(ctx.content, hero, "spell_instead_of_gold"):
        spells = magier_spell_choices(ctx)
        if spells:
            ctx.state.pending.append(Pending(seat=seat, kind="choose_gift", options=["gold", *spells]))


def magier_spell_choices(ctx: Ctx) -> list[str]:
    """City-of-mages tokens that are spells the Magier may take instead of his 3 gold."""
    result = []
    for tid in ctx.state.tokens_at(PILE_CITY):
        item = ctx.content.items.get(ctx.content.tokens[tid].face)
        if item is not None and item.category == "spell" and item.slot_kind == "spell":
            result.append(tid)
    return sorted(result)
