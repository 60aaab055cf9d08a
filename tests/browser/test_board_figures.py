"""The figures on the board in Chromium (issue 16): the dragon, the Namenloser, a Wächter, the
Drachenmensch and the Kahn, at the board's own fitted size on the desktop and on a phone. Each must be
big enough to tell apart at that size, carry its name for hover and screen readers, and leave the
field it stands by clickable.

Screenshots: var/screenshots/board-figures-*.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.engine.content import load_content
from games.presenters import board
from games.presenters import board_figures as figures
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]


def _page() -> str:
    """The cards A, L and H (the Namenloser's) side by side, with every figure and the Kahn on them."""
    content = load_content()
    letters = ["A", "L", "H"]
    view = {"board": [{"cell": c, "revealed": True, "letter": letter, "placed": True}
                      for c, letter in enumerate(letters)], "heroes": [], "tokens": [], "boat": "L4"}
    fields = [f.code for f in content.regions["A"].fields] + [f.code for f in content.regions["H"].fields]
    kinds = sorted(figures.FIGURES)
    for i, kind in enumerate(kinds):
        tid = next(t for t, token in sorted(content.tokens.items()) if str(token.kind) == kind)
        token = content.tokens[tid]
        view["tokens"].append({"id": tid, "face": token.face, "kind": kind, "face_up": True, "flipped": False,
                               "border": [b.value for b in token.border], "field": fields[2 + i * 3]})
    view["heroes"] = [{"seat": 0, "hero": sorted(content.heroes)[0], "position": fields[1]}]
    with translation.override("en"):
        svg = board.render_board(content=content, view=view, lang="en", targets={})
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text(encoding="utf-8")
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><style>{css}</style></head>"
            f"<body><div class='board-scroll fit'>{svg}</div></body></html>")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_figures_are_drawn_big_enough_to_tell_apart_and_are_named(chromium, viewport):
    context = chromium.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.set_content(_page())
        found = page.evaluate("""() => [...document.querySelectorAll('svg.board-svg .figure, svg.board-svg .kahn')]
          .map(g => { const r = g.getBoundingClientRect();
                      return {cls: g.getAttribute('class'), w: r.width, h: r.height,
                              title: g.querySelector(':scope > title').textContent}; })""")
        name = "phone" if viewport is PHONE else "desktop"
        page.screenshot(path=str(SCREENSHOTS / f"board-figures-{name}.png"), full_page=True)
        assert sorted(f["cls"].split()[1] for f in found if "figure" in f["cls"].split()) == sorted(
            f"figure-{kind}" for kind in figures.FIGURES)
        assert any("kahn" in f["cls"].split() for f in found), "the Kahn"
        tokens = page.evaluate("""() => { const r = document.querySelector('svg.board-svg .field-dot')
                                            .getBoundingClientRect(); return r.width; }""")
        for f in found:
            assert f["title"], f
            # At least as large as a field's dot at the same zoom (a token sign is smaller than one).
            assert max(f["w"], f["h"]) >= tokens, (f, tokens)
        # No figure lies over a field's dot: every field stays clickable.
        covered = page.evaluate("""() => [...document.querySelectorAll('svg.board-svg .field-dot')].filter(dot => {
            const r = dot.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return r.width > 0 && hit && (hit.closest('.figure') || hit.closest('.kahn')); })
          .map(dot => dot.parentNode.dataset.field)""")
        assert covered == []
    finally:
        context.close()
