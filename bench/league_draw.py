"""Drawing league tables and folding ratings: how long a round's draw and a rating rebuild take.

Pure Python (no database): ``leagues.fixtures.draw_round`` for a club of 60 after 9 drawn rounds, and
openskill's Plackett-Luce over many four-player games (what ``leagues.ratings.rebuild_from`` folds).
"""

from __future__ import annotations

import random
import time

from openskill.models import PlackettLuce

from leagues.fixtures import History, draw_round, spread


def _draw(players: int, size: int, rounds: int) -> tuple[float, tuple[int, int]]:
    history = History()
    field = list(range(players))
    worst = 0.0
    for number in range(rounds):
        start = time.perf_counter()
        draw = draw_round(field, size, history, seed=number)
        worst = max(worst, time.perf_counter() - start)
        history.record(draw.tables, draw.byes)
    return worst, spread(field, history)


def main(quick: bool = False) -> None:
    rounds = 4 if quick else 10
    print("draw_round, slowest round of a season (players, table size, rounds): ms, (fewest, most) meetings")
    for size in range(2, 7):
        worst, (low, high) = _draw(60, size, rounds)
        print(f"  60 players, tables of {size}, {rounds} rounds: {worst * 1000:.1f} ms, meetings {low}..{high}")
    games = 200 if quick else 2000
    model = PlackettLuce()
    rng = random.Random(1)
    ratings = {p: model.rating() for p in range(100)}
    start = time.perf_counter()
    for _ in range(games):
        table = rng.sample(range(100), 4)
        rated = model.rate([[ratings[p]] for p in table], ranks=[1, 2, 3, 4])
        for p, (r,) in zip(table, rated, strict=True):
            ratings[p] = r
    elapsed = time.perf_counter() - start
    print(f"openskill Plackett-Luce, {games} four-player games: {elapsed * 1000:.0f} ms "
          f"({elapsed / games * 1e6:.0f} µs a game)")
