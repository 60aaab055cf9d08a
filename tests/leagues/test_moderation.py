"""Chat moderation in league games: the club's organisers may hide messages (issue 19 with 15)."""

from __future__ import annotations

import pytest

from games.models import Game
from leagues import services
from leagues.models import Membership
from talk.access import may_moderate

from .conftest import add_members, make_season

pytestmark = pytest.mark.django_db


def test_a_club_organiser_moderates_the_league_games_of_his_club_and_a_member_does_not(club, owner):
    organiser, a, b = add_members(club, 3)
    services.member_set_role(user=owner, club=club, member=organiser, role=Membership.Role.ORGANISER)
    season = make_season(club, owner)
    for user in (a, b):
        services.season_enter(user=user, season=season)
    services.season_start(season=season, user=owner)
    game = Game.objects.get(seats__user=a)
    assert game.creator_id != organiser.pk
    assert may_moderate(organiser, game)
    assert not may_moderate(b, game)  # a player at the table, not an organiser


def test_an_organiser_of_one_club_does_not_moderate_an_ordinary_game(club, owner, user):
    from games import services as game_services

    game = game_services.game_create(creator=user, title="Ohne Liga", seat_count=2)
    assert not may_moderate(owner, game)
