"""Browser fixtures for the game page tests: one headless Chromium, pages logged in by session cookie.

Screenshots go to var/screenshots/ (look at them: they are how the page's look is reviewed).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

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

    def _open(user=None, viewport=DESKTOP):
        context = chromium.new_context(viewport=viewport)
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


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def wait_for_new_position(page, old_stamp: str) -> None:
    page.wait_for_function(
        "old => { const g = document.querySelector('#game'); return g && g.dataset.stamp !== old; }",
        arg=old_stamp, timeout=15000)
    page.wait_for_timeout(100)  # htmx settles (focus, scroll, live region) just after the swap
