"""Logging in and out, and pages that need a login."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def test_login_with_right_password_logs_in_and_redirects_home(english, user):
    response = english.post(reverse("accounts:login"), {"username": user.username, "password": TEST_PASSWORD})
    assert response.status_code == 302
    assert response.url == reverse(settings.LOGIN_REDIRECT_URL)
    assert english.session["_auth_user_id"] == str(user.pk)


def test_login_follows_next(english, user):
    response = english.post(
        reverse("accounts:login"),
        {"username": user.username, "password": TEST_PASSWORD, "next": reverse("accounts:tokens")},
    )
    assert response.url == reverse("accounts:tokens")


def test_login_with_wrong_password_shows_error_and_stays_anonymous(english, user):
    response = english.post(reverse("accounts:login"), {"username": user.username, "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()
    assert "_auth_user_id" not in english.session


def test_login_page_links_to_password_reset_and_signup(english):
    html = english.get(reverse("accounts:login")).content.decode()
    assert reverse("accounts:password_reset") in html
    assert reverse("accounts:signup") in html


def test_logout_by_get_is_refused_and_keeps_the_session(logged_in_client, user):
    response = logged_in_client.get(reverse("accounts:logout"))
    assert response.status_code == 405
    assert logged_in_client.session["_auth_user_id"] == str(user.pk)


def test_logout_by_post_ends_the_session(logged_in_client):
    response = logged_in_client.post(reverse("accounts:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in logged_in_client.session
    page = logged_in_client.get(response.url, HTTP_ACCEPT_LANGUAGE="en")
    assert "Log in" in page.content.decode()


@pytest.mark.parametrize("name", ["accounts:profile", "accounts:tokens", "accounts:password_change"])
def test_pages_that_need_login_redirect_to_login(client, name):
    url = reverse(name)
    response = client.get(url)
    assert response.status_code == 302
    assert response.url == f"{reverse('accounts:login')}?next={url}"


def test_token_revoke_needs_login(client, user, make_token):
    token, _ = make_token(user)
    response = client.post(reverse("accounts:token_revoke", args=[token.pk]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))
    token.refresh_from_db()
    assert token.is_active
