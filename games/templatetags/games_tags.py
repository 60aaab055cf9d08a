"""Small helpers for the game templates."""

from __future__ import annotations

import html
import pickle
import re
import uuid
from collections.abc import Mapping
from functools import lru_cache, partial
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils import dateformat, timezone
from django.utils.formats import get_format
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]  # the template engine's own
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from apibase.kept import Kept
from games.fragments import MARK_KEY, MARK_WAITING
from games.presenters.board import SEAT_COLOURS
from games.presenters.svg import escaped as _escape
from games.variants import AUTOMATIC_LEVEL

register = template.Library()

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
PHASES = {
    "lobby": lambda: _("Waiting for players"),
    "setup_hero": lambda: _("Choosing heroes"),
    "setup_region": lambda: _("Placing the region cards"),
    "setup_manor": lambda: _("Placing the manors"),
    "setup_axis": lambda: _("Laying the first tokens"),
    "play": lambda: _("Playing"),
    "finished": lambda: _("Finished"),
}


@register.simple_tag(takes_context=True)
def idempotency_key(context) -> str:
    """A fresh key for one form: the same submission sent twice is applied once. In a partial rendered
    to be kept (games.fragments) a mark, replaced by a fresh key in every response."""
    if context.get("fragment_marks"):
        return MARK_KEY
    return uuid.uuid4().hex


@register.filter
def die_face(value) -> str:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return ""
    return DIE_FACES[number - 1] if 1 <= number <= 6 else ""


@register.filter
def seat_colour(seat) -> str:
    try:
        return SEAT_COLOURS[int(seat) % len(SEAT_COLOURS)]
    except (TypeError, ValueError):
        return "#555"


@register.filter
def phase_label(phase) -> str:
    label = PHASES.get(phase)
    return label() if label else str(phase)


@register.filter
def get_item(mapping, key):
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def seq(count) -> range:
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)


@register.simple_tag
def invitation_for(next_url):
    """The game a ``next`` URL invites to (``games:join_invite`` with the right code), else None.

    The log-in and sign-up pages use it to say who invites the visitor to what, and to keep ``next``.
    """
    from django.urls import Resolver404, resolve

    from games.models import Game

    if not next_url:
        return None
    try:
        match = resolve(str(next_url).split("?", 1)[0])
    except Resolver404:
        return None
    if match.view_name != "games:join_invite":
        return None
    game = Game.objects.select_related("creator").filter(
        pk=match.kwargs["game_id"], invite_code=match.kwargs["invite_code"]).first()
    return game


@register.simple_tag
def url_with_next(url, next_url) -> str:
    """``url`` carrying ``?next=`` (so a visitor who switches between log-in and sign-up keeps it)."""
    from urllib.parse import quote

    return f"{url}?next={quote(str(next_url), safe='/')}" if next_url else url


@register.simple_tag(takes_context=True)
def games_waiting(context) -> int:
    """How many games wait for the signed-in user (the header's count, the tab title, the favicon)."""
    if context.get("fragment_marks"):
        return MARK_WAITING  # type: ignore[return-value]  # a kept partial: filled in per request
    request = context.get("request")
    if request is None:
        return 0
    if not hasattr(request, "_games_waiting"):
        from games.visits import games_waiting_for

        request._games_waiting = games_waiting_for(request.user)
    return request._games_waiting


@register.filter
def taken_seats(seats) -> list:
    """The seats people and bots take: a co-op game's automatic villains' seat (added by the site) is none."""
    return [seat for seat in seats
            if not (seat.user_id is None and not seat.is_bot and seat.bot_level == AUTOMATIC_LEVEL)]


# The log's entries, written here rather than by a template loop (issue 17, fifth wave: the first render
# of a version). The loop of ``games/_log.html`` rendered some 40 entries with their events, dice and
# rule links — two thirds of the #game partial's template time. This writes the same bytes (the
# template's whitespace, its escaping, the date filter in the active language and time zone) in one pass;
# tests/perf/test_render_pinned.py holds the output to the template's.
def _text(value: Any) -> str:
    """Django's ``escape`` of a plain value (a die, a number, a code), without its wrapper for lazy text."""
    return html.escape(str(value))


_LOG_TAKEN_BACK = '</del>\n          <span class="badge">{}</span>'


def _log_dates(value: Any, short: str, zone: str, lang: str | None) -> tuple[str, str]:
    """``|date:'c'`` and ``|date:"SHORT_DATETIME_FORMAT"`` of a log entry's time (``short``: that format
    in the active language, looked up once per log; ``zone`` and ``lang``: the active time zone's name and
    language, which decide the answer along with the time and the format)."""
    if value in (None, ""):
        return "", ""
    return _log_dates_kept(value, short, zone, lang)


@lru_cache(maxsize=32768)
def _log_dates_kept(value: Any, short: str, zone: str, lang: str | None) -> tuple[str, str]:
    """``_log_dates`` once per process for each time, format, zone and language: a log entry's time is
    written the same way on every page that shows it (some 40 per first render, each a few dozen calls of
    Django's date format: issue 17, seventh wave). Two equal times are the same instant, which is all the
    local time shown depends on."""
    local = template_localtime(value)
    # The date filter's "c" is the datetime's isoformat (django.utils.dateformat.DateFormat.c).
    return html.escape(local.isoformat()), html.escape(dateformat.format(local, short))


def _log_event(event: dict[str, Any], taken_back: bool, words: Mapping[str, str], rules: dict[str | None, str]) -> str:
    text = _escape(event.get("text", ""))
    parts = ["\n          <li>\n            ", f"<del>{text}</del>" if taken_back else text, "\n            "]
    dice = event.get("dice")
    if dice:
        faces = "".join(f'<span class="die" title="{_text(d)}"><span aria-hidden="true">{die_face(d)}</span> '
                        f"{_text(d)}</span>" for d in dice)
        joined = ", ".join([_text(d) for d in dice])
        parts.append(f'<span class="dice" aria-label="{words["dice"]}: {joined}">{faces}</span>')
    parts.append("\n            ")
    rule = event.get("rule")
    if rule:
        url = rules.get(rule)
        if url is None:
            url = rules[rule] = _rule_url(rule, rules)
        code = _text(rule)
        parts.append(
            f'\n              <details class="rule-ref" hx-get="{url}" hx-trigger="toggle once" '
            f'hx-target="find .rule-body" hx-swap="innerHTML">\n'
            f"                <summary>{words['rule'] % {'rule': code}}</summary>\n"
            f'                <div class="rule-body"><a href="{url}">{words["read"] % {"rule": code}}</a></div>\n'
            f"              </details>\n            ")
    parts.append("\n          </li>\n        ")
    return "".join(parts)


_RULE_MARK = "hw-rule-7c1f"
_PLAIN_RULE = re.compile(r"[A-Za-z0-9_.-]+")


def _rule_url(rule: str, rules: dict[str | None, str]) -> str:
    """The escaped URL of a rule's page: reversed once per log with a mark in place of the rule (kept in
    ``rules`` under None; some 20 rules per page), which a rule made of letters, digits and ``_.-``
    replaces as reverse would write it (it quotes none of them)."""
    if not _PLAIN_RULE.fullmatch(rule):
        return _text(reverse("games:rule", args=[rule]))
    pattern = rules.get(None)
    if pattern is None:
        pattern = rules[None] = _text(reverse("games:rule", args=[_RULE_MARK]))
    return pattern.replace(_RULE_MARK, rule)


@register.filter
def log_items(log: list[dict[str, Any]]) -> SafeString:
    """The ``<li>`` of each log entry, newest first, as ``{% for entry in log reversed %}`` wrote them."""
    words = {"dice": escape(_("dice")), "taken back": escape(_("taken back")),
             "rule": _("rule %(rule)s"), "read": _("Read rule %(rule)s")}
    rules: dict[str | None, str] = {}  # each rule's URL; under None the reversed pattern
    short = get_format("SHORT_DATETIME_FORMAT")
    zone, lang = timezone.get_current_timezone_name(), get_language()
    prefix = get_script_prefix()  # the rules' URLs start with it
    out = []
    marks = getattr(log, "kept_as", None) or [None] * len(log)   # games.cache.Described
    for entry, mark in zip(reversed(log), reversed(marks), strict=True):
        # Each entry's <li> is kept per process (issue 17, seventh wave, second round): it is a pure
        # function of what ``_log_item`` reads of the entry as the viewer's log shows it (not the raw
        # action, which the entry also holds: a third of its pickle), the language, the time zone and the
        # date format. An entry described through games.cache.log_sentences is a pure function of the mark
        # it is kept under there, which then names it instead of its pickle (twelfth wave, second part).
        key = (_kept_key(lang, (zone, short, prefix, entry.get("sequence", ""), entry.get("seat"),
                                entry.get("taken_back"), entry.get("created_at"), entry.get("who", ""),
                                entry.get("action_text", ""), entry.get("events")))
               if mark is None else (lang, zone, short, prefix, mark))
        out.append(_LOG_ITEMS.keep(key, partial(_log_item, entry, words, rules, short, zone, lang)))
    return SafeString("".join(out))


LOG_ITEMS_KEPT = 32768
_LOG_ITEMS = Kept(LOG_ITEMS_KEPT)


def _log_item(entry: dict[str, Any], words: Mapping[str, str], rules: dict[str | None, str], short: str, zone: str,
              lang: str | None) -> str:
    """One log entry's ``<li>`` (``log_items``)."""
    out = []
    taken_back = bool(entry.get("taken_back"))
    sequence = _text(entry.get("sequence", ""))
    seat = entry.get("seat")
    dot = ("" if seat is None else
           f'<span class="seat-dot" style="background: {_text(seat_colour(seat))}" aria-hidden="true"></span>')
    iso, shown = _log_dates(entry.get("created_at"), short, zone, lang)
    out.append(
        f'\n    <li class="log-entry{" taken-back" if taken_back else ""}" value="{sequence}">\n'
        f'      <div class="log-action">\n'
        f'        <span class="seq">#{sequence}</span>\n'
        f"        {dot}\n"
        f'        {"<del>" if taken_back else ""}<strong>{_escape(entry.get("who", ""))}</strong>: '
        f'{_escape(entry.get("action_text", ""))}'
        f'{_LOG_TAKEN_BACK.format(words["taken back"]) if taken_back else ""}\n'
        f'        <time class="muted" datetime="{iso}">{shown}</time>\n'
        f"      </div>\n      ")
    events = entry.get("events")
    if events:
        out.append('\n      <ul class="log-events">\n        ')
        out.extend(_log_event(event, taken_back, words, rules) for event in events)
        out.append("\n      </ul>\n      ")
    out.append("\n    </li>\n  ")
    return "".join(out)


@register.filter
def square_items(squares: list[dict[str, Any]]) -> SafeString:
    """The "Board as text" squares' ``<li>``, as the loop of ``games/_board.html`` wrote them (issue 17, fifth
    wave: some 20-40 squares with their fields, a few per cent of the first render; pinned by
    tests/perf/test_render_pinned.py)."""
    words = {key: escape(text) for key, text in (("tokens", _("tokens")), ("heroes", _("heroes")),
                                                  ("manor of", _("manor of")), ("Ways", _("Ways")))}
    lang = get_language()
    out = []
    for square in squares:
        # Each square's <li> is kept per process (issue 17, seventh wave, second round): it is a pure
        # function of the square, as the viewer's board-as-text lists it, and the language.
        out.append(_SQUARES.keep(_kept_key(lang, square), partial(_square_item, square, words)))
    return SafeString("".join(out))


SQUARES_KEPT = 65536
_SQUARES = Kept(SQUARES_KEPT)


def _kept_key(lang: str | None, value: Any) -> tuple[str | None, bytes] | None:
    """Where a text rendered from ``value`` alone is kept: the language and ``value``'s pickle, which tells
    a drawn part (``SafeString``, written as it is) from a plain string (escaped) where JSON would not.
    None: not picklable, rendered afresh."""
    try:
        return lang, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return None


def _square_item(square: dict[str, Any], words: Mapping[str, str]) -> str:
    """One square's ``<li>`` (``square_items``)."""
    out = []
    out.append(f'\n      <li><strong>{_escape(square.get("where", ""))}</strong>: '
               f'{_escape(square.get("title", ""))}\n        ')
    fields = square.get("fields")
    if fields:
        out.append("\n          <ul>\n            ")
        for f in fields:
            out.append(f'\n              <li>{_escape(f.get("text", ""))}')
            for key, lead in (("tokens", f'; {words["tokens"]}: '), ("heroes", f'; {words["heroes"]}: '),
                              ("manors", f'; {words["manor of"]} ')):
                if f.get(key):
                    out.append(lead + ", ".join([_escape(v) for v in f[key]]))
            out.append("</li>\n            ")
        paths = ", ".join([_escape(p) for p in square.get("paths", "")])
        out.append(f'\n          </ul>\n          <p class="paths-text">{words["Ways"]}: {paths}</p>\n        ')
    out.append("\n      </li>\n    ")
    return "".join(out)


# Hero sheets rendered, per process: ``games/_sheet.html`` reads nothing but its sheet (games.views._sheets,
# which holds only what the viewer may see: the deed only on his own), so its output is a pure function
# of the sheet (its pickle) and the language. A step changes one hero's sheet at most, so the first render of
# a version renders the others' from here (issue 17, seventh wave, second round: a tenth of its calls).
SHEETS_KEPT = 8192
_SHEETS = Kept(SHEETS_KEPT)


@register.simple_tag
def hero_sheet(sheet: dict[str, Any]) -> SafeString:
    """What ``{% include "games/_sheet.html" %}`` wrote for this sheet, byte for byte."""
    return _SHEETS.keep(_kept_key(get_language(), sheet),
                        lambda: SafeString(render_to_string("games/_sheet.html", {"sheet": sheet})))
