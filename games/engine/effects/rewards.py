"""Gold and experience dice won or lost (fights, quests, encounters, contests).

A printed experience die shows one colour or several to choose from; of two dice with a choice the
player must take two different colours (FIGHT-12). The Ork may take gold instead of any EW (HERO-13).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import rules
from ..core.actions import ChooseXp
from ..core.context import Ctx, Handlers
from ..core.heroes import has_ability
from ..core.payloads import RuleReason, XpChoice
from ..core.pending import ask
from ..core.state import SKILL_OF_COLOUR, XP_COLOURS, Pending
from .life import lose_lp

ANY_COLOUR = list(XP_COLOURS)

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def grant_gold(ctx: Ctx, seat: int, amount: int, rule: str, reason: str) -> None:
    if amount <= 0:
        return
    hero = ctx.state.heroes[seat]
    hero.gold += amount
    ctx.emit("gold_gained", rule, seat, gold=amount, reason=reason, total=hero.gold)


def grant_xp(ctx: Ctx, seat: int, dice: Sequence[Sequence[str]], rule: str, reason: str) -> None:
    """Add the experience dice; dice with a colour choice (and every die of the Ork) ask the player."""
    hero = ctx.state.heroes[seat]
    ork = has_ability(ctx.content, hero, "xp_to_gold")
    asked: list[list[str]] = []
    for colours in dice:
        colours = list(colours)
        if len(colours) == 1 and not ork:
            _add_xp(ctx, seat, colours[0], rule, reason)
        else:
            asked.append(colours)
    distinct = sum(1 for c in asked if len(c) > 1) >= 2
    _ask_next(ctx, seat, asked, [], distinct, rule, reason)


def _ask_next(ctx: Ctx, seat: int, asked: list[list[str]], taken: list[str], distinct: bool, rule: str,
              reason: str) -> None:
    if not asked:
        return
    colours = asked[0]
    options = [c for c in colours if not (distinct and len(colours) > 1 and c in taken)] or list(colours)
    if has_ability(ctx.content, ctx.state.heroes[seat], "xp_to_gold"):
        options.append("gold")
    ask(ctx, seat, "choose_xp", options, XpChoice(rest=asked[1:], taken=taken, distinct=distinct, rule=rule,
                                                  reason=reason), front=True)


@HANDLERS.answers("choose_xp", ChooseXp)
def _answer_choose_xp(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    c = pending.payload(XpChoice)
    if value == "gold":
        grant_gold(ctx, seat, 1, rules.ORK_GOLD, "experience_as_gold")
        taken = c.taken
    else:
        _add_xp(ctx, seat, value, c.rule, c.reason)
        taken = [*c.taken, value]
    _ask_next(ctx, seat, c.rest, taken, c.distinct, c.rule, c.reason)


def _add_xp(ctx: Ctx, seat: int, colour: str, rule: str, reason: str) -> None:
    hero = ctx.state.heroes[seat]
    hero.xp[colour] = hero.xp.get(colour, 0) + 1
    ctx.emit("experience_gained", rule, seat, colour=colour, skill=SKILL_OF_COLOUR[colour],
             total=hero.xp[colour], reason=reason)


def lose_xp_or_lp(ctx: Ctx, seat: int, rule: str, reason: str) -> None:
    """Alp, Zwergengeist, Doppelgänger: 1 EW of the player's choice, or 1 LP when he has none."""
    hero = ctx.state.heroes[seat]
    colours = [c for c in XP_COLOURS if hero.xp.get(c, 0) > 0]
    if not colours:
        lose_lp(ctx, seat, rule, reason)
        return
    lose_xp(ctx, seat, colours, rule, reason)


def lose_xp(ctx: Ctx, seat: int, colours: list[str], rule: str, reason: str) -> None:
    if len(colours) == 1:
        take_xp(ctx, seat, colours[0], rule, reason)
    else:
        ask(ctx, seat, "lose_xp", colours, RuleReason(rule, reason), front=True)


@HANDLERS.answers("lose_xp", ChooseXp)
def _answer_lose_xp(ctx: Ctx, seat: int, pending: Pending, value: str) -> None:
    c = pending.payload(RuleReason)
    take_xp(ctx, seat, value, c.rule, c.reason)


def take_xp(ctx: Ctx, seat: int, colour: str, rule: str, reason: str) -> None:
    hero = ctx.state.heroes[seat]
    hero.xp[colour] -= 1
    ctx.emit("experience_lost", rule, seat, colour=colour, total=hero.xp[colour], reason=reason)
