"""The co-op variant's game page in Chromium at 1280 × 800 and 390 × 844 (issue 18): the co-op panel (the
villains, the four fires, the Diener, the groups, the reward being agreed on), the fires and the Diener's
march on the board, and the variant's own end screen.

Screenshots go to var/screenshots/coop-*.png; they are how the look is reviewed.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, needs_chromium, shot
from tests.conftest import UserFactory
from tests.games import coop_guided
from tests.games.test_views_support import new_game, play_setup

pytestmark = [pytest.mark.browser, needs_chromium, pytest.mark.django_db(transaction=True)]

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])


def _name(viewport) -> str:
    return "phone" if viewport is PHONE else "desktop"


def _fits(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than the window"


def _coop_game():
    alma, bodo = UserFactory(username="alma", language="en"), UserFactory(username="bodo", language="en")
    game = play_setup(new_game(alma, [bodo], variant="coop", villain="automatic", title="Gemeinsam"))
    return game, alma, bodo


@pytest.mark.rule("COOP-04", "COOP-08", "COOP-14")
@VIEWPORTS
def test_the_coop_page_shows_fires_servants_groups_and_the_reward(open_page, live_server, viewport):
    game, alma, _bodo = _coop_game()
    reward = {"token": "srv-05", "leader": 0, "recipient": 1, "waiting": [1], "proposed": [1], "ambush": False}
    game = coop_guided.set_position(game, servants={"srv-01": "N6", "srv-02": "N11", "srv-03": "N1"},
                                    groups=[(0, 1)], reward=reward, dead=3)
    page = open_page(alma, viewport)
    page.goto(live_server.url + reverse("games:detail", args=[game.pk]))
    panel = page.locator(".coop-panel")
    assert panel.is_visible()
    text = panel.inner_text()
    assert "1 of 4 held" in text and "held by" in text and "(your group)" in text
    assert "The group's reward for" in text and "has not answered yet" in text
    board = page.locator(".board-svg")
    assert board.locator(".coop-fire").count() == 4 and board.locator(".coop-fire.held").count() == 1
    assert board.locator(".coop-servant").count() == 3 and board.locator(".coop-march").count() >= 1
    assert page.locator(".badge.variant-coop").is_visible()
    _fits(page)
    shot(page, f"coop-page-{_name(viewport)}")
    panel.screenshot(path=str(_element_shot("panel", viewport)))
    page.locator(".board-panel").screenshot(path=str(_element_shot("board", viewport)))
    assert not page.errors, page.errors


def _element_shot(part: str, viewport):
    """Where a close-up of one part of the page goes (the panel, the board): the whole page is long."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"coop-{part}-{_name(viewport)}.png"


@pytest.mark.rule("COOP-14", "COOP-17")
@VIEWPORTS
def test_the_coop_loss_has_its_own_end_screen(open_page, live_server, viewport):
    game, alma, _bodo = _coop_game()
    fires = {"srv-01": "N9", "srv-02": "N10", "srv-03": "N11", "srv-04": "N12"}
    game = coop_guided.set_position(game, servants=fires, lost=True)
    page = open_page(alma, viewport)
    page.goto(live_server.url + reverse("games:detail", args=[game.pk]))
    ending = page.locator(".coop-ending")
    assert ending.is_visible() and "The villains have taken the fires." in ending.inner_text()
    assert page.locator(".board-svg .coop-fire.held").count() == 4
    _fits(page)
    shot(page, f"coop-lost-{_name(viewport)}")
    assert not page.errors, page.errors
