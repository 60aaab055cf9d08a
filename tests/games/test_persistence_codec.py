"""Persistence goes through the state's own codec (issue 12): a game row stored with the old untyped
``flags`` dict loads into the typed fields, and writing the state back stores the same dict."""

from __future__ import annotations

import pytest

from games.engine import Phase
from games.engine.core.state import BossFight, DroppedGem
from games.persistence import apply_game_fields, load_state
from tests.games.test_services import play_first_legal, two_player_game

pytestmark = pytest.mark.django_db

OLD_FLAGS = {
    "boss_fight": {"seat": 0, "boss": "namenloser", "skill": "melee", "mod": -2, "lp": 5, "double": False,
                   "hoard": 0, "hits": 0, "probing": True},
    "peeked": {"1": ["dragon"]},
    "shadow_hearts": {},
    "dropped_gems": [["B2", 0]],
}


def test_a_row_with_the_old_flags_dict_loads_typed_and_saves_it_back(user, other_user):
    game = two_player_game(user, other_user)
    play_first_legal(game, times=4)
    game.refresh_from_db()
    game.global_state["flags"] = OLD_FLAGS
    game.save(update_fields=["global_state"])
    game.refresh_from_db()

    state = load_state(game)
    assert isinstance(state.phase, Phase)
    assert state.boss_fight == BossFight(seat=0, boss="namenloser", skill="melee", mod=-2, lp=5, double=False,
                                         hoard=0, hits=0, probing=True, shown=True)
    assert state.peeked == {1: ["dragon"]} and state.known_cards(1) == {"dragon"}
    assert state.shadow_hearts == {} and state.dropped_gems == [DroppedGem("B2", 0)]

    apply_game_fields(game, state)
    assert game.global_state["flags"] == {**OLD_FLAGS, "boss_fight": {**OLD_FLAGS["boss_fight"], "shown": True}}
    assert game.phase == state.phase.value and type(game.phase) is str

