"""The board's labels and default zoom in Chromium (issue 16: "readable at its default size … labels that
never collide … the view fits the explored area and the player's hero"):

- on a crowded board (every card, the longest token names, nine pawns, a cost on 40 fields) the label
  boxes the browser draws (getBoundingClientRect of each label) never intersect each other, a pawn, a
  token, a figure, a field's dot, a manor or the Kahn;
- with the two explored cards at opposite corners of the 5 × 5 square (SETUP-04's square), the page opens
  with the field names and codes at 11 px or more at 1280 × 800 and 390 × 844, and the player's hero in
  view; the rest of the board is a pan away.

Screenshots: var/screenshots/board-labels-crowded-*.png, board-spread-*.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.engine.content import load_content
from games.engine.core.board import SIZE
from games.presenters import board
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, needs_chromium, shot
from tests.games.test_board_labels import _worst_case_view
from tests.games.test_views_support import legal, submit

pytestmark = [pytest.mark.browser, needs_chromium]

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])

#: Every drawn label against every other label and everything drawn that a label must not cover; boxes
#: are the browser's own (client rectangles), a touch under half a pixel is rounding.
COLLISIONS = """svg => {
  const rect = e => { const r = e.getBoundingClientRect(); return {x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; };
  const name = e => e.dataset.label || e.getAttribute('class') + ':' + (e.textContent || '').slice(0, 20);
  const labels = [...svg.querySelectorAll('.board-labels text, .target-cost, .axis-label, .weather-badge')]
    .map(e => ({name: name(e), box: rect(e)})).filter(l => l.box.x1 - l.box.x0 > 0);
  const things = [...svg.querySelectorAll('.field-dot, path.hero, rect.token, .figure, .manor, .kahn')]
    .map(e => ({name: (e.closest('[data-field]') || e.parentNode).getAttribute('data-field')
                      || e.getAttribute('class'), box: rect(e)}));
  const hit = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5
                        && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;
  const bad = [];
  labels.forEach((a, i) => {
    labels.slice(i + 1).forEach(b => { if (hit(a.box, b.box)) bad.push(a.name + ' / ' + b.name); });
    things.forEach(t => { if (hit(a.box, t.box)) bad.push(a.name + ' on ' + t.name); });
  });
  return {bad, labels: labels.length, things: things.length};
}"""

#: The rendered size (px) of the field names and codes, and whether the player's hero is inside the
#: scroller's visible frame.
READABLE = """scroller => {
  const svg = scroller.querySelector('svg.board-svg');
  const sizes = [...svg.querySelectorAll('.board-labels .field-name, .board-labels .field-code')]
    .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  const hero = scroller.querySelector('.hero-g.me');
  const a = hero.getBoundingClientRect(), b = scroller.getBoundingClientRect();
  return {smallest: Math.min(...sizes), count: sizes.length,
          heroInView: a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1,
          pannable: scroller.scrollWidth > scroller.clientWidth || scroller.scrollHeight > scroller.clientHeight};
}"""


def _crowded_page(scale: float) -> str:
    content = load_content()
    view, fields = _worst_case_view(content)
    view["unwetter"] = True
    targets = {f"field:{code}": board.Option(id=f"o{i}", params={}, label=code, target=f"field:{code}",
                                             badge="12 · 58 %") for i, code in enumerate(fields[:40])}
    with translation.override("de"):
        svg = str(board.render_board(content=content, view=view, lang="de", targets=targets))
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text(encoding="utf-8")
    width = (SIZE * board.CARD + 2 * board.MARGIN) * scale
    svg = svg.replace("<svg ", f'<svg style="width:{width:.1f}px" ', 1)
    return (f"<!doctype html><html lang='de'><head><meta charset='utf-8'><style>{css}</style></head>"
            f"<body><div class='board-scroll' style='max-height:none'>{svg}</div></body></html>")


@VIEWPORTS
def test_the_drawn_labels_of_a_crowded_board_never_intersect(chromium, viewport):
    context = chromium.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.set_content(_crowded_page(board.MIN_FONT_PX / board.NAME_FONT))   # the default zoom's scale
        result = page.locator("svg.board-svg").evaluate(COLLISIONS)
        assert result["labels"] > 500 and result["things"] > 300, result
        assert result["bad"] == []
        # The browser draws each label as wide as the layout measured it.
        widths = page.evaluate("""() => [...document.querySelectorAll('.board-labels text')].slice(0, 60).map(t =>
            [t.getBoundingClientRect().width, parseFloat(t.getAttribute('textLength')) * t.getScreenCTM().a])""")
        assert all(abs(drawn - laid) <= 1 for drawn, laid in widths), widths
        name = "phone" if viewport is PHONE else "desktop"
        page.screenshot(path=str(SCREENSHOTS / f"board-labels-crowded-{name}.png"),
                        clip={"x": 0, "y": 0, "width": viewport["width"], "height": viewport["height"]})
    finally:
        context.close()


def _spread_setup(game) -> None:
    """The setup (as ``play_setup``), but the first card goes to the square's top left corner and the
    second as far towards the bottom right as it may: the explored cards lie far apart."""
    placed = 0
    for _ in range(40):
        game.refresh_from_db()
        if game.phase == "play":
            return
        _seat, actions = legal(game)
        placing = sorted((a for a in actions if a.kind == "place_region"), key=lambda a: a.params()["cell"])
        if placing:
            submit(game, placing[0] if placed == 0 else placing[-1])
            placed += 1
        else:
            submit(game, actions[0])
    raise AssertionError("setup did not finish")


@VIEWPORTS
@pytest.mark.django_db(transaction=True)
def test_far_apart_cards_open_legible_around_the_players_hero(game_page, viewport):
    opened = game_page(viewport, title="Spread", setup=False, prepare=_spread_setup)
    page = opened.page
    svg = page.locator("#game svg.board-svg").first
    fit = [float(v) for v in svg.get_attribute("data-fit").split()]
    assert fit[2] >= 4 * board.CARD and fit[3] >= 4 * board.CARD, "the explored cards lie at opposite corners"
    scroller = page.locator("#game .board-scroll").first
    page.wait_for_timeout(200)
    found = scroller.evaluate(READABLE)
    assert found["count"] >= 10
    assert found["smallest"] >= board.MIN_FONT_PX - 0.01, found
    assert found["heroInView"], "the player's hero is shown"
    assert found["pannable"], "the rest of the board is a pan away"
    result = svg.evaluate(COLLISIONS)
    assert result["bad"] == []
    name = "phone" if viewport is PHONE else "desktop"
    shot(page, f"board-spread-{name}")
    scroller.screenshot(path=str(SCREENSHOTS / f"board-spread-board-{name}.png"))
    # "Whole board" is the overview (small, all of it), "Fit" brings the legible view back.
    page.get_by_role("button", name="Whole board").click()
    assert not scroller.evaluate("el => el.scrollWidth > el.clientWidth + 1")
    page.get_by_role("button", name="Fit").click()
    assert scroller.evaluate(READABLE)["smallest"] >= board.MIN_FONT_PX - 0.01
    assert not page.errors, page.errors
