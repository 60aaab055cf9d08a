"""Divisions: the top N of a lower division move up, the bottom N of the division above move down."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.errors import InvalidRequest, NotAllowed
from leagues import services
from leagues.models import Season
from leagues.services import promotion

from .conftest import add_members, finish, make_season


def test_promotion_pure():
    assert promotion([["a", "b", "c", "d"], ["e", "f", "g", "h"]], [1, 1]) == [
        ["a", "b", "c", "e"], ["d", "f", "g", "h"]]
    assert promotion([["a", "b"], ["c", "d"], ["e", "f"]], [1, 1, 1]) == [["a", "c"], ["b", "e"], ["d", "f"]]
    assert promotion([["a", "b", "c", "d"], ["e", "f"]], [0, 0]) == [["a", "b", "c", "d"], ["e", "f"]]
    # never more than half of a division moves
    assert promotion([["a", "b"], ["c", "d"]], [5, 5]) == [["a", "c"], ["b", "d"]]


@pytest.mark.django_db
def test_successor_seasons_carry_promotion(club, owner):
    players = add_members(club, 4)
    top = make_season(club, owner, name="1", division=1, promote=1, rounds=1)
    low = make_season(club, owner, name="1", division=2, promote=1, rounds=1)
    for season, members in ((top, players[:2]), (low, players[2:])):
        for member in members:
            services.season_enter(user=member, season=season)
        services.season_start(season=season, user=owner)
        game = season.round_set.get().tables.get().game
        idx = {s.user_id: s.index for s in game.seats.all()}
        finish(game, [idx[members[0].pk], idx[members[1].pk]])
        season.refresh_from_db()
        assert season.status == Season.Status.FINISHED
    with pytest.raises(NotAllowed):
        services.season_successors(user=players[0], seasons=[top, low], name="2",
                                   starts_at=timezone.now() + timedelta(days=3))
    with pytest.raises(InvalidRequest):
        services.season_successors(user=owner, seasons=[top, top], name="2", starts_at=timezone.now())
    new_top, new_low = services.season_successors(user=owner, seasons=[low, top], name="2",
                                                  starts_at=timezone.now() + timedelta(days=3))
    assert new_top.division == 1 and new_top.previous == top and new_low.previous == low
    assert set(new_top.entries.values_list("user_id", flat=True)) == {players[0].pk, players[2].pk}
    assert set(new_low.entries.values_list("user_id", flat=True)) == {players[1].pk, players[3].pk}


@pytest.mark.django_db
def test_next_season_button(client, club, owner):
    from django.urls import reverse

    players = add_members(club, 2)
    season = make_season(club, owner, rounds=1)
    for member in players:
        services.season_enter(user=member, season=season)
    services.season_start(season=season, user=owner)
    finish(season.round_set.get().tables.get().game, [0, 1])
    client.force_login(owner)
    client.post(reverse("leagues:season_act", args=[season.pk, "continue"]))
    successor = Season.objects.get(previous=season)
    assert successor.entries.count() == 2 and successor.status == Season.Status.ENTRY
