"""Changing a password, and resetting a forgotten one by email."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import TEST_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "a-brand-new-secret-77"
RESET_LINK = re.compile(r"https?://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)")


def test_password_change_sets_the_new_password(logged_in_client, user):
    response = logged_in_client.post(
        reverse("accounts:password_change"),
        {"old_password": TEST_PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    assert response.url == reverse("accounts:password_change_done")
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    # The session survives the change.
    assert logged_in_client.get(reverse("accounts:profile")).status_code == 200


def test_password_change_with_wrong_old_password_changes_nothing(logged_in_client, user):
    response = logged_in_client.post(
        reverse("accounts:password_change"),
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.check_password(TEST_PASSWORD)


def test_password_reset_mails_a_working_link(english, user, mailoutbox):
    response = english.post(reverse("accounts:password_reset"), {"email": user.email})
    assert response.status_code == 302
    assert response.url == reverse("accounts:password_reset_done")

    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == [user.email]
    assert mail.subject == "Set a new heldenweb password"
    assert not mail.alternatives  # plain text only
    link = RESET_LINK.search(mail.body).group(1)

    form_page = english.get(link, follow=True)
    assert form_page.status_code == 200
    assert form_page.context["validlink"]
    set_password_url = form_page.redirect_chain[-1][0]
    response = english.post(set_password_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert response.url == reverse("accounts:password_reset_complete")

    response = english.post(reverse("accounts:login"), {"username": user.username, "password": NEW_PASSWORD})
    assert response.status_code == 302
    assert english.session["_auth_user_id"] == str(user.pk)

    # The link works only once.
    english.logout()
    again = english.get(link, follow=True)
    assert not again.context["validlink"]


def test_password_reset_finds_the_account_whatever_the_case_of_the_address(english, user, mailoutbox):
    english.post(reverse("accounts:password_reset"), {"email": user.email.upper()})
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == [user.email]


def test_password_reset_for_unknown_email_sends_nothing_and_looks_the_same(english, user, mailoutbox):
    known = english.post(reverse("accounts:password_reset"), {"email": user.email}, follow=True)
    mailoutbox.clear()
    unknown = english.post(reverse("accounts:password_reset"), {"email": "nobody@example.org"}, follow=True)
    assert mailoutbox == []
    assert unknown.redirect_chain == known.redirect_chain
    assert _without_csrf(unknown) == _without_csrf(known)


def _without_csrf(response) -> str:
    # CSRF tokens are masked differently on every page; everything else must be identical.
    return re.sub(r'(value="|"X-CSRFToken": ")[A-Za-z0-9]{64}', "CSRF", response.content.decode())


def test_password_reset_mail_speaks_the_recipients_language(english, mailoutbox):
    german = UserFactory(language="de")
    english.post(reverse("accounts:password_reset"), {"email": german.email})
    assert mailoutbox[0].subject == "Neues Passwort für heldenweb festlegen"
    assert "Hallo" in mailoutbox[0].body


def test_password_reset_with_a_bad_link_says_so(english):
    response = english.get(reverse("accounts:password_reset_confirm", args=["MQ", "bad-token"]))
    assert response.status_code == 200
    assert "This password reset link is invalid" in response.content.decode()
