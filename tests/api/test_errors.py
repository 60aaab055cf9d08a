"""Errors are JSON with a stable code and a message in the user's language, never HTML or a traceback."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.api import errors as api_errors
from games.api import views

pytestmark = pytest.mark.django_db


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"code", "message", "details"} and body["code"] == code
    assert "Traceback" not in response.content.decode() and "<html" not in response.content.decode().lower()
    return body


def test_an_unknown_api_address_is_a_json_404(api_a):
    body = assert_error(api_a.get("/api/v1/no-such-thing/"), 404, "not_found")
    assert body["message"] == "Not found." and body["details"]["path"] == "/api/v1/no-such-thing/"


def test_a_missing_trailing_slash_gets_a_hint(api_a):
    body = assert_error(api_a.post("/api/v1/games", {}, format="json"), 404, "not_found")
    assert body["details"]["hint"].endswith("/api/v1/games/")


def test_unknown_api_addresses_are_json_for_anonymous_posts_too(db):
    assert_error(Client().post("/api/v2/games/", {"a": 1}), 404, "not_found")


def test_pages_outside_the_api_keep_their_html_404(db):
    response = Client().get("/no-such-page/")
    assert response.status_code == 404 and not response["Content-Type"].startswith("application/json")


def test_a_wrong_method_is_a_json_405(api_a):
    body = assert_error(api_a.delete("/api/v1/games/"), 405, "method_not_allowed")
    assert body["details"]["method"] == "DELETE"


def test_asking_for_html_gets_json_or_a_json_406(api_a):
    response = api_a.get("/api/v1/games/", HTTP_ACCEPT="text/html")
    assert_error(response, 406, "not_acceptable")


def test_an_unexpected_error_is_a_json_500_without_traceback(api_a, monkeypatch, caplog):
    def explode(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(views.ContentBoardView, "get", explode)
    body = assert_error(api_a.get("/api/v1/content/board/"), 500, "server_error")
    assert "secret internals" not in str(body)
    assert "secret internals" in caplog.text  # but it is logged


def test_handler500_answers_json_under_api_and_html_elsewhere(rf):
    api = api_errors.handler500(rf.get("/api/v1/games/"))
    assert api.status_code == 500 and api["Content-Type"] == "application/json"
    page = api_errors.handler500(rf.get("/lobby/"))
    assert page.status_code == 500 and "json" not in page["Content-Type"]


def test_handler404_answers_json_under_api(rf):
    response = api_errors.handler404(rf.get("/api/v1/x"), Exception())
    assert response.status_code == 404 and response["Content-Type"] == "application/json"


def test_messages_are_german_for_german_users(api_a, anna):
    anna.language = "de"
    anna.save()
    body = assert_error(api_a.get("/api/v1/games/", {"filter": "bogus"}), 400, "invalid_request")
    assert body["message"] == "Die Anfrage ist ungültig; Einzelheiten stehen unter details."
    assert api_a.get("/api/v1/nothing/").json()["message"] == "Nicht gefunden."


def test_messages_follow_accept_language_before_authentication(db):
    english = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    assert english.get("/api/v1/me/").json()["message"] == "Log in, or send the header 'Authorization: Token <value>'."
    german = APIClient(HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert german.get("/api/v1/me/").json()["message"].startswith("Melde dich an")
    assert APIClient().get("/api/v1/me/").json()["message"].startswith("Melde dich an")  # German by default


def test_german_users_get_illegal_actions_in_plain_german_with_the_engines_reason_in_details(api_a, api_b, anna):
    from .helpers import game_url, start_two_player_game, submit

    game_id = start_two_player_game(api_a, api_b)
    anna.language = "de"
    anna.save()
    body = submit(api_a, game_id, {"kind": "fly_away"}, 0).json()
    assert body["message"] == "Dieser Zug wurde nicht verstanden."
    assert body["details"]["reason"].startswith("unknown action kind")
    assert body["details"]["error"] == "malformed_action"
    assert api_a.get(game_url(game_id)).status_code == 200


def test_every_error_code_has_a_message_in_both_languages():
    assert set(api_errors.MESSAGES["de"]) == set(api_errors.MESSAGES["en"])
    from games import errors as game_errors

    codes = {cls.code for cls in vars(game_errors).values()
             if isinstance(cls, type) and issubclass(cls, game_errors.GameServiceError)}
    assert codes <= set(api_errors.MESSAGES["en"])
