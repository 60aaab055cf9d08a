"""A bounded per-process store (issue 17): the page's drawn cards, tokens, labels, log entries and texts,
each kept under a key made of everything it shows, and the users' last activity stamps a process knows.
In apibase, the site's lowest layer, so that every app may use it.

One process keeps them for its own requests only; nothing is shared between workers, so no entry needs
invalidating — a changed input is a new key. A full store lets its oldest entry go (first in, first out:
a dict keeps the order it was filled in), so a hit costs a plain dict lookup and nothing more.

The caps hold some 1,000 games' worth (a few tens of MB per worker). Sized for one game and emptied when
full, the stores of a server with a few hundred games in play filled and emptied over and over, and the
first render of a version paid for nearly everything again (issue 17, ninth wave: 20-25 ms per partial in
bench http's open loop against 11 ms in process for one game).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

V = TypeVar("V")
_ANY = object()


class Kept(dict[Hashable, Any]):
    """A dict that holds at most ``cap`` entries: ``keep`` draws a missing one, letting the oldest go when full."""

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
            found = render()
            self.put(key, found)
        return found

    def put(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` under ``key``, letting the oldest entries go when a new key finds the store full."""
        if key not in self:
            while len(self) >= self.cap:
                del self[next(iter(self))]
        self[key] = value
