"""The co-op variant in the API (issue 18): creating it, its public record, playing it to an end."""

from __future__ import annotations

import pytest

from games.engine.content import load_content
from games.models import Game, GameAction
from games.persistence import load_state
from tests.api.helpers import GAMES, create_game, game_url, submit
from tests.games import coop_guided

pytestmark = pytest.mark.django_db


@pytest.mark.rule("COOP-13", "COOP-25")
def test_the_api_creates_a_coop_game_with_either_villains_and_reports_them(api_a):
    person = create_game(api_a, seat_count=3, variant="coop", villain="person")
    automatic = create_game(api_a, title="Diener allein", variant="coop")
    ordinary = create_game(api_a, title="Wie immer")
    assert (person["variant"], person["villain"], person["villain_seat"]) == ("coop", "person", 2)
    assert (automatic["variant"], automatic["villain"], automatic["villain_seat"]) == ("coop", "automatic", 2)
    assert (ordinary["variant"], ordinary["villain"], ordinary["villain_seat"]) == ("", "", None)
    assert ordinary["coop"] is None and ordinary["outcome"] is None
    assert Game.objects.get(pk=person["id"]).villain == "person"
    listed = {g["id"]: g["variant"] for g in api_a.get(GAMES).json()["results"]}
    assert listed[automatic["id"]] == "coop" and listed[ordinary["id"]] == ""


def test_the_api_refuses_a_villain_without_the_coop_variant(api_a):
    response = api_a.post(GAMES, {"title": "X", "seat_count": 2, "villain": "person"}, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == "Only the co-op variant has a villains' seat."
    response = api_a.post(GAMES, {"title": "X", "seat_count": 2, "variant": "solo"}, format="json")
    assert response.status_code == 400
    assert api_a.get(game_url(create_game(api_a)["id"])).json()["variant"] == ""


# --- complete games through the API -------------------------------------------------------------------------
def _play_through_the_api(game_id, clients, dice, capture, *, villain_seat, steps=400):
    """Each step the scenario takes, submitted by its seat's client to the API (the action it offers);
    the turn-start task runs after every commit. Returns how many steps the villains' seat submitted."""
    content = load_content()
    villain_steps = 0
    for i in range(steps):
        game = Game.objects.get(pk=game_id)
        if game.status == Game.Status.FINISHED:
            return villain_steps
        seat, action = coop_guided.next_action(content, load_state(game), dice, villain_seat)
        assert seat in clients, f"seat {seat} has no client to act: the turn-start task should have"
        client = clients[seat]
        offered = client.get(game_url(game_id, "actions")).json()
        assert action.to_json() in offered["actions"], (seat, action)
        villain_steps += seat == villain_seat
        with capture(execute=True):
            response = submit(client, game_id, action.to_json(), offered["version"], key=f"coop-{i}")
        assert response.status_code == 201, response.json()
    raise AssertionError("the co-op game did not finish")


@pytest.mark.slow
@pytest.mark.rule("COOP-09", "COOP-12", "COOP-13", "COOP-25")
@pytest.mark.parametrize("villain", ["automatic", "person"])
def test_a_coop_game_is_played_to_the_heroes_win_through_the_api(
        villain, monkeypatch, api_a, api_b, api_c, django_capture_on_commit_callbacks):
    """Automatic villains: the turn-start task marches the Diener. A villain player: carla takes the last
    seat and plays the villains' turns through the API, like any seat."""
    dice = coop_guided.install(monkeypatch)
    game = create_game(api_a, seat_count=3 if villain == "person" else 2, variant="coop", villain=villain)
    joiners = [api_b, api_c] if villain == "person" else [api_b]
    for joiner in joiners:
        with django_capture_on_commit_callbacks(execute=True):
            assert joiner.post(game_url(game["id"], "join"), {}, format="json").status_code == 200
    clients = {0: api_a, 1: api_b} | ({2: api_c} if villain == "person" else {})
    villain_steps = _play_through_the_api(game["id"], clients, dice, django_capture_on_commit_callbacks,
                                          villain_seat=2)
    villains = GameAction.objects.filter(game_id=game["id"], seat=2)
    assert villains.exists(), "the villains' seat had its turns once the Diener marched"
    if villain == "automatic":
        assert villain_steps == 0 and all(row.actor is None and row.action == {"kind": "march_servants"}
                                          for row in villains)
    else:
        assert villain_steps == villains.count() and {row.actor.username for row in villains} == {"carla"}
    detail = api_c.get(game_url(game["id"])).json()
    names = [seat["name"] for seat in detail["seats"]]
    assert names == ["anna", "ben", "carla" if villain == "person" else "Servants (automatic)"]
    assert (detail["status"], detail["outcome"], detail["villain_seat"]) == ("finished", "heroes_won", 2)
    assert detail["coop"]["marching"] and detail["coop"]["fires_held"] == 0
    state = api_a.get(game_url(game["id"], "state")).json()
    assert state["coop"]["villain"] == villain and len(state["coop"]["fires"]) == 4
