"""The rating: openskill Plackett-Luce, independent of the order games finish, bots not rated."""

from __future__ import annotations

import pytest

from games import services as game_services
from games.models import Game
from leagues import ratings
from leagues.models import RatingEntry
from tests.conftest import UserFactory

from .conftest import finish

pytestmark = pytest.mark.django_db

RESULTS = [  # (players by index into USERS, finishing order as seat indices)
    ((0, 1, 2), [2, 0, 1]),
    ((1, 2, 3), [0, 1, 2]),
    ((0, 3), [1, 0]),
    ((0, 1, 2, 3), [3, 2, 1, 0]),
    ((2, 3), [0, 1]),
]


def _games(users):
    return [game_services.game_create_seated(creator=users[0], title=f"g{i}", users=[users[p] for p in players],
                                             options={"rated": True})
            for i, (players, _order) in enumerate(RESULTS)]


def _ratings(users):
    return [tuple(round(v, 9) for v in ratings.rating_of(u)) for u in users]


def test_rating_is_independent_of_the_order_games_finish():
    users = [UserFactory() for _ in range(4)]
    games = _games(users)
    for i in [3, 0, 4, 2, 1]:
        finish(games[i], RESULTS[i][1])
    shuffled = _ratings(users)
    history_shuffled = list(RatingEntry.objects.order_by("game_id", "user_id").values_list("user_id", "mu"))
    RatingEntry.objects.all().delete()
    Game.objects.filter(pk__in=[g.pk for g in games]).update(status=Game.Status.RUNNING)
    for i in range(len(games)):
        finish(games[i], RESULTS[i][1])
    assert _ratings(users) == shuffled
    assert list(RatingEntry.objects.order_by("game_id", "user_id").values_list("user_id", "mu")) == history_shuffled
    # and it is what openskill computes game by game in creation order
    model, current = ratings.MODEL, {}
    for players, order in RESULTS:
        teams = [[current.get(p) or model.rating()] for p in (players[i] for i in order)]
        for p, (r,) in zip((players[i] for i in order), model.rate(teams, ranks=list(range(1, len(order) + 1))),
                           strict=True):
            current[p] = r
    assert [round(current[i].mu, 9) for i in range(4)] == [r[0] for r in _ratings(users)]


def test_winner_gains_and_loser_loses():
    a, b = UserFactory(), UserFactory()
    game = game_services.game_create_seated(creator=a, title="duel", users=[a, b], options={"rated": True})
    finish(game, [0, 1])
    assert ratings.rating_of(a)[0] > 25 > ratings.rating_of(b)[0]


def test_bot_seats_are_not_rated_and_the_game_is_marked():
    a, b, c = UserFactory(), UserFactory(), UserFactory()
    game = game_services.game_create_seated(creator=a, title="bot", users=[a, b, c], options={"rated": True})
    finish(game, [2, 0, 1], bots=(2,))
    entries = {e.user_id: e for e in RatingEntry.objects.filter(game=game)}
    assert set(entries) == {a.pk, b.pk}
    assert all(e.with_bot for e in entries.values())
    assert entries[a.pk].place == 1  # the bot's seat is placed last, whoever "won"


def test_unrated_and_lonely_games_change_nothing():
    a, b = UserFactory(), UserFactory()
    plain = game_services.game_create_seated(creator=a, title="friendly", users=[a, b])
    finish(plain, [0, 1])
    solo = game_services.game_create_seated(creator=a, title="solo", users=[a], options={"rated": True})
    finish(solo, [0])
    assert not RatingEntry.objects.exists()
