"""Browser fixtures for the game page tests: one headless Chromium, pages logged in by session cookie.

Screenshots go to var/screenshots/ (look at them: they are how the page's look is reviewed).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(settings.VAR_DIR) / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM) or shutil.which(CHROMIUM) is None,
    reason=f"{CHROMIUM} is missing (CI installs it; locally: apt-get install chromium)")


@pytest.fixture(autouse=True)
def _no_background_tasks(monkeypatch):
    """No worker runs here: the players begin their turns themselves (the button the task would press)."""
    from games import tasks

    for name in ("begin_turn", "notify_finished", "send_notification", "bot_play"):
        task = getattr(tasks, name, None)
        if task is not None:
            monkeypatch.setattr(task, "delay", lambda *args, **kwargs: None)


@pytest.fixture
def chromium(monkeypatch):
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls from the test are fine.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def open_page(chromium, live_server):
    """open_page(user or None, viewport) -> a Playwright page, logged in as the user (no typing)."""
    from django.db import connections

    contexts = []

    def _open(user=None, viewport=DESKTOP, *, bypass_csp=False):
        context = chromium.new_context(viewport=viewport, bypass_csp=bypass_csp)
        if user is not None:
            client = Client()
            client.force_login(user)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME]
            context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value,
                                  "url": live_server.url}])
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        return page

    yield _open
    for context in contexts:
        for page in context.pages:
            page.goto("about:blank")  # stop polling, so no request outlives the test's database
        context.close()
    connections.close_all()


@dataclass
class GamePage:
    page: Any           # the Playwright page, on the game's page
    game: Any           # the Game (refresh it before reading its version)
    user: Any           # whose page it is
    players: tuple      # (alice, bert): the game's creator and the one who joined
    url: str


@pytest.fixture
def game_page(open_page, live_server):
    """game_page(viewport, ...) -> GamePage: the setup every game page test shares.

    Two English players, alice and bert, a game of two (``seed`` fixes its dice, ``title`` names it),
    played through the setup (``setup=False``: the hero choice is still open), then ``prepare(game)`` (to
    play some steps through the services), and the page of the player to act (``who="other"``: of the one
    waiting) opened at ``viewport`` — or ``path`` (a URL name, e.g. "games:replay", with ``query``)."""
    from django.core.cache import cache
    from django.urls import reverse

    from tests.conftest import UserFactory
    from tests.games.test_views_support import SEED, legal, new_game, play_setup, users_by_seat

    def _open(viewport=DESKTOP, *, title: str = "Page test", seed: str = SEED, setup: bool = True,
              prepare: Callable[[Any], Any] | None = None, who: str = "mover", path: str = "games:detail",
              query: str = "", bypass_csp: bool = False) -> GamePage:
        cache.clear()   # the board SVG is cached per version, seat and language
        players = (UserFactory(username="alice", language="en"), UserFactory(username="bert", language="en"))
        game = new_game(players[0], [players[1]], seed=seed, title=title)
        if setup:
            game = play_setup(game)
        if prepare is not None:
            prepare(game)
        seat, _actions = legal(game)
        user = users_by_seat(game)[seat if who == "mover" else 1 - seat]
        page = open_page(user, viewport, bypass_csp=bypass_csp)
        url = live_server.url + reverse(path, args=[game.pk]) + query
        page.goto(url)
        return GamePage(page, game, user, players, url)

    return _open


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def wait_for_new_position(page, old_stamp: str) -> None:
    page.wait_for_function(
        "old => { const g = document.querySelector('#game'); return g && g.dataset.stamp !== old; }",
        arg=old_stamp, timeout=15000)
    page.wait_for_timeout(100)  # htmx settles (focus, scroll, live region) just after the swap
