"""Two players chat during a game, each in his own headless Chromium; a report reaches the creator;
a spectator's talk stays apart.

Run with ``pytest -m browser``; needs /usr/bin/chromium.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.browser.test_play import CHROMIUM, browser  # noqa: F401  (the shared Chromium fixture)
from tests.conftest import TEST_PASSWORD, UserFactory
from tests.talk.conftest import two_player_game
from tests.talk.helpers import play_until_turn

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM) or shutil.which(CHROMIUM) is None,
                       reason=f"{CHROMIUM} is missing (CI installs it; locally: apt-get install chromium)"),
]


def open_as(chromium, live_server, user, path):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}{path}")
    page.wait_for_selector("#talk-chat")
    return page, errors


def say(page, text):
    page.fill("#talk-body", text)
    page.get_by_role("button", name="Send").click()


@pytest.mark.django_db(transaction=True)
def test_two_players_chat_during_a_game(request, live_server):
    chromium = request.getfixturevalue("browser")  # the shared Chromium of tests/browser
    anna = UserFactory(username="anna", language="en")
    bert = UserFactory(username="bert", language="en")
    watcher = UserFactory(username="watcher", language="en")
    game = play_until_turn(two_player_game(anna, bert), 1)
    a, a_errors = open_as(chromium, live_server, anna, f"/games/{game.pk}/")
    b, b_errors = open_as(chromium, live_server, bert, f"/games/{game.pk}/")
    w, w_errors = open_as(chromium, live_server, watcher, f"/talk/games/{game.pk}/watch/")

    say(a, "Hallo Bert, <b>viel Glück</b>!")
    a.wait_for_selector("text=Hallo Bert", timeout=5000)      # the sender sees it at once
    b.wait_for_selector("text=Hallo Bert", timeout=15000)     # the other player by the poll
    assert b.locator(".talk-message b").count() == 0          # escaped, not markup
    assert b.locator("#talk-body").input_value() == ""
    say(b, "Danke, dir auch!")
    a.wait_for_selector("text=Danke, dir auch!", timeout=15000)

    # Bert reports Anna's message: Anna (the creator, who may hide it) sees it counted and marked
    b.once("dialog", lambda dialog: dialog.accept())
    b.locator(".talk-message", has_text="Hallo Bert").get_by_role("button", name="Report").click()
    a.wait_for_selector("text=1 reported message to judge", timeout=15000)
    assert a.locator(".talk-message.reported-message", has_text="Hallo Bert").count() == 1
    a.get_by_role("button", name="Dismiss the report").click()
    a.wait_for_selector(".talk-open-reports", state="detached", timeout=5000)
    assert "reported message" not in b.content()

    say(w, "Anna should go north")
    w.wait_for_selector("text=Anna should go north", timeout=5000)
    w.wait_for_selector("text=1 spectator watching", timeout=15000)
    a.wait_for_timeout(6000)  # at least one poll later: the players never saw the spectators' advice
    assert "Anna should go north" not in a.content()
    assert "Hallo Bert" not in w.content()

    # private notes: saved for Anna, never shown to Bert
    a.fill("#talk-notes", "Bert hoards gold")
    a.get_by_role("button", name="Save notes").click()
    a.wait_for_selector("text=Notes saved.", timeout=5000)
    b.reload()
    b.wait_for_selector("#talk-chat")
    assert "Bert hoards gold" not in b.content()
    assert a_errors == b_errors == w_errors == []
