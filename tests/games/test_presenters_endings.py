"""Resigning a running game, the result panel of a finished one and its rematch."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.errors import NotAllowed
from games.models import Game, Seat
from tests.conftest import UserFactory
from tests.games.test_views_support import detail_url, legal, new_game, play_setup, users_by_seat

pytestmark = pytest.mark.django_db


def _running(consequence=Game.DeadlineConsequence.SKIP):
    return play_setup(new_game(UserFactory(username="alice"), [UserFactory(username="bert")],
                               deadline_consequence=consequence))


def test_resigning_drops_the_seat_or_hands_it_to_a_stand_in(client, monkeypatch,
                                                            django_capture_on_commit_callbacks):
    from games import tasks

    played = []
    monkeypatch.setattr(tasks.bot_play, "delay", lambda *a: played.append(a))
    game = _running()
    seat, _ = legal(game)
    user = users_by_seat(game)[seat]
    client.force_login(user)
    assert "Resign this game" in client.get(detail_url(game)).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:resign", args=[game.pk]))
    assert Seat.objects.get(game=game, index=seat).dropped
    assert played == [(game.pk, game.turn_number)], "the resigned seat's current turn is played on"
    bot_game = _running(Game.DeadlineConsequence.BOT)
    other = users_by_seat(bot_game)[1 - legal(bot_game)[0]]
    assert services.game_resign(game=bot_game, user=other).is_bot


def test_a_finished_game_shows_the_result_and_offers_a_rematch(client):
    game = _running()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, phase="finished")
    alice = users_by_seat(game)[0]
    client.force_login(alice)
    html = client.get(detail_url(game)).content.decode()
    assert "How the game ended" in html and "Rematch with the same players" in html and game.seed in html
    response = client.post(reverse("games:rematch", args=[game.pk]))
    new = Game.objects.exclude(pk=game.pk).get()
    assert response.url == detail_url(new)
    assert sorted(s.user.username for s in new.seats.all()) == ["alice", "bert"]
    assert new.status == Game.Status.SETUP and new.options["rematch_of"] == game.pk
    bert = users_by_seat(game)[1]
    assert services.game_rematch(game=game, user=bert).pk == new.pk, "asked twice, one rematch"
    assert "Go to the rematch" in client.get(detail_url(game)).content.decode()


def test_no_rematch_while_the_game_runs():
    game = _running()
    with pytest.raises(NotAllowed):
        services.game_rematch(game=game, user=users_by_seat(game)[0])
