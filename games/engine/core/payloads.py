"""What a pending decision remembers until it is answered: one frozen record per shape of decision.

A rule that asks (``pending.ask``) hands over the record its answer handler will need; the handler
reads it back typed with ``Pending.payload(Cls)``, which checks the class. ``PAYLOADS`` says which
record each decision kind carries, so a stored state reads its decisions back into the right class.

The JSON of a record is the dict the decision's ``context`` held before it was typed: the same keys
and values, so stored games load and golden games hash as they did. Probe records (``probe``) and the
dragon's progress through the heroes (``data``) stay dicts: they belong to the probe machinery, which
passes them through unread.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
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
class ProbeStep(Payload):
    """A probe waiting for a boost or for the dice to keep (effects/probes.py)."""

    probe: dict[str, Any]


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
class DragonStep(Payload):
    """A hero's turn in the dragon's attack (``data``: the order of heroes and who is next)."""

    data: dict[str, Any]


@dataclass(frozen=True)
class RobberyChoice(Payload):
    """Pay the dragon's robber or cast Unsichtbarkeit (``token``)."""

    data: dict[str, Any]
    token: str


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


@dataclass(frozen=True)
class GroupFight(Payload):
    """Co-op: which group member takes the next heart's probe; ``fight`` is the fight's progress, which
    the combat rules pass on to the chosen member's probe (rules/combat.py)."""

    fight: dict[str, Any]


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
