"""The typed state keeps the JSON that stored games hold (issue 12): the phase as its string, the former
``flags`` dict under its old key with its keys absent until set, and old shapes still load."""

from __future__ import annotations

import json

import pytest

from games.engine import State, new_game
from games.engine.core.state import BossFight, DroppedGem, Phase, ReturningToken

from .helpers import play_state

# A final fight as games stored it before the typed state; "shown" was added later (absent: shown).
OLD_FLAGS = {
    "boss_fight": {"seat": 1, "boss": "dragon", "skill": "magic", "mod": -2, "lp": 4, "double": False,
                   "hoard": 0, "hits": 1, "probing": False},
    "revealed_cards": ["namenloser"],
    "peeked": {"0": ["dragon"], "1": ["dragon", "namenloser"]},
    "shadow_hearts": {},
    "hoard_extra": 2,
    "dropped_gems": ["B3", ["A2", 0]],
    "returning": [["red-ork", "TOK-09", "monster_returned", 1]],
}


def _stored(content, flags):
    data = json.loads(json.dumps(play_state(content, [("krieger", "A1"), ("elf", "B1")]).to_json()))
    data["flags"] = flags
    return data


def test_a_new_game_stores_its_phase_as_the_string_and_no_flags(content):
    state = new_game(content, 2, "json-phase")
    assert state.phase is Phase.SETUP_HERO and state.phase == "setup_hero"
    data = json.loads(json.dumps(state.to_json()))
    assert data["phase"] == "setup_hero" and data["flags"] == {}
    assert State.from_json(data).phase is Phase.SETUP_HERO


def test_the_old_flags_dict_loads_into_typed_fields(content):
    state = State.from_json(_stored(content, OLD_FLAGS))
    assert state.boss_fight == BossFight(seat=1, boss="dragon", skill="magic", mod=-2, lp=4, double=False,
                                         hoard=0, hits=1, probing=False, shown=True)
    assert state.revealed_cards == ["namenloser"]
    assert state.peeked == {0: ["dragon"], 1: ["dragon", "namenloser"]}
    assert state.known_cards(0) == {"dragon", "namenloser"}
    assert state.shadow_hearts == {} and state.hoard_extra == 2
    assert state.dropped_gems == [DroppedGem("B3"), DroppedGem("A2", 0)]
    assert state.returning == [ReturningToken("red-ork", "TOK-09", "monster_returned", 1)]


def test_typed_fields_write_the_flags_dict_back_unchanged(content):
    flags = {**OLD_FLAGS, "boss_fight": {**OLD_FLAGS["boss_fight"], "shown": False}}
    data = _stored(content, flags)
    assert json.loads(json.dumps(State.from_json(data).to_json())) == data


@pytest.mark.parametrize("key", ["shadow_hearts", "dropped_gems"])
def test_an_emptied_flag_stays_apart_from_one_never_set(content, key):
    """Stored games tell "emptied" ({} or []) from "never set" (no key); golden games hash the difference."""
    never = State.from_json(_stored(content, {}))
    emptied = State.from_json(_stored(content, {key: {} if key == "shadow_hearts" else []}))
    assert key not in never.to_json()["flags"]
    assert key in emptied.to_json()["flags"]


def test_a_clone_shares_no_flag_container(content):
    state = State.from_json(_stored(content, OLD_FLAGS))
    clone = state.clone()
    clone.peeked[0].append("namenloser")
    clone.revealed_cards.append("dragon")
    assert clone.shadow_hearts is not None
    clone.shadow_hearts["red-schatten"] = 1
    clone.returning.clear()
    assert state == State.from_json(_stored(content, OLD_FLAGS))


def test_an_unknown_flag_is_refused(content):
    with pytest.raises(ValueError, match="unknown state flags"):
        State.from_json(_stored(content, {"mystery": 1}))
