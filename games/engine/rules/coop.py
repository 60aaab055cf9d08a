"""The cooperative variant's fight against extra-hard monsters (issue 18, COOP-01..03, COOP-07, COOP-30).

"Es muss gegen alle Farbpunkte auf einer Monstermarke gekämpft werden": the hero does not choose a
skill. Each heart is a round over the monster's coloured points in the order magic, ranged, melee;
the first passed probe ends the round, every failed one costs an LP at once. A round without a passed
probe does not end the fight either: the next heart's round is fought all the same (the text's Troll
example 4), but the monster is beaten only if every round had a passed probe (ruling R-220).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..content.model import Content
from ..core import rules
from ..core.context import Ctx
from ..core.payloads import FightProgress
from ..core.state import State
from ..effects.probes import allowed_skills

VILLAINS = ("servant", "guardian")  # their minus values grow with the dead Diener (COOP-30)


def extra_hard(state: State) -> bool:
    return state.coop is not None


def first_skill(skills: Mapping[str, int]) -> str:
    """Every round begins with the first coloured point in the order magic, ranged, melee (COOP-02)."""
    return allowed_skills(skills)[0]


def next_skill(skills: Mapping[str, int], after: str) -> str | None:
    """The next coloured point after ``after``, or None when the round has no point left."""
    order = allowed_skills(skills)
    index = order.index(after) + 1
    return order[index] if index < len(order) else None


def villain_penalty(content: Content, state: State, tid: str) -> int:
    """Every three dead Diener worsen the Diener's and Wächter's values by one (COOP-30, COOP-31)."""
    if state.coop is None or content.tokens[tid].kind.value not in VILLAINS:
        return 0
    return state.coop.villain_penalty()


def servant_died(ctx: Ctx, seat: int, tid: str) -> None:
    coop = ctx.state.coop
    if coop is None:
        return
    coop.servants_dead += 1
    ctx.emit("coop_servant_dead", rules.COOP_DEAD_SERVANTS, seat, token=tid, dead=coop.servants_dead,
             penalty=coop.villain_penalty())


def after_probe(fight: FightProgress, skills: Mapping[str, int], passed: bool) -> str:
    """Advance one extra-hard fight by one probe (``fight`` is updated) and say what follows:
    ``"probe"`` (another probe with ``fight.skill``), ``"won"`` or ``"lost"``."""
    if passed:
        fight.won += 1
        following = None
    else:
        following = next_skill(skills, fight.skill)
    if following is not None:
        fight.skill = following
        return "probe"
    fight.heart += 1
    if fight.heart < fight.hearts:
        fight.skill = first_skill(skills)  # "beginnt die ganze Prozedur von vorne" (COOP-03)
        return "probe"
    return "won" if fight.won == fight.hearts else "lost"
