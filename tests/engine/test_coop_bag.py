"""The cooperative variant's bag and deeds (issue 18): draws meeting Diener, face-down draws, three deeds."""

from __future__ import annotations

import pytest

from games.engine.core.actions import ChooseDeed
from games.engine.core.coop import CoopState
from games.engine.core.state import BAG, TokenState, at_field
from games.engine.effects.bag import place_drawn

from .helpers import Ctx_for, begun, empty_bag, kinds_of, legal, play_state


def coop_state(content, heroes=(("krieger", "A1"),)):
    state = play_state(content, list(heroes))
    state.coop = CoopState(marching=True)
    empty_bag(state)
    return state


def open_token_with_target(content):
    """An open token (not a Diener, not face-down) that has a printed field."""
    return next(tid for tid, t in sorted(content.tokens.items())
                if t.target and t.category.value not in ("face_down", "servant", "guardian", "namenloser")
                and t.kind.value == "monster")


@pytest.mark.rule("COOP-23")
def test_a_drawn_token_whose_field_holds_a_diener_sends_the_diener_into_the_bag(content):
    state = coop_state(content)
    tid = open_token_with_target(content)
    target = content.tokens[tid].target
    state.tokens["srv-01"] = TokenState(loc=at_field(target), face_up=False, seen_by=(0,))
    ctx = Ctx_for(content, state)
    place_drawn(ctx, 0, tid, "BAG-01")
    assert state.tokens["srv-01"].loc == BAG
    assert state.tokens[tid].loc == at_field(target) and "servant_into_bag" in kinds_of(ctx.events)


def test_an_ordinary_game_leaves_the_diener_where_he_is(content):
    state = coop_state(content)
    state.coop = None
    tid = open_token_with_target(content)
    target = content.tokens[tid].target
    state.tokens["srv-01"] = TokenState(loc=at_field(target), face_up=False, seen_by=(0,))
    place_drawn(Ctx_for(content, state), 0, tid, "BAG-01")
    assert state.tokens["srv-01"].loc == at_field(target)


@pytest.mark.rule("COOP-24")
def test_a_face_down_draw_goes_to_a_free_beige_field_off_the_drawers_card(content):
    state = coop_state(content)
    tid = next(t for t in sorted(content.tokens) if content.tokens[t].category.value == "face_down")
    state.tokens[tid] = TokenState(loc=BAG)
    ctx = Ctx_for(content, state)
    place_drawn(ctx, 0, tid, "BAG-01")
    (pending,) = state.pending
    assert pending.kind == "place_token" and pending.options
    assert all(not code.startswith("A") for code in pending.options)  # not on his own card A
    assert all(content.regions[c[0]].field(c).kind.value == "beige" for c in pending.options)


@pytest.mark.rule("COOP-54")
def test_only_three_deeds_are_offered_at_the_royal_court(content):
    state = coop_state(content, heroes=(("krieger", "J5"), ("elf", "J5")))
    state = begun(content, state)
    offered = {a.deed for a in legal(content, state, kind=ChooseDeed)}
    assert offered == {"befreie_daphne", "axt_der_zwerge", "goldene_kugel"}
    state.heroes[1].deed = "goldene_kugel"
    assert {a.deed for a in legal(content, state, kind=ChooseDeed)} == {"befreie_daphne", "axt_der_zwerge"}
