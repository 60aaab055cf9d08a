"""Zoom and pan the board with the keyboard (issue 16: "zoom and pan with mouse, touch and keyboard"):
with the board focused, + and - zoom as the buttons do, 0 fits it again, and the arrow keys scroll it."""

from __future__ import annotations

import pytest

from games.presenters import board
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, needs_chromium

pytestmark = [pytest.mark.browser, needs_chromium]

WIDTH = "el => el.querySelector('svg.board-svg').getBoundingClientRect().width"


@pytest.mark.django_db(transaction=True)
def test_the_focused_board_zooms_and_pans_with_the_keyboard(game_page):
    page = game_page(DESKTOP, title="Keyboard zoom").page
    scroller = page.locator("#game .board-scroll").first
    fitted = scroller.evaluate(WIDTH)

    scroller.focus()
    page.keyboard.press("+")
    zoomed = scroller.evaluate(WIDTH)
    assert zoomed > fitted * 1.3
    page.keyboard.press("+")
    assert scroller.evaluate(WIDTH) > zoomed * 1.2

    left = scroller.evaluate("el => el.scrollLeft")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)  # the browser's smooth scroll
    assert scroller.evaluate("el => el.scrollLeft") > left or scroller.evaluate(
        "el => el.scrollWidth <= el.clientWidth + el.scrollLeft"), "the arrow keys pan the zoomed board"

    page.keyboard.press("-")
    assert abs(scroller.evaluate(WIDTH) - zoomed) < 2
    page.keyboard.press("0")
    assert abs(scroller.evaluate(WIDTH) - fitted) < 2

    # A key typed anywhere else (the chat, a form) is not taken by the board.
    page.locator("textarea").first.focus()
    page.keyboard.press("+")
    assert abs(scroller.evaluate(WIDTH) - fitted) < 2
    assert not page.errors, page.errors


SCALE = """el => { const svg = el.querySelector('svg.board-svg');
  return svg.getBoundingClientRect().width / Number(svg.getAttribute('viewBox').split(/\\s+/)[2]); }"""
LEGIBLE = board.MIN_FONT_PX / board.NAME_FONT - 0.001
IN_VIEW = """el => { const spot = el.querySelector('.hero-g.me') || el.querySelector('a.board-target');
  const a = spot.getBoundingClientRect(), b = el.getBoundingClientRect();
  return a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1; }"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.django_db(transaction=True)
def test_the_board_opens_at_a_zoom_where_field_codes_are_legible(game_page, viewport):
    """Issue 16: "readable at its default size on a 1280 px screen and on a phone". Field codes and names are
    8 board units high: at MIN_FONT_PX / NAME_FONT (1.375) px per unit or more they render at 11 px or more;
    the player's own place (his pawn, else the first target) is in view, the rest a pan away."""
    page = game_page(viewport, title="Legible").page
    scroller = page.locator("#game .board-scroll").first
    page.wait_for_timeout(200)
    assert scroller.evaluate(SCALE) >= LEGIBLE
    assert scroller.evaluate(IN_VIEW), "the player's own place is shown"
    name = "phone" if viewport is PHONE else "desktop"
    scroller.screenshot(path=str(SCREENSHOTS / f"board-default-{name}.png"))
    # "Whole board" is the overview (unzoomed), "Fit" brings the legible view back.
    page.get_by_role("button", name="Whole board").click()
    assert abs(scroller.evaluate(WIDTH) - scroller.evaluate("el => el.clientWidth")) < 2
    page.get_by_role("button", name="Fit").click()
    assert scroller.evaluate(SCALE) >= LEGIBLE
    assert not page.errors, page.errors
