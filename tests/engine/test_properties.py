"""Random legal playouts (setup and movement) with invariants checked after every action."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import IllegalActionError, ScriptedDice, SeededDice, State, apply, legal_actions, view
from games.engine.actions import ACTION_KINDS
from games.engine.content.model import FieldKind
from games.engine.playout import acting_seat, random_playout
from games.engine.state import ASIDE, BAG, OUT, PILE_BAZAAR, PILE_CITY, PILE_FACE_DOWN, WAITING, TokenState
from games.engine.tokens import face_known_to

FIXED_LOCS = {BAG, ASIDE, OUT, WAITING, PILE_FACE_DOWN, PILE_BAZAAR, PILE_CITY}


def all_fields(content):
    return {f.code for r in content.regions.values() for f in r.fields}


def check_invariants(content, state: State) -> None:
    fields = all_fields(content)
    # Every token is in exactly one known place.
    assert set(state.tokens) == set(content.tokens)
    for tid, ts in state.tokens.items():
        if ts.loc in FIXED_LOCS:
            continue
        kind, _, where = ts.loc.partition(":")
        assert kind in {"field", "hero", "deed", "quest"}, ts.loc
        if kind == "field":
            assert where in fields, ts.loc
    for hero in state.heroes:
        held = {tid for tid, ts in state.tokens.items() if ts.loc == f"hero:{hero.seat}"}
        assert held == set(hero.items), (hero.seat, held, hero.items)
        assert len(hero.items) == len(set(hero.items))
        if hero.hero:
            assert len(hero.items) <= content.heroes[hero.hero].item_slots
            assert hero.lp >= 0 and hero.gold >= 0
            assert all(v >= 0 for v in hero.artificial.values())
        if state.phase == "play":
            assert hero.position in fields, hero.position
            if hero.between:
                assert set(hero.between) <= fields
            f = content.regions[hero.position[0]].field(hero.position)
            assert f.site != "namenloser"
            assert f.kind is not FieldKind.GUARDIAN or hero.gem
    # Only revealed cards are on the board for everybody; the square is a permutation once set up.
    if state.phase == "play":
        assert sorted(state.grid) == sorted(content.regions)
    assert 0 <= state.current < state.seats
    # JSON round trip is lossless.
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


def check_view_leaks_nothing(content, state: State, seat: int) -> None:
    seen = view(content, state, seat)
    text = json.dumps(seen)
    for cell, info in enumerate(seen["board"]):
        if not state.revealed[cell]:
            assert info["letter"] is None
    for tid, ts in state.tokens.items():
        if not face_known_to(content, state, seat, tid):
            assert f'"{tid}"' not in text, f"{tid} leaks to seat {seat}"
    assert seen["namenloser_card"] is None and seen["dragon_card"] is None  # nobody has revealed them
    # Swapping two hidden things the seat cannot tell apart leaves its view unchanged.
    hidden = [tid for tid, ts in state.tokens.items()
              if ts.field and not face_known_to(content, state, seat, tid)]
    if len(hidden) >= 2:
        a, b = hidden[0], hidden[-1]
        swapped = state.clone()
        ta, tb = swapped.tokens[a], swapped.tokens[b]
        swapped.tokens[a] = TokenState(tb.loc, tb.face_up, tb.seen_by)
        swapped.tokens[b] = TokenState(ta.loc, ta.face_up, ta.seen_by)
        assert view(content, swapped, seat) == seen
    unrevealed = [c for c in range(25) if state.grid[c] and not state.revealed[c]]
    if len(unrevealed) >= 2:
        swapped = state.clone()
        c1, c2 = unrevealed[0], unrevealed[-1]
        swapped.grid[c1], swapped.grid[c2] = swapped.grid[c2], swapped.grid[c1]
        assert view(content, swapped, seat)["board"] == seen["board"]


@pytest.mark.rule("MOVE-01", "SETUP-01", "SETUP-05")
def test_thousands_of_random_legal_actions_keep_every_invariant(content):
    total = 0
    for game in range(12):
        seats = 1 + game % 4
        for state, seat, action, events in random_playout(content, seats, f"prop-{game}", 400):
            check_invariants(content, state)
            if total % 7 == 0:
                for viewer in range(state.seats):
                    check_view_leaks_nothing(content, state, viewer)
            total += 1
    assert total > 3000


def _random_action(rng: random.Random):
    kind = rng.choice(sorted(ACTION_KINDS))
    cls = ACTION_KINDS[kind]
    values = {}
    for p in cls.PARAMS:
        if p.type in ("cell", "int") or p.name == "value":
            values[p.name] = rng.randint(-2, 30)
        else:
            letter = rng.choice("ABCDEFGHIJKLMNOPRSTUVWXYZ")
            values[p.name] = rng.choice([f"{letter}{rng.randint(1, 13)}", f"?{rng.randint(0, 24)}", "natural",
                                         "gold", "krieger", "walk", "broom"])
    return cls(**values)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000), steps=st.integers(min_value=0, max_value=120))
def test_no_illegal_action_is_ever_accepted(content, seed, steps):
    rng = random.Random(seed)
    state = None
    for state, _, _, _ in random_playout(content, 1 + seed % 4, f"illegal-{seed}", steps):
        pass
    if state is None:
        return
    seat = acting_seat(state)
    legal = legal_actions(content, state, seat)
    for _ in range(25):
        action = _random_action(rng)
        actor = rng.choice([seat, (seat + 1) % state.seats])
        if actor == seat and action in legal:
            continue
        before = json.dumps(state.to_json(), sort_keys=True)
        with pytest.raises(IllegalActionError):
            apply(content, state, actor, action, ScriptedDice([3] * 20))
        assert json.dumps(state.to_json(), sort_keys=True) == before


def test_every_offered_action_applies(content):
    for game in range(6):
        state = None
        for state, _, _, _ in random_playout(content, 2, f"offered-{game}", 150):
            pass
        seat = acting_seat(state)
        for sequence, action in enumerate(legal_actions(content, state, seat)):
            apply(content, state, seat, action, SeededDice("offered", sequence))
