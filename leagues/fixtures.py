"""Drawing a round's tables: pure Python, no Django, so the property tests run over many sizes fast.

Every entrant plays exactly one table per round. Tables are as equal in size as the entrants allow
(sizes differ by at most one, never more than the season's table size). A table that would hold a
single player of a season with tables of two or more is a bye instead; the bye goes to the entrant
with the fewest byes so far (ruling R-133). Opponents are spread by minimising, over the season, how
often the same two players meet: a seeded greedy draw, then swaps between tables while they help.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Generic, TypeVar

Player = Hashable
# A draw hands back the very players it was given (user ids in the leagues), typed as they came in.
P = TypeVar("P", bound=Hashable)
MAX_SWAP_PASSES = 12


def pair(a: Player, b: Player) -> tuple[Player, Player]:
    return (a, b) if repr(a) <= repr(b) else (b, a)


@dataclass
class History:
    """Who met whom how often, and who had how many byes, over the rounds drawn so far."""

    met: Counter[tuple[Player, Player]] = field(default_factory=Counter)
    byes: Counter[Player] = field(default_factory=Counter)

    def record(self, tables: Iterable[Sequence[Player]], byes: Iterable[Player] = ()) -> None:
        for table in tables:
            for a, b in combinations(table, 2):
                self.met[pair(a, b)] += 1
        for player in byes:
            self.byes[player] += 1


@dataclass(frozen=True)
class Draw(Generic[P]):
    tables: list[list[P]]
    byes: list[P]


def table_sizes(players: int, table_size: int) -> list[int]:
    """Sizes of the tables for ``players`` entrants: as equal as possible, none above ``table_size``."""
    if players <= 0:
        return []
    count = -(-players // table_size)
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


def draw_round(players: Sequence[P], table_size: int, history: History | None = None,
               seed: str | int = 0) -> Draw[P]:
    """Draw one round's tables for ``players`` with ``table_size`` seats at most."""
    if table_size < 1:
        raise ValueError("a table has at least one seat")
    history = history or History()
    rng = random.Random(f"{seed}")
    pool = list(players)
    rng.shuffle(pool)
    byes: list[P] = []
    sizes = table_sizes(len(pool), table_size)
    if table_size >= 2 and sizes and sizes[-1] == 1:
        # Only one player would sit alone (tables of two, an odd number of entrants): a bye.
        pool.sort(key=lambda p: history.byes[p])  # stable: ties keep the seeded shuffle's order
        byes.append(pool.pop(0))
        sizes = sizes[:-1]
    weight = max(len(pool), 2)
    # Work on indices: cost[i][j] is what seating pool[i] with pool[j] costs (weight ** meetings).
    cost = [[weight ** history.met[pair(a, b)] if a != b else 0 for b in pool] for a in pool]
    tables_ix: list[list[int]] = [[] for _ in sizes]
    # Greedy: the players who met most people so far go first, each to the cheapest table with room.
    order = sorted(range(len(pool)), key=lambda i: -sum(cost[i]))
    for i in order:
        best = min(
            (t for t in range(len(tables_ix)) if len(tables_ix[t]) < sizes[t]),
            key=lambda t: (sum(cost[i][q] for q in tables_ix[t]), len(tables_ix[t])),
        )
        tables_ix[best].append(i)
    # Local search: swap two players of different tables while that lowers the cost.
    for _ in range(MAX_SWAP_PASSES):
        improved = False
        for ti, tj in combinations(tables_ix, 2):
            for x in range(len(ti)):
                for y in range(len(tj)):
                    a, b = ti[x], tj[y]
                    delta = sum(cost[b][q] - cost[a][q] for q in ti if q != a) + sum(
                        cost[a][q] - cost[b][q] for q in tj if q != b)
                    if delta < 0:
                        ti[x], tj[y] = b, a
                        improved = True
        if not improved:
            break
    tables = [[pool[i] for i in table] for table in tables_ix]
    return Draw(tables=tables, byes=byes)


def draw_season(players: Sequence[P], table_size: int, rounds: int, seed: str | int = 0) -> list[Draw[P]]:
    """All rounds of a season with a fixed field (used by tests and the benchmark)."""
    history = History()
    draws = []
    for number in range(1, rounds + 1):
        draw = draw_round(players, table_size, history, seed=f"{seed}:{number}")
        history.record(draw.tables, draw.byes)
        draws.append(draw)
    return draws


def spread(players: Sequence[Player], history: History) -> tuple[int, int]:
    """(fewest, most) meetings of any two players."""
    counts = [history.met[pair(a, b)] for a, b in combinations(players, 2)]
    return (min(counts), max(counts)) if counts else (0, 0)
