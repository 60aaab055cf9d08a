"""A complete co-op game steered through the site: the guided dice and the policy of tests/engine/guided.py.

(This module holds no tests; the co-op site and API tests import it.)

The scenario is the one of ``tests/engine/test_full_games.test_a_whole_game_won_against_the_namenloser``,
played in the co-op variant: the Elf (seat 0) fetches the golden ball's three parts, wins the gem, beats a
Wächter and the Namenloser — whose every probe the friendly dice pass — while the Krieger (seat 1) only
begins and ends his turns. The Namenloser comes into play from the bag, the Diener wait for every hero,
then the villains' seat has its turns: the turn-start task plays an automatic one, a person plays the other.

The dice reach the site through the title: ``install`` swaps the title's ``new_game`` (to set the game up
with the guided dice) and ``dice_for`` (every step's dice) for the test's run, as tests/games/test_titles.py
swaps its entry points. Which action a seat takes is ``next_action``; the tests submit it through the
test client or the API, as a player would.
"""

from __future__ import annotations

import dataclasses
import functools

from games import titles
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.persistence import load_state
from games.titles import RUECKKEHR
from tests.engine.guided import FriendlyDice, Game, _hero_action, _other, answer
from tests.engine.test_full_games import OTHER_CARD, OTHER_CELL, golden_ball_goals, layout, setup_policy

HERO_SEAT = 0
CELLS = {0: "B", 1: "J", 2: "I", 3: "L", 8: "H", OTHER_CELL: OTHER_CARD}
WANTED = ["dp-kugel-1", "dp-kugel-2", "dp-kugel-3", "namenloser"]


class SiteDice(FriendlyDice):
    """The friendly dice as the site uses them: one instance for every step (``draws`` is read by the
    submit to seal a step; these dice never seal one)."""

    draws = 0


def install(monkeypatch) -> SiteDice:
    """Let the site play its games with the guided dice for the rest of the test."""
    content = load_content()
    dice = SiteDice(content, layout(CELLS), drawn=["B", OTHER_CARD], wanted=WANTED,
                    boss_cards=["daemon", "gruener_drache"])
    guided = dataclasses.replace(RUECKKEHR, new_game=functools.partial(RUECKKEHR.new_game, dice=dice),
                                 dice_for=lambda *args: dice)
    monkeypatch.setitem(titles.TITLES, RUECKKEHR.key, guided)
    return dice


def next_action(content, state, dice: SiteDice, villain_seat: int):
    """(seat, action) the scenario takes now; the villains' seat takes its first offer (a person's
    first Diener step, else the end of the turn; an automatic seat's is the turn-start task's)."""
    from games.engine import legal_actions

    seat = acting_seat(state)
    legal = legal_actions(content, state, seat)
    assert legal, f"seat {seat} has nothing to do"
    if seat == villain_seat:
        return seat, legal[0]
    if state.phase.startswith("setup"):
        return seat, setup_policy("elf", 0, "B3")(seat, legal)
    if state.pending or seat != HERO_SEAT:
        return seat, (_other(legal) if seat != HERO_SEAT and not state.pending else answer(legal))
    game = Game(content, state, dice, letters="BJILH", hero_seat=HERO_SEAT)
    return seat, _hero_action(game, golden_ball_goals(content), legal, "ranged")


# --- a co-op position laid out for a test (the page's and the browser's pictures) -----------------------------
def set_position(game, *, servants: dict[str, str] = (), current: int | None = None, groups=(), reward=None,
                 dead: int = 0, lost: bool = False, finished: bool = False, heroes_at: dict[int, str] = ()):
    """Write a co-op position into a game's rows: card N (the temple) laid open, Diener on the given fields
    (face up), the Diener marching, and what else is asked. Only for pictures and for the seat to move."""
    from games.engine.core.state import Phase, TokenState, TurnState, at_field
    from games.persistence import apply_game_fields, write_changes

    game.refresh_from_db()
    old = load_state(game)
    state = old.clone()
    state.revealed[state.grid.index("N")] = True
    for tid, code in dict(servants).items():
        state.tokens[tid] = TokenState(loc=at_field(code), face_up=True)
    for seat, code in dict(heroes_at).items():
        state.heroes[seat].position = code
    coop = state.coop
    coop.marching, coop.waiting, coop.servants_dead = True, [], dead
    coop.groups = [list(g) for g in groups]
    coop.reward = reward
    if current is not None:
        state.current, state.turn_state = current, TurnState()
        state.turn += 1
    if lost or finished:
        coop.lost = lost
        state.phase = Phase.FINISHED
    write_changes(game, old, state)
    fields = apply_game_fields(game, state)
    if lost or finished:
        game.status = type(game).Status.FINISHED
        fields.append("status")
    game.version += 1
    game.save(update_fields=[*fields, "version"])
    game.refresh_from_db()
    return game
