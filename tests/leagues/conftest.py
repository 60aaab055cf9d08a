from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.signals import game_finished
from leagues import services
from leagues.models import Club
from tests.conftest import UserFactory


@pytest.fixture
def owner(db):
    return UserFactory(username="owner")


@pytest.fixture
def club(owner):
    return services.club_create(user=owner, name="Helden von Gareth", description="Wir spielen.")


@pytest.fixture
def private_club(owner):
    return services.club_create(user=owner, name="Geheimbund", visibility=Club.Visibility.PRIVATE)


def add_members(club, count: int, prefix: str = "m") -> list:
    users = []
    for i in range(count):
        user = UserFactory(username=f"{prefix}{club.pk}-{i}")
        services.club_join_by_link(user=user, club=club, code=club.invite_code)
        users.append(user)
    return users


def make_season(club, organiser, **kwargs):
    defaults = {"name": "Herbst", "starts_at": timezone.now() + timedelta(days=1), "table_size": 2, "rounds": 2}
    return services.season_create(user=organiser, club=club, **{**defaults, **kwargs})


def finish(game: Game, order: list[int], *, bots: tuple[int, ...] = ()) -> None:
    """End ``game`` as if played: seat ``order[0]`` wins, the others placed in that order; then the signal."""
    for rank, index in enumerate(order):
        seat = game.seats.get(index=index)
        seat.sheet = {**seat.sheet, "gem": False, "deed_parts": 0, "gold": 0,
                      "training": {"kampf": len(order) - rank}}
        seat.is_bot = index in bots
        seat.save(update_fields=["sheet", "is_bot"])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, winner_seat=order[0],
                                           finished_at=timezone.now(), phase="finished")
    game_finished.send(sender=Game, game_id=game.pk)
