"""A bounded per-process store of rendered values (issue 17): the page's drawn cards, tokens, labels, log
entries and texts, each kept under a key made of everything it shows.

One process keeps them for its own requests only; nothing is shared between workers, so no entry needs
invalidating — a changed input is a new key. A store that is full starts afresh rather than tracking use:
the entries are cheap to draw again, and a plain dict's lookup is the whole cost of a hit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

V = TypeVar("V")
_ANY = object()


class Kept(dict[Hashable, Any]):
    """A dict that holds at most ``cap`` entries: ``keep`` draws a missing one and empties the store when full."""

    def __init__(self, cap: int) -> None:
        super().__init__()
        self.cap = cap

    def keep(self, key: Hashable | None, render: Callable[[], V], holder: object = _ANY) -> V:
        """``render()``, kept under ``key`` (None: not to be kept, rendered each time). With ``holder``, the
        entry is a tuple that begins with the object it was drawn from, and counts only while it is that
        very object: a key made of ids stays right even when an id is reused after its object is gone."""
        if key is None:
            return render()
        found = self.get(key)
        if found is None or (holder is not _ANY and found[0] is not holder):
            if len(self) >= self.cap:
                self.clear()
            found = self[key] = render()
        return found
