"""Six seats everywhere (ruling R-103): the lobby form, the service, the API and the board colours."""

from __future__ import annotations

import pytest

from games import services
from games.engine.rules.setup import MAX_SEATS
from games.forms import GameCreateForm
from games.presenters.board import SEAT_COLOUR_NAMES, SEAT_COLOURS

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_one_to_six_seats():
    choices = [value for value, _ in GameCreateForm().fields["seat_count"].choices]
    assert [int(v) for v in choices] == [1, 2, 3, 4, 5, 6] and MAX_SEATS == 6


def test_a_six_seat_game_can_be_created_and_each_seat_has_its_colour(user):
    game = services.game_create(creator=user, title="Sechs", seat_count=6)
    assert game.seat_count == 6
    assert len(SEAT_COLOURS) >= 6 and len(set(SEAT_COLOURS)) == len(SEAT_COLOURS)
    assert len(SEAT_COLOUR_NAMES) == len(SEAT_COLOURS)


def test_the_api_accepts_six_seats_and_refuses_seven(user):
    from games.api.serializers import GameCreateSerializer

    assert GameCreateSerializer(data={"title": "Sechs", "seat_count": 6}).is_valid()
    assert not GameCreateSerializer(data={"title": "Sieben", "seat_count": 7}).is_valid()
