"""A solo game against two bots, created from the lobby form: the bots take their seats and move."""

from __future__ import annotations

import pytest

from games.engine.playout import acting_seat
from games.models import Game, GameAction
from games.persistence import load_state
from tests.browser.test_play import Player, browser  # noqa: F401  (the fixture)
from tests.conftest import UserFactory

pytestmark = [pytest.mark.browser]


@pytest.fixture(autouse=True)
def _no_background_tasks():
    """Unlike the other browser tests, the turn starts run here: they hand each new turn to its bot."""


@pytest.fixture(autouse=True)
def _inline_bots(settings, monkeypatch):
    settings.BOT_STEP_PAUSE_SECONDS = 0
    from games import tasks

    for name in ("notify_finished", "send_notification", "bot_play"):
        monkeypatch.setattr(getattr(tasks, name), "delay", lambda *args, **kwargs: None)


@pytest.mark.django_db(transaction=True)
def test_a_solo_game_against_two_bots(browser, live_server):  # noqa: F811
    solo = UserFactory(username="solo", language="en")
    p = Player(browser, live_server, solo, "solo")
    p.login()
    p.page.goto(f"{p.base}/games/")
    p.page.fill("input[name=title]", "Against the bots")
    p.page.select_option("select[name=seat_count]", "3")
    p.page.fill("input[name=bots]", "2")
    p.page.select_option("select[name=bot_level]", "normal")
    p.page.get_by_role("button", name="Create game").click()
    p.page.wait_for_url("**/games/*/")
    game = Game.objects.get(title="Against the bots")
    assert [s.is_bot for s in game.seats.order_by("index")] == [False, True, True]
    assert "Bot (normal)" in p.page.content()
    # The player sets up whenever it is his move; the bots do theirs in between, by themselves.
    for _ in range(12):
        game.refresh_from_db()
        if game.phase == "play":
            break
        assert acting_seat(load_state(game)) == 0, "the bots did not take their setup steps"
        p.page.reload()
        kinds = p.kinds()
        if "choose_hero" in kinds:
            p.choose("choose_hero")
        else:
            target = p.page.locator("svg a.board-target").first
            if target.count() and kinds[0] in ("place_region", "place_manor"):
                p.click_board(target.get_attribute("data-target"))
            else:
                p.choose(kinds[0])
    game.refresh_from_db()
    assert game.phase == "play"
    # In play: the player ends his turns; both bots play theirs through to the end in between.
    for _ in range(8):
        game.refresh_from_db()
        if game.turn_number > 4:
            break
        assert acting_seat(load_state(game)) == 0
        p.page.reload()
        kinds = p.kinds()
        p.choose("end_turn" if "end_turn" in kinds else "end_movement" if "end_movement" in kinds else kinds[0])
    bots = GameAction.objects.filter(game=game, idempotency_key__startswith="bot:")
    for seat in (1, 2):
        assert bots.filter(seat=seat, action__kind="end_turn").exists()
    assert not p.errors
