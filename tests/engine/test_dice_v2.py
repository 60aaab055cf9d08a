"""Dice v2 (ruling R-110, docs/dice.md): HMAC-SHA-256 of the seed and the chance-draw counter."""

from __future__ import annotations

import hashlib
import hmac
import random

import pytest

from games.engine import CounterDice, SeededDice, apply, dice_for, legal_actions, new_game
from games.engine.core import dice as dice_module
from games.engine.playout import acting_seat
from games.engine.visibility import sealed


def test_the_published_test_vectors_hold():
    # The same vectors are in docs/dice.md, for anyone re-implementing the derivation.
    assert hmac_block_hex("abc", 0) == "78199de3521bef1e8d424d860941f106965207d135ebaa3c5195fab64e7869a9"
    d = CounterDice("00" * 32)
    assert [d.d6() for _ in range(10)] == [5, 1, 2, 6, 1, 1, 3, 4, 6, 3]
    d = CounterDice("abc")
    assert [d.d6() for _ in range(5)] == [5, 6, 2, 1, 3]
    items = list(range(10))
    d.shuffle(items)
    assert items == [5, 0, 1, 2, 6, 3, 7, 4, 9, 8] and d.counter == 14


def hmac_block_hex(seed: str, counter: int) -> str:
    return hmac.new(seed.encode(), counter.to_bytes(8, "big"), hashlib.sha256).hexdigest()


def test_a_d6_is_the_first_eight_bytes_mod_six_plus_one():
    for counter in range(50):
        x = int.from_bytes(bytes.fromhex(hmac_block_hex("seed", counter))[:8], "big")
        assert CounterDice("seed", counter).d6() == 1 + x % 6


def test_rejection_sampling_skips_the_biased_top(monkeypatch):
    blocks = iter([b"\xff" * 32, (7).to_bytes(8, "big") + bytes(24)])
    monkeypatch.setattr(dice_module, "hmac_block", lambda seed, counter: next(blocks))
    # 2**64 - 1 lies in the incomplete last run of six: rejected, the next counter gives 7 % 6 = 1.
    assert dice_module.uniform_below("s", 10, 6) == (1, 12)


def test_picks_are_unbiased_enough():
    d = CounterDice("fair")
    counts = [0] * 6
    for _ in range(6000):
        counts[d.d6() - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_version_one_is_unchanged_for_stored_games():
    # Values of the derivation as it was before v2 (sha256 of "v1:<seed>:<sequence>" seeding random.Random).
    s = SeededDice("abc", 5)
    assert [s.d6() for _ in range(5)] == [5, 2, 4, 6, 6]
    assert isinstance(dice_for(1, "abc", 5), SeededDice) and isinstance(dice_for(2, "abc", 5), CounterDice)
    with pytest.raises(ValueError):
        dice_for(3, "abc", 5)


def test_the_counter_lives_in_the_state_and_only_chance_moves_it(content):
    """Every chance step advances State.chance_draws and is sealed; no other step moves the counter,
    and the same step from the same state draws the same whatever the action's number."""
    chance_kinds = set()
    for game in range(6):
        seed = f"counter-{game}"
        state = new_game(content, 2, seed)
        assert state.chance_draws > 0  # the setup's shuffle and start player
        rng = random.Random(game)
        for _ in range(250):
            seat = acting_seat(state)
            actions = legal_actions(content, state, seat)
            if not actions:
                break
            action = rng.choice(actions)
            dice = dice_for(2, seed, 1000 + game)
            new, events = apply(content, state, seat, action, dice)
            again, events_again = apply(content, state, seat, action, dice_for(2, seed, 1))
            assert again == new and events_again == events
            assert new.chance_draws - state.chance_draws >= dice.draws
            if dice.draws:
                chance_kinds.add(action.kind)
                assert sealed(state, new, events, dice.draws)
            else:
                assert new.chance_draws == state.chance_draws
            state = new
    assert {"begin_turn", "move", "fight", "accept_quest", "pick_up", "choose_axis"} <= chance_kinds
