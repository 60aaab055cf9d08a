"""Sixth round of issue 14: traps that cost a solo bot its game (traced on the `bench completion` deals).

Each test states the traced situation it guards against.
"""

from __future__ import annotations

from games.bots import Bot
from games.bots.planner import choose_goal, guardian_fields
from games.engine import legal_actions, new_game, view
from games.engine.content import load_content
from games.engine.core.actions import ChooseHero, Move
from games.engine.playout import acting_seat
from tests.engine.helpers import begun, play_state, put_token, token_with_face


def _gem_holder_beside_the_tower(content, card: str):
    state = begun(content, play_state(content, [("krieger", "H1")]))
    state.heroes[0].gem = True
    put_token(state, token_with_face(content, state, "namenloser"), "H3", face_up=True)
    put_token(state, "grd-1", "H5", face_up=True)
    state.revealed_cards = ["namenloser"]
    state.namenloser_card = card
    return state


def test_a_gem_holder_without_the_odds_never_aims_at_a_guardian():
    """Traced solo (completion-1-12): after a death at the Namenloser (his card parries every melee blow)
    the Krieger came back for the items he had dropped on H1, then with nothing else to aim at stepped on
    the Wächter's field H5: the won fight moved him onto the Namenloser, and he died there twice more."""
    content = load_content()
    assert guardian_fields(content) == {"H5", "H7", "H8", "H9"}
    state = _gem_holder_beside_the_tower(content, "magier")
    seen = view(content, state, 0)
    bot = Bot("normal", 1)
    goal, dist = bot._goal_distances(content, seen)
    assert goal.name == "grow stronger for the Namenloser"
    assert dist.get("H5", float("inf")) > 0.0
    action = bot.choose(content, seen, legal_actions(content, state, 0))
    assert action != Move(to="H5")


def test_a_gem_holder_with_the_odds_still_heads_for_the_guardian():
    content = load_content()
    state = _gem_holder_beside_the_tower(content, "magier")
    state.heroes[0].xp = {"red": 0, "green": 8, "blue": 0}   # five dice in ranged: the Magier is beatable
    state.heroes[0].training = {"ranged": 6}
    seen = view(content, state, 0)
    assert choose_goal(content, seen).name == "guardian"
    goal, dist = Bot("normal", 1)._goal_distances(content, seen)
    assert goal.name == "guardian" and dist["H5"] == 0.0


def test_a_solo_bot_plays_the_zentaur_and_a_bot_among_others_the_krieger():
    """Measured on the 40 solo deals: the Zentaur (5 movement points, 5 LP) finished 28, the Krieger 24;
    at 2 seats the Zentaur first finished no more games, so there the Krieger stays first."""
    content = load_content()
    for seats, hero in ((1, "zentaur"), (2, "krieger")):
        state = new_game(content, seats, "hero choice")
        seat = acting_seat(state)
        action = Bot("normal", 1).choose(content, view(content, state, seat), legal_actions(content, state, seat))
        assert isinstance(action, ChooseHero) and action.hero == hero
