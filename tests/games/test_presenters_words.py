"""Words on the game page: plurals, the header's "Zug", the waiting player's hint, our own 404, the icon."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.utils import translation

from games.engine.content import load_content
from games.presenters import log as log_text
from tests.conftest import UserFactory
from tests.games.test_views_support import detail_url, legal, new_game, submit, users_by_seat

pytestmark = pytest.mark.django_db


def _moved(points: int, lang: str) -> str:
    event = {"kind": "moved", "seat": 0, "data": {"frm": "A1", "to": "A2", "points_left": points}}
    with translation.override(lang):
        return log_text.event_text(load_content(), event, lang, {0: "alice"}, {})


def test_one_movement_point_is_singular_in_both_languages():
    assert "(1 movement point left)" in _moved(1, "en")
    assert "(2 movement points left)" in _moved(2, "en")
    assert "noch 1 Bewegungspunkt)" in _moved(1, "de")
    assert "noch 3 Bewegungspunkte)" in _moved(3, "de")


def _to_phase(game, phase):
    for _ in range(40):
        game.refresh_from_db()
        if game.phase == phase:
            return
        _seat, actions = legal(game)
        submit(game, actions[0])
    raise AssertionError(phase)


def test_the_german_header_says_zug_like_the_log(client):
    alice = UserFactory(username="alice", language="de")
    game = new_game(alice, [UserFactory(username="bert", language="de")])
    _to_phase(game, "play")
    client.force_login(alice)
    html = client.get(detail_url(game), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "· Zug " in html and "Runde" not in html


def test_the_waiting_player_is_not_told_to_click_during_the_others_setup(client):
    alice, bert = UserFactory(username="alice"), UserFactory(username="bert")
    game = new_game(alice, [bert])
    _to_phase(game, "setup_region")
    seat, _ = legal(game)
    client.force_login(users_by_seat(game)[1 - seat])
    html = client.get(detail_url(game)).content.decode()
    assert "Click a highlighted square" not in html
    client.force_login(users_by_seat(game)[seat])
    assert "Click a highlighted square" in client.get(detail_url(game)).content.decode()


def test_a_hidden_game_gets_the_sites_own_404_page(client):
    from games.models import Game

    game = new_game(UserFactory(username="alice"), seat_count=2, visibility=Game.Visibility.PRIVATE)
    client.force_login(UserFactory(username="mallory"))
    response = client.get(detail_url(game))
    assert response.status_code == 404
    assert "404.html" in [t.name for t in response.templates]
    assert "no such game, or it is private" in response.content.decode()


def test_every_page_names_its_icon(client):
    client.force_login(UserFactory(username="alice"))
    html = client.get("/games/").content.decode()
    assert 'rel="icon"' in html and finders.find("img/favicon.svg")
