"""Auth endpoints: log in for a token, list and revoke tokens, token and session authentication."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import ApiToken
from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/v1/auth/token/"
TOKENS_URL = "/api/v1/tokens/"
ME_URL = "/api/v1/me/"


def log_in(client, username, password=TEST_PASSWORD, **extra):
    return client.post(TOKEN_URL, {"username": username, "password": password, **extra}, format="json")


def test_logging_in_creates_a_token_whose_value_is_shown_once(anna):
    response = log_in(APIClient(), "anna", name="phone")
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "phone" and body["token"].startswith(body["prefix"])
    assert response["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(pk=body["id"])
    assert token.user == anna and token.key_hash == ApiToken.hash_key(body["token"])
    assert body["token"] not in token.key_hash  # only the SHA-256 is stored


def test_a_token_without_a_name_is_called_api(anna):
    assert log_in(APIClient(), "anna").json()["name"] == "api"


def test_the_token_authenticates_later_requests(anna):
    key = log_in(APIClient(), "anna").json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.get(ME_URL)
    assert response.status_code == 200 and response.json()["username"] == "anna"


@pytest.mark.parametrize("username,password", [("anna", "wrong-password-1"), ("nobody", TEST_PASSWORD)])
def test_a_wrong_password_or_unknown_user_gets_no_token(anna, username, password):
    response = log_in(APIClient(), username, password)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_credentials"
    assert not ApiToken.objects.exists()


def test_an_inactive_user_gets_no_token(anna):
    anna.is_active = False
    anna.save()
    assert log_in(APIClient(), "anna").json()["code"] == "invalid_credentials"


def test_logging_in_without_a_password_names_the_missing_field(anna):
    response = APIClient().post(TOKEN_URL, {"username": "anna"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request" and "password" in response.json()["details"]


def test_logging_in_is_strictly_throttled_per_address(anna, set_rates):
    set_rates(login="3/min")
    client = APIClient()
    answers = [log_in(client, "anna", "wrong-password-1").status_code for _ in range(3)]
    assert answers == [400, 400, 400]
    throttled = log_in(client, "anna")  # even the right password waits now
    assert throttled.status_code == 429
    assert throttled.json()["code"] == "throttled"
    assert int(throttled["Retry-After"]) > 0 and throttled.json()["details"]["retry_after"] > 0


def test_logging_in_is_throttled_per_username_across_addresses(anna, set_rates):
    set_rates(login_username="2/min")
    for address in ("10.0.0.1", "10.0.0.2"):
        assert log_in(APIClient(REMOTE_ADDR=address), "Anna", "wrong-password-1").status_code == 400
    assert log_in(APIClient(REMOTE_ADDR="10.0.0.3"), "anna").status_code == 429
    assert log_in(APIClient(REMOTE_ADDR="10.0.0.3"), "ben").status_code == 400  # another name is not slowed


def test_a_forged_forwarded_for_header_does_not_escape_the_address_limit(anna, set_rates):
    set_rates(login="2/min")
    for n in range(2):
        assert log_in(APIClient(HTTP_X_FORWARDED_FOR=f"192.0.2.{n}"), "x", "y").status_code == 400
    assert log_in(APIClient(HTTP_X_FORWARDED_FOR="192.0.2.99"), "anna").status_code == 429


def test_tokens_lists_only_your_own_and_marks_the_current_one(anna, ben, token_client):
    api = token_client(anna, name="laptop")
    log_in(APIClient(), "anna", name="phone")
    token_client(ben, name="bens")
    body = api.get(TOKENS_URL).json()
    assert sorted(t["name"] for t in body) == ["laptop", "phone"]
    assert [t["name"] for t in body if t["current"]] == ["laptop"]
    assert all("token" not in t and "key_hash" not in t for t in body)


def test_revoking_your_token_makes_it_useless(anna, token_client):
    api = token_client(anna)
    phone = log_in(APIClient(), "anna", name="phone").json()
    assert api.delete(f"{TOKENS_URL}{phone['id']}/").status_code == 204
    assert api.delete(f"{TOKENS_URL}{phone['id']}/").status_code == 204  # revoking again is harmless
    revoked = APIClient()
    revoked.credentials(HTTP_AUTHORIZATION=f"Token {phone['token']}")
    response = revoked.get(ME_URL)
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert response["WWW-Authenticate"] == "Token"
    listed = {t["name"]: t for t in api.get(TOKENS_URL).json()}
    assert listed["phone"]["is_active"] is False and listed["phone"]["revoked_at"].endswith("Z")


def test_revoking_someone_elses_token_is_not_found(anna, ben, token_client):
    bens = log_in(APIClient(), "ben").json()
    response = token_client(anna).delete(f"{TOKENS_URL}{bens['id']}/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert ApiToken.objects.get(pk=bens["id"]).is_active


@pytest.mark.parametrize("url", [ME_URL, TOKENS_URL, "/api/v1/games/", "/api/v1/content/board/"])
def test_every_endpoint_needs_authentication(db, url):
    response = APIClient().get(url)
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"


def test_a_malformed_token_header_is_refused(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token two parts")
    assert client.get(ME_URL).json()["code"] == "authentication_failed"


def test_the_browser_session_works_too(logged_in_client, user):
    response = logged_in_client.get(ME_URL)
    assert response.status_code == 200 and response.json()["username"] == user.username


def test_a_session_write_without_csrf_token_is_refused_as_json(user):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.patch(ME_URL, {"display_name": "X"}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied" and "CSRF" in response.json()["details"]["reason"]


def test_token_requests_need_no_csrf_token(anna, token_client):
    api = token_client(anna)
    api.handler.enforce_csrf_checks = True
    assert api.patch(ME_URL, {"display_name": "Anna"}, format="json").status_code == 200
