"""The few helpers every SVG drawing of the site is written with (the board, its figures, the legend).

Every text and attribute goes through ``escape``: the drawings are marked safe by their callers.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.html import escape


def attrs(**values: Any) -> str:
    """``class_="a"`` → ``class="a"``, ``stroke_width=2`` → ``stroke-width="2"``; None and False are left out."""
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f'{name}="{escape(str(value))}"')
    return " ".join(parts)


def el(tag: str, content: str = "", **values: Any) -> str:
    a = attrs(**values)
    if content:
        return f"<{tag} {a}>{content}</{tag}>"
    return f"<{tag} {a}/>"


def text(x: float, y: float, body: str, **values: Any) -> str:
    return el("text", escape(body), x=f"{x:.1f}", y=f"{y:.1f}", **values)


def fmt(v: float) -> str:
    return f"{v:.1f}"


def spaced(d: str) -> str:
    """Path data with a space after each command letter: "L3 5" would read as the field code L3 to the
    tests (and to a reader of the page's text) that make sure no hidden field's code reaches the page."""
    return re.sub(r"([A-Za-z])(?=[-\d.])", r"\1 ", d)
