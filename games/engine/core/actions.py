"""Actions: every decision a seat makes, typed, serialisable and described by a small schema.

Each kind is a frozen dataclass. ``PARAMS`` describes its parameters so the web forms and the
REST API can offer any legal action without code of their own for each kind; ``parse_action``
turns untrusted JSON into an action or raises ``MalformedActionError`` naming what is wrong.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, TypeVar

from .errors import MalformedActionError


@dataclass(frozen=True)
class Param:
    name: str
    type: str            # "hero", "cell", "field", "choice", "token", "int"
    optional: bool = False


@dataclass(frozen=True)
class Action:
    KIND: ClassVar[str] = ""
    PARAMS: ClassVar[tuple[Param, ...]] = ()

    @property
    def kind(self) -> str:
        return self.KIND

    def params(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.KIND, **self.params()}

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in self.params().items() if v is not None)
        return f"{self.KIND}({args})" if args else self.KIND


_A = TypeVar("_A", bound=Action)


def _kind(cls: type[_A]) -> type[_A]:
    ACTION_KINDS[cls.KIND] = cls
    return cls


ACTION_KINDS: dict[str, type[Action]] = {}


# --- Setup ----------------------------------------------------------------------------------------
@_kind
@dataclass(frozen=True)
class ChooseHero(Action):
    KIND = "choose_hero"
    PARAMS = (
        Param("hero", "hero"),
        Param("spell", "token", True),
    )
    hero: str
    spell: str | None = None


@_kind
@dataclass(frozen=True)
class PlaceRegion(Action):
    KIND = "place_region"
    PARAMS = (Param("cell", "cell"),)
    cell: int


@_kind
@dataclass(frozen=True)
class PlaceManor(Action):
    KIND = "place_manor"
    PARAMS = (Param("field", "field"),)
    field: str


@_kind
@dataclass(frozen=True)
class ChooseAxis(Action):
    KIND = "choose_axis"
    PARAMS = (Param("axis", "choice"),)
    axis: str            # "north_south" or "east_west"


# --- Turn -------------------------------------------------------------------------------------------
@_kind
@dataclass(frozen=True)
class BeginTurn(Action):
    KIND = "begin_turn"


@_kind
@dataclass(frozen=True)
class ChooseMovement(Action):
    KIND = "choose_movement"
    PARAMS = (Param("mode", "choice"),)
    mode: str


@_kind
@dataclass(frozen=True)
class Move(Action):
    KIND = "move"
    PARAMS = (Param("to", "field"),)
    to: str


@_kind
@dataclass(frozen=True)
class Fly(Action):
    KIND = "fly"
    PARAMS = (Param("to", "field"),)
    to: str


@_kind
@dataclass(frozen=True)
class Jump(Action):
    KIND = "jump"
    PARAMS = (Param("to", "field"),)
    to: str


@_kind
@dataclass(frozen=True)
class UseTeleporter(Action):
    KIND = "use_teleporter"


@_kind
@dataclass(frozen=True)
class RollLabyrinth(Action):
    KIND = "roll_labyrinth"


@_kind
@dataclass(frozen=True)
class ChooseDie(Action):
    KIND = "choose_die"
    PARAMS = (Param("value", "choice"),)
    value: int


@_kind
@dataclass(frozen=True)
class LoseLp(Action):
    KIND = "lose_lp"
    PARAMS = (Param("source", "choice"),)
    source: str          # "natural" or the token id of the armour/shield/ring that absorbs it


@_kind
@dataclass(frozen=True)
class KeepItem(Action):
    KIND = "keep_item"
    PARAMS = (Param("token", "choice"),)
    token: str


@_kind
@dataclass(frozen=True)
class EndMovement(Action):
    KIND = "end_movement"


@_kind
@dataclass(frozen=True)
class EndTurn(Action):
    KIND = "end_turn"


def _coerce(param: Param, value: Any, kind: str) -> Any:
    if value is None:
        if param.optional:
            return None
        raise MalformedActionError(f"{kind}: parameter {param.name!r} is required")
    if param.type in {"cell", "int"} or (param.type == "choice" and isinstance(value, int)):
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.lstrip("-").isdigit():
                return int(value)
            if param.type == "choice" and isinstance(value, str):
                return value
            raise MalformedActionError(f"{kind}: parameter {param.name!r} must be a whole number, not {value!r}")
        return value
    if not isinstance(value, str) or not value or len(value) > 64:
        raise MalformedActionError(f"{kind}: parameter {param.name!r} must be a short text, not {value!r}")
    return value


def parse_action(data: Any) -> Action:
    """Build an action from untrusted data such as ``{"kind": "move", "to": "F2"}``."""
    if isinstance(data, Action):
        return data
    if not isinstance(data, dict):
        raise MalformedActionError("an action is an object with a 'kind'")
    kind = data.get("kind")
    cls = ACTION_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedActionError(f"unknown action kind {kind!r}; known: {', '.join(sorted(ACTION_KINDS))}")
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names - {"kind"}
    if unknown:
        raise MalformedActionError(f"{kind}: unknown parameter(s) {', '.join(sorted(unknown))}")
    assert isinstance(kind, str)  # a kind that is not a text found no class above
    values = {}
    for param in cls.PARAMS:
        values[param.name] = _coerce(param, data.get(param.name), kind)
    return cls(**values)


@_kind
@dataclass(frozen=True)
class ChooseGift(Action):
    KIND = "choose_gift"
    PARAMS = (Param("choice", "choice"),)
    choice: str          # "gold" or the face of a spell among the city-of-mages tokens (e.g. "vision")


# --- Action phase (rules engine II) ------------------------------------------------------------------
@_kind
@dataclass(frozen=True)
class Fight(Action):
    KIND = "fight"
    PARAMS = (
        Param("token", "token"),
        Param("skill", "choice"),
    )
    token: str
    skill: str


@_kind
@dataclass(frozen=True)
class FightLightning(Action):
    KIND = "fight_lightning"
    PARAMS = (Param("token", "token"),)
    token: str


@_kind
@dataclass(frozen=True)
class Evade(Action):
    KIND = "evade"


@_kind
@dataclass(frozen=True)
class PickUp(Action):
    KIND = "pick_up"
    PARAMS = (Param("token", "token"),)
    token: str


@_kind
@dataclass(frozen=True)
class DropItem(Action):
    KIND = "drop_item"
    PARAMS = (Param("token", "token"),)
    token: str


@_kind
@dataclass(frozen=True)
class UseItem(Action):
    KIND = "use_item"
    PARAMS = (
        Param("token", "token"),
        Param("amount", "int", True),
    )
    token: str
    amount: int | None = None


@_kind
@dataclass(frozen=True)
class CastSpell(Action):
    KIND = "cast_spell"
    PARAMS = (
        Param("token", "token"),
        Param("field", "field", True),
    )
    token: str
    field: str | None = None


@_kind
@dataclass(frozen=True)
class AcceptQuest(Action):
    KIND = "accept_quest"
    PARAMS = (
        Param("token", "token"),
        Param("swap", "token", True),
    )
    token: str
    swap: str | None = None


@_kind
@dataclass(frozen=True)
class DropQuest(Action):
    KIND = "drop_quest"
    PARAMS = (Param("token", "token"),)
    token: str


@_kind
@dataclass(frozen=True)
class FulfilQuest(Action):
    KIND = "fulfil_quest"
    PARAMS = (Param("token", "token"),)
    token: str


@_kind
@dataclass(frozen=True)
class UseEncounter(Action):
    KIND = "use_encounter"
    PARAMS = (
        Param("token", "token"),
        Param("option", "choice", True),
    )
    token: str
    option: str | None = None


@_kind
@dataclass(frozen=True)
class CallBazaar(Action):
    KIND = "call_bazaar"


@_kind
@dataclass(frozen=True)
class Buy(Action):
    KIND = "buy"
    PARAMS = (Param("token", "token"),)
    token: str


@_kind
@dataclass(frozen=True)
class OfferItem(Action):
    KIND = "offer_item"
    PARAMS = (
        Param("token", "token"),
        Param("seat", "int"),
    )
    token: str
    seat: int


@_kind
@dataclass(frozen=True)
class Rest(Action):
    KIND = "rest"


@_kind
@dataclass(frozen=True)
class PaladinHeal(Action):
    KIND = "paladin_heal"


@_kind
@dataclass(frozen=True)
class Steal(Action):
    KIND = "steal"
    PARAMS = (Param("seat", "int"),)
    seat: int


@_kind
@dataclass(frozen=True)
class SetDicePolicy(Action):
    KIND = "set_dice_policy"
    PARAMS = (Param("policy", "choice"),)
    policy: str          # "best" or "ask"


# --- Answers to pending decisions (rules engine II) ------------------------------------------------------
@_kind
@dataclass(frozen=True)
class KeepDice(Action):
    KIND = "keep_dice"
    PARAMS = (Param("dice", "choice"),)
    dice: str            # "a+b"


@_kind
@dataclass(frozen=True)
class UseBoost(Action):
    KIND = "use_boost"
    PARAMS = (Param("boost", "choice"),)
    boost: str           # "none" or the token id of the one-use spell


@_kind
@dataclass(frozen=True)
class ChooseXp(Action):
    KIND = "choose_xp"
    PARAMS = (Param("colour", "choice"),)
    colour: str


@_kind
@dataclass(frozen=True)
class PlaceToken(Action):
    KIND = "place_token"
    PARAMS = (Param("field", "field"),)
    field: str


@_kind
@dataclass(frozen=True)
class MakeRoom(Action):
    KIND = "make_room"
    PARAMS = (Param("token", "choice"),)
    token: str


@_kind
@dataclass(frozen=True)
class AnswerOffer(Action):
    KIND = "answer_offer"
    PARAMS = (Param("answer", "choice"),)
    answer: str          # "decline", "buy" or "buy:<token to drop for room>"


@_kind
@dataclass(frozen=True)
class ChooseField(Action):
    KIND = "choose_field"
    PARAMS = (Param("field", "field"),)
    field: str


@_kind
@dataclass(frozen=True)
class ChooseCell(Action):
    KIND = "choose_cell"
    PARAMS = (Param("cell", "cell"),)
    cell: int


@_kind
@dataclass(frozen=True)
class ChooseOption(Action):
    KIND = "choose_option"
    PARAMS = (Param("option", "choice"),)
    option: str


# --- The cooperative variant (issue 18) ------------------------------------------------------------
@_kind
@dataclass(frozen=True)
class FormGroup(Action):
    KIND = "form_group"
    PARAMS = (Param("seat", "int"),)
    seat: int


@_kind
@dataclass(frozen=True)
class HandItem(Action):
    KIND = "hand_item"
    PARAMS = (Param("token", "token"), Param("seat", "int"))
    token: str
    seat: int


@_kind
@dataclass(frozen=True)
class HandQuest(Action):
    KIND = "hand_quest"
    PARAMS = (Param("token", "token"), Param("seat", "int"))
    token: str
    seat: int


@_kind
@dataclass(frozen=True)
class ChooseSeat(Action):
    """Answers a co-op decision whose choices are seats: who fights a probe, who receives a reward."""
    KIND = "choose_seat"
    PARAMS = (Param("seat", "int"),)
    seat: int


@_kind
@dataclass(frozen=True)
class MoveServant(Action):
    """The villain player moves one Diener one field (COOP-18)."""
    KIND = "move_servant"
    PARAMS = (Param("token", "token"), Param("to", "field"))
    token: str
    to: str


@_kind
@dataclass(frozen=True)
class MarchServants(Action):
    """The automatic villain seat's one action: the Diener march as the variant says (COOP-25)."""
    KIND = "march_servants"


# --- The two ways to win (rules engine III) --------------------------------------------------------
@_kind
@dataclass(frozen=True)
class ChooseDeed(Action):
    KIND = "choose_deed"
    PARAMS = (Param("deed", "choice"),)
    deed: str


@_kind
@dataclass(frozen=True)
class FulfilDeed(Action):
    KIND = "fulfil_deed"
    PARAMS = (Param("skill", "choice", True),)
    skill: str | None = None


@_kind
@dataclass(frozen=True)
class ChallengeNamenloser(Action):
    KIND = "challenge_namenloser"
    PARAMS = (Param("skill", "choice"),)
    skill: str


@_kind
@dataclass(frozen=True)
class ChallengeDragon(Action):
    KIND = "challenge_dragon"
    PARAMS = (Param("skill", "choice"),)
    skill: str
