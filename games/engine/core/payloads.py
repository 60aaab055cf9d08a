"""What a pending decision remembers until it is answered: one frozen record per shape of decision.

A rule that asks (``pending.ask``) hands over the record its answer handler will need; the handler
reads it back typed with ``Pending.payload(Cls)``, which checks the class. ``PAYLOADS`` says which
record each decision kind carries, so a stored state reads its decisions back into the right class.

The JSON of a record is the dict the decision's ``context`` held before it was typed: the same keys
and values, so stored games load and golden games hash as they did. A record that holds another record
(a probe in progress, the dragon's way through the heroes) converts it here, at the codec boundary.
Only the record a probe's purpose keeps for its handler (``Probe.data``) stays a JSON dict: each purpose
(fight, contest, training ...) keeps its own, and the probe machinery passes it through unread.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, TypeVar

_P = TypeVar("_P", bound="Payload")


@dataclass(frozen=True)
class Payload:
    """A decision that remembers nothing but its options (where the dead hero's things go, which gift)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls: type[_P], data: dict[str, Any]) -> _P:
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown keys of a {cls.__name__} decision: {sorted(unknown)}")
        return cls(**data)


@dataclass(frozen=True)
class RuleReason(Payload):
    """Which LP or EW to lose: the rule and the reason the loss is recorded with."""

    rule: str
    reason: str


@dataclass(frozen=True)
class TokenChoice(Payload):
    """A decision about one token: a broken armour, a drawn face-down token, the Ork's companion."""

    token: str


@dataclass(frozen=True)
class HellsehenChoice(Payload):
    """Draw at random or cast Hellsehen (the spell token) instead; ``reason`` is the draw's."""

    token: str
    reason: str


@dataclass(frozen=True)
class BagSearch(Payload):
    """Which face to take from the bag (Hellsehen, Hellseherin), under the rule that allowed it."""

    rule: str


@dataclass(frozen=True)
class HeirChoice(Payload):
    """What the heir keeps; everything else lies on ``field``."""

    field: str


@dataclass(frozen=True)
class Probe:
    """A probe in progress (effects/probes.py): whose, in which skill at which modifier, and what for.

    ``purpose`` names the handler that continues the rule once the probe is decided, and ``data`` is
    that purpose's own record (the token fought, the contest's progress ...). ``training``: no item
    bonuses, and the two highest dice are the best (Ausbildung); ``printed``: against the printed value
    (Doppelgänger); ``bonus``: added to the target (Unsichtbarkeit in a fight). ``target`` and ``dice``
    are set once the dice are rolled; a probe waiting for its boost has neither.
    """

    seat: int
    skill: str
    mod: int
    purpose: str
    data: dict[str, Any] = field(default_factory=dict)
    training: bool = False
    printed: bool = False
    bonus: int = 0
    target: int | None = None
    dice: tuple[int, ...] | None = None

    def rolled(self, target: int, dice: list[int]) -> Probe:
        return replace(self, target=target, dice=tuple(dice))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "skill": self.skill, "mod": self.mod, "purpose": self.purpose,
                                "data": dict(self.data), "training": self.training, "printed": self.printed,
                                "bonus": self.bonus}
        if self.target is not None:
            data["target"] = self.target
        if self.dice is not None:
            data["dice"] = list(self.dice)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Probe:
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown keys of a probe: {sorted(unknown)}")
        dice = data.get("dice")
        return cls(**{**data, "data": dict(data.get("data") or {}),
                      "dice": None if dice is None else tuple(dice)})


@dataclass(frozen=True)
class ProbeStep(Payload):
    """A probe waiting for a boost or for the dice to keep (effects/probes.py)."""

    probe: Probe

    def to_json(self) -> dict[str, Any]:
        return {"probe": self.probe.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ProbeStep:
        return cls(probe=Probe.from_json(data["probe"]))


@dataclass(frozen=True)
class MakeRoomChoice(Payload):
    """No room for a reward (``token``): drop an item for it or leave it on ``field``."""

    token: str
    rule: str
    field: str


@dataclass(frozen=True)
class XpChoice(Payload):
    """The colour of one EW won; ``rest`` are the choices still to come, ``taken`` the colours so far,
    ``distinct`` whether they must differ (FIGHT-12)."""

    rest: list[list[str]]
    taken: list[str]
    distinct: bool
    rule: str
    reason: str


@dataclass(frozen=True)
class DragonRound:
    """The dragon's way through the heroes in a Raub or an Attacke (rulings R-29, R-30): the seats in
    turn order from the drawer on, and the index of the next one to face it (stored under "i");
    ``token`` is the Attacke's event token, whose modifiers the probes use (a Raub has none)."""

    order: tuple[int, ...]
    next: int = 0
    token: str | None = None

    @property
    def over(self) -> bool:
        return self.next >= len(self.order)

    @property
    def seat(self) -> int:
        """The seat facing the dragon now."""
        return self.order[self.next]

    def advanced(self) -> DragonRound:
        return replace(self, next=self.next + 1)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"order": list(self.order), "i": self.next}
        if self.token is not None:
            data["token"] = self.token
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DragonRound:
        unknown = set(data) - {"order", "i", "token"}
        if unknown:
            raise ValueError(f"unknown keys of the dragon's round: {sorted(unknown)}")
        return cls(order=tuple(data["order"]), next=data["i"], token=data.get("token"))


@dataclass(frozen=True)
class DragonStep(Payload):
    """A hero's turn in the dragon's attack (stored under "data")."""

    round: DragonRound

    def to_json(self) -> dict[str, Any]:
        return {"data": self.round.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DragonStep:
        return cls(round=DragonRound.from_json(data["data"]))


@dataclass(frozen=True)
class RobberyChoice(Payload):
    """Pay the dragon's robber or cast Unsichtbarkeit (``token``); ``round`` goes on with the hero after
    this one (stored under "data")."""

    round: DragonRound
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"data": self.round.to_json(), "token": self.token}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RobberyChoice:
        unknown = set(data) - {"data", "token"}
        if unknown:
            raise ValueError(f"unknown keys of a RobberyChoice decision: {sorted(unknown)}")
        return cls(round=DragonRound.from_json(data["data"]), token=data["token"])


@dataclass(frozen=True)
class SwapSecond(Payload):
    """The Leitsage's second card, to swap with the ``first`` cell."""

    first: int


@dataclass(frozen=True)
class Offer(Payload):
    """A Basar offer of ``token`` by the ``seller`` seat."""

    token: str
    seller: int


@dataclass(frozen=True)
class DieChoice(Payload):
    """Which of the rolled dice to keep, and what for (stored under the key "for", a Python keyword)."""

    purpose: str

    def to_json(self) -> dict[str, Any]:
        return {"for": self.purpose}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DieChoice:
        return cls(purpose=data["for"])


@dataclass(frozen=True)
class GroupInvite(Payload):
    """Co-op: the ``leader`` seat asks to form a group with the asked seat (rules/groups.py)."""

    leader: int


@dataclass
class FightProgress:
    """A fight against one token, heart by heart (rules/combat.py): the record a fight's probe carries
    as its ``Probe.data`` and a group's choice of fighter keeps. ``heart`` counts the hearts beaten or
    begun; ``lightning``: the Blitzschlag's magic probes. Co-op (``coop``): the extra-hard procedure,
    ``leader`` the hero whose turn it is, ``ambush`` a Diener's attack out of turn, ``won`` the probes
    passed so far (COOP-01..03, COOP-06, COOP-21).

    Mutable on purpose: one fight's probes advance it in turn. Its JSON keeps the keys of the dict it
    replaced, in the same order, leaving out the co-op keys an ordinary fight never had.
    """

    token: str
    skill: str
    heart: int
    hearts: int
    lightning: bool = False
    coop: bool = False
    leader: int | None = None
    ambush: bool = False
    won: int = 0

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"token": self.token, "skill": self.skill, "heart": self.heart,
                                "hearts": self.hearts, "lightning": self.lightning}
        if self.coop:
            data["coop"] = True
        if self.leader is not None:
            data["leader"] = self.leader
        if self.ambush:
            data["ambush"] = True
        if self.won:
            data["won"] = self.won
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FightProgress:
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown keys of a fight: {sorted(unknown)}")
        return cls(**data)


@dataclass(frozen=True)
class GroupFight(Payload):
    """Co-op: which group member takes the next heart's probe; ``fight`` is the fight's progress, which
    the combat rules pass on to the chosen member's probe (rules/combat.py)."""

    fight: FightProgress

    def to_json(self) -> dict[str, Any]:
        return {"fight": self.fight.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GroupFight:
        return cls(fight=FightProgress.from_json(data["fight"]))


@dataclass(frozen=True)
class RewardProposal(Payload):
    """Co-op: agree or refuse that seat ``to`` receives the group's reward (rules/combat.py, R-237)."""

    to: int


@dataclass(frozen=True)
class Lesson(Payload):
    """Co-op: a group member may take the lesson of the trainer ``token`` in ``skill`` too (COOP-43)."""

    token: str
    skill: str


# Every decision kind and the record it carries (tests/engine/test_payloads.py: all kinds are here).
PAYLOADS: dict[str, type[Payload]] = {
    "attack_loss": DragonStep,
    "attack_skill": DragonStep,
    "bag_search": BagSearch,
    "boss_fighter": Payload,
    "broken_armour": TokenChoice,
    "choose_die": DieChoice,
    "choose_gift": Payload,
    "choose_xp": XpChoice,
    "companion": TokenChoice,
    "coop_potion": Payload,
    "death_field": Payload,
    "dragon_robbery": RobberyChoice,
    "group_fighter": GroupFight,
    "group_lesson": Lesson,
    "hellsehen": HellsehenChoice,
    "join_group": GroupInvite,
    "keep_dice": ProbeStep,
    "keep_item": HeirChoice,
    "lose_lp": RuleReason,
    "lose_xp": RuleReason,
    "make_room": MakeRoomChoice,
    "offer": Offer,
    "place_token": TokenChoice,
    "probe_boost": ProbeStep,
    "reward_agree": RewardProposal,
    "reward_to": Payload,
    "swap_first": Payload,
    "swap_second": SwapSecond,
    "teleport_to": Payload,
}


def payload_from_json(kind: str, data: dict[str, Any]) -> Payload:
    return PAYLOADS[kind].from_json(data)
