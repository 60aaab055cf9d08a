"""Rendered HTML of the game page's #game partial, kept per game version and viewer (issue 17, third wave).

The partial is rendered once per key and kept in the shared cache; every request after that only fills
in the bits that belong to the request, not to the game:

* the CSRF token of each form (``{% csrf_token %}`` renders ``MARK_CSRF``),
* a fresh idempotency key per form (``{% idempotency_key %}`` renders ``MARK_KEY``: every response
  still carries its own keys, so a form sent from two tabs is never mistaken for one submission),
* the header's count of games waiting for the user (``{% games_waiting %}`` renders ``MARK_WAITING``),
* the messages of an htmx answer (``games/_messages.html`` renders ``MARK_MESSAGES``).

The key names everything else the partial shows (``key``): the game's version (so no write can leave
a stale entry behind: the next read asks for a key that was never filled), the viewer's seat (None:
a spectator, with the last log row the spectator delay lets him see, R-151), the language and the
time zone, and a hash of what changes without a new version — the game row's status, pause, deadline,
title and rematch, the seats (names, bots, resignations), the viewer's own standing settings and the
mark of his last visit (the "since your last visit" story), and whether he created the game (the pause
form). A game still open is never cached (its invitation link names the request's host).

The full page around the partial (the site's header, the talk panel, ``games/game.html``) is kept too
(``page``, issue 17, fifth wave): per user (name), language, time zone, count of games waiting, path,
game and title, with the CSRF token as a mark; a request with messages to show renders it afresh.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.safestring import mark_safe

from . import cache as game_cache

FORMAT = 2  # part of every key: a change of the templates' output that old entries must not outlive
SECONDS = 600

MARK_CSRF = "hw-mark-csrf-7c1f"
MARK_KEY = "hw-mark-idem-7c1f"
MARK_WAITING = "hw-mark-waiting-7c1f"
MARK_MESSAGES = "<!--hw-mark-messages-7c1f-->"
# The context a partial is rendered with to be kept: the tags and templates above render marks.
CONTEXT = {"fragment_marks": True, "csrf_token": MARK_CSRF}
# Every mark holds this text once, at a fixed offset: ``split`` finds the marks by looking for it alone.
_MARK_CORE = "hw-mark-"
_MARKS_AT = tuple((mark, mark.index(_MARK_CORE)) for mark in (MARK_CSRF, MARK_KEY, MARK_WAITING, MARK_MESSAGES))


def key(*, game_id: int, seed: str, version: int, seat: int | None, lang: str, tz: str, extra: Any) -> str:
    """Where the partial of this version for this viewer is kept; ``extra``: everything else it shows
    that the version does not fix (anything JSON can write, the rest by its str)."""
    digest = hashlib.blake2s(json.dumps(extra, sort_keys=True, default=str).encode(), digest_size=8).hexdigest()
    return f"game:{game_id}:{seed[:8]}:{version}:page{FORMAT}:{seat}:{lang}:{tz}:{digest}"


# A kept partial is stored split at its marks: the literal texts between them and the marks in order
# (``len(texts) == len(marks) + 1``). Filling it is then a join; a regular-expression pass over the whole
# partial cost about 1 ms per 100 kB on every request, and a long game's board makes the partial larger.
Split = tuple[tuple[str, ...], tuple[str, ...]]


def split(html: str) -> Split:
    """``html`` cut at its marks (see ``Split``), left to right, a mark never overlapping the one before:
    what a regular expression of the marks' alternatives would cut. The marks are found by ``str.find``
    of the text they share, some twenty times faster than the expression's pass over a partial of
    70-200 kB that every first render of a version made (issue 17, eleventh wave)."""
    texts: list[str] = []
    marks: list[str] = []
    start = 0
    at = html.find(_MARK_CORE)
    while at != -1:
        for mark, offset in _MARKS_AT:
            begin = at - offset
            if begin >= start and html.startswith(mark, begin):
                texts.append(html[start:begin])
                marks.append(mark)
                start = begin + len(mark)
                break
        at = html.find(_MARK_CORE, at + 1)
    texts.append(html[start:])
    return tuple(texts), tuple(marks)


def get(cache_key: str) -> tuple[Split, bool] | None:
    """The kept partial, split at its marks, and whether it told a story since the last visit (its mark
    must move again)."""
    found = game_cache.pending(cache_key)
    if found is None:
        found = cache.get(cache_key)
    if (isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], tuple) and len(found[0]) == 2
            and len(found[0][0]) == len(found[0][1]) + 1):
        return found[0], bool(found[1])
    return None


def put(cache_key: str, kept: Split, story: bool) -> None:
    game_cache.put(cache_key, (kept, story), SECONDS)  # held to the render's end when it defers (games.cache)


def fill(kept: Split, request: HttpRequest, waiting: int) -> str:
    """The kept partial with this request's token, fresh form keys, count of games waiting and (htmx
    answers) messages."""
    token = get_token(request)
    messages = ""
    if getattr(request, "htmx", False) and len(get_messages(request)):
        messages = render_to_string("games/_messages.html", request=request)
    fixed = {MARK_CSRF: token, MARK_WAITING: str(waiting), MARK_MESSAGES: messages}
    texts, marks = kept
    out = [texts[0]]
    for mark, text in zip(marks, texts[1:], strict=True):
        out.append(uuid.uuid4().hex if mark == MARK_KEY else fixed[mark])
        out.append(text)
    return "".join(out)


# Where the page puts the #game partial in the kept shell (it is never a mark the partial itself renders).
_GAME_SLOT = "<!--hw-slot-game-7c1f-->"
_STATIC: str | None = None


def _static_hash() -> str:
    """The static files' names the shell links (hashed names change with a deploy): a kept shell never
    outlives them. Once per process."""
    global _STATIC
    if _STATIC is None:
        names = [static(name) for name in ("css/site.css", "js/htmx.min.js", "js/board.js", "talk/chat.js",
                                           "img/favicon.svg", "img/favicon-turn.svg")]
        _STATIC = hashlib.blake2s("|".join(names).encode(), digest_size=6).hexdigest()
    return _STATIC


def page(request: HttpRequest, game: Any, html: str, waiting: int, *, lang: str, tz: str, stamp: str) -> str:
    """The full game page around the filled partial ``html``: the shell is rendered once per key and
    kept with the CSRF token as a mark. The key names all the shell shows: the user (id and public name),
    the language, the time zone, the count of games waiting (the title, the icon and the header say it),
    the path (the language switch returns to it), the game's id and title and the stamp. A request with
    messages to show renders the page afresh (and they are shown and used up as before)."""
    token = get_token(request)
    if len(get_messages(request)):
        return render_to_string("games/game.html", {"game": game, "game_html": mark_safe(html), "stamp": stamp},
                                request=request)
    user = getattr(request, "user", None)
    parts = [FORMAT, _static_hash(), getattr(user, "pk", None), getattr(user, "public_name", None), lang, tz,
             waiting, request.get_full_path(), game.pk, game.title, stamp]
    digest = hashlib.blake2s(json.dumps(parts, default=str).encode(), digest_size=10).hexdigest()
    cache_key = f"game:{game.pk}:shell{FORMAT}:{digest}"
    shell = cache.get(cache_key)
    if not (isinstance(shell, tuple) and len(shell) == 2 and all(isinstance(part, str) for part in shell)):
        # The header's count comes from the request as the live page's does (the games_waiting tag).
        text = render_to_string("games/game.html", {"game": game, "game_html": mark_safe(_GAME_SLOT),
                                                    "stamp": stamp, "csrf_token": MARK_CSRF}, request=request)
        before, found, after = text.partition(_GAME_SLOT)
        if not found:  # never: the template shows the partial once
            return text.replace(MARK_CSRF, token)
        shell = (before, after)
        cache.set(cache_key, shell, SECONDS)
    before, after = shell
    return before.replace(MARK_CSRF, token) + html + after.replace(MARK_CSRF, token)
