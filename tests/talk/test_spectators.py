"""Spectators: the public view only, as many turns late as the creator set; listed on the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import selectors as game_selectors
from games.engine import view as engine_view
from games.engine.content import load_content
from games.errors import NotAllowed
from games.replay import replay_state
from talk import services
from tests.talk.helpers import play_until_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(game):
    return play_until_turn(game, 4)


def test_without_delay_spectators_see_the_live_public_view(running):
    shown = game_selectors.spectator_view(game=running, delay=0)
    assert shown.view == game_selectors.player_view(game=running, seat_index=None)
    assert shown.upto_sequence is None


def test_with_a_delay_spectators_see_the_end_of_an_earlier_turn(running):
    shown = game_selectors.spectator_view(game=running, delay=2)
    assert shown.turn == running.turn_number - 2
    expected = replay_state(running, upto=shown.upto_sequence)
    assert shown.view == engine_view(load_content(), expected, None)
    # the next log row belongs to a later turn
    later = running.actions.filter(sequence__gt=shown.upto_sequence, taken_back=False).order_by("sequence").first()
    assert later is not None


def test_a_delay_longer_than_the_game_shows_the_end_of_the_setup(running):
    shown = game_selectors.spectator_view(game=running, delay=50)
    assert shown.turn == 0


def test_only_the_creator_sets_the_delay(running, anna, bert):
    with pytest.raises(NotAllowed):
        services.spectator_delay_set(user=bert, game=running, delay=1)
    services.spectator_delay_set(user=anna, game=running, delay=1)


def test_the_watch_page_shows_the_delayed_turn_and_no_secret(client, running, anna, watcher):
    services.spectator_delay_set(user=anna, game=running, delay=2)
    client.force_login(watcher)
    page = client.get(reverse("talk:watch", args=[running.pk])).content.decode()
    assert "shown 2 turns late" in page
    assert f"turn {running.turn_number - 2}" in page
    assert running.seed not in page


def test_players_are_sent_from_the_watch_page_to_their_game(client, running, anna):
    client.force_login(anna)
    response = client.get(reverse("talk:watch", args=[running.pk]))
    assert response.status_code == 302


def test_the_delayed_view_is_cached_per_game_version(running):
    from talk import selectors

    first = selectors.spectator_view(running, 2)
    assert selectors.spectator_view(running, 2) == first
    assert first == game_selectors.spectator_view(game=running, delay=2)


def test_the_delay_holds_on_the_game_page_and_the_api_too(client, running, anna, watcher):
    """Not only the watch page: the game page, its log and the API state and log of a spectator all
    stop at the delayed turn (R-151), while a player still sees the live game."""
    services.spectator_delay_set(user=anna, game=running, delay=2)
    running.refresh_from_db()
    delayed = game_selectors.spectator_view(game=running, delay=2)
    live = engine_view(load_content(), replay_state(running), None)
    assert delayed.view != live
    assert game_selectors.player_view(game=running, seat_index=None) == delayed.view
    assert game_selectors.player_view(game=running, seat_index=0) != delayed.view
    assert max(e["sequence"] for e in game_selectors.visible_log(game=running, seat_index=None)) \
        == delayed.upto_sequence
    assert max(e["sequence"] for e in game_selectors.visible_log(game=running, seat_index=0)) > delayed.upto_sequence
    client.force_login(watcher)
    state = client.get(f"/api/v1/games/{running.pk}/state/").json()
    assert state == delayed.view
    log = client.get(f"/api/v1/games/{running.pk}/log/?page_size=500").json()
    assert max(entry["sequence"] for entry in log["results"]) == delayed.upto_sequence
    assert client.get(reverse("games:detail", args=[running.pk])).status_code == 200
