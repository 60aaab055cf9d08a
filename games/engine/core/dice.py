"""All chance in the engine goes through a Dice object handed to ``apply``.

Two derivations exist; a game keeps the one it was created with (``Game.dice_version``):

- **v1** (``SeededDice``): each action's generator is seeded from SHA-256 of the secret seed and the
  action's sequence number. A take-back followed by a resubmit gets another sequence number and so
  other dice: kept only so that games stored before v2 replay as they were played.
- **v2** (``CounterDice``, the current one): every single draw takes the next value of the game's
  chance-draw counter (``State.chance_draws``) and derives its number as HMAC-SHA-256 with the seed
  as key and the counter as message, with rejection sampling for an unbiased result. The counter is
  part of the state, so after a take-back it is back where it was and a redo draws exactly the
  same. The algorithm is language-independent and written down in ``docs/dice.md`` so that anyone
  can recompute a finished game's dice from the revealed seed.

Tests hand in ScriptedDice with the exact rolls they want.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from .errors import DiceExhaustedError

T = TypeVar("T")

# The derivation of new games. Bump when it changes; old games replay with the version they were played with.
DICE_VERSION = 2
DICE_VERSIONS = (1, 2)


class Dice(Protocol):
    def d6(self) -> int: ...

    def pick(self, options: Sequence[T]) -> T: ...

    def shuffle(self, items: list[T]) -> None: ...


class SeededDice:
    """Version 1: one generator per action, seeded from the seed and the action's sequence number."""

    version = 1

    def __init__(self, seed: str, sequence: int) -> None:
        digest = hashlib.sha256(f"v1:{seed}:{sequence}".encode()).digest()
        self._random = random.Random(int.from_bytes(digest[:16], "big"))
        self.draws = 0  # how many chance draws this action made (a step with any is sealed)

    def d6(self) -> int:
        self.draws += 1
        return self._random.randint(1, 6)

    def pick(self, options: Sequence[T]) -> T:
        if not options:
            raise ValueError("nothing to pick from")
        self.draws += 1
        return options[self._random.randrange(len(options))]

    def shuffle(self, items: list[T]) -> None:
        self.draws += 1
        self._random.shuffle(items)


# --- version 2 ------------------------------------------------------------------------------------
def hmac_block(seed: str, counter: int) -> bytes:
    """HMAC-SHA-256, key = the seed's UTF-8 bytes, message = the counter as 8 bytes big-endian."""
    return hmac.new(seed.encode(), counter.to_bytes(8, "big"), hashlib.sha256).digest()


def uniform_below(seed: str, counter: int, n: int) -> tuple[int, int]:
    """An unbiased number in ``[0, n)`` from the counter on; returns it and the next free counter.

    The first 8 bytes of the HMAC, read as an unsigned big-endian integer x, are accepted when
    x < 2**64 - (2**64 mod n), giving x mod n; otherwise the next counter value is tried.
    """
    if n < 1:
        raise ValueError("nothing to pick from")
    limit = 2**64 - (2**64 % n)
    while True:
        x = int.from_bytes(hmac_block(seed, counter)[:8], "big")
        counter += 1
        if x < limit:
            return x % n, counter


class CounterDice:
    """Version 2: each draw is derived from the seed and the game's chance-draw counter.

    ``apply`` binds the dice to the state it builds (``bind``), so the counter is read from and
    written back to ``State.chance_draws``; unbound dice count from ``counter``.
    """

    version = 2

    def __init__(self, seed: str, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter
        self.draws = 0
        self._state: Any = None

    def bind(self, state: Any) -> None:
        self._state = state
        self.counter = state.chance_draws

    def _below(self, n: int) -> int:
        value, self.counter = uniform_below(self.seed, self.counter, n)
        self.draws += 1
        if self._state is not None:
            self._state.chance_draws = self.counter
        return value

    def d6(self) -> int:
        return 1 + self._below(6)

    def pick(self, options: Sequence[T]) -> T:
        if not options:
            raise ValueError("nothing to pick from")
        return options[self._below(len(options))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates from the end: for i = len-1 down to 1, swap item i with item j, j uniform in [0, i]."""
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]


def dice_for(version: int, seed: str, sequence: int) -> SeededDice | CounterDice:
    """The production dice of a game of the given dice version for the action numbered ``sequence``."""
    if version == 1:
        return SeededDice(seed, sequence)
    if version == 2:
        return CounterDice(seed)
    raise ValueError(f"unknown dice version {version}")


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
        self.draws = 0

    @property
    def remaining(self) -> int:
        return len(self._rolls)

    def d6(self) -> int:
        if not self._rolls:
            raise DiceExhaustedError("the test scripted no more d6 rolls")
        self.draws += 1
        return self._rolls.pop(0)

    def pick(self, options: Sequence[T]) -> T:
        if not options:
            raise ValueError("nothing to pick from")
        self.draws += 1
        if self._picks:
            wanted = self._picks.pop(0)
            if wanted in options:
                return wanted  # type: ignore[return-value]
            if isinstance(wanted, int) and 0 <= wanted < len(options):
                return options[wanted]
            raise DiceExhaustedError(f"scripted pick {wanted!r} is not among {list(options)!r}")
        return options[0]

    def shuffle(self, items: list[T]) -> None:
        self.draws += 1
        return None
