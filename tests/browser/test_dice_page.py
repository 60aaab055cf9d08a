"""The dice check page in headless Chromium: WebCrypto recomputes every draw of a finished game
from its revealed seed (docs/dice.md), and a tampered draw is caught."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Game
from tests.browser.test_play import browser, pytestmark  # noqa: F401  (the fixture and the markers)
from tests.fairplay.test_dice_page import played_game


@pytest.mark.django_db(transaction=True)
def test_the_browser_recomputes_every_draw_and_catches_a_forgery(browser, live_server, user, other_user,  # noqa: F811
                                                                 monkeypatch):
    game = played_game(user, other_user, steps=20)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    page = browser.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(live_server.url + reverse("games:dice_check", args=[game.pk]))
    page.wait_for_selector("#dice-result[data-ok='true']", timeout=30_000)
    result = page.locator("#dice-result")
    assert int(result.get_attribute("data-count")) > 20
    assert not [e for e in errors if "Content Security Policy" in e], errors  # the CSP lets the script run

    # A forged draw (one value changed) is refused.
    from games import views_dice

    real = views_dice.recorded_draws

    def forged(game_):
        draws = real(game_)
        start, n, value, after = draws[5]
        draws[5] = [start, n, (value + 1) % n, after]
        return draws

    monkeypatch.setattr(views_dice, "recorded_draws", forged)
    page.goto(live_server.url + reverse("games:dice_check", args=[game.pk]))
    page.wait_for_selector("#dice-result[data-ok='false']", timeout=30_000)
    assert json.loads(page.locator("#dice-data").text_content())["draws"][5] != real(game)[5]
