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

from .state import State

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
    if old.flags.get("peeked") != new.flags.get("peeked") or \
            old.flags.get("revealed_cards") != new.flags.get("revealed_cards"):
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
