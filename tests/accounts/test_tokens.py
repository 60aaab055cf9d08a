"""Personal API tokens: create (value shown once), list, revoke, authenticate."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.urls import reverse
from rest_framework import exceptions
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from accounts.authentication import ApiTokenAuthentication
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db
TOKEN_VALUE = re.compile(r'<code id="token-value">([^<]+)</code>')


def token_value_from(response) -> str:
    match = TOKEN_VALUE.search(response.content.decode())
    assert match, "the page does not show a token value"
    return match.group(1)


class WhoAmI(APIView):
    """A test-only endpoint protected by token authentication alone."""

    authentication_classes = [ApiTokenAuthentication]
    permission_classes = [IsAuthenticated]

    def get(self, request):
        return Response({"username": request.user.username, "token": request.auth.name})


def _api_get(key: str):
    request = APIRequestFactory().get("/whoami/", HTTP_AUTHORIZATION=f"Token {key}")
    return WhoAmI.as_view()(request)


def _create_via_page(client, name: str = "my bot"):
    return client.post(reverse("accounts:tokens"), {"name": name})


def test_token_list_is_empty_at_first(logged_in_client):
    response = logged_in_client.get(reverse("accounts:tokens"))
    assert response.status_code == 200
    assert "You have no API tokens yet." in response.content.decode()


def test_created_token_value_is_shown_once(logged_in_client, user):
    response = _create_via_page(logged_in_client)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    html = response.content.decode()
    key = token_value_from(response)
    assert "it will not be shown again" in html

    token = ApiToken.objects.get(user=user)
    assert token.name == "my bot"
    assert key.startswith(token.prefix)

    listing = logged_in_client.get(reverse("accounts:tokens")).content.decode()
    assert "my bot" in listing
    assert token.prefix in listing
    assert key not in listing
    assert "active" in listing


def test_database_stores_only_the_hash_of_the_value(logged_in_client, user):
    key = token_value_from(_create_via_page(logged_in_client))
    token = ApiToken.objects.get(user=user)
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest()
    stored = [str(value) for value in ApiToken.objects.filter(pk=token.pk).values().get().values()]
    assert key not in stored


@pytest.mark.parametrize("name", ["", "   "])
def test_token_without_name_is_refused(logged_in_client, name):
    response = _create_via_page(logged_in_client, name)
    assert response.status_code == 400
    assert "Give the token a name." in response.content.decode()
    assert not ApiToken.objects.exists()


def test_created_token_authenticates_an_api_request(logged_in_client, user):
    key = token_value_from(_create_via_page(logged_in_client, "laptop"))
    response = _api_get(key)
    assert response.status_code == 200
    assert response.data == {"username": user.username, "token": "laptop"}
    assert ApiToken.objects.get(user=user).last_used_at is not None


def test_unknown_token_is_refused(db):
    assert _api_get("hw_not-a-real-token").status_code == 401


def test_revoked_token_is_refused(logged_in_client, user, make_token):
    token, key = make_token(user)
    response = logged_in_client.post(reverse("accounts:token_revoke", args=[token.pk]))
    assert response.status_code == 302
    assert response.url == reverse("accounts:tokens")
    token.refresh_from_db()
    assert token.revoked_at is not None

    assert _api_get(key).status_code == 401
    request = APIRequestFactory().get("/", HTTP_AUTHORIZATION=f"Token {key}")
    with pytest.raises(exceptions.AuthenticationFailed):
        ApiTokenAuthentication().authenticate(request)

    listing = logged_in_client.get(reverse("accounts:tokens")).content.decode()
    assert "revoked" in listing
    assert "has been revoked" in listing


def test_revoking_twice_keeps_the_first_revocation_time(logged_in_client, user, make_token):
    token, _ = make_token(user)
    logged_in_client.post(reverse("accounts:token_revoke", args=[token.pk]))
    token.refresh_from_db()
    first = token.revoked_at
    logged_in_client.post(reverse("accounts:token_revoke", args=[token.pk]))
    token.refresh_from_db()
    assert token.revoked_at == first


def test_user_cannot_revoke_another_users_token(logged_in_client, other_user, make_token):
    token, key = make_token(other_user)
    response = logged_in_client.post(reverse("accounts:token_revoke", args=[token.pk]))
    assert response.status_code == 404
    token.refresh_from_db()
    assert token.is_active
    assert _api_get(key).status_code == 200


def test_token_list_shows_only_own_tokens(logged_in_client, user, other_user, make_token):
    make_token(user, "mine")
    make_token(other_user, "theirs")
    html = logged_in_client.get(reverse("accounts:tokens")).content.decode()
    assert "mine" in html
    assert "theirs" not in html


def test_revoke_by_get_is_refused(logged_in_client, user, make_token):
    token, _ = make_token(user)
    response = logged_in_client.get(reverse("accounts:token_revoke", args=[token.pk]))
    assert response.status_code == 405
    token.refresh_from_db()
    assert token.is_active
