"""Every chance draw of a game, replayed from its log: what the dice check page shows (docs/dice.md).

The replay uses version-2 dice that write down each draw (the counter it started at, the range n it
drew from, the value and the next free counter), so a browser can recompute each one from the seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .content.model import Content
from .core.dice import CounterDice
from .engine import apply, new_game


class RecordingDice(CounterDice):
    """Version-2 dice that write down each draw: [counter, n, value, next counter]."""

    def __init__(self, seed: str, record: list[list[int]]) -> None:
        super().__init__(seed)
        self.record = record

    def _below(self, n: int) -> int:
        start = self.counter
        value = super()._below(n)
        self.record.append([start, n, value, self.counter])
        return value


def replay_draws(content: Content, seats: int, seed: str, steps: Iterable[tuple[int, dict[str, Any]]],
                 limit: int, **options: Any) -> list[list[int]]:
    """The draws of a version-2 game of ``seats`` seats from its setup on, replaying ``steps`` (each
    step's seat and action JSON, in order); at most ``limit`` draws. ``options``: what else the game was
    set up with (its rules version, a variant and who leads its villains), as ``new_game`` takes them."""
    record: list[list[int]] = []
    state = new_game(content, seats, seed, dice=RecordingDice(seed, record), **options)
    for seat, action in steps:
        state, _ = apply(content, state, seat, action, RecordingDice(seed, record))
        if len(record) > limit:
            break
    return record[:limit]
