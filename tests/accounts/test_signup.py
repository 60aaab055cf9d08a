"""Signing up: a good form creates and logs in a player; bad input creates nobody."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.conftest import TEST_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


def _sign_up(client, **overrides):
    data = {
        "username": "anna",
        "email": "anna@example.org",
        "password1": TEST_PASSWORD,
        "password2": TEST_PASSWORD,
    }
    data.update(overrides)
    return client.post(reverse("accounts:signup"), data)


def test_signup_page_loads(english):
    response = english.get(reverse("accounts:signup"))
    assert response.status_code == 200
    assert "Create your account" in response.content.decode()


def test_signup_creates_user_logs_in_and_redirects_to_profile_with_message(english):
    response = _sign_up(english)
    assert response.status_code == 302
    assert response.url == reverse("accounts:profile")
    user = User.objects.get(username="anna")
    assert user.email == "anna@example.org"
    assert user.check_password(TEST_PASSWORD)
    assert english.session["_auth_user_id"] == str(user.pk)
    page = english.get(response.url)
    assert "Welcome to heldenweb, anna!" in page.content.decode()


def test_signup_keeps_the_language_the_visitor_browses_in(english):
    _sign_up(english)
    assert User.objects.get(username="anna").language == "en"


def test_signup_follows_a_safe_next_but_not_a_foreign_one(english):
    response = english.get(reverse("accounts:signup"), {"next": "/accounts/tokens/"})
    assert 'name="next" value="/accounts/tokens/"' in response.content.decode()
    response = _sign_up(english, next="/accounts/tokens/")
    assert response.url == "/accounts/tokens/"
    english.logout()
    response = _sign_up(english, username="bert", email="bert@example.org", next="https://evil.example/")
    assert response.url == reverse("accounts:profile")


def test_signup_with_taken_username_creates_nobody(english):
    UserFactory(username="anna", email="first@example.org")
    response = _sign_up(english, username="Anna")
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.count() == 1
    assert "_auth_user_id" not in english.session


def test_signup_with_taken_email_in_other_case_creates_nobody(english):
    UserFactory(username="first", email="anna@example.org")
    response = _sign_up(english, email="ANNA@Example.ORG")
    assert response.status_code == 200
    assert "A user with that email address already exists." in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize("weak", ["12345678", "password", "anna1"])
def test_signup_with_weak_password_creates_nobody(english, weak):
    response = _sign_up(english, password1=weak, password2=weak)
    assert response.status_code == 200
    assert response.context["form"].errors["password1"]
    assert not User.objects.exists()


def test_signup_with_password_mismatch_creates_nobody(english):
    response = _sign_up(english, password2=TEST_PASSWORD + "x")
    assert response.status_code == 200
    assert "The two passwords do not match." in response.content.decode()
    assert not User.objects.exists()


def test_signup_with_invalid_username_or_missing_email_creates_nobody(english):
    response = _sign_up(english, username="no spaces please", email="")
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "username" in errors
    assert "email" in errors
    assert not User.objects.exists()


def test_signup_errors_are_linked_to_their_fields(english):
    response = _sign_up(english, password2="something-else-42")
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    assert 'id="id_password2_error"' in html


def test_signed_in_user_visiting_signup_goes_to_profile(logged_in_client):
    response = logged_in_client.get(reverse("accounts:signup"))
    assert response.status_code == 302
    assert response.url == reverse("accounts:profile")


def test_database_refuses_a_second_account_with_the_same_email_in_other_case():
    UserFactory(username="first", email="anna@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="second", email="Anna@Example.org", password=TEST_PASSWORD)
