"""What does not change for a game version, seat and language, kept in the shared cache.

The game page can call these instead of building the same thing on every request (see "Performance"
in docs/architecture.md for how the page wires them in):

* ``board_svg``: the board SVG for a game version, the viewing seat and language (the clickable
  targets follow from the state and the seat's legal actions, so from the version and the seat);
* ``board_text``: the same board as text, for the "Board as text" section;
* ``walk_routes``: the seat's one-click routes, planned by applying the engine's moves;
* ``log_sentences``: each log entry described once per seat's view of it and language.

Keys name the game's id, the start of its seed (so a reused id never meets an old entry) and the
version or log sequence, plus a short hash of the player names the text shows; nothing needs to be
deleted — an entry of an old version is simply not asked for again and expires.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.core.cache import cache

from apibase.kept import Kept

from .models import Game

SECONDS = 600


def _names_hash(names: object) -> str:
    """A short hash of what a cached text or picture shows besides the game (names, marks): anything
    JSON can write, the rest by its str."""
    text = json.dumps(names or {}, sort_keys=True, default=str)
    return hashlib.blake2s(text.encode(), digest_size=6).hexdigest()


# Writes held back to the end of a render (``writes_deferred``): key -> (value, timeout). None: write at once.
_PENDING: ContextVar[dict[str, tuple[Any, int]] | None] = ContextVar("game_cache_pending", default=None)


@contextmanager
def writes_deferred() -> Iterator[None]:
    """Hold back the writes of what a render fills in (``put``) and send them at its end in one round trip
    per timeout (``set_many``: a pipeline with Redis). Issue 17, ninth wave: the first render of a version
    wrote the log's tail, the board, its text and the partial one by one, each a round trip that held the
    sync worker (about 0.4 ms each under load). Every value kept here follows from its key, and the render
    that fills a key reads its own write back from the held ones (``pending``)."""
    pending: dict[str, tuple[Any, int]] = {}
    token = _PENDING.set(pending)
    try:
        yield
    finally:
        _PENDING.reset(token)
        by_timeout: dict[int, dict[str, Any]] = {}
        for key, (value, timeout) in pending.items():
            by_timeout.setdefault(timeout, {})[key] = value
        for timeout, values in by_timeout.items():
            cache.set_many(values, timeout)


def put(key: str, value: Any, timeout: int) -> None:
    """``cache.set(key, value, timeout)``, held back to the end of the render when one is deferring."""
    pending = _PENDING.get()
    if pending is None:
        cache.set(key, value, timeout)
    else:
        pending[key] = (value, timeout)


def pending(key: str) -> Any:
    """The value a deferring render has put under ``key`` and not yet written (None: none)."""
    held = _PENDING.get()
    found = held.get(key) if held else None
    return found[0] if found is not None else None


def _cached(key: str, build: Callable[[], Any]) -> Any:
    """``cache.get_or_set(key, build, SECONDS)`` in two round trips on a miss instead of three: Django's
    reads the key back after its add so that all racers return the winner's value, but every value kept
    here follows from its key (the version, seat, language and names it names), so the value just built
    is the one any racer stored (issue 17, ninth wave: every round trip holds a sync worker)."""
    value = pending(key)
    if value is None:
        value = cache.get(key)
    if value is None:
        value = build()
        put(key, value, SECONDS)
    return value


def _game_key(game: Game) -> str:
    return f"game:{game.pk}:{game.seed[:8]}"


def board_svg(*, game: Game, seat: int | None, lang: str, names: dict[Any, Any] | None, build: Callable[[], str],
              extra: Any = None) -> str:
    """The board SVG of this version as ``seat`` sees it, built by ``build`` only on a miss. ``extra``
    names whatever else the picture shows that the version and seat do not fix (the fields ringed for
    the viewer's last visit, a spectator's delayed position): it is part of the key."""
    key = f"{_game_key(game)}:{game.version}:board:{seat}:{lang}:{_names_hash({'names': names, 'extra': extra})}"
    svg = _cached(key, build)
    # The cache answers Any; whatever is not a picture (a cache cleared under us, a foreign value) is rebuilt.
    return svg if isinstance(svg, str) else build()


def board_text(*, game: Game, seat: int | None, lang: str, names: dict[Any, Any] | None, build: Callable[[], Any],
               extra: Any = None) -> Any:
    """The board as text (squares, fields, tokens, heroes) of this version as ``seat`` sees it, built by
    ``build`` only on a miss; ``extra`` as for ``board_svg`` (a spectator's delayed position)."""
    key = f"{_game_key(game)}:{game.version}:board-text:{seat}:{lang}:{_names_hash({'names': names, 'extra': extra})}"
    return _cached(key, build)


def walk_routes(*, game: Game, seat: int, build: Callable[[], Any]) -> Any:
    """The one-click routes (games.walking.reachable) of ``seat`` at this version, planned by ``build``
    only on a miss: they follow from the state and the seat alone (the labels are made per language
    from them on each request)."""
    return _cached(f"{_game_key(game)}:{game.version}:walks:{seat}", build)


def log_sentences(
    *,
    game: Game,
    entries: list[dict[str, Any]],
    seat: int | None,
    lang: str,
    names: dict[Any, Any] | None,
    describe: Callable[[list[dict[str, Any]]], Iterable[Any]],
) -> list[Any]:
    """``describe(entries)`` for the given log entries, each described at most once per seat's view,
    language and names: one cache round trip for all, and ``describe`` gets only the missing ones
    (in order), e.g. ``lambda missing: log_text.describe_log(content, missing, lang, names, hero_names)``."""
    prefix = f"{_game_key(game)}:log:{seat}:{lang}:{_names_hash(names)}"
    keys = [f"{prefix}:{entry['sequence']}:{int(bool(entry['taken_back']))}" for entry in entries]
    # First from this process's own store (issue 17, twelfth wave): a worker keeps the sentences it has
    # described or read, so a version's first render asks the shared cache only for the newest entries
    # instead of unpickling the log's forty again. Kept under the shared key and the entry's creation
    # time and seal (a test database reuses ids and seeds; a real row's time is its own), for this seat.
    local = [(key, entry["sequence"], entry.get("sealed"), created) if (created := entry.get("created_at")) else None
             for key, entry in zip(keys, entries, strict=True)]
    found: dict[str, Any] = {}
    for key, mark in zip(keys, local, strict=True):
        kept = _SENTENCES.get(mark) if mark is not None else None
        if kept is not None:
            found[key] = kept
    asked = [key for key in keys if key not in found]
    if asked:
        found.update(cache.get_many(asked))
    missing = [entry for entry, key in zip(entries, keys, strict=True) if key not in found]
    if missing:
        described = list(describe(missing))
        fresh = {key: value for key, value in zip((k for k in keys if k not in found), described, strict=True)}
        cache.set_many(fresh, SECONDS)
        found.update(fresh)
    # What this process did not hold yet (read from the shared cache or described just now) it keeps.
    unheld = set(asked)
    for key, mark in zip(keys, local, strict=True):
        if mark is not None and key in unheld:
            _SENTENCES.put(mark, found[key])
    return Described([_copy(found[key]) for key in keys], local)


class Described(list[Any]):
    """The described entries of ``log_sentences``, with ``kept_as``: under which mark of this process's store
    each one is kept (None: not kept). An entry is a pure function of its mark (the game, seat, language,
    names, sequence, taken-back flag, seal and time), so whatever is drawn from an entry alone may be kept
    under the mark instead of under the entry's pickle (games_tags.log_items: issue 17, twelfth wave, second
    part)."""

    def __init__(self, entries: list[Any], kept_as: list[Any]) -> None:
        super().__init__(entries)
        self.kept_as = kept_as


def _copy(sentence: Any) -> Any:
    """A kept sentence handed out as a dict of its own (callers build on it; none changes it in place)."""
    return dict(sentence) if isinstance(sentence, dict) else sentence


SENTENCES_KEPT = 65536
_SENTENCES = Kept(SENTENCES_KEPT)   # (shared key, sequence, sealed, created_at) -> the described entry


def api_key(*, game: Game, seat: int | None, upto: int | None, name: str, parts: Iterable[Any]) -> str:
    """Where an API read's answer (``name``: state, actions, a log page ...) as ``seat`` sees this version
    is kept. The key names the version and the status (a game can end or be abandoned without a step),
    the seat, a spectator's delayed position ``upto`` (R-151, selectors.log_limit_for) and ``parts`` (the
    language, the page asked for): nothing a write changes is answered from an old entry."""
    tail = ":".join(str(part) for part in parts)
    return f"{_game_key(game)}:{game.version}:api:{name}:{game.status}:{seat}:{upto}:{tail}"


def api_data(key: str, build: Callable[[], Any]) -> Any:
    """The answer kept under ``key`` (api_key), built by ``build`` only on a miss."""
    return _cached(key, build)


def api_get(key: str) -> Any:
    """The answer kept under ``key`` (api_key), None when there is none."""
    return cache.get(key)


def api_put(key: str, value: Any) -> None:
    cache.set(key, value, SECONDS)
