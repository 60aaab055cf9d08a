"""All chance in the engine goes through a Dice object handed to ``apply``.

Production dice are derived from the game's secret seed and the action's sequence number, so
replaying the log from the seed rebuilds the same game without storing any generator state.
Tests hand in ScriptedDice with the exact rolls they want.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from .errors import DiceExhaustedError

T = TypeVar("T")

# Bump when the derivation changes, so old games replay with the generator they were played with.
DICE_VERSION = 1


class Dice(Protocol):
    def d6(self) -> int: ...

    def pick(self, options: Sequence[T]) -> T: ...

    def shuffle(self, items: list[T]) -> None: ...


class SeededDice:
    def __init__(self, seed: str, sequence: int) -> None:
        digest = hashlib.sha256(f"v{DICE_VERSION}:{seed}:{sequence}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest[:16], "big"))

    def d6(self) -> int:
        return self._random.randint(1, 6)

    def pick(self, options: Sequence[T]) -> T:
        if not options:
            raise ValueError("nothing to pick from")
        return options[self._random.randrange(len(options))]

    def shuffle(self, items: list[T]) -> None:
        self._random.shuffle(items)


class ScriptedDice:
    """Dice for tests: d6 rolls come from ``rolls`` in order; picks take ``picks`` (values or indices).

    Without scripted picks, ``pick`` takes the first option and ``shuffle`` leaves the order as it is,
    so a test sees exactly the order it constructed.
    """

    def __init__(self, rolls: Sequence[int] = (), picks: Sequence[object] = ()) -> None:
        for roll in rolls:
            if not 1 <= roll <= 6:
                raise ValueError(f"a d6 shows 1..6, not {roll}")
        self._rolls = list(rolls)
        self._picks = list(picks)

    @property
    def remaining(self) -> int:
        return len(self._rolls)

    def d6(self) -> int:
        if not self._rolls:
            raise DiceExhaustedError("the test scripted no more d6 rolls")
        return self._rolls.pop(0)

    def pick(self, options: Sequence[T]) -> T:
        if not options:
            raise ValueError("nothing to pick from")
        if self._picks:
            wanted = self._picks.pop(0)
            if wanted in options:
                return wanted  # type: ignore[return-value]
            if isinstance(wanted, int) and 0 <= wanted < len(options):
                return options[wanted]
            raise DiceExhaustedError(f"scripted pick {wanted!r} is not among {list(options)!r}")
        return options[0]

    def shuffle(self, items: list[T]) -> None:
        return None
