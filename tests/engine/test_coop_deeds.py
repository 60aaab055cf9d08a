"""The cooperative variant's deeds and the Mäuse (issue 18)."""

from __future__ import annotations

import pytest

from games.engine import view
from games.engine.core.actions import FulfilDeed, UseEncounter
from games.engine.core.coop import CoopState
from games.engine.core.state import TokenState

from .helpers import act, begun, empty_bag, kinds_of, legal, play_state, put_token


@pytest.mark.rule("COOP-55")
def test_one_deed_fulfilled_gives_every_member_of_the_group_a_gem(content):
    state = play_state(content, [("krieger", "J3"), ("elf", "J3"), ("zwerg", "A1")])
    state.coop = CoopState(groups=[[0, 1]])
    empty_bag(state)
    state.heroes[0].deed, state.heroes[0].deed_parts = "axt_der_zwerge", 2
    state.tokens["dp-axt-2"] = TokenState(loc="deed:0", face_up=True, flipped=True)  # the warrant
    put_token(state, "dp-axt-3", "J3", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, FulfilDeed())
    assert [h.gem for h in state.heroes] == [True, True, False]  # the Zwerg is in no group
    assert [e.seat for e in events if e.kind == "gem_earned"] == [0, 1]


@pytest.mark.rule("COOP-53")
def test_the_mice_lay_the_namenlosers_card_open_for_everyone(content):
    state = play_state(content, [("krieger", "A1"), ("elf", "Z1")])
    state.coop = CoopState()
    empty_bag(state)
    put_token(state, "fd-50", "A1", face_up=True)
    state.namenloser_card, state.dragon_card = "daemon", "gruener_drache"
    state = begun(content, state)
    assert UseEncounter(token="fd-50", option="melee:namenloser") in legal(content, state, kind=UseEncounter)
    state, events = act(content, state, UseEncounter(token="fd-50", option="melee:namenloser"), rolls=(1, 1))
    assert "boss_card_shown" in kinds_of(events)
    assert view(content, state, 1)["namenloser_card"] == "daemon"  # the other player sees it too
    assert view(content, state, 1)["dragon_card"] is None
