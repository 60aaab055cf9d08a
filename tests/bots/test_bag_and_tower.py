"""Seventh round of issue 14: what a solo bot does while it waits for the bag, and before the tower.

Each test states the traced situation it guards against (the `bench completion` solo deals).
"""

from __future__ import annotations

from games.bots import Bot
from games.bots.planner import choose_goal
from games.engine import legal_actions, view
from games.engine.content import load_content
from games.engine.core.actions import UseEncounter
from tests.engine.helpers import begun, play_state, put_token, token_with_face


def _zentaur_with_the_gem(content, mice_field: str):
    """A solo Zentaur with the gem at his manor, the Namenloser on H3 (card not seen), the Mäuse open."""
    state = begun(content, play_state(content, [("zentaur", "A1")]))
    state.heroes[0].gem = True
    state.heroes[0].xp = {"red": 0, "green": 9, "blue": 0}   # five dice in ranged: 0.83 over the cards
    put_token(state, token_with_face(content, state, "namenloser"), "H3", face_up=True)
    put_token(state, "fd-50", mice_field, face_up=True)      # the Mäuse
    state.namenloser_card = "wesen_aus_der_tiefe"            # he parries every shot: the Zentaur's death
    return state


def test_a_gem_holder_looks_at_the_namenlosers_card_where_the_mice_lie():
    """Traced solo: the Zentaur entered the tower at 0.83 mean odds over the cards, met the Wesen aus der
    Tiefe (no ranged attack) and died, losing all experience and training; he never recovered. The Mäuse
    show the card after a passed probe: the bot now looks first, and chooses the Namenloser's card."""
    content = load_content()
    state = _zentaur_with_the_gem(content, "B2")
    seen = view(content, state, 0)
    assert seen["namenloser_card"] is None
    goal = choose_goal(content, seen)
    assert goal.name == "peek at the Namenloser's card" and goal.targets == {"B2"}

    state = _zentaur_with_the_gem(content, "A1")      # standing on the Mäuse
    state.turn_state.movement_over = True
    seen = view(content, state, 0)
    action = Bot("normal", 1).choose(content, seen, legal_actions(content, state, 0))
    assert isinstance(action, UseEncounter) and action.option == "ranged:namenloser", action


def test_only_a_solo_bot_looks_at_the_card_first():
    """Measured at 2 and 3 seats: a Krieger who knew a card he had mediocre odds against grew stronger
    for it instead of trying his luck, and finished fewer games; there the plan stays as it was."""
    content = load_content()
    state = begun(content, play_state(content, [("zentaur", "A1"), ("krieger", "Z1")]))
    state.heroes[0].gem = True
    state.heroes[0].xp = {"red": 0, "green": 9, "blue": 0}
    put_token(state, token_with_face(content, state, "namenloser"), "H3", face_up=True)
    put_token(state, "fd-50", "B2", face_up=True)
    assert choose_goal(content, view(content, state, 0)).name != "peek at the Namenloser's card"
