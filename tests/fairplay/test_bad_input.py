"""No 500 on bad input (issue 13): oversized and deeply nested bodies get 413/400, the state stays
as it was, and error messages cut echoed input short."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.models import Game, GameAction
from tests.api.helpers import game_url, start_two_player_game
from tests.games.test_views_support import new_game, play_setup, users_by_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_game(token_client, user, other_user):
    a, b = token_client(user), token_client(other_user)
    game_id = start_two_player_game(a, b)
    return game_id, a


def unchanged(game_id, version):
    game = Game.objects.get(pk=game_id)
    return game.version == version and not GameAction.objects.filter(game=game, sequence__gt=version).exists()


def post_raw(client, game_id, body: str, key: str):
    return client.post(game_url(game_id, "actions"), body, content_type="application/json", HTTP_IDEMPOTENCY_KEY=key)


def test_an_api_body_over_the_upload_limit_gets_413(api_game):
    game_id, client = api_game
    version = Game.objects.get(pk=game_id).version
    body = json.dumps({"action": {"kind": "end_turn"}, "expected_version": version, "pad": "a" * 2_700_000})
    response = post_raw(client, game_id, body, "big")
    assert response.status_code == 413
    assert response.json()["code"] == "payload_too_large"
    assert unchanged(game_id, version)


def test_a_deeply_nested_api_body_gets_400(api_game):
    game_id, client = api_game
    version = Game.objects.get(pk=game_id).version
    for body in ("[" * 100_000, '{"action": ' + "[" * 5000 + "]" * 5000 + ', "expected_version": 0}'):
        response = post_raw(client, game_id, body, f"nested-{len(body)}")
        assert response.status_code == 400, body[:20]
        assert response.json()["code"] in ("nested_too_deeply", "parse_error", "invalid_request")
    assert unchanged(game_id, version)


def test_an_error_echoes_at_most_a_short_piece_of_the_input(api_game):
    game_id, client = api_game
    version = Game.objects.get(pk=game_id).version
    response = client.post(game_url(game_id, "actions"), {"action": {"kind": "k" * 100_000},
                                                          "expected_version": version},
                           format="json", HTTP_IDEMPOTENCY_KEY="echo")
    assert response.status_code == 400
    assert len(response.content) < 2000
    assert "k" * 150 in response.content.decode()  # it still says what was wrong
    assert unchanged(game_id, version)


def test_deeply_nested_web_params_are_a_form_error(client, user, other_user):
    game = play_setup(new_game(user, [other_user]))
    seat = game.current_seat
    client.force_login(users_by_seat(game)[seat])
    version = game.version
    response = client.post(reverse("games:submit", args=[game.pk]), {
        "kind": "begin_turn", "params": "[" * 1000, "version": version, "idempotency_key": "nested-web"},
        follow=True)
    assert response.status_code == 200
    assert "incomplete or damaged" in response.content.decode()
    assert unchanged(game.pk, version)


def test_an_oversized_web_post_gets_400(client, user, other_user):
    game = play_setup(new_game(user, [other_user]))
    client.force_login(users_by_seat(game)[game.current_seat])
    response = client.post(reverse("games:submit", args=[game.pk]), {
        "kind": "begin_turn", "params": "{}", "version": game.version, "idempotency_key": "big-web",
        "pad": "a" * 2_700_000})
    assert response.status_code in (400, 413)
    assert unchanged(game.pk, game.version)
