"""The one-click routes (games.walking.reachable) over positions of seeded random playouts where the acting
seat can walk: CPU milliseconds per planning and a digest of every route, so two versions of the code can
be compared for speed and for sameness (`.venv/bin/python -m bench walking`)."""

from __future__ import annotations

import hashlib
import random
import statistics
import time

from games import walking
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.core.actions import Move
from games.engine.playout import acting_seat, random_playout


def _positions(quick: bool) -> list:
    content = load_content()
    found = []
    for seed in range(4 if quick else 12):
        for state, *_rest in random_playout(content, 2, f"walk{seed}", 400, random.Random(seed)):
            seat = acting_seat(state)
            if any(isinstance(a, Move) for a in legal_actions(content, state, seat)):
                found.append((state, seat))
    return found[:: max(1, len(found) // 150)][:150]


def main(quick: bool = False) -> dict:
    content = load_content()
    positions = _positions(quick)

    def plan() -> list:
        return [walking.reachable(content, state, seat) for state, seat in positions]

    routes = plan()
    digest = hashlib.sha256(
        repr(
            [
                sorted((to, r.steps, r.points, r.gold, r.chance, r.rolls, r.stops) for to, r in found.items())
                for found in routes
            ]
        ).encode()
    ).hexdigest()
    runs = []
    for _ in range(3 if quick else 7):
        start = time.process_time()
        plan()
        runs.append((time.process_time() - start) / len(positions) * 1000)
    print(f"positions {len(positions)}, routes {sum(map(len, routes))}, digest {digest[:16]}")
    print(f"CPU ms per reachable(): best {min(runs):.2f}, median {statistics.median(runs):.2f}")
    return {"positions": len(positions), "digest": digest, "best_ms": min(runs)}
