"""Games: list with filters, create, detail, join (private games by invitation), leave."""

from __future__ import annotations

import hashlib

import pytest

from games import services
from games.models import Game
from tests.conftest import UserFactory

from .helpers import GAMES, create_game, game_url, play_first_legal, start_two_player_game

pytestmark = pytest.mark.django_db


def ids(response) -> list[int]:
    assert response.status_code == 200, response.json()
    return [g["id"] for g in response.json()["results"]]


# --- create ------------------------------------------------------------------------------------------------
def test_creating_a_game_seats_the_creator(api_a):
    body = create_game(api_a, title="Abendrunde", seat_count=3)
    assert body["title"] == "Abendrunde" and body["status"] == "open" and body["phase"] == "lobby"
    assert body["seats"] == [{"index": 0, "name": "anna", "hero": None, "is_bot": False, "dropped": False,
                              "is_you": True}]
    assert body["my_seat"] == 0 and body["current_seat"] is None and body["your_turn"] is False
    assert body["version"] == 0 and body["deadline_hours"] == 72 and body["creator"] == "anna"
    game = Game.objects.get(pk=body["id"])
    assert body["seed_commitment"] == hashlib.sha256(game.seed.encode()).hexdigest()
    assert body["seed"] is None


def test_a_one_seat_game_starts_at_once(api_a):
    body = create_game(api_a, seat_count=1)
    assert body["status"] == "setup" and body["acting_seat"] == 0 and body["your_turn"] is True
    assert body["deadline"].endswith("Z")


@pytest.mark.parametrize("fields,field", [
    ({"seat_count": 7}, "seat_count"),
    ({"seat_count": 0}, "seat_count"),
    ({"title": "   "}, "title"),
    ({"title": "x" * 81}, "title"),
    ({"deadline_hours": 0}, "deadline_hours"),
    ({"deadline_hours": 24 * 15}, "deadline_hours"),
    ({"visibility": "secret"}, "visibility"),
    ({"creator": 2}, "creator"),
])
def test_bad_game_settings_are_refused_with_the_field(api_a, fields, field):
    response = api_a.post(GAMES, {"title": "t", "seat_count": 2, **fields}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request" and field in response.json()["details"]
    assert not Game.objects.exists()


def test_creating_needs_a_json_body(api_a):
    response = api_a.post(GAMES, "title=x&seat_count=2", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415 and response.json()["code"] == "unsupported_media_type"
    response = api_a.post(GAMES, "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse_error"


# --- list ---------------------------------------------------------------------------------------------------
def test_the_list_shows_public_games_and_own_private_ones_only(api_a, api_b, anna, ben):
    public = services.game_create(creator=anna, title="public", seat_count=2)
    mine_private = services.game_create(creator=ben, title="mine", seat_count=2, visibility="private")
    hidden = services.game_create(creator=anna, title="hidden", seat_count=2, visibility="private")
    assert set(ids(api_b.get(GAMES))) == {public.pk, mine_private.pk}
    assert set(ids(api_a.get(GAMES))) == {public.pk, hidden.pk}
    for name in ("mine", "open", "your_turn", "finished"):
        assert hidden.pk not in ids(api_b.get(GAMES, {"filter": name}))


def test_the_filters(api_a, api_b, anna, ben):
    waiting = services.game_create(creator=ben, title="waiting", seat_count=3)
    running = start_two_player_game(api_a, api_b)
    finished = services.game_create(creator=ben, title="done", seat_count=2)
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    clients = {0: api_a, 1: api_b}
    acting_seat = api_a.get(game_url(running)).json()["acting_seat"]
    assert ids(api_a.get(GAMES, {"filter": "open"})) == [waiting.pk]
    assert ids(api_b.get(GAMES, {"filter": "open"})) == []  # your own games are not offered to join
    assert set(ids(api_b.get(GAMES, {"filter": "mine"}))) == {waiting.pk, running}
    assert ids(clients[acting_seat].get(GAMES, {"filter": "your_turn"})) == [running]
    assert ids(clients[1 - acting_seat].get(GAMES, {"filter": "your_turn"})) == []
    assert ids(api_a.get(GAMES, {"filter": "finished"})) == [finished.pk]


def test_an_unknown_filter_is_refused(api_a):
    response = api_a.get(GAMES, {"filter": "everything"})
    assert response.status_code == 400 and "filter" in response.json()["details"]


def test_the_list_is_paginated(api_a, anna):
    for n in range(23):
        services.game_create(creator=anna, title=f"g{n}", seat_count=2)
    first = api_a.get(GAMES).json()
    assert first["count"] == 23 and len(first["results"]) == 20 and first["previous"] is None
    second = api_a.get(first["next"]).json()
    assert len(second["results"]) == 3 and second["next"] is None
    assert len(api_a.get(GAMES, {"page_size": 5}).json()["results"]) == 5
    missing = api_a.get(GAMES, {"page": 9})
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_the_list_needs_few_queries(api_a, anna, django_assert_max_num_queries):
    for n in range(10):
        game = services.game_create(creator=anna, title=f"g{n}", seat_count=3)
        services.game_join(game=game, user=UserFactory())
    with django_assert_max_num_queries(8):
        assert len(ids(api_a.get(GAMES))) == 10


# --- detail --------------------------------------------------------------------------------------------------
def test_the_detail_names_seats_heroes_and_turn(api_a, api_b, ben):
    ben.display_name = "Ben the Bold"
    ben.save()
    game_id = start_two_player_game(api_a, api_b)
    play_first_legal(game_id, {0: api_a, 1: api_b}, times=1)
    body = api_b.get(game_url(game_id)).json()
    assert [s["name"] for s in body["seats"]] == ["anna", "Ben the Bold"]
    assert [s["is_you"] for s in body["seats"]] == [False, True]
    assert sum(1 for s in body["seats"] if s["hero"]) == 1
    assert body["status"] == "setup" and body["version"] == 1 and body["my_seat"] == 1
    assert body["current_seat"] == body["acting_seat"] and body["deadline"].endswith("Z")
    assert body["invite_code"] is None  # public games need none


def test_the_seed_is_revealed_only_when_the_game_is_finished(api_a, api_b):
    game_id = start_two_player_game(api_a, api_b)
    game = Game.objects.get(pk=game_id)
    assert api_a.get(game_url(game_id)).json()["seed"] is None
    Game.objects.filter(pk=game_id).update(status=Game.Status.FINISHED, winner_seat=1)
    body = api_a.get(game_url(game_id)).json()
    assert body["seed"] == game.seed and body["winner"] == 1
    assert hashlib.sha256(body["seed"].encode()).hexdigest() == body["seed_commitment"]


def test_a_private_game_is_not_found_for_strangers(api_a, api_c, anna):
    game = services.game_create(creator=anna, title="p", seat_count=2, visibility="private")
    for part in ("", "state", "actions", "log", "heroes", "tokens", "board"):
        response = api_c.get(game_url(game.pk, part))
        assert response.status_code == 404, part
        assert response.json() == {"code": "not_found", "message": "There is no such game, or it is private.",
                                   "details": {"reason": "There is no such game, or it is private.",
                                               "error": "no_such_game"}}
    assert api_c.post(game_url(game.pk, "leave")).status_code == 404
    assert api_a.get(game_url(game.pk)).json()["invite_code"] == game.invite_code


def test_a_game_that_does_not_exist_is_not_found(api_a):
    assert api_a.get(game_url(424242)).status_code == 404
    assert api_a.get("/api/v1/games/99999999999999999999999/").status_code == 404  # no overflow, no 500


# --- join and leave ---------------------------------------------------------------------------------------------
def test_joining_takes_the_next_seat_and_the_last_one_starts_the_setup(api_a, api_b, api_c):
    game = create_game(api_a, seat_count=3)
    assert api_b.post(game_url(game["id"], "join"), {}, format="json").json()["my_seat"] == 1
    body = api_c.post(game_url(game["id"], "join"), format="json").json()
    assert body["my_seat"] == 2 and body["status"] == "setup"


def test_a_private_game_is_joined_with_its_invite_code_only(api_a, api_b):
    game = create_game(api_a, visibility="private")
    wrong = api_b.post(game_url(game["id"], "join"), {"invite_code": "guess"}, format="json")
    assert wrong.status_code == 404
    without = api_b.post(game_url(game["id"], "join"), {}, format="json")
    assert without.status_code == 404
    joined = api_b.post(game_url(game["id"], "join"), {"invite_code": game["invite_code"]}, format="json")
    assert joined.status_code == 200 and joined.json()["invite_code"] == game["invite_code"]


def test_joining_twice_or_a_full_game_is_forbidden(api_a, api_b, api_c):
    game = create_game(api_a)
    twice = api_a.post(game_url(game["id"], "join"), format="json")
    assert twice.status_code == 403
    assert twice.json()["code"] == "not_allowed"
    assert twice.json()["message"] == "You already have a seat in this game."
    api_b.post(game_url(game["id"], "join"), format="json")
    full = api_c.post(game_url(game["id"], "join"), format="json")
    assert full.status_code == 403 and full.json()["details"]["reason"] == "This game is not open for new players."


def test_leaving_gives_the_seat_back(api_a, api_b, api_c):
    game = create_game(api_a, seat_count=3)
    api_b.post(game_url(game["id"], "join"), format="json")
    assert api_b.post(game_url(game["id"], "leave")).status_code == 204
    assert [s["name"] for s in api_a.get(game_url(game["id"])).json()["seats"]] == ["anna"]


def test_the_creator_and_strangers_cannot_leave(api_a, api_c):
    game = create_game(api_a, seat_count=3)
    assert api_a.post(game_url(game["id"], "leave")).json()["code"] == "not_allowed"
    assert api_c.post(game_url(game["id"], "leave")).status_code == 403
