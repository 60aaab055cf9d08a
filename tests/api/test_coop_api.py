"""The co-op variant in the API (issue 18): creating it, its public record, playing it to an end."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.api.helpers import GAMES, create_game, game_url

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
