"""The few helpers every SVG drawing of the site is written with (the board, its figures, the legend).

The drawings are built as ``format_html`` would build them: an attribute value or a text is escaped, a
part that is already drawn (a ``SafeString`` from these helpers) is kept as it is. So nothing a player named, and no
label, can end up as markup, and no caller marks a string safe by hand.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Any

from django.utils.safestring import SafeString, mark_safe

NOTHING = mark_safe("")  # an empty drawn part (a badge that is not shown)
_SPECIAL = re.compile("[&<>\"']")  # what html.escape replaces: a text without them is its own escape


def _escaped(value: Any) -> str:
    """What ``format_html`` makes of one argument: a drawn part (``__html__``) as it is, the rest escaped
    (``html.escape`` of its text, as Django's ``escape`` does) — without ``format_html``'s lazy wrappers,
    which cost the board's thousands of elements a third of a page's time (issue 17, third wave).
    The common kinds first (issue 17, fifth wave: the board's first render): a plain string is escaped,
    a drawn part kept, a number written (its text has nothing to escape)."""
    kind = type(value)
    if kind is str:
        return html.escape(value) if _SPECIAL.search(value) else value
    if kind is SafeString:
        return value
    if kind is int or kind is float:
        return str(value)
    html_of = getattr(value, "__html__", None)
    return html_of() if html_of is not None else html.escape(str(value))


# For text written outside a drawing too (the log's and the board-as-text's filters, games_tags): what
# ``conditional_escape`` writes, without its wrappers for lazy text (some 600 values per first render).
escaped = _escaped


# Keyword → attribute name (``class_`` → ``class``, ``stroke_width`` → ``stroke-width``): the drawings use
# a few dozen names, each worked out once per process (a pure function's answers, never stale).
_NAMES: dict[str, str] = {}


def _attrs(values: dict[str, Any]) -> str:
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        if key in _NAMES:
            name = _NAMES[key]
        else:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        # ``_escaped``'s common kinds inline: a first render writes some 2,700 attribute values, and the
        # call per value was a tenth of the board's calls (issue 17, seventh wave, second round).
        kind = type(value)
        if kind is str:
            if _SPECIAL.search(value):
                value = html.escape(value)
        elif kind is not int and kind is not float and kind is not SafeString:
            value = _escaped(value)
        parts.append(f'{name}="{value}"')
    return " ".join(parts)


def attrs(**values: Any) -> SafeString:
    """``class_="a"`` → ``class="a"``, ``stroke_width=2`` → ``stroke-width="2"``; None and False are left out."""
    return SafeString(_attrs(values))


def join(parts: Iterable[str]) -> SafeString:
    """Drawn parts one after another; a plain string among them is escaped as text."""
    return SafeString("".join([_escaped(part) for part in parts]))


# Tag name → its escape (the drawings use a dozen literal names), so ``el`` escapes none of them again.
_TAGS: dict[str, str] = {}


def el(tag: str, content: str = "", **values: Any) -> SafeString:
    """One element: ``content`` is drawn parts (kept) or text (escaped)."""
    if tag in _TAGS:
        name = _TAGS[tag]
    else:
        name = _TAGS[tag] = _escaped(tag)
    if content:
        if type(content) is not SafeString:
            content = _escaped(content)
        return SafeString(f"<{name} {_attrs(values)}>{content}</{name}>")
    return SafeString(f"<{name} {_attrs(values)}/>")


def text(x: float, y: float, body: str, **values: Any) -> SafeString:
    return el("text", body, x=f"{x:.1f}", y=f"{y:.1f}", **values)


def fmt(v: float) -> str:
    return f"{v:.1f}"


def spaced(d: str) -> str:
    """Path data with a space after each command letter: "L3 5" would read as the field code L3 to the
    tests (and to a reader of the page's text) that make sure no hidden field's code reaches the page."""
    return re.sub(r"([A-Za-z])(?=[-\d.])", r"\1 ", d)
