"""The board's look in Chromium (issue 16): terrain drawn per card, fields still on top and clickable.

Screenshots go to var/screenshots/board-art-*.png: look at them to judge legibility.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from games.engine.content import load_content
from games.engine.core.board import SIZE
from games.presenters import board
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, needs_chromium, shot

pytestmark = [pytest.mark.browser, needs_chromium]

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])

# Every painted field dot must be what the browser finds at its centre (no drawing lies over it), and
# every card's drawing must resolve to a pattern of the same <svg>.
CHECK = """svg => {
  const bad = [];
  for (const dot of svg.querySelectorAll('.field-dot')) {
    const r = dot.getBoundingClientRect();
    if (r.width < 1) continue;
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (hit && hit.closest('.card-art')) bad.push('covered ' + dot.parentNode.dataset.field);
  }
  for (const art of svg.querySelectorAll('.card-art')) {
    const id = art.getAttribute('fill').slice(5, -1);
    if (!svg.querySelector('pattern#' + id)) bad.push('no pattern ' + id);
  }
  return {bad, arts: svg.querySelectorAll('.card-art').length};
}"""


def _all_terrains_page() -> str:
    content = load_content()
    letters = sorted(content.regions)[: SIZE * SIZE]
    view = {"board": [{"cell": c, "revealed": True, "letter": letter, "placed": True}
                      for c, letter in enumerate(letters)], "heroes": [], "tokens": []}
    # One token of each kind, a face-down one, and three pawns: what the board shows in play.
    codes = [f.code for letter in letters for f in content.regions[letter].fields][1::3]
    kinds = {}
    for tid, token in sorted(content.tokens.items()):
        kinds.setdefault(str(token.kind), (tid, token))
    for i, (kind, (tid, token)) in enumerate(sorted(kinds.items())):
        view["tokens"].append({"id": tid, "face": token.face, "kind": kind, "face_up": True, "flipped": False,
                               "border": [b.value for b in token.border], "field": codes[i]})
    view["tokens"].append({"id": None, "face": None, "kind": None, "face_up": False, "flipped": False,
                           "border": [], "field": codes[len(kinds)]})
    view["heroes"] = [{"seat": seat, "hero": key, "position": codes[seat * 2]}
                      for seat, key in enumerate(sorted(content.heroes)[:3])]
    svg = board.render_board(content=content, view=view, lang="de", targets={})
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text(encoding="utf-8")
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>{css}</style></head>"
            f"<body><div class='board-scroll'>{svg}</div></body></html>")


@VIEWPORTS
def test_every_terrain_is_drawn_under_legible_fields(chromium, viewport):
    context = chromium.new_context(viewport=viewport, device_scale_factor=2)
    try:
        page = context.new_page()
        page.set_content(_all_terrains_page())
        result = page.locator("svg.board-svg").evaluate(CHECK)
        assert result["arts"] == SIZE * SIZE
        assert result["bad"] == []
        name = "phone" if viewport is PHONE else "desktop"
        shot(page, f"board-art-all-{name}")
        # A close look at the first cards, where the tokens and pawns stand.
        box = page.locator("svg.board-svg").bounding_box()
        page.screenshot(path=str(SCREENSHOTS / f"board-art-close-{name}.png"),
                        clip={"x": box["x"], "y": box["y"], "width": min(box["width"], 640), "height": 330})
    finally:
        context.close()


@VIEWPORTS
@pytest.mark.django_db(transaction=True)
def test_the_game_page_draws_the_revealed_cards_terrain(game_page, viewport):
    page = game_page(viewport, title="Board art").page
    svg = page.locator("#game svg.board-svg").first
    result = svg.evaluate(CHECK)
    assert result["arts"] >= 1, "the revealed cards show their terrain"
    assert result["bad"] == []
    # The legend is drawn with the board's own shapes: each entry a visible swatch, and each revealed
    # terrain's swatch painted exactly as that terrain's card on the board.
    legend = page.evaluate("""() => [...document.querySelectorAll('.board-legend li')].map(li => {
        const svg = li.querySelector('svg.legend-swatch'); const r = svg && svg.getBoundingClientRect();
        return {label: li.textContent.trim(), w: r ? r.width : 0, h: r ? r.height : 0}; })""")
    assert legend and all(e["w"] >= 10 and e["h"] >= 10 for e in legend), legend
    same = page.evaluate("""() => [...document.querySelectorAll('.board-legend .card[class*="terrain-"]')].map(sw => {
        const cls = [...sw.classList].find(c => c.startsWith('terrain-'));
        const card = document.querySelector('#game svg.board-svg rect.card.' + cls);
        return [cls, getComputedStyle(sw).fill, card && getComputedStyle(card).fill]; })""")
    assert same and all(fill == card for _cls, fill, card in same), same
    name = "phone" if viewport is PHONE else "desktop"
    shot(page, f"board-art-game-{name}")
    svg.screenshot(path=str(SCREENSHOTS / f"board-art-game-board-{name}.png"))
    assert not page.errors, page.errors
