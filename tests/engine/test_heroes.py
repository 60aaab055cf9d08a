"""Hero abilities that are not covered where they act (movement, probes, fights, items)."""

from __future__ import annotations

import pytest

from games.engine.core.actions import Move, PaladinHeal, Steal
from games.engine.core.state import TokenState

from .helpers import act, begun, empty_bag, legal, play_state


@pytest.mark.rule("HERO-05")
@pytest.mark.parametrize("rolls,stolen", [((3, 4), 1), ((4, 4), 0)])
def test_flink_steals_a_gold_on_2w6_at_most_7(content, rolls, stolen):
    state = play_state(content, [("flink", "A1"), ("zwerg", "A1")])
    state = begun(content, state)
    assert legal(content, state, kind=Steal) == [Steal(seat=1)]
    state, events = act(content, state, Steal(seat=1), rolls=rolls)
    assert state.heroes[0].gold == 1 + stolen and state.heroes[1].gold == 4 - stolen
    assert not legal(content, state, kind=Steal)  # once per turn
    assert next(e for e in events if e.kind == "steal").dice == rolls


@pytest.mark.rule("HERO-05")
def test_flink_steals_nothing_from_an_empty_purse_and_only_on_his_field(content):
    state = play_state(content, [("flink", "A1"), ("morgaine", "A1"), ("zwerg", "A2")])
    state = begun(content, state)
    assert legal(content, state, kind=Steal) == [Steal(seat=1)]
    state, _ = act(content, state, Steal(seat=1), rolls=(1, 1))
    assert state.heroes[0].gold == 1 and state.heroes[1].gold == 0


@pytest.mark.rule("HERO-02")
@pytest.mark.parametrize("hero", ["krieger", "amazone"])
def test_krieger_and_amazone_have_no_special_ability(content, hero):
    state = play_state(content, [(hero, "A1"), ("zwerg", "A1")])
    assert content.heroes[hero].abilities == ()
    state.heroes[0].lp = 1
    offered = legal(content, begun(content, state))
    assert not any(isinstance(a, (Steal, PaladinHeal)) for a in offered)


@pytest.mark.rule("GLOS-78", "SECRET-01")
def test_with_the_waldlaeufer_on_i5_the_red_field_needs_no_roll(content):
    state = play_state(content, [("krieger", "I3")])
    empty_bag(state)
    state.tokens["enc-waldlaeufer"] = TokenState(loc="field:I5", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="I5"))  # no dice scripted: none may be rolled
    assert state.heroes[0].position == "I5"
