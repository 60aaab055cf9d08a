"""The cooperative variant's own state ("Kooperativ gegen extraharte Monster", issue 18).

One record on ``State.coop``, present only in co-op games: an ordinary game's state has ``coop=None``
and its JSON has no ``coop`` key at all, so stored and golden games stay byte for byte what they were.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

VARIANT = "coop"
# "Es gibt nur drei Heldentaten: 'Befreie Daphne', die 'Axt der Zwerge' und die 'goldene Kugel'" (COOP-54).
DEEDS = ("befreie_daphne", "axt_der_zwerge", "goldene_kugel")
SERVANTS_PER_STEP = 3  # "Je drei tote Diener erhöhen den Wert aller Diener, Wächter und des Namenlosen um -1"


@dataclass
class CoopState:
    automatic: bool = True            # no player leads the villains: the Diener march by themselves (COOP-25)
    servants_dead: int = 0            # every three make all villains one point harder (COOP-30)
    waiting: list[int] = field(default_factory=list)  # seats still to have a turn before the Diener move (COOP-12)
    marching: bool = False            # the Diener are in play and have waited for every hero (COOP-12)
    lost: bool = False                # all four fires were taken: the heroes lost together (COOP-14, COOP-17)
    groups: list[list[int]] = field(default_factory=list)  # seats moving together, each sorted (COOP-04)
    # A group's reward being agreed on (COOP-08): token, leader, recipient, members still to agree, proposed.
    reward: dict[str, Any] | None = None

    def villain_penalty(self) -> int:
        """What the dead Diener add to every villain's modifier: -1 per three (COOP-30, COOP-31, COOP-32)."""
        return -(self.servants_dead // SERVANTS_PER_STEP)

    def clone(self) -> CoopState:
        reward = None if self.reward is None else {k: list(v) if isinstance(v, list) else v
                                                   for k, v in self.reward.items()}
        return CoopState(self.automatic, self.servants_dead, list(self.waiting), self.marching, self.lost,
                         [list(g) for g in self.groups], reward)

    def group_of(self, seat: int) -> list[int]:
        """The seats of the seat's group, or just the seat itself."""
        return next((g for g in self.groups if seat in g), [seat])

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoopState:
        return cls(**data)
