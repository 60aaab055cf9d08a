"""An organiser founds a club and a season in the browser, two members enter, a player opens a league game.

Run with ``pytest -m browser``; needs /usr/bin/chromium.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues.models import Club, Season
from tests.browser.conftest import needs_chromium
from tests.conftest import TEST_PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, needs_chromium]


@pytest.fixture
def browser(chromium):
    """The shared headless Chromium (tests/browser/conftest.py)."""
    return chromium


def _page(browser, base: str, user):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(f"{base}/")
    page.errors = errors
    return page


@pytest.mark.django_db(transaction=True)
def test_organiser_creates_club_and_season_members_enter_and_open_a_league_game(browser, live_server):
    base = live_server.url
    organiser, alice, bert = UserFactory(username="olga"), UserFactory(username="alice"), UserFactory(username="bert")
    org = _page(browser, base, organiser)
    org.click("nav >> text=Clubs")
    org.fill("#create-club-form input[name=name]", "Gareth Nord")
    org.fill("#create-club-form textarea[name=description]", "Donnerstags")
    org.click("#create-club-form button[type=submit]")
    org.wait_for_selector("h1:has-text('Gareth Nord')")
    club = Club.objects.get(name="Gareth Nord")
    join_url = org.locator("input.invite-link").first.input_value()
    assert club.invite_code in join_url

    org.click("text=New season")
    # a visible error first: points that grow with a worse place
    org.fill("#season-form input[name=name]", "Winter")
    start = timezone.localtime(timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    org.fill("#season-form input[name=starts_at]", start)
    org.select_option("#season-form select[name=table_size]", "2")
    org.fill("#season-form input[name=rounds]", "2")
    org.fill("#season-form input[name=points]", "0, 3")
    org.click("#season-form button[type=submit]")
    assert "must not grow" in org.locator(".form-errors").inner_text()
    org.fill("#season-form input[name=points]", "3, 0")
    org.click("#season-form button[type=submit]")
    org.wait_for_selector("h1:has-text('Winter')")
    season = Season.objects.get(name="Winter")

    players = []
    for user in (alice, bert):
        page = _page(browser, base, user)
        page.goto(join_url.replace("http://testserver", base) if "testserver" in join_url else join_url)
        page.click("main button[type=submit]")
        page.wait_for_selector("h1:has-text('Gareth Nord')")
        page.goto(f"{base}/seasons/{season.pk}/")
        page.click("text=Enter the season")
        page.wait_for_selector("text=Withdraw")
        players.append(page)
    assert season.entries.count() == 2

    org.goto(f"{base}/seasons/{season.pk}/")
    org.click("text=Start now")
    org.wait_for_selector("text=Round 1")

    page = players[0]
    page.goto(f"{base}/seasons/{season.pk}/")
    page.click("a.game-title:has-text('Table 1')")
    page.wait_for_url(f"{base}/games/*/")
    game = season.round_set.get().tables.get().game
    assert page.url.endswith(f"/games/{game.pk}/")
    assert game.title in page.content()
    for p in [org, *players]:
        assert not p.errors
