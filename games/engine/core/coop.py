"""The cooperative variant's own state ("Kooperativ gegen extraharte Monster", issue 18).

One record on ``State.coop``, present only in co-op games: an ordinary game's state has ``coop=None``
and its JSON has no ``coop`` key at all, so stored and golden games stay byte for byte what they were.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State

VARIANT = "coop"
# Who leads the villains (COOP-13, COOP-25): a person on the villain seat, or the automatic march run as that
# seat's one action. Without a villain seat (None) the Diener march inside the round's last hero's end of turn.
PLAYER = "player"
AUTOMATIC = "automatic"
VILLAINS = (PLAYER, AUTOMATIC)
VILLAIN_POINTS = 5       # "Der Spieler des Namenlosen hat pro Runde 5 Bewegungspunkte für die Diener" (COOP-18)
POINTS_PER_SERVANT = 3   # "wobei er maximal 3 Punkte für einen Diener verwenden darf"
# "Es gibt nur drei Heldentaten: 'Befreie Daphne', die 'Axt der Zwerge' und die 'goldene Kugel'" (COOP-54).
DEEDS = ("befreie_daphne", "axt_der_zwerge", "goldene_kugel")
SERVANTS_PER_STEP = 3  # "Je drei tote Diener erhöhen den Wert aller Diener, Wächter und des Namenlosen um -1"


@dataclass
class CoopReward:
    """A group's reward being agreed on (COOP-08, ruling R-237): the ``token`` beaten under ``leader``'s
    turn, the member proposed last (``recipient``), the members still to agree (``waiting``), every member
    proposed so far, and whether it was a Diener's attack out of turn (``ambush``: no bag draw)."""

    token: str
    leader: int
    recipient: int | None = None
    waiting: list[int] = field(default_factory=list)
    proposed: list[int] = field(default_factory=list)
    ambush: bool = False

    def clone(self) -> CoopReward:
        return CoopReward(self.token, self.leader, self.recipient, list(self.waiting), list(self.proposed),
                          self.ambush)


@dataclass
class CoopState:
    automatic: bool = True            # no player leads the villains: the Diener march by themselves (COOP-25)
    servants_dead: int = 0            # every three make all villains one point harder (COOP-30)
    waiting: list[int] = field(default_factory=list)  # seats still to have a turn before the Diener move (COOP-12)
    marching: bool = False            # the Diener are in play and have waited for every hero (COOP-12)
    lost: bool = False                # all four fires were taken: the heroes lost together (COOP-14, COOP-17)
    groups: list[list[int]] = field(default_factory=list)  # seats moving together, each sorted (COOP-04)
    reward: CoopReward | None = None  # a group's reward being agreed on (COOP-08)
    villain: str | None = None        # PLAYER, AUTOMATIC, or None: no villain seat (see villain_seat)
    spent: dict[str, int] = field(default_factory=dict)  # the villain's turn: points spent on each Diener
    halted: list[str] = field(default_factory=list)      # the villain's turn: Diener that stopped (token, hero, fire)

    def villain_penalty(self) -> int:
        """What the dead Diener add to every villain's modifier: -1 per three (COOP-30, COOP-31, COOP-32)."""
        return -(self.servants_dead // SERVANTS_PER_STEP)

    def clone(self) -> CoopState:
        reward = None if self.reward is None else self.reward.clone()
        return CoopState(self.automatic, self.servants_dead, list(self.waiting), self.marching, self.lost,
                         [list(g) for g in self.groups], reward, self.villain, dict(self.spent), list(self.halted))

    def group_of(self, seat: int) -> list[int]:
        """The seats of the seat's group, or just the seat itself."""
        return next((g for g in self.groups if seat in g), [seat])

    def points_left(self) -> int:
        """The villain player's movement points left in his turn (COOP-18)."""
        return VILLAIN_POINTS - sum(self.spent.values())

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        # A co-op game without a villain seat keeps the JSON it had before the seat existed.
        for key in ("villain", "spent", "halted"):
            if not data[key]:
                del data[key]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CoopState:
        reward = data.get("reward")
        return cls(**{**data, "reward": None if reward is None else CoopReward(**reward)})


# --- the villain seat (issue 18): what a site needs to seat it like any other seat ---------------------------
def villain_seat(state: State) -> int | None:
    """The villain seat's index, or None when the game has none. It is the last seat, one past the heroes:
    ``state.seats`` counts the heroes only, so every hero loop of the engine stays as it was."""
    coop = state.coop
    return state.seats if coop is not None and coop.villain is not None else None


def is_villain(state: State, seat: int | None) -> bool:
    return seat is not None and seat == villain_seat(state)


def seat_count(state: State) -> int:
    """All seats a site must fill: the heroes, and the villain seat if there is one."""
    return state.seats + (1 if villain_seat(state) is not None else 0)


def outcome(state: State) -> str | None:
    """How a finished co-op game ended: "heroes" (the Namenloser beaten), "villain" (a villain player took
    all four fires or beat a group of three), "lost" (the same without a villain player: everyone lost);
    None while the game runs or in an ordinary game."""
    coop = state.coop
    if coop is None or state.phase.value != "finished":
        return None
    if not coop.lost:
        return "heroes"
    return "villain" if coop.villain == PLAYER else "lost"
