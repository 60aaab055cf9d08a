"""The language switcher in the page header."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from tests.conftest import UserFactory

pytestmark = pytest.mark.django_db


def _switch(client, language: str, next_url: str = "/"):
    return client.post(reverse("accounts:set_language"), {"language": language, "next": next_url})


def test_base_template_switcher_posts_to_our_view(english):
    html = english.get(reverse("home")).content.decode()
    assert f'action="{reverse("accounts:set_language")}"' in html


def test_anonymous_switch_changes_the_page_language(english):
    login_url = reverse("accounts:login")
    before = english.get(login_url).content.decode()
    assert "Forgotten your password?" in before

    response = _switch(english, "de", login_url)
    assert response.status_code == 302
    assert response.url == login_url
    assert english.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"

    after = english.get(login_url).content.decode()
    assert '<html lang="de">' in after
    assert "Passwort vergessen?" in after


def test_anonymous_switch_back_to_english(client):
    # German is the default language of the site.
    assert "Passwort vergessen?" in client.get(reverse("accounts:login")).content.decode()
    _switch(client, "en")
    assert "Forgotten your password?" in client.get(reverse("accounts:login")).content.decode()


def test_logged_in_switch_persists_to_profile_and_next_page(client):
    user = UserFactory(language="en")
    client.force_login(user)
    response = _switch(client, "de", reverse("accounts:profile"))
    assert response.status_code == 302
    assert response.url == reverse("accounts:profile")
    user.refresh_from_db()
    assert user.language == "de"

    html = client.get(response.url).content.decode()
    assert "Ihre Einstellungen" in html

    # It sticks to the account, not to this browser: a fresh session sees German too.
    client.logout()
    client.cookies.clear()
    client.force_login(user)
    assert "Ihre Einstellungen" in client.get(reverse("accounts:profile")).content.decode()


def test_logged_in_switch_to_unknown_language_changes_nothing(client):
    user = UserFactory(language="en")
    client.force_login(user)
    response = _switch(client, "xx", reverse("accounts:profile"))
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.language == "en"


def test_switch_never_redirects_off_site(english):
    response = _switch(english, "de", "https://evil.example/")
    assert response.status_code == 302
    assert response.url == "/"


def test_switch_by_get_changes_nothing(client):
    user = UserFactory(language="en")
    client.force_login(user)
    response = client.get(reverse("accounts:set_language"), {"language": "de"})
    assert response.status_code == 405
    user.refresh_from_db()
    assert user.language == "en"
