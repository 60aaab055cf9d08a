"""Games with two players, a spectator and a stranger for the table-talk tests."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.conftest import UserFactory


def two_player_game(creator, other, **options) -> Game:
    game = services.game_create(creator=creator, title="Talk", seat_count=2, **options)
    services.game_join(game=game, user=other, invite_code=game.invite_code)
    game.refresh_from_db()
    return game


@pytest.fixture
def anna(db):
    return UserFactory(username="anna")


@pytest.fixture
def bert(db):
    return UserFactory(username="bert")


@pytest.fixture
def watcher(db):
    return UserFactory(username="watcher")


@pytest.fixture
def game(anna, bert):
    """A public two-seat game in its setup: anna (creator, seat 0) and bert (seat 1)."""
    return two_player_game(anna, bert)


@pytest.fixture
def private_game(anna, bert):
    return two_player_game(anna, bert, visibility=Game.Visibility.PRIVATE)
