"""Training ("Ausbildung"): Mirabar, Don Hobiro and the Gasconier teach one skill, Kerberos any.

The three teachers take 1 gold for a probe against the value without item bonuses (EW may be used);
a passed probe teaches nothing, a failed one raises the value by 1 (up to 11). That is why the dice
policy "best" keeps the two highest dice here (ruling R-52). Kerberos takes 1 LP and 1 EW for +1 to a
skill of choice, and the hero then lands on Z6, or at home while Z is face down (ruling R-47).
"""

from __future__ import annotations

from ..content.model import Content
from ..core import rules
from ..core.board import board_for, letter_of, place
from ..core.context import Ctx, Handlers
from ..core.heroes import SKILL_CAP, printed_value, skill_value
from ..core.payloads import Probe
from ..core.phase import end_turn_now
from ..core.state import XP_COLOURS, HeroState
from ..effects.life import lose_lp
from ..effects.probes import start_probe
from ..effects.rewards import lose_xp

HANDLERS = Handlers()  # this module's decisions and probes; registry.HOOKS merges them


def can_be_raised(ctx_content: Content, hero: HeroState, skill: str) -> bool:
    return printed_value(ctx_content, hero, skill) + hero.training[skill] < SKILL_CAP


def raise_skill(ctx: Ctx, seat: int, skill: str, rule: str, reason: str) -> None:
    hero = ctx.state.heroes[seat]
    if not can_be_raised(ctx.content, hero, skill):
        ctx.emit("skill_at_cap", rules.SKILL_CAP, seat, skill=skill)
        return
    hero.training[skill] += 1
    ctx.emit("skill_raised", rule, seat, skill=skill, gain=1,
             value=skill_value(ctx.content, ctx.state, hero, skill, items=False), reason=reason)


def train_with_teacher(ctx: Ctx, seat: int, tid: str, skill: str) -> None:
    """The 1 gold is paid as the encounter is used."""
    start_probe(ctx, seat, skill, 0, "train", {"token": tid, "skill": skill}, training=True)


@HANDLERS.on_probe("train")
def _training_probe(ctx: Ctx, probe: Probe, passed: bool) -> None:
    seat, skill = probe.seat, probe.data["skill"]
    if passed:
        ctx.emit("training_nothing_learnt", rules.TRAIN, seat, skill=skill)
    else:
        raise_skill(ctx, seat, skill, rules.TRAIN, "training")


def train_with_kerberos(ctx: Ctx, seat: int, tid: str, skill: str) -> None:
    """1 EW and 1 LP of the player's choice for +1 to the skill; then off to Z6 or home (R-47)."""
    state = ctx.state
    hero = state.heroes[seat]
    raise_skill(ctx, seat, skill, rules.KERBEROS, "kerberos")
    lose_xp(ctx, seat, [c for c in XP_COLOURS if hero.xp.get(c, 0) > 0], rules.KERBEROS, "kerberos")
    board = board_for(ctx.content, state.grid)
    threshold = place(ctx.content, "kerberos_threshold")
    z = board.cell_of_letter.get(letter_of(threshold))
    landing = threshold if z is not None and state.revealed[z] else hero.manor
    origin = hero.position
    hero.position = landing
    # A placement after the hero's actions triggers nothing until his next turn (rulings ).
    ctx.emit("kerberos_landing", rules.KERBEROS_LANDING, seat, frm=origin, to=landing)
    end_turn_now(ctx, seat, rules.KERBEROS_LANDING, "kerberos")
    lose_lp(ctx, seat, rules.KERBEROS, "kerberos")
