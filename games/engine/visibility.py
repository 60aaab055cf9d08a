"""What each seat may learn from a step: the one place that decides event visibility and sealing.

``event_for(content, seat, event)`` gives the version of a logged event that ``seat`` (``None``: a
spectator) may see, or ``None`` when the event is not for him at all. Every surface that shows the
log (web page and partials, API log/state/submit, replay, mails, spectators) goes through it.

``reveals(old, new, events)`` says whether a step revealed information; with ``draws`` of the dice
it decides whether the step is *sealed*, i.e. ends the take-back window (ruling R-110).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .content.model import Content
from .core.state import State
from .core.tokens import is_bound
from .effects.bag import FACE_DOWN_WHEN_PLACED

# Events about a Heldentat: others learn that it happened (the view shows ``has_deed`` and the gem),
# never which deed, which part or which tokens (ruling R-111).
DEED_KINDS = frozenset({
    "deed_chosen", "deed_item_taken", "deed_delivered", "deed_part_fulfilled", "deed_encounter",
    "deed_encounter_failed", "gem_earned", "deed_returned",
})
# Data keys that describe a token (cut together with a secret token the event names).
TOKEN_KEYS = ("item", "face", "faces", "items")
# Data keys that are only ever the actor's business.
OWNER_KEYS = ("deed", "part", "parts")


def drawn_face_down(content: Content, event: dict[str, Any]) -> bool:
    """A Diener or the Drachenmensch drawn from the bag: it lies face down, only the drawer knows
    which one (TOK-38, TOK-48)."""
    token = content.tokens.get((event.get("data") or {}).get("token") or "")
    return event.get("kind") == "token_drawn" and token is not None and token.category in FACE_DOWN_WHEN_PLACED


def secret_token(content: Content, token_id: Any) -> bool:
    """A token only its owner may "see": deed parts and tokens bound to a quest, deed or scroll."""
    token = content.tokens.get(token_id) if isinstance(token_id, str) else None
    return token is not None and (is_bound(token) or bool(token.deed))


def event_for(content: Content, seat: int | None, event: dict[str, Any]) -> dict[str, Any] | None:
    """The logged event as ``seat`` may see it (``None``: a spectator), or ``None`` if not at all.

    Private events (``visible_to``) reach only their seats. The actor sees his own events whole.
    Everybody else gets deed events without their data and no event names a secret token
    (a bound or deed token) or the deed: those keys are dropped.
    """
    visible = event.get("visible_to")
    if visible is not None and (seat is None or seat not in visible):
        return None
    if seat is not None and seat == event.get("seat"):
        return event
    data = event.get("data") or {}
    if event.get("kind") in DEED_KINDS:
        cut = {} if data else data
    elif drawn_face_down(content, event):
        cut = {key: value for key, value in data.items() if key != "token"}
    else:
        cut = _cut_secrets(content, data)
    return event if cut is data else {**event, "data": cut}


def _names_secret(content: Content, value: Any) -> bool:
    if isinstance(value, list | tuple):
        return any(secret_token(content, v) for v in value)
    return secret_token(content, value)


def _cut_secrets(content: Content, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the deed and without secret tokens (and what describes them); the same
    object when there is nothing to cut."""
    secret = {key for key, value in data.items() if _names_secret(content, value)}
    hidden = secret | ({key for key in TOKEN_KEYS if key in data} if secret else set())
    hidden |= {key for key in OWNER_KEYS if key in data}
    if not hidden:
        return data
    return {key: value for key, value in data.items() if key not in hidden}


def action_for(content: Content, seat: int | None, actor: int | None, action: dict[str, Any]) -> dict[str, Any]:
    """A logged action as ``seat`` may see it: others never read the deed or a secret token it names."""
    if seat is not None and seat == actor:
        return action
    cut = _cut_secrets(content, {k: v for k, v in action.items() if k != "kind"})
    return action if len(cut) == len(action) - 1 else {"kind": action.get("kind"), **cut}


def events_for(content: Content, seat: int | None, events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of one log step that ``seat`` may see, each as he may see it."""
    result = []
    for event in events:
        shown = event_for(content, seat, event)
        if shown is not None:
            result.append(shown)
    return result


# Events that by their nature show something new to someone.
REVEALING_KINDS = frozenset({"token_revealed", "region_explored"})


def reveals(old: State, new: State, events: Iterable[Any]) -> bool:
    """Did the step from ``old`` to ``new`` (with these events) show anybody something new?"""
    for event in events:
        data = event if isinstance(event, dict) else event.to_json()
        if data.get("dice") or data.get("kind") in REVEALING_KINDS:
            return True
    if old.revealed != new.revealed or old.region_stack != new.region_stack:
        return True
    if old.peeked != new.peeked or old.revealed_cards != new.revealed_cards:
        return True
    for tid, after in new.tokens.items():
        before = old.tokens.get(tid)
        if before is None:
            continue
        if after.face_up and not before.face_up:
            return True
        if set(after.seen_by) - set(before.seen_by):
            return True
    return False


def sealed(old: State, new: State, events: Iterable[Any], draws: int) -> bool:
    """A step is sealed when it used chance (any draw of the dice) or revealed information."""
    return draws > 0 or old.chance_draws != new.chance_draws or reveals(old, new, events)
