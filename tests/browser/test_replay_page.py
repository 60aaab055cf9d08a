"""The replay's step buttons on a phone (390 × 844) and on the desktop: each button keeps its label on
one line, the buttons form an orderly block next to (desktop) or above (phone) nothing else, none leaves
the window, and "Next step" stays where the thumb expects it while the player steps through.

Screenshots: var/screenshots/replay-nav-*.png.
"""

from __future__ import annotations

import random

import pytest

from tests.browser.conftest import DESKTOP, PHONE, needs_chromium, shot
from tests.browser.test_i16_pages import _fits, _name, _play

pytestmark = [pytest.mark.browser, needs_chromium, pytest.mark.django_db(transaction=True)]


def _buttons(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('.replay-nav a.button')].map(a => {
      const r = a.getBoundingClientRect(), line = parseFloat(getComputedStyle(a).lineHeight) || 20;
      return {text: a.textContent.trim(), left: r.left, right: r.right, top: r.top, height: r.height,
              lines: Math.round((r.height - parseFloat(getComputedStyle(a).paddingTop)
                                 - parseFloat(getComputedStyle(a).paddingBottom)) / line)};
    })""")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_replay_buttons_sit_in_an_orderly_block(game_page, viewport):
    page = game_page(viewport, seed="replay-nav", title="Replay", path="games:replay", query="?step=4",
                     prepare=lambda game: _play(game, random.Random(3), 10)).page
    page.wait_for_selector(".replay-nav a[rel=next]")
    buttons = _buttons(page)
    shot(page, f"replay-nav-{_name(viewport)}")
    assert [b["text"][:5] for b in buttons] == ["« Sta", "◀ Pre", "Next ", "End »"]
    assert all(b["lines"] == 1 for b in buttons), buttons  # no label broken over two lines
    assert all(b["left"] >= 0 and b["right"] <= viewport["width"] for b in buttons), buttons
    heights = {round(b["height"]) for b in buttons}
    assert max(heights) - min(heights) <= 1, buttons  # one size of button, not a ragged row
    assert min(b["height"] for b in buttons) >= 40 if viewport is PHONE else True  # a thumb's target
    first, previous, following, last = buttons
    # "Next step" is to the right of "Previous step" on the same line; Start and End frame them.
    assert abs(previous["top"] - following["top"]) <= 1 and previous["right"] <= following["left"]
    assert abs(first["top"] - last["top"]) <= 1 and first["left"] < last["left"]
    next_box = page.locator(".replay-nav a[rel=next]").bounding_box()
    page.locator(".replay-nav a[rel=next]").click()
    page.wait_for_function("() => location.search.includes('step=5')")
    page.wait_for_selector(".replay-nav a[rel=next]")
    moved = page.locator(".replay-nav a[rel=next]").bounding_box()
    assert abs(moved["x"] - next_box["x"]) <= 1 and abs(moved["y"] - next_box["y"]) <= 1  # same place
    _fits(page)
    assert not page.errors, page.errors
