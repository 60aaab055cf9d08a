"""The game state: plain data that serialises to JSON and back without loss.

The engine never mutates a state it was handed: ``apply`` works on ``clone()``. Token positions
are small frozen records in a dict, so a clone copies references, not the whole catalogue.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, TypeVar

from .coop import CoopState

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


def companion_of(seat: int) -> str:
    return f"companion:{seat}"


def at_field(code: str) -> str:
    return f"field:{code}"


def held_by(seat: int) -> str:
    return f"hero:{seat}"


_T = TypeVar("_T")


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


@dataclass
class Pending:
    """A decision that arose inside a rule and waits for one seat's answer."""

    seat: int
    kind: str
    options: list[Any]
    context: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> Pending:
        new = _shallow(self)
        new.options = list(self.options)
        new.context = dict(self.context)
        return new


@dataclass
class State:
    content_version: str
    seats: int
    phase: str                         # setup_hero, setup_region, setup_manor, play, finished
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
    flags: dict[str, Any] = field(default_factory=dict)
    rules_version: int = 1             # states stored without it predate issue 11; new_game sets RULES_VERSION
    chance_draws: int = 0              # dice v2: draws made so far; the next one derives from this count
    coop: CoopState | None = None      # the cooperative variant (issue 18); None, and absent from JSON, otherwise

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
        new.flags = dict(self.flags)
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

    # --- JSON -----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["tokens"] = {tid: [t.loc, t.face_up, list(t.seen_by), t.flipped] for tid, t in self.tokens.items()}
        for hero in data["heroes"]:
            hero["between"] = list(hero["between"]) if hero["between"] else None
        if self.coop is None:
            del data["coop"]  # ordinary games keep the JSON they always had
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = dict(data)
        heroes = []
        for raw in data.pop("heroes"):
            raw = dict(raw)
            raw["between"] = tuple(raw["between"]) if raw["between"] else None
            heroes.append(HeroState(**raw))
        tokens = {
            tid: TokenState(loc, face_up, tuple(seen), flipped)
            for tid, (loc, face_up, seen, flipped) in data.pop("tokens").items()
        }
        turn_state = TurnState(**data.pop("turn_state"))
        pending = [Pending(**p) for p in data.pop("pending")]
        coop = data.pop("coop", None)
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown state keys: {sorted(unknown)}")
        return cls(heroes=heroes, tokens=tokens, turn_state=turn_state, pending=pending,
                   coop=CoopState.from_json(coop) if coop is not None else None, **data)
