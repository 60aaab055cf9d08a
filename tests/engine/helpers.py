"""Building engine states for scenario tests without playing through the setup."""

from __future__ import annotations

from games.engine.content.model import Content, FieldKind
from games.engine.core.state import PILE_FACE_DOWN, Phase, State, TokenState, at_field, held_by
from games.engine.rules.setup import new_game

# A fixed arrangement of the 25 cards (there is no card Q): row by row from the north-west.
DEFAULT_ORDER = "ABCDEFGHIJKLMNOPRSTUVWXYZ"


def cell_of_letter(letter: str, order: str = DEFAULT_ORDER) -> int:
    return order.index(letter)


def play_state(
    content: Content,
    heroes: list[tuple[str, str]],
    order: str = DEFAULT_ORDER,
    hidden: str = "",
    unwetter: bool = False,
) -> State:
    """A state in the play phase: cards laid out as ``order``, all face up except ``hidden``,
    each (hero key, field) seated in order, no tokens on the board, seat 0 to begin its turn."""
    state = new_game(content, seats=len(heroes), seed="test")
    state.grid = list(order)
    state.revealed = [letter not in hidden for letter in order]
    state.phase = Phase.PLAY
    state.turn = 1
    state.current = 0
    state.unwetter = unwetter
    for seat, (key, position) in enumerate(heroes):
        card = content.heroes[key]
        hero = state.heroes[seat]
        hero.hero = key
        hero.lp = hero.lp_max = card.lp
        hero.gold = card.gold
        hero.position = hero.manor = position
    return state


def token_with_face(content: Content, state: State, face: str, exclude: set[str] | None = None) -> str:
    for tid in sorted(content.tokens):
        if content.tokens[tid].face == face and tid not in (exclude or set()):
            return tid
    raise LookupError(f"no token shows {face!r}")


def give_item(content: Content, state: State, seat: int, face: str) -> str:
    """Put the item on the hero's sheet: a token showing it, or one carrying it on its back."""
    flipped = False
    try:
        tid = token_with_face(content, state, face)
    except LookupError:
        tid = next(t for t in sorted(content.tokens) if content.tokens[t].back == face)
        flipped = True
    state.tokens[tid] = TokenState(loc=held_by(seat), face_up=True, flipped=flipped)
    state.heroes[seat].items.append(tid)
    item = content.items[face]
    if item.artificial_lp:
        state.heroes[seat].artificial[tid] = item.artificial_lp
    return tid


def put_token(state: State, tid: str, field: str, face_up: bool = False) -> str:
    state.tokens[tid] = TokenState(loc=at_field(field), face_up=face_up)
    return tid


def face_down_token(content: Content, state: State, kind: str) -> str:
    """A token of the face-down pile whose face is of this kind (monster, item, quest, encounter)."""
    for tid in sorted(state.tokens_at(PILE_FACE_DOWN)):
        if content.tokens[tid].kind == kind:
            return tid
    raise LookupError(f"no face-down {kind}")


def fields_of(content: Content, letter: str, kind: FieldKind) -> list[str]:
    return [f.code for f in content.regions[letter].fields if f.kind is kind]


def neighbours_in_card(content: Content, code: str) -> list[str]:
    region = content.regions[code[0]]
    result = []
    for path in region.paths:
        if path.a == code:
            result.append(path.b)
        elif path.b == code:
            result.append(path.a)
    return result


def item_key(content: Content, *, flag: str | None = None, mode: str | None = None,
             bonus: int | None = None, movement_set: int | None = None, without: str | None = None) -> str:
    """The key of the item with these properties, so tests do not hard-code content keys."""
    for key in sorted(content.items):
        item = content.items[key]
        if flag is not None and flag not in item.flags:
            continue
        if without is not None and without in item.flags:
            continue
        if mode is not None and item.movement_mode != mode:
            continue
        if bonus is not None and item.movement_bonus != bonus:
            continue
        if movement_set is not None and item.movement_set != movement_set:
            continue
        return key
    raise LookupError(f"no item with flag={flag} mode={mode} bonus={bonus} set={movement_set}")


# --- acting in scenario tests ---------------------------------------------------------------------------
def act(content: Content, state: State, action, rolls=(), seat: int | None = None, picks=()):
    """Apply ``action`` for ``seat`` (default: who must act now) with scripted dice; (state, events)."""
    from games.engine import ScriptedDice, apply
    from games.engine.playout import acting_seat

    seat = acting_seat(state) if seat is None else seat
    return apply(content, state, seat, action, ScriptedDice(rolls, picks))


def begun(content: Content, state: State, rolls=()) -> State:
    from games.engine.core.actions import BeginTurn

    state, _ = act(content, state, BeginTurn(), rolls)
    return state


def legal(content: Content, state: State, seat: int | None = None, kind: type | None = None) -> list:
    from games.engine import legal_actions
    from games.engine.playout import acting_seat

    seat = acting_seat(state) if seat is None else seat
    actions = legal_actions(content, state, seat)
    return [a for a in actions if kind is None or isinstance(a, kind)]


def rules_of(events) -> list[str]:
    return [e.rule for e in events]


def kinds_of(events) -> list[str]:
    return [e.kind for e in events]


def empty_bag(state: State) -> None:
    """Take every token out of the bag, so that draws in a test draw nothing unless it says so."""
    from games.engine.core.state import BAG, OUT

    for tid in state.tokens_at(BAG):
        state.tokens[tid] = TokenState(loc=OUT)


def into_bag(state: State, tid: str) -> str:
    from games.engine.core.state import BAG

    state.tokens[tid] = TokenState(loc=BAG)
    return tid


def Ctx_for(content: Content, state: State, rolls=()):
    """A rules context on ``state`` itself, for calling one rule function directly."""
    from games.engine import ScriptedDice
    from games.engine.core.context import Ctx
    from games.engine.registry import HOOKS

    return Ctx(content=content, state=state, dice=ScriptedDice(rolls), hooks=HOOKS)


def moves(content: Content, state: State, seat: int = 0) -> list[str]:
    """The fields (or ``?cell`` for a face-down card) a walking hero may step to now, sorted."""
    from games.engine import legal_actions
    from games.engine.core.actions import Move

    return sorted(a.to for a in legal_actions(content, state, seat) if isinstance(a, Move))
