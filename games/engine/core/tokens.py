"""Who may see which token, where tokens are, and moving them between places."""

from __future__ import annotations

import contextvars

from ..content.model import Border, Content, Token, TokenCategory
from .state import HeroState, State, TokenState, at_field

PUBLIC_KINDS = {"namenloser", "dragon", "dragon_event"}


def is_bound(token: Token) -> bool:
    """Deed, scroll and quest tokens that only their owner can "see" (others walk past them)."""
    if token.kind in PUBLIC_KINDS:
        return False
    if token.category is TokenCategory.DEED_PART:
        return True
    border = set(token.border)
    if len(border) < 2:
        return False
    return Border.VIOLET in border or {Border.YELLOW, Border.BLUE} <= border


def _back_is_bound(content: Content, token: Token) -> bool:
    """Deed items and the magic materials stay bound to their deed card or scroll when turned over."""
    if token.deed:
        return True
    back = content.items.get(token.back or "")
    return bool(token.weapon) and back is not None and back.category == "material"


def owns_binding(content: Content, state: State, hero: HeroState, token: Token) -> bool:
    if token.deed and hero.deed == token.deed:
        return True
    if token.weapon and token.weapon in held_scroll_weapons(content, state, hero):
        return True
    for quest_id in hero.quests:
        quest = content.tokens[quest_id].quest
        if quest and token.face in {quest.needs, quest.needs_token}:
            return True
    return False


def held_scroll_weapons(content: Content, state: State, hero: HeroState) -> set[str]:
    weapons: set[str] = set()
    for tid in hero.items:
        item = content.items.get(shown_key(content, state, tid))
        weapon = content.tokens[tid].weapon
        if item and item.category == "scroll" and weapon:
            weapons.add(weapon)
    return weapons


def exists_for(content: Content, state: State, seat: int | None, token_id: str) -> bool:
    """Does this seat know that the token is there at all?"""
    token = content.tokens[token_id]
    if state.tokens[token_id].flipped and not _back_is_bound(content, token):
        return True  # turned over, it is the item on its back: a quest's reward is anybody's
    if not is_bound(token):
        return True
    if seat is None:
        return False
    return owns_binding(content, state, state.heroes[seat], token)


def face_known_to(content: Content, state: State, seat: int | None, token_id: str) -> bool:
    ts = state.tokens[token_id]
    if not exists_for(content, state, seat, token_id):
        return False
    return ts.face_up or (seat is not None and seat in ts.seen_by)


def field_tokens(state: State, code: str) -> list[str]:
    loc = at_field(code)
    return [tid for tid, t in state.tokens.items() if t.loc == loc]


def move_token(state: State, token_id: str, loc: str, face_up: bool | None = None,
               seen_by: tuple[int, ...] | None = None, flipped: bool | None = None) -> None:
    old = state.tokens[token_id]
    state.tokens[token_id] = TokenState(
        loc=loc,
        face_up=old.face_up if face_up is None else face_up,
        seen_by=old.seen_by if seen_by is None else seen_by,
        flipped=old.flipped if flipped is None else flipped,
    )


def shown_key(content: Content, state: State, token_id: str) -> str:
    """What the token shows now: its face, or the reward on its back once it was turned over."""
    token = content.tokens[token_id]
    if state.tokens[token_id].flipped and token.back:
        return token.back
    return token.face


def is_free_beige(state: State, content: Content, code: str) -> bool:
    return not field_tokens(state, code)


MONSTER_KINDS = frozenset({"monster", "servant", "guardian", "drachenmensch"})
ITEM_KINDS = frozenset({"item", "spell"})


def role(content: Content, state: State, token_id: str) -> str:
    """What the token is now: a turned-over token is the item on its back; else its face's kind
    ("monster" for every fightable creature)."""
    if state.tokens[token_id].flipped:
        return "item"
    kind = content.tokens[token_id].kind.value
    if kind in MONSTER_KINDS:
        return "monster"
    if kind in ITEM_KINDS:
        return "item"
    return kind


# While legal actions are listed nothing changes, so what a seat sees on a field is read once (a
# speed-up only: ``listing()`` scopes it, and outside a scope every call reads the state afresh).
# The memo lives in a context variable, not a module global: each thread (and each asyncio task) has
# its own, so two threads listing at once can neither share a memo nor leave one switched on for the
# process (a module global once did, and seeded playouts diverged under the threaded server).
_Memo = dict[tuple[int, int, str], list[str]]
_SEEN: contextvars.ContextVar[_Memo | None] = contextvars.ContextVar("heldenweb_seen", default=None)


class listing:
    def __enter__(self) -> None:
        self.token: contextvars.Token[_Memo | None] | None = _SEEN.set({}) if _SEEN.get() is None else None

    def __exit__(self, *exc: object) -> None:
        if self.token is not None:
            _SEEN.reset(self.token)


def visible_at(content: Content, state: State, seat: int, code: str) -> list[str]:
    """Tokens on the field that this seat knows are there (bound tokens of others are not)."""
    seen = _SEEN.get()
    key = (id(state), seat, code)
    if seen is not None and key in seen:
        return list(seen[key])
    loc = at_field(code)
    result = sorted(tid for tid, t in state.tokens.items() if t.loc == loc and exists_for(content, state, seat, tid))
    if seen is not None:
        seen[key] = result
    return list(result)
