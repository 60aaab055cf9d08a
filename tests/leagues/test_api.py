"""The league API: the same rules as the pages (private club 404, members cannot run seasons)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues import services
from leagues.models import Season
from tests.conftest import UserFactory

from .conftest import add_members, finish, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _generous_rates(settings):
    rest = dict(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = dict.fromkeys(rest["DEFAULT_THROTTLE_RATES"], "100000/min")
    settings.REST_FRAMEWORK = rest


def test_club_lifecycle_through_the_api(token_client, owner):
    api = token_client(owner)
    response = api.post("/api/v1/clubs/", {"name": "Bornland", "visibility": "private"}, format="json")
    assert response.status_code == 201, response.json()
    club_id = response.json()["id"]
    member = UserFactory()
    m_api = token_client(member)
    assert m_api.get(f"/api/v1/clubs/{club_id}/").status_code == 404
    assert m_api.post(f"/api/v1/clubs/{club_id}/members/", {"code": "x"}, format="json").status_code == 404
    assert m_api.post(f"/api/v1/clubs/{club_id}/requests/", {}, format="json").status_code == 404
    from leagues.models import Club

    code = Club.objects.get(pk=club_id).invite_code
    assert m_api.post(f"/api/v1/clubs/{club_id}/members/", {"code": code}, format="json").status_code == 201
    members = api.get(f"/api/v1/clubs/{club_id}/members/").json()["results"]
    assert {m["username"]: m["role"] for m in members} == {owner.username: "owner", member.username: "member"}
    start = (timezone.now() + timedelta(days=1)).isoformat()
    refused = m_api.post(f"/api/v1/clubs/{club_id}/seasons/", {"name": "S", "starts_at": start}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_allowed"
    invalid = api.post(f"/api/v1/clubs/{club_id}/seasons/", {"name": "S", "starts_at": start, "table_size": 9},
                       format="json")
    assert invalid.status_code == 400
    created = api.post(f"/api/v1/clubs/{club_id}/seasons/", {"name": "S", "starts_at": start, "table_size": 2,
                                                             "points": [2, 0]}, format="json")
    assert created.status_code == 201, created.json()
    season_id = created.json()["id"]
    assert m_api.post(f"/api/v1/seasons/{season_id}/entry/").status_code == 201
    other = UserFactory()
    services.club_join_by_link(user=other, club=Club.objects.get(pk=club_id), code=code)
    assert token_client(other).post(f"/api/v1/seasons/{season_id}/entry/").status_code == 201
    assert m_api.post(f"/api/v1/seasons/{season_id}/start/").status_code == 403
    started = api.post(f"/api/v1/seasons/{season_id}/start/")
    assert started.status_code == 200 and len(started.json()["tables"]) == 1
    assert api.post(f"/api/v1/seasons/{season_id}/start/").status_code == 409
    rounds = m_api.get(f"/api/v1/seasons/{season_id}/rounds/").json()
    game_id = rounds[0]["tables"][0]["game_id"]
    assert m_api.get(f"/api/v1/games/{game_id}/").status_code == 200
    stranger = token_client(UserFactory())
    for path in [f"/api/v1/seasons/{season_id}/", f"/api/v1/seasons/{season_id}/rounds/",
                 f"/api/v1/seasons/{season_id}/standings/", f"/api/v1/clubs/{club_id}/seasons/",
                 f"/api/v1/games/{game_id}/"]:
        assert stranger.get(path).status_code == 404, path
    assert club_id not in [c["id"] for c in stranger.get("/api/v1/clubs/").json()["results"]]


def test_standings_and_ratings(token_client, club, owner):
    a, b = add_members(club, 2)
    season = make_season(club, owner, rounds=1)
    for user in (a, b):
        services.season_enter(user=user, season=season)
    services.season_start(season=season, user=owner)
    game = season.round_set.get().tables.get().game
    idx = {s.user_id: s.index for s in game.seats.all()}
    finish(game, [idx[b.pk], idx[a.pk]])
    api = token_client(a)
    table = api.get(f"/api/v1/seasons/{season.pk}/standings/").json()
    assert [(r["rank"], r["username"], r["points"], r["wins"]) for r in table] == [
        (1, b.username, 3, 1), (2, a.username, 2, 0)]
    assert api.get(f"/api/v1/seasons/{season.pk}/").json()["status"] == Season.Status.FINISHED
    rating = api.get(f"/api/v1/ratings/{b.pk}/").json()
    assert rating["mu"] > 25 and rating["history"][0]["game_id"] == game.pk and rating["wins"] == 1
    assert api.delete(f"/api/v1/seasons/{season.pk}/entry/").status_code == 204
    newcomer = token_client(UserFactory())
    asked = newcomer.post(f"/api/v1/clubs/{club.pk}/requests/", {"message": "Hallo"}, format="json")
    assert asked.status_code == 201 and asked.json()["status"] == "pending"
