"""Zoom and pan the board with the keyboard (issue 16: "zoom and pan with mouse, touch and keyboard"):
with the board focused, + and - zoom as the buttons do, 0 fits it again, and the arrow keys scroll it."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.browser.conftest import DESKTOP, needs_chromium
from tests.conftest import UserFactory
from tests.games.test_views_support import legal, new_game, play_setup, users_by_seat

pytestmark = [pytest.mark.browser, needs_chromium]

WIDTH = "el => el.querySelector('svg.board-svg').getBoundingClientRect().width"


@pytest.mark.django_db(transaction=True)
def test_the_focused_board_zooms_and_pans_with_the_keyboard(open_page, live_server):
    cache.clear()
    alice = UserFactory(username="alice", language="en")
    bert = UserFactory(username="bert", language="en")
    game = play_setup(new_game(alice, [bert], title="Keyboard zoom"))
    seat, _ = legal(game)
    page = open_page(users_by_seat(game)[seat], DESKTOP)
    page.goto(live_server.url + reverse("games:detail", args=[game.pk]))
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
