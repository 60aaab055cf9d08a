"""Since your last visit: the others' steps told once, the fields they touched ringed; games waiting."""

from __future__ import annotations

import pytest

from games import visits
from games.models import Seat
from tests.conftest import UserFactory
from tests.games.test_views_support import detail_url, legal, new_game, play_setup, submit, users_by_seat

pytestmark = pytest.mark.django_db


def test_the_story_tells_the_others_steps_once(client):
    alice, bert = UserFactory(username="alice"), UserFactory(username="bert")
    game = play_setup(new_game(alice, [bert]))
    seat, _ = legal(game)
    other = users_by_seat(game)[1 - seat]
    client.force_login(other)
    client.get(detail_url(game))            # the other player looks: everything so far is read
    submit(game, {"kind": "begin_turn"})
    _seat, actions = legal(game)
    move = next((a for a in actions if a.kind == "move"), None) or actions[0]
    submit(game, move)
    html = client.get(detail_url(game)).content.decode()
    assert "Since your last visit" in html
    assert html.count('class="story-events"') >= 1
    if move.kind == "move" and not move.to.startswith("?"):
        assert 'class="changed-ring"' in html
    game.refresh_from_db()
    assert Seat.objects.get(game=game, user=other).last_seen_sequence == game.version
    assert "Since your last visit" not in client.get(detail_url(game)).content.decode()


def test_own_steps_are_no_story(client):
    alice, bert = UserFactory(username="alice"), UserFactory(username="bert")
    game = play_setup(new_game(alice, [bert]))
    seat, _ = legal(game)
    me = users_by_seat(game)[seat]
    client.force_login(me)
    client.get(detail_url(game))
    submit(game, {"kind": "begin_turn"})   # the start-of-turn step is the acting seat's own
    assert "Since your last visit" not in client.get(detail_url(game)).content.decode()


def test_the_header_and_title_count_the_games_waiting(client):
    alice, bert = UserFactory(username="alice"), UserFactory(username="bert")
    game = play_setup(new_game(alice, [bert]))
    seat, _ = legal(game)
    me, other = users_by_seat(game)[seat], users_by_seat(game)[1 - seat]
    assert visits.games_waiting_for(me) == 1 and visits.games_waiting_for(other) == 0
    client.force_login(me)
    html = client.get("/games/").content.decode()
    assert "<title>(1) " in html and "1 waits for you" in html and "favicon-turn.svg" in html
    client.force_login(other)
    html = client.get("/games/").content.decode()
    assert "<title>(" not in html and "waits for you" not in html
