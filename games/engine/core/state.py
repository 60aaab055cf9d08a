"""The game state: plain data that serialises to JSON and back without loss.

The engine never mutates a state it was handed: ``apply`` works on ``clone()``. Token positions
are small frozen records in a dict, so a clone copies references, not the whole catalogue.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple, TypeVar

from .coop import CoopState
from .payloads import Payload, payload_from_json

SKILLS = ("magic", "ranged", "melee")
XP_COLOURS = ("blue", "green", "red")
SKILL_OF_COLOUR = {"blue": "magic", "green": "ranged", "red": "melee"}

# Token locations. Field locations are "field:<code>", hero-held ones "hero:<seat>", deed cards
# "deed:<seat>", quest slots "quest:<seat>", items waiting beside the board for their card "waiting".
BAG = "bag"
ASIDE = "aside"
OUT = "out"
WAITING = "waiting"
PILE_FACE_DOWN = "pile:face_down"
PILE_BAZAAR = "pile:bazaar"
PILE_CITY = "pile:city"
DRAWN = "drawn"        # a face-down token just drawn, waiting for the drawer to place it
OFFER = "offer"        # drawn for the current Basar's offer, not yet sold
# The rules the engine plays by. 1: as before issue 11 (games stored then replay by it); 2: issue 11's
# fixes and re-decided rulings (docs/rules/rulings.md R-76 ff.). New games get the newest.
RULES_VERSION = 2
RETURNING = "returning"  # taken from the board, back into the bag once the draw it caused is made


class Phase(StrEnum):
    """Where the game stands. A ``StrEnum``: members equal their stored strings, so the JSON, the
    ``Game.phase`` column and code comparing with a plain string all keep working."""

    SETUP_HERO = "setup_hero"
    SETUP_REGION = "setup_region"
    SETUP_MANOR = "setup_manor"
    SETUP_AXIS = "setup_axis"
    PLAY = "play"
    FINISHED = "finished"

    @property
    def is_setup(self) -> bool:
        return self.value.startswith("setup")


def companion_of(seat: int) -> str:
    return f"companion:{seat}"


def at_field(code: str) -> str:
    return f"field:{code}"


def held_by(seat: int) -> str:
    return f"hero:{seat}"


_T = TypeVar("_T")
_P = TypeVar("_P", bound=Payload)


def _shallow(obj: _T) -> _T:
    """A shallow copy of a dataclass instance without calling __init__ (clones are hot: one per apply)."""
    new: _T = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


@dataclass(frozen=True)
class TokenState:
    loc: str
    face_up: bool = False
    seen_by: tuple[int, ...] = ()   # seats that know the face of this face-down token
    flipped: bool = False           # turned to its back: the reward item it carries there

    @property
    def field(self) -> str | None:
        return self.loc[6:] if self.loc.startswith("field:") else None

    def to_json(self) -> list[Any]:
        return [self.loc, self.face_up, list(self.seen_by), self.flipped]

    @classmethod
    def from_json(cls, data: list[Any]) -> TokenState:
        loc, face_up, seen, flipped = data
        return cls(loc, face_up, tuple(seen), flipped)


@dataclass
class HeroState:
    seat: int
    hero: str | None = None
    position: str | None = None
    between: tuple[str, str] | None = None   # (from, to) while searching a secret path
    manor: str | None = None
    drawn_region: str | None = None
    lp: int = 0
    lp_max: int = 0
    gold: int = 0
    training: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SKILLS, 0))
    xp: dict[str, int] = field(default_factory=lambda: dict.fromkeys(XP_COLOURS, 0))
    items: list[str] = field(default_factory=list)
    quests: list[str] = field(default_factory=list)
    deed: str | None = None
    deed_parts: int = 0                # parts of the Heldentat fulfilled (0-3); 3 earns the gem
    gem: bool = False
    deaths: int = 0
    artificial: dict[str, int] = field(default_factory=dict)  # token id -> artificial LP left
    charges: dict[str, int] = field(default_factory=dict)     # token id -> uses left (Roter Heiltrank)
    purse: int = 0                     # gold lying on the Goldbeutel (spent before the other gold)
    found: list[str] = field(default_factory=list)   # quests (type 5/6) whose found-item reward was paid
    companion: str | None = None       # the Ork's Monsterork token
    dice_policy: str = "best"          # "best": keep the best two dice; "ask": the player picks them
    confused: bool = False             # lost to the Basilisk: the left neighbour moves him next turn

    @property
    def total_lp(self) -> int:
        return self.lp + sum(self.artificial.values())

    def clone(self) -> HeroState:
        new = _shallow(self)
        new.training = dict(self.training)
        new.xp = dict(self.xp)
        new.items = list(self.items)
        new.quests = list(self.quests)
        new.artificial = dict(self.artificial)
        new.charges = dict(self.charges)
        new.found = list(self.found)
        return new

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["between"] = list(self.between) if self.between else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HeroState:
        data = dict(data)
        data["between"] = tuple(data["between"]) if data.get("between") else None
        return cls(**data)


@dataclass
class TurnState:
    """What happened so far in the current seat's turn."""

    begun: bool = False
    mode: str | None = None           # None until chosen: "walk", "broom", "jump_shoes", "pegasus"
    points: int = 0                   # movement points left
    moved: bool = False
    entered: str | None = None        # field the last walking step entered (teleporter, labyrinth)
    searched_in_vain: str | None = None  # field whose secret path was not found this turn
    movement_over: bool = False
    action_taken: bool = False
    bag_draws: int = 0
    teleported: bool = False
    labyrinth_rolled: bool = False
    revealed: list[str] = field(default_factory=list)  # tokens this seat turned face up this turn
    forced_fight: bool = False        # revealed a monster or walked onto an open one: fight first
    fought: bool = False              # at most one fight per turn
    turn_over: bool = False           # a defeat, an event, a rest ...: only "end turn" is left
    used: list[str] = field(default_factory=list)      # encounters (token ids) and once-a-turn deeds used
    tried: list[str] = field(default_factory=list)     # tokens whose pick-up probe was tried this turn
    offers: list[str] = field(default_factory=list)    # the current Basar's unsold offer
    invisible: bool = False           # Unsichtbarkeit cast successfully this turn
    mover: int | None = None          # the seat deciding this turn's movement (Basilisk), else None
    rest_ok: bool = False             # the hero still stands where he began the turn (he may rest)
    start: str | None = None          # where the hero began the turn (a Basar needs him to arrive, R-84)
    laid_down: list[str] = field(default_factory=list)  # quests laid down this turn, not yet swapped

    def clone(self) -> TurnState:
        new = _shallow(self)
        new.revealed = list(self.revealed)
        new.used = list(self.used)
        new.tried = list(self.tried)
        new.offers = list(self.offers)
        new.laid_down = list(self.laid_down)
        return new

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnState:
        return cls(**data)  # keys added since a state was stored take their defaults


@dataclass
class Pending:
    """A decision that arose inside a rule and waits for one seat's answer. ``context`` is what the
    rule needs back with the answer: the record ``payloads.PAYLOADS`` names for the kind."""

    seat: int
    kind: str
    options: list[Any]
    context: Payload = field(default_factory=Payload)

    def clone(self) -> Pending:
        new = _shallow(self)
        new.options = list(self.options)
        return new  # the payload is frozen: shared, not copied

    def payload(self, cls: type[_P]) -> _P:
        """The context as the record the answer handler expects (a mismatch is a bug, not bad input)."""
        if not isinstance(self.context, cls):
            raise TypeError(f"a {self.kind} decision carries a {type(self.context).__name__}, not a {cls.__name__}")
        return self.context

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "options": copy.deepcopy(self.options),
                "context": self.context.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pending:
        return cls(seat=data["seat"], kind=data["kind"], options=list(data["options"]),
                   context=payload_from_json(data["kind"], data.get("context", {})))


# --- what once lay in the untyped ``flags`` dict -------------------------------------------------------------
@dataclass(frozen=True)
class BossFight:
    """A final fight under way (rules/endgame.py): frozen, a step replaces it (``dataclasses.replace``)."""

    seat: int
    boss: str                 # "namenloser" or "dragon"
    skill: str
    mod: int                  # the card's modifier for the chosen skill
    lp: int                   # the boss's LP left
    double: bool              # each lost probe costs the hero 2 LP
    hoard: int                # EW still to pay into the dragon's hoard
    hits: int                 # LP the hero still has to lose for the last failed probe
    probing: bool             # a probe is rolling; the fight goes on when it is decided
    shown: bool = True        # the card is revealed (fights stored before the flag had it shown at once)
    # Co-op: the hero goes through all the Namenloser's skills in turn (COOP-33); in the JSON only when
    # set, so the fights of ordinary games keep the JSON (and golden hash) they had.
    all_skills: bool = False
    # Co-op: a group fights the Namenloser together (COOP-33, COOP-60, ruling R-245): its members, the one
    # named for the current probe (``fighter``, who loses the LP) and whether he was named. In the JSON only
    # when set, like ``all_skills``.
    group: list[int] = field(default_factory=list)
    fighter: int | None = None
    named: bool = False

    def prober(self) -> int:
        """The seat that rolls the current probe and loses its LP: the named member, else the challenger."""
        return self.seat if self.fighter is None else self.fighter

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if not self.all_skills:
            del data["all_skills"]
        if not self.group:
            del data["group"]
        if self.fighter is None:
            del data["fighter"]
        if not self.named:
            del data["named"]
        return data


class ReturningToken(NamedTuple):
    """A token held apart until the draw it caused is made (effects/bag.return_after_draw)."""

    token: str
    rule: str
    kind: str                 # the event emitted when it goes back into the bag
    seat: int


@dataclass(frozen=True)
class DroppedGem:
    """A gem left at a death (ruling R-85). Rules version 1 stored only the field (nobody picks it up)."""

    field: str
    seat: int | None = None

    def to_json(self) -> str | list[str | int]:
        return self.field if self.seat is None else [self.field, self.seat]

    @classmethod
    def from_json(cls, data: str | list[Any]) -> DroppedGem:
        return cls(data) if isinstance(data, str) else cls(data[0], data[1])


# The typed fields stored together under the JSON key "flags", as stored games have them. A key is
# absent until first set; the two whose emptied value is kept ({} / []) are None until then.
FLAG_FIELDS = ("boss_fight", "revealed_cards", "peeked", "shadow_hearts", "hoard_extra", "dropped_gems",
               "returning")


@dataclass
class State:
    content_version: str
    seats: int
    phase: Phase
    current: int = 0
    first_seat: int = 0                # the start player, drawn at random (ruling R-13)
    turn: int = 0                      # counts turns from the first turn of play
    grid: list[str | None] = field(default_factory=lambda: [None] * 25)
    revealed: list[bool] = field(default_factory=lambda: [False] * 25)
    heroes: list[HeroState] = field(default_factory=list)
    tokens: dict[str, TokenState] = field(default_factory=dict)
    bag_order: list[str] = field(default_factory=list)   # bag contents; draws pick with the dice
    region_stack: list[str] = field(default_factory=list)
    turn_state: TurnState = field(default_factory=TurnState)
    pending: list[Pending] = field(default_factory=list)
    unwetter: bool = False
    boat: str | None = None            # field of the boat, or "L2|L4" with a magic staff aboard
    namenloser_card: str | None = None
    dragon_card: str | None = None
    winner: int | None = None
    rules_version: int = 1             # states stored without it predate issue 11; new_game sets RULES_VERSION
    chance_draws: int = 0              # dice v2: draws made so far; the next one derives from this count
    coop: CoopState | None = None      # the cooperative variant (issue 18); None, and absent from JSON, otherwise
    # The FLAG_FIELDS: in the JSON under "flags".
    boss_fight: BossFight | None = None
    revealed_cards: list[str] = field(default_factory=list)        # boss cards shown to all (sorted)
    peeked: dict[int, list[str]] = field(default_factory=dict)     # seat -> boss cards it looked at (mice)
    shadow_hearts: dict[str, int] | None = None   # Schatten token -> hearts credited (ruling R-25)
    hoard_extra: int = 0                          # gold the dragon's robbery added to the hoard
    dropped_gems: list[DroppedGem] | None = None
    returning: list[ReturningToken] = field(default_factory=list)

    def clone(self) -> State:
        new = _shallow(self)
        new.grid = list(self.grid)
        new.revealed = list(self.revealed)
        new.heroes = [h.clone() for h in self.heroes]
        new.tokens = dict(self.tokens)
        new.bag_order = list(self.bag_order)
        new.region_stack = list(self.region_stack)
        new.turn_state = self.turn_state.clone()
        new.pending = [p.clone() for p in self.pending]
        new.revealed_cards = list(self.revealed_cards)
        new.peeked = {seat: list(cards) for seat, cards in self.peeked.items()}
        new.shadow_hearts = None if self.shadow_hearts is None else dict(self.shadow_hearts)
        new.dropped_gems = None if self.dropped_gems is None else list(self.dropped_gems)
        new.returning = list(self.returning)
        if self.coop is not None:
            new.coop = self.coop.clone()
        return new

    # --- convenience --------------------------------------------------------------------------
    @property
    def v2(self) -> bool:
        """Issue 11's rules (RULES_VERSION 2) apply to this game."""
        return self.rules_version >= 2

    def hero(self, seat: int) -> HeroState:
        return self.heroes[seat]

    def tokens_at(self, loc: str) -> list[str]:
        return [tid for tid, t in self.tokens.items() if t.loc == loc]

    def known_cards(self, seat: int) -> set[str]:
        """The boss cards this seat has seen: peeked at, or revealed to all."""
        return set(self.peeked.get(seat, ())) | set(self.revealed_cards)

    # --- JSON -----------------------------------------------------------------------------------
    # The JSON is what stored games hold and golden games hash (tools/golden.state_hash): every key,
    # present or absent, is as it was when these fields were still the ``flags`` dict.
    def to_json(self, *, rows: bool = True) -> dict[str, Any]:
        """``rows=False``: without the parts a game keeps in rows of their own (grid, revealed, heroes,
        tokens), for the game row's global part (games.persistence: a hundred tokens' and the heroes' JSON
        made on every step only to be dropped, issue 17, eleventh wave); the other keys as ever."""
        data: dict[str, Any] = {
            f.name: getattr(self, f.name) for f in fields(self) if f.name not in _CODED_FIELDS}
        data["phase"] = self.phase.value
        if rows:
            data["grid"] = list(self.grid)
            data["revealed"] = list(self.revealed)
            data["heroes"] = [hero.to_json() for hero in self.heroes]
            data["tokens"] = {tid: t.to_json() for tid, t in self.tokens.items()}
        else:
            for key in ("grid", "revealed", "heroes", "tokens"):
                del data[key]
        data["bag_order"] = list(self.bag_order)
        data["region_stack"] = list(self.region_stack)
        data["turn_state"] = self.turn_state.to_json()
        data["pending"] = [p.to_json() for p in self.pending]
        data["flags"] = self._flags_json()
        if self.coop is not None:
            data["coop"] = self.coop.to_json()  # ordinary games keep the JSON they always had: no key
        return data

    def _flags_json(self) -> dict[str, Any]:
        flags: dict[str, Any] = {}
        if self.boss_fight is not None:
            flags["boss_fight"] = self.boss_fight.to_json()
        if self.revealed_cards:
            flags["revealed_cards"] = list(self.revealed_cards)
        if self.peeked:
            flags["peeked"] = {str(seat): list(cards) for seat, cards in self.peeked.items()}
        if self.shadow_hearts is not None:
            flags["shadow_hearts"] = dict(self.shadow_hearts)
        if self.hoard_extra:
            flags["hoard_extra"] = self.hoard_extra
        if self.dropped_gems is not None:
            flags["dropped_gems"] = [gem.to_json() for gem in self.dropped_gems]
        if self.returning:
            flags["returning"] = [list(entry) for entry in self.returning]
        return flags

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = dict(data)
        heroes = [HeroState.from_json(raw) for raw in data.pop("heroes")]
        tokens = {tid: TokenState.from_json(raw) for tid, raw in data.pop("tokens").items()}
        return cls.from_parts(data, heroes=heroes, tokens=tokens)

    @classmethod
    def from_parts(cls, data: dict[str, Any], *, heroes: list[HeroState], tokens: dict[str, TokenState]) -> State:
        """The state from its JSON without the heroes and tokens, which come decoded (games/persistence.py
        keeps them in rows of their own)."""
        data = dict(data)
        flags = data.pop("flags", {})
        coop = data.pop("coop", None)
        unknown = set(data) - _JSON_KEYS
        if unknown:
            raise ValueError(f"unknown state keys: {sorted(unknown)}")
        unknown = set(flags) - set(FLAG_FIELDS)
        if unknown:
            raise ValueError(f"unknown state flags: {sorted(unknown)}")
        data["phase"] = Phase(data["phase"])
        for key in ("grid", "revealed", "bag_order", "region_stack"):
            if key in data:
                data[key] = list(data[key])  # never share a list with the JSON it came from
        data["turn_state"] = TurnState.from_json(data["turn_state"])
        data["pending"] = [Pending.from_json(p) for p in data["pending"]]
        fight = flags.get("boss_fight")
        return cls(
            heroes=heroes, tokens=tokens, **data,
            boss_fight=None if fight is None else BossFight(**fight),
            revealed_cards=list(flags.get("revealed_cards", [])),
            peeked={int(seat): list(cards) for seat, cards in flags.get("peeked", {}).items()},
            shadow_hearts=None if "shadow_hearts" not in flags else dict(flags["shadow_hearts"]),
            hoard_extra=flags.get("hoard_extra", 0),
            dropped_gems=None if "dropped_gems" not in flags else [
                DroppedGem.from_json(gem) for gem in flags["dropped_gems"]],
            returning=[ReturningToken(*entry) for entry in flags.get("returning", [])],
            coop=None if coop is None else CoopState.from_json(coop),
        )


_CODED_FIELDS = frozenset((*FLAG_FIELDS, "coop"))  # coded by hand: the flags under "flags", coop only when set
_JSON_KEYS = frozenset(f.name for f in fields(State) if f.name not in _CODED_FIELDS) - {"heroes", "tokens"}
