"""A co-op game's own state (issue 18) is kept in the game row's global state and read back; an ordinary
game's global state has no "coop" key at all."""

from __future__ import annotations

from types import SimpleNamespace

from games.engine.content import load_content
from games.engine.core.coop import CoopState
from games.engine.rules.setup import new_game
from games.persistence import _assemble, _global_state


def _round_trip(state):
    row = SimpleNamespace(title_key="rueckkehr", global_state=_global_state(state), phase=state.phase,
                          current_seat=state.current, turn_number=state.turn)
    return row.global_state, _assemble(row, (state.grid, state.revealed, state.heroes, state.tokens))


def test_an_ordinary_game_stores_no_coop_key():
    state = new_game(load_content(), seats=2, seed="p")
    stored, back = _round_trip(state)
    assert "coop" not in stored and back.coop is None
    assert back.to_json() == state.to_json()


def test_a_coop_game_keeps_its_groups_dead_servants_and_reward_in_the_row():
    state = new_game(load_content(), seats=3, seed="p", variant="coop")
    state.coop = CoopState(servants_dead=4, groups=[[0, 2]], waiting=[1], reward={"token": "fd-09", "leader": 0,
                                                                                  "recipient": 2, "waiting": [1],
                                                                                  "proposed": [2], "ambush": False})
    stored, back = _round_trip(state)
    assert stored["coop"]["servants_dead"] == 4
    assert back.coop == state.coop and back.to_json() == state.to_json()
