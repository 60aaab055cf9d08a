"""The iCalendar feed: a secret URL per user with the deadlines of his running games."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.models import Game
from talk import calendar
from tests.talk.conftest import two_player_game

pytestmark = pytest.mark.django_db

DEADLINE = datetime(2026, 12, 24, 17, 30, tzinfo=UTC)


@pytest.fixture
def running(game):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.RUNNING, turn_deadline_at=DEADLINE, current_seat=0,
                                           turn_number=7, title="Drachen; Gold, und \\ mehr")
    game.refresh_from_db()
    return game


def unfold(text: str) -> str:
    return text.replace("\r\n ", "")


def test_the_feed_lists_the_deadline_with_whose_turn_it_is(client, running, anna, bert):
    feed = calendar.feed_for(anna)
    response = client.get(reverse("talk:calendar", args=[feed.token]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    text = response.content.decode()
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") and text.endswith("END:VCALENDAR\r\n")
    body = unfold(text)
    assert f"UID:game-{running.pk}-turn-7@localhost" in body
    assert "DTSTART:20261224T173000Z" in body
    assert "SUMMARY:Your turn ends: Drachen\\; Gold\\, und \\\\ mehr" in body
    assert "BEGIN:VALARM" in body
    other = unfold(client.get(reverse("talk:calendar", args=[calendar.feed_for(bert).token])).content.decode())
    assert "SUMMARY:Turn of anna ends:" in other and "VALARM" not in other


def test_every_line_is_folded_to_75_octets_and_ends_with_crlf(running, anna):
    Game.objects.filter(pk=running.pk).update(title="Ä" * 80)
    text = calendar.render_feed(anna)
    for line in text.split("\r\n")[:-1]:
        assert len(line.encode()) <= 75
    assert "\n" not in text.replace("\r\n", "")


def test_the_feed_speaks_the_users_language(client, running, anna):
    anna.language = "de"
    anna.save()
    text = unfold(calendar.render_feed(anna))
    assert "SUMMARY:" in text and "Your turn ends" not in text


def test_only_running_games_of_the_user_are_listed(running, anna, watcher):
    other = two_player_game(watcher, anna)  # open: no deadline yet
    text = calendar.render_feed(anna)
    assert text.count("BEGIN:VEVENT") == 1 and f"game-{other.pk}-" not in text
    assert calendar.render_feed(watcher).count("BEGIN:VEVENT") == 0


def test_a_new_secret_revokes_the_old_url(client, running, anna):
    old = calendar.feed_for(anna).token
    calendar.feed_reset(user=anna)
    assert client.get(reverse("talk:calendar", args=[old])).status_code == 404
    assert client.get(reverse("talk:calendar", args=[calendar.feed_for(anna).token])).status_code == 200


def test_the_calendar_through_the_api(token_client, anna):
    api = token_client(anna)
    url = api.get("/api/v1/me/calendar/").json()["url"]
    assert url.endswith(".ics")
    new = api.post("/api/v1/me/calendar/").json()["url"]
    assert new != url
