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
    label_en: str
    label_de: str
    optional: bool = False


@dataclass(frozen=True)
class Action:
    KIND: ClassVar[str] = ""
    PARAMS: ClassVar[tuple[Param, ...]] = ()
    LABEL_EN: ClassVar[str] = ""
    LABEL_DE: ClassVar[str] = ""

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
    LABEL_EN, LABEL_DE = "Choose your hero", "Held wählen"
    PARAMS = (
        Param("hero", "hero", "Hero", "Held"),
        Param("spell", "token", "Spell instead of 3 gold (Mage)", "Zauberspruch statt 3 Gold (Magier)", True),
    )
    hero: str
    spell: str | None = None


@_kind
@dataclass(frozen=True)
class PlaceRegion(Action):
    KIND = "place_region"
    LABEL_EN, LABEL_DE = "Place your region card", "Gebietskarte legen"
    PARAMS = (Param("cell", "cell", "Square (row*5+column)", "Feld im Quadrat (Zeile*5+Spalte)"),)
    cell: int


@_kind
@dataclass(frozen=True)
class PlaceManor(Action):
    KIND = "place_manor"
    LABEL_EN, LABEL_DE = "Place your manor", "Herrenhaus setzen"
    PARAMS = (Param("field", "field", "Beige field beside the manor", "Beiges Feld vor dem Herrenhaus"),)
    field: str


@_kind
@dataclass(frozen=True)
class ChooseAxis(Action):
    KIND = "choose_axis"
    LABEL_EN = "Axis for your card's two face-down tokens"
    LABEL_DE = "Achse für die zwei verdeckten Marken deiner Karte"
    PARAMS = (Param("axis", "choice", "Axis", "Achse"),)
    axis: str            # "north_south" or "east_west"


# --- Turn -------------------------------------------------------------------------------------------
@_kind
@dataclass(frozen=True)
class BeginTurn(Action):
    KIND = "begin_turn"
    LABEL_EN, LABEL_DE = "Begin the turn (start-of-turn rolls)", "Zug beginnen (Würfe zu Zugbeginn)"


@_kind
@dataclass(frozen=True)
class ChooseMovement(Action):
    KIND = "choose_movement"
    LABEL_EN, LABEL_DE = "Choose how to move this turn", "Bewegungsart für diesen Zug wählen"
    PARAMS = (Param("mode", "choice", "Movement", "Bewegung"),)
    mode: str


@_kind
@dataclass(frozen=True)
class Move(Action):
    KIND = "move"
    LABEL_EN, LABEL_DE = "Move one field", "Ein Feld ziehen"
    PARAMS = (Param("to", "field", "To field", "Zielfeld"),)
    to: str


@_kind
@dataclass(frozen=True)
class Fly(Action):
    KIND = "fly"
    LABEL_EN, LABEL_DE = "Fly (broom or Pegasus)", "Fliegen (Hexenbesen oder Pegasus)"
    PARAMS = (Param("to", "field", "To field", "Zielfeld"),)
    to: str


@_kind
@dataclass(frozen=True)
class Jump(Action):
    KIND = "jump"
    LABEL_EN, LABEL_DE = "Jump four fields (jumping shoes)", "Vier Felder springen (Springschuhe)"
    PARAMS = (Param("to", "field", "To field", "Zielfeld"),)
    to: str


@_kind
@dataclass(frozen=True)
class UseTeleporter(Action):
    KIND = "use_teleporter"
    LABEL_EN, LABEL_DE = "Use the teleporter (1W6)", "Teleporter benutzen (1W6)"


@_kind
@dataclass(frozen=True)
class RollLabyrinth(Action):
    KIND = "roll_labyrinth"
    LABEL_EN, LABEL_DE = "Roll in the labyrinth (1W6)", "Im Labyrinth würfeln (1W6)"


@_kind
@dataclass(frozen=True)
class ChooseDie(Action):
    KIND = "choose_die"
    LABEL_EN, LABEL_DE = "Choose a die", "Würfel wählen"
    PARAMS = (Param("value", "choice", "Die", "Würfel"),)
    value: int


@_kind
@dataclass(frozen=True)
class LoseLp(Action):
    KIND = "lose_lp"
    LABEL_EN, LABEL_DE = "Choose which LP to lose", "Wählen, welcher LP verloren geht"
    PARAMS = (Param("source", "choice", "LP", "LP"),)
    source: str          # "natural" or the token id of the armour/shield/ring that absorbs it


@_kind
@dataclass(frozen=True)
class KeepItem(Action):
    KIND = "keep_item"
    LABEL_EN, LABEL_DE = "Choose the item your heir inherits", "Gegenstand wählen, den der Erbe behält"
    PARAMS = (Param("token", "choice", "Item", "Gegenstand"),)
    token: str


@_kind
@dataclass(frozen=True)
class EndMovement(Action):
    KIND = "end_movement"
    LABEL_EN, LABEL_DE = "End movement", "Bewegung beenden"


@_kind
@dataclass(frozen=True)
class EndTurn(Action):
    KIND = "end_turn"
    LABEL_EN, LABEL_DE = "End the turn", "Zug beenden"


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
    LABEL_EN, LABEL_DE = "Magier: 3 gold or a spell", "Magier: 3 Gold oder ein Zauberspruch"
    PARAMS = (Param("choice", "choice", "Gold or spell", "Gold oder Zauberspruch"),)
    choice: str          # "gold" or the face of a spell among the city-of-mages tokens (e.g. "vision")


# --- Action phase (rules engine II) ------------------------------------------------------------------
@_kind
@dataclass(frozen=True)
class Fight(Action):
    KIND = "fight"
    LABEL_EN, LABEL_DE = "Fight a monster", "Gegen ein Monster kämpfen"
    PARAMS = (
        Param("token", "token", "Monster", "Monster"),
        Param("skill", "choice", "Skill (a coloured point of the token)", "Fertigkeit (Farbpunkt der Marke)"),
    )
    token: str
    skill: str


@_kind
@dataclass(frozen=True)
class FightLightning(Action):
    KIND = "fight_lightning"
    LABEL_EN = "Fight with the Blitzschlag (magic, monsters without a blue point)"
    LABEL_DE = "Mit dem Blitzschlag kämpfen (Magie, Monster ohne blauen Punkt)"
    PARAMS = (Param("token", "token", "Monster", "Monster"),)
    token: str


@_kind
@dataclass(frozen=True)
class Evade(Action):
    KIND = "evade"
    LABEL_EN, LABEL_DE = "Hobbit: try to evade the fight (1-3 on 1W6)", "Hobbit: dem Kampf ausweichen (1-3 auf 1W6)"


@_kind
@dataclass(frozen=True)
class PickUp(Action):
    KIND = "pick_up"
    LABEL_EN, LABEL_DE = "Pick up an item", "Gegenstand aufnehmen"
    PARAMS = (Param("token", "token", "Item", "Gegenstand"),)
    token: str


@_kind
@dataclass(frozen=True)
class DropItem(Action):
    KIND = "drop_item"
    LABEL_EN, LABEL_DE = "Drop an item", "Gegenstand ablegen"
    PARAMS = (Param("token", "token", "Item", "Gegenstand"),)
    token: str


@_kind
@dataclass(frozen=True)
class UseItem(Action):
    KIND = "use_item"
    LABEL_EN, LABEL_DE = "Use an item (healing potion, herbs)", "Gegenstand benutzen (Heiltrank, Kräuter)"
    PARAMS = (
        Param("token", "token", "Item", "Gegenstand"),
        Param("amount", "int", "LP to heal (Roter Heiltrank)", "Zu heilende LP (Roter Heiltrank)", True),
    )
    token: str
    amount: int | None = None


@_kind
@dataclass(frozen=True)
class CastSpell(Action):
    KIND = "cast_spell"
    LABEL_EN = "Cast a spell during movement (Vision, Unsichtbarkeit)"
    LABEL_DE = "Zauber in der Bewegung wirken (Vision, Unsichtbarkeit)"
    PARAMS = (
        Param("token", "token", "Spell", "Zauberspruch"),
        Param("field", "field", "Field to look at (Vision)", "Feld zum Ansehen (Vision)", True),
    )
    token: str
    field: str | None = None


@_kind
@dataclass(frozen=True)
class AcceptQuest(Action):
    KIND = "accept_quest"
    LABEL_EN, LABEL_DE = "Accept a quest", "Aufgabe annehmen"
    PARAMS = (
        Param("token", "token", "Quest", "Aufgabe"),
        Param("swap", "token", "Quest to lay down in exchange (at four quests)",
              "Dafür abzulegende Aufgabe (bei vier Aufgaben)", True),
    )
    token: str
    swap: str | None = None


@_kind
@dataclass(frozen=True)
class DropQuest(Action):
    KIND = "drop_quest"
    LABEL_EN, LABEL_DE = "Lay down a quest", "Aufgabe ablegen"
    PARAMS = (Param("token", "token", "Quest", "Aufgabe"),)
    token: str


@_kind
@dataclass(frozen=True)
class FulfilQuest(Action):
    KIND = "fulfil_quest"
    LABEL_EN, LABEL_DE = "Fulfil a quest", "Aufgabe erfüllen"
    PARAMS = (Param("token", "token", "Quest", "Aufgabe"),)
    token: str


@_kind
@dataclass(frozen=True)
class UseEncounter(Action):
    KIND = "use_encounter"
    LABEL_EN, LABEL_DE = "Use an encounter", "Begegnung nutzen"
    PARAMS = (
        Param("token", "token", "Encounter", "Begegnung"),
        Param("option", "choice", "Choice (skill, card ...)", "Wahl (Fertigkeit, Karte ...)", True),
    )
    token: str
    option: str | None = None


@_kind
@dataclass(frozen=True)
class CallBazaar(Action):
    KIND = "call_bazaar"
    LABEL_EN, LABEL_DE = "Call a Basar", "Basar ausrufen"


@_kind
@dataclass(frozen=True)
class Buy(Action):
    KIND = "buy"
    LABEL_EN, LABEL_DE = "Buy an item of the offer", "Gegenstand aus dem Angebot kaufen"
    PARAMS = (Param("token", "token", "Item", "Gegenstand"),)
    token: str


@_kind
@dataclass(frozen=True)
class OfferItem(Action):
    KIND = "offer_item"
    LABEL_EN, LABEL_DE = "Offer an item to another player", "Gegenstand einem Mitspieler anbieten"
    PARAMS = (
        Param("token", "token", "Item", "Gegenstand"),
        Param("seat", "int", "Player (seat)", "Mitspieler (Platz)"),
    )
    token: str
    seat: int


@_kind
@dataclass(frozen=True)
class Rest(Action):
    KIND = "rest"
    LABEL_EN, LABEL_DE = "Rest for the whole turn (heal)", "Aussetzen (ganzer Zug, heilen)"


@_kind
@dataclass(frozen=True)
class PaladinHeal(Action):
    KIND = "paladin_heal"
    LABEL_EN, LABEL_DE = "Paladin: heal 1 LP (2-5 on 1W6)", "Paladin: 1 LP heilen (2-5 auf 1W6)"


@_kind
@dataclass(frozen=True)
class Steal(Action):
    KIND = "steal"
    LABEL_EN, LABEL_DE = "Flink: steal 1 gold (2W6 at most 7)", "Flink: 1 Gold stehlen (2W6 höchstens 7)"
    PARAMS = (Param("seat", "int", "From player (seat)", "Von Mitspieler (Platz)"),)
    seat: int


@_kind
@dataclass(frozen=True)
class SetDicePolicy(Action):
    KIND = "set_dice_policy"
    LABEL_EN = "Experience dice: keep the best two automatically, or ask"
    LABEL_DE = "Erfahrungswürfel: automatisch die besten zwei behalten oder fragen"
    PARAMS = (Param("policy", "choice", "Policy", "Vorgehen"),)
    policy: str          # "best" or "ask"


# --- Answers to pending decisions (rules engine II) ------------------------------------------------------
@_kind
@dataclass(frozen=True)
class KeepDice(Action):
    KIND = "keep_dice"
    LABEL_EN, LABEL_DE = "Choose the two dice that count", "Die zwei zählenden Würfel wählen"
    PARAMS = (Param("dice", "choice", "Two dice", "Zwei Würfel"),)
    dice: str            # "a+b"


@_kind
@dataclass(frozen=True)
class UseBoost(Action):
    KIND = "use_boost"
    LABEL_EN = "Use a spell for this probe (Spruchrolle, Erfahrung)?"
    LABEL_DE = "Zauber für diese Probe einsetzen (Spruchrolle, Erfahrung)?"
    PARAMS = (Param("boost", "choice", "Spell or none", "Zauber oder keiner"),)
    boost: str           # "none" or the token id of the one-use spell


@_kind
@dataclass(frozen=True)
class ChooseXp(Action):
    KIND = "choose_xp"
    LABEL_EN, LABEL_DE = "Choose the colour of an experience die", "Farbe eines Erfahrungswürfels wählen"
    PARAMS = (Param("colour", "choice", "Colour (or gold: Ork)", "Farbe (oder Gold: Ork)"),)
    colour: str


@_kind
@dataclass(frozen=True)
class PlaceToken(Action):
    KIND = "place_token"
    LABEL_EN = "Place the drawn face-down token on a free beige field"
    LABEL_DE = "Die gezogene verdeckte Marke auf ein freies beiges Feld legen"
    PARAMS = (Param("field", "field", "Field", "Feld"),)
    field: str


@_kind
@dataclass(frozen=True)
class MakeRoom(Action):
    KIND = "make_room"
    LABEL_EN = "No room for the item: drop one of yours, or leave it on the field"
    LABEL_DE = "Kein Platz für den Gegenstand: einen eigenen ablegen oder ihn liegen lassen"
    PARAMS = (Param("token", "choice", "Item to drop, or leave", "Abzulegender Gegenstand oder liegen lassen"),)
    token: str


@_kind
@dataclass(frozen=True)
class AnswerOffer(Action):
    KIND = "answer_offer"
    LABEL_EN, LABEL_DE = "Buy the offered item or decline", "Angebotenen Gegenstand kaufen oder ablehnen"
    PARAMS = (Param("answer", "choice", "Answer", "Antwort"),)
    answer: str          # "decline", "buy" or "buy:<token to drop for room>"


@_kind
@dataclass(frozen=True)
class ChooseField(Action):
    KIND = "choose_field"
    LABEL_EN, LABEL_DE = "Choose a field", "Feld wählen"
    PARAMS = (Param("field", "field", "Field", "Feld"),)
    field: str


@_kind
@dataclass(frozen=True)
class ChooseCell(Action):
    KIND = "choose_cell"
    LABEL_EN, LABEL_DE = "Choose a region card", "Gebietskarte wählen"
    PARAMS = (Param("cell", "cell", "Square (row*5+column)", "Feld im Quadrat (Zeile*5+Spalte)"),)
    cell: int


@_kind
@dataclass(frozen=True)
class ChooseOption(Action):
    KIND = "choose_option"
    LABEL_EN, LABEL_DE = "Choose", "Wählen"
    PARAMS = (Param("option", "choice", "Option", "Möglichkeit"),)
    option: str


# --- The cooperative variant (issue 18) ------------------------------------------------------------
@_kind
@dataclass(frozen=True)
class FormGroup(Action):
    KIND = "form_group"
    LABEL_EN, LABEL_DE = "Form a group with another hero here", "Mit einem Helden hier eine Gruppe bilden"
    PARAMS = (Param("seat", "int", "Player (seat)", "Mitspieler (Platz)"),)
    seat: int


@_kind
@dataclass(frozen=True)
class HandItem(Action):
    KIND = "hand_item"
    LABEL_EN, LABEL_DE = "Hand an item to a member of your group", "Einem Gruppenmitglied einen Gegenstand geben"
    PARAMS = (
        Param("token", "token", "Item", "Gegenstand"),
        Param("seat", "int", "Player (seat)", "Mitspieler (Platz)"),
    )
    token: str
    seat: int


@_kind
@dataclass(frozen=True)
class HandQuest(Action):
    KIND = "hand_quest"
    LABEL_EN, LABEL_DE = "Hand a quest to a member of your group", "Einem Gruppenmitglied eine Aufgabe geben"
    PARAMS = (
        Param("token", "token", "Quest", "Aufgabe"),
        Param("seat", "int", "Player (seat)", "Mitspieler (Platz)"),
    )
    token: str
    seat: int


# --- The two ways to win (rules engine III) --------------------------------------------------------
@_kind
@dataclass(frozen=True)
class ChooseDeed(Action):
    KIND = "choose_deed"
    LABEL_EN = "Choose a Heldentat at the royal court (final)"
    LABEL_DE = "Am Königshof eine Heldentat wählen (endgültig)"
    PARAMS = (Param("deed", "choice", "Heldentat", "Heldentat"),)
    deed: str


@_kind
@dataclass(frozen=True)
class FulfilDeed(Action):
    KIND = "fulfil_deed"
    LABEL_EN = "Fulfil the next part of your Heldentat"
    LABEL_DE = "Den nächsten Teil deiner Heldentat erfüllen"
    PARAMS = (Param("skill", "choice", "Skill for the probe (an encounter)", "Fertigkeit für die Probe (Begegnung)",
                    True),)
    skill: str | None = None


@_kind
@dataclass(frozen=True)
class ChallengeNamenloser(Action):
    KIND = "challenge_namenloser"
    LABEL_EN = "Fight the Namenloser (to the death, in this turn)"
    LABEL_DE = "Gegen den Namenlosen kämpfen (bis zum Tod, in dieser Runde)"
    PARAMS = (Param("skill", "choice", "Skill for the whole fight", "Fertigkeit für den ganzen Kampf"),)
    skill: str


@_kind
@dataclass(frozen=True)
class ChallengeDragon(Action):
    KIND = "challenge_dragon"
    LABEL_EN = "Fight the dragon (pay the hoard in EW, then to the death)"
    LABEL_DE = "Gegen den Drachen kämpfen (Hort in EW bezahlen, dann bis zum Tod)"
    PARAMS = (Param("skill", "choice", "Skill of your magic weapon", "Fertigkeit deiner magischen Waffe"),)
    skill: str
