"""The engine keeps no shared mutable state: playouts in parallel threads end exactly as the same
playouts run one after another (issue 12: a module-global memo once leaked between threads under the
threaded development server, and seeded playouts diverged)."""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.engine import legal_actions
from games.engine.playout import acting_seat, random_playout

SEEDS = [f"threads-{n}" for n in range(8)]
STEPS = 250


def _playout(content, seed: str) -> list[str]:
    """A fingerprint of every step: the action taken and what the acting seat may do next."""
    trace = []
    for state, seat, action, _events in random_playout(content, 2 + len(seed) % 3, seed, STEPS):
        nxt = acting_seat(state)
        trace.append(json.dumps([seat, repr(action), [repr(a) for a in legal_actions(content, state, nxt)]]))
    return trace


@pytest.fixture
def switch_often():
    """Switch threads every few bytecodes, so the playouts' listings interleave as much as they can."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def test_parallel_playouts_match_sequential_ones(content, switch_often):
    sequential = {seed: _playout(content, seed) for seed in SEEDS}
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = dict(zip(SEEDS, pool.map(lambda seed: _playout(content, seed), SEEDS), strict=True))
    for seed in SEEDS:
        assert parallel[seed] == sequential[seed], seed
