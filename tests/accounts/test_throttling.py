"""Throttled web log-in, password reset and sign-up (issue 13, ruling R-113)."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import TEST_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
LIMITS = {"login_address": (6, 900), "login_name": (3, 900), "reset_address": (4, 3600), "reset_name": (2, 3600),
          "signup_address": (3, 3600), "signup_name": (3, 3600)}


@pytest.fixture(autouse=True)
def _small_limits(settings):
    settings.WEB_THROTTLES = LIMITS


def page(response, name):
    """The page without its per-response CSRF token and the name typed in."""
    text = re.sub(r'(csrfmiddlewaretoken" value="|CSRFToken": ")[^"]+', "", response.content.decode())
    return text.replace(name, "X")


def login(client, username, password, address="10.0.0.1"):
    return client.post(reverse("accounts:login"), {"username": username, "password": password},
                       REMOTE_ADDR=address)


def test_wrong_passwords_fill_the_username_counter_and_then_even_the_right_one_is_refused(english, user):
    for _ in range(3):
        assert login(english, user.username, "wrong").status_code == 200
    response = login(english, user.username, TEST_PASSWORD)
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert "_auth_user_id" not in english.session
    # From another address, too: the counter is per username.
    assert login(english, user.username, TEST_PASSWORD, address="10.0.0.2").status_code == 429


def test_the_refusal_is_the_same_for_an_unknown_username(english, user):
    for name in (user.username, "nobody-here"):
        for _ in range(3):
            login(english, name, "wrong")
    known = login(english, user.username, "wrong")
    unknown = login(english, "nobody-here", "wrong")
    assert known.status_code == unknown.status_code == 429
    assert page(known, user.username) == page(unknown, "nobody-here")


def test_one_address_trying_many_usernames_is_stopped(english, db):
    for i in range(6):
        assert login(english, f"guess{i}", "wrong").status_code == 200
    assert login(english, "guess-next", "wrong").status_code == 429
    assert login(english, "guess-next", "wrong", address="10.9.9.9").status_code == 200


def test_a_good_login_is_not_counted(english, user):
    for _ in range(5):
        assert login(english, user.username, TEST_PASSWORD).status_code == 302
        english.post(reverse("accounts:logout"))


def test_password_reset_is_throttled_per_address_asked_for_without_telling_who_exists(english, user):
    url = reverse("accounts:password_reset")
    for email in (user.email, "nobody@example.org"):
        for _ in range(2):
            assert english.post(url, {"email": email}, REMOTE_ADDR="10.1.1.1").status_code == 302
    assert len(mail.outbox) == 2  # only the real account got mail
    known = english.post(url, {"email": user.email}, REMOTE_ADDR="10.1.1.2")
    unknown = english.post(url, {"email": "nobody@example.org"}, REMOTE_ADDR="10.1.1.3")
    assert known.status_code == unknown.status_code == 429
    assert "Too many attempts" in known.content.decode()
    assert len(mail.outbox) == 2


def test_sign_up_is_throttled_per_address(english, db):
    url = reverse("accounts:signup")
    for i in range(3):
        english.post(url, {"username": f"new{i}", "email": "bad"}, REMOTE_ADDR="10.2.2.2")
    response = english.post(url, {"username": "new9", "email": "n9@example.org", "password1": "x" * 12,
                                  "password2": "x" * 12}, REMOTE_ADDR="10.2.2.2")
    assert response.status_code == 429 and "Too many attempts" in response.content.decode()
    UserFactory(username="someone")  # the factory is not throttled: only the web forms count
