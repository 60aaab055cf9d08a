"""The profile: display name, email, language, time zone and notification preferences."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import UserFactory

pytestmark = pytest.mark.django_db

ALL_CHANGED = {
    "display_name": "Anna the Bold",
    "email": "new-address@example.org",
    "language": "de",
    "time_zone": "America/New_York",
    # Unchecked boxes are simply absent from the POST.
    "mail_mode": "digest",
}


def test_profile_shows_current_settings(logged_in_client, user):
    response = logged_in_client.get(reverse("accounts:profile"))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'value="{user.email}"' in html
    assert '<option value="Europe/Berlin" selected>' in html
    assert '<label for="id_time_zone">' in html


def test_profile_update_saves_every_field(logged_in_client, user):
    response = logged_in_client.post(reverse("accounts:profile"), ALL_CHANGED)
    assert response.status_code == 302
    assert response.url == reverse("accounts:profile")
    user.refresh_from_db()
    assert user.display_name == "Anna the Bold"
    assert user.email == "new-address@example.org"
    assert user.language == "de"
    assert user.time_zone == "America/New_York"
    assert user.notify_my_turn is False
    assert user.notify_reminders is False
    assert user.notify_game_finished is False
    assert user.mail_mode == "digest"
    # The confirmation is already in the new language.
    page = logged_in_client.get(response.url)
    assert "Ihre Einstellungen wurden gespeichert." in page.content.decode()


def test_profile_update_with_invalid_time_zone_changes_nothing(logged_in_client, user):
    data = dict(ALL_CHANGED, time_zone="Mars/Olympus_Mons")
    response = logged_in_client.post(reverse("accounts:profile"), data)
    assert response.status_code == 200
    assert "time_zone" in response.context["form"].errors
    user.refresh_from_db()
    assert user.time_zone == "Europe/Berlin"
    assert user.display_name == ""
    assert user.language == "en"


def test_profile_update_with_email_of_another_account_in_other_case_changes_nothing(logged_in_client, user):
    UserFactory(email="taken@example.org")
    data = dict(ALL_CHANGED, email="Taken@Example.org")
    response = logged_in_client.post(reverse("accounts:profile"), data)
    assert response.status_code == 200
    assert "A user with that email address already exists." in response.content.decode()
    user.refresh_from_db()
    assert user.email != "Taken@Example.org"
    assert user.display_name == ""


def test_profile_update_with_unknown_language_changes_nothing(logged_in_client, user):
    response = logged_in_client.post(reverse("accounts:profile"), dict(ALL_CHANGED, language="fr"))
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.language == "en"


def test_profile_renders_in_english_for_an_english_user(client):
    client.force_login(UserFactory(language="en"))
    html = client.get(reverse("accounts:profile")).content.decode()
    assert '<html lang="en">' in html
    assert "Your settings" in html
    assert "Email me when it is my turn" in html


def test_profile_renders_in_german_for_a_german_user(client):
    # Even if the browser asks for English: the profile's language wins.
    client.force_login(UserFactory(language="de"))
    html = client.get(reverse("accounts:profile"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="de">' in html
    assert "Ihre Einstellungen" in html
    assert "E-Mail, wenn ich am Zug bin" in html
    assert "Your settings" not in html


def test_profile_time_zone_choice_is_a_select_of_zone_names(logged_in_client):
    form = logged_in_client.get(reverse("accounts:profile")).context["form"]
    values = [value for value, _label in form.fields["time_zone"].choices]
    assert "Europe/Berlin" in values
    assert "America/Argentina/Buenos_Aires" in values
    assert values == sorted(values)
