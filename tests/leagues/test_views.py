"""League pages: visibility (private club 404), organiser forms with errors, CSV, iCal, the player chart."""

from __future__ import annotations

import csv
import io
from datetime import UTC, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import selectors as game_selectors
from games.errors import NotFound
from leagues import exports, selectors, services
from leagues.models import Club, Season
from tests.conftest import UserFactory

from .conftest import add_members, finish, make_season

pytestmark = pytest.mark.django_db


def _running(club, owner, players=2, **kwargs):
    members = add_members(club, players)
    season = make_season(club, owner, **kwargs)
    for member in members:
        services.season_enter(user=member, season=season)
    services.season_start(season=season, user=owner)
    return season, members


def test_private_club_and_its_pages_are_404_for_non_members(client, private_club, owner):
    season, members = _running(private_club, owner)
    game = season.round_set.get().tables.get().game
    stranger = UserFactory()
    client.force_login(stranger)
    for url in [reverse("leagues:club", args=[private_club.pk]), reverse("leagues:season", args=[season.pk]),
                reverse("leagues:season_csv", args=[season.pk]), reverse("games:detail", args=[game.pk])]:
        assert client.get(url).status_code == 404, url
    assert private_club.name not in client.get(reverse("leagues:clubs")).content.decode()
    with pytest.raises(NotFound):
        game_selectors.game_get_for_user(user=stranger, game_id=game.pk)


def test_club_members_may_view_private_league_games(client, private_club, owner):
    season, members = _running(private_club, owner, players=3, table_size=2)
    onlooker = next(u for u in members if not season.round_set.get().tables.filter(seats__user=u).exists())
    table = season.round_set.get().tables.first()
    assert selectors.club_may_view(onlooker, table.game)
    client.force_login(onlooker)
    assert client.get(reverse("games:detail", args=[table.game_id])).status_code == 200
    assert client.get(reverse("leagues:season", args=[season.pk])).status_code == 200


def test_organisers_of_game(club, owner):
    season, members = _running(club, owner)
    game = season.round_set.get().tables.get().game
    assert selectors.organisers_of_game(game) == [owner]


def test_public_club_pages_render(client, club, owner):
    season, members = _running(club, owner, players=3)
    client.force_login(members[0])
    for url in [reverse("leagues:clubs"), reverse("leagues:club", args=[club.pk]),
                reverse("leagues:season", args=[season.pk]), reverse("leagues:player", args=[members[0].username])]:
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get(reverse("leagues:season", args=[season.pk])).content.decode()
    game = season.round_set.get().tables.first().game
    assert reverse("games:detail", args=[game.pk]) in page


def test_club_create_page_and_errors(client, owner):
    client.force_login(owner)
    response = client.post(reverse("leagues:club_create"), {"name": "", "visibility": "public", "language": "de"})
    assert response.status_code == 400 and "errorlist" in response.content.decode()
    response = client.post(reverse("leagues:club_create"), {"name": "Thorwaler", "visibility": "private",
                                                            "language": "en"})
    club = Club.objects.get(name="Thorwaler")
    assert response.status_code == 302 and club.is_private


def test_season_form_member_refused_and_errors_shown(client, club, owner):
    (member,) = add_members(club, 1)
    client.force_login(member)
    response = client.post(reverse("leagues:season_create", args=[club.pk]), {"name": "X"})
    assert response.status_code == 302 and not Season.objects.exists()
    client.force_login(owner)
    data = {"name": "Winter", "starts_at": (timezone.now() + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M"),
            "table_size": 2, "rounds": 3, "round_start": "previous", "round_days": 14, "deadline_hours": 48,
            "deadline_consequence": "bot", "missed_turn_limit": 3, "points": "1, 2", "bye_points": 1,
            "division": 1, "promote": 0}
    response = client.post(reverse("leagues:season_create", args=[club.pk]), data)
    assert response.status_code == 400 and "must not grow" in response.content.decode()
    data["points"] = "3, 1"
    response = client.post(reverse("leagues:season_create", args=[club.pk]), data)
    season = Season.objects.get()
    assert response.status_code == 302 and season.points == [3, 1] and season.deadline_hours == 48


def test_member_cannot_start_season_through_the_page(client, club, owner):
    (member,) = add_members(club, 1)
    season = make_season(club, owner)
    client.force_login(member)
    client.post(reverse("leagues:season_act", args=[season.pk, "start"]))
    season.refresh_from_db()
    assert season.status == Season.Status.ENTRY
    client.post(reverse("leagues:season_act", args=[season.pk, "enter"]))
    assert season.entries.filter(user=member).exists()


def test_csv_of_the_season_table(client, club, owner):
    season, (a, b) = _running(club, owner)
    game = season.round_set.get().tables.get().game
    idx = {s.user_id: s.index for s in game.seats.all()}
    finish(game, [idx[b.pk], idx[a.pk]])
    client.force_login(a)
    response = client.get(reverse("leagues:season_csv", args=[season.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == list(exports.CSV_COLUMNS)
    assert rows[1][:5] == ["1", b.username, "1", "0", "3"] and rows[2][:5] == ["2", a.username, "1", "0", "2"]


def test_ical_feed_of_league_deadlines(client, club, owner):
    season, (a, b) = _running(club, owner, rounds=1)
    game = season.round_set.get().tables.get().game
    url = reverse("leagues:calendar", args=[exports.calendar_token(a)])
    body = client.get(url).content.decode()
    assert body.startswith("BEGIN:VCALENDAR\r\n") and body.endswith("END:VCALENDAR\r\n")
    assert body.count("BEGIN:VEVENT") == 1 and f"/games/{game.pk}/" in body
    deadline = game.turn_deadline_at.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    assert f"DTEND:{deadline}" in body
    assert all(len(line.encode()) <= 75 for line in body.split("\r\n"))
    assert client.get(reverse("leagues:calendar", args=["forged"])).status_code == 404
    finish(game, [0, 1])
    assert "BEGIN:VEVENT" not in client.get(url).content.decode()


def test_player_page_shows_svg_chart(client, club, owner):
    season, (a, b) = _running(club, owner)
    finish(season.round_set.get().tables.get().game, [0, 1])
    client.force_login(a)
    page = client.get(reverse("leagues:player", args=[a.username])).content.decode()
    assert "<svg" in page and "<polyline" in page and "calendar" in page
    svg = client.get(reverse("leagues:player_chart", args=[b.username]))
    assert svg["Content-Type"] == "image/svg+xml" and b"<polyline" in svg.content


def test_private_club_lobby_game_visible_to_members_only(client, private_club, owner):
    (member,) = add_members(private_club, 1)
    client.force_login(member)
    response = client.post(reverse("leagues:club_game_create", args=[private_club.pk]),
                           {"title": "Freitag", "seat_count": "2"})
    from games.models import Game

    game = Game.objects.get(title="Freitag")
    assert response.status_code == 302 and game.options["club"] == private_club.pk
    assert game.visibility == Game.Visibility.PRIVATE
    client.force_login(owner)
    assert "Freitag" in client.get(reverse("leagues:club", args=[private_club.pk])).content.decode()
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200
    client.force_login(UserFactory())
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 404
