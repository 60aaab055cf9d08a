"""GET/PATCH me/: the profile and the notification preferences."""

from __future__ import annotations

import pytest

from tests.conftest import UserFactory

pytestmark = pytest.mark.django_db

ME_URL = "/api/v1/me/"


def test_me_shows_profile_and_notification_preferences(api_a, anna):
    body = api_a.get(ME_URL).json()
    assert body == {
        "id": anna.pk,
        "username": "anna",
        "public_name": "anna",
        "display_name": "",
        "email": "anna@example.org",
        "language": "en",
        "time_zone": "Europe/Berlin",
        "notify_my_turn": True,
        "notify_reminders": True,
        "notify_game_finished": True,
        "mail_mode": "every_turn",
    }


def test_patching_changes_only_the_fields_sent(api_a, anna):
    response = api_a.patch(ME_URL, {"display_name": "Anna K.", "notify_reminders": False,
                                    "time_zone": "America/New_York"}, format="json")
    assert response.status_code == 200
    anna.refresh_from_db()
    assert (anna.display_name, anna.notify_reminders, anna.time_zone) == ("Anna K.", False, "America/New_York")
    assert anna.notify_my_turn is True and anna.language == "en"
    assert response.json()["public_name"] == "Anna K."


def test_changing_the_language_switches_the_messages(api_a):
    assert api_a.patch(ME_URL, {"language": "de"}, format="json").status_code == 200
    response = api_a.get("/api/v1/games/999/")
    assert response.json()["message"] == "Diese Partie gibt es nicht, oder sie ist privat."


@pytest.mark.parametrize("body,field", [
    ({"time_zone": "Mars/Olympus"}, "time_zone"),
    ({"language": "fr"}, "language"),
    ({"email": "not-an-address"}, "email"),
    ({"notify_my_turn": "perhaps"}, "notify_my_turn"),
    ({"username": "mallory"}, "username"),
    ({"is_staff": True}, "is_staff"),
])
def test_bad_or_unknown_profile_fields_are_refused(api_a, anna, body, field):
    response = api_a.patch(ME_URL, body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request"
    assert field in response.json()["details"]
    anna.refresh_from_db()
    assert anna.username == "anna" and not anna.is_staff and anna.time_zone == "Europe/Berlin"


def test_an_email_address_of_another_account_is_refused(api_a, anna):
    UserFactory(username="other", email="taken@example.org")
    response = api_a.patch(ME_URL, {"email": "Taken@Example.org"}, format="json")
    assert response.status_code == 400 and "email" in response.json()["details"]
    anna.refresh_from_db()
    assert anna.email == "anna@example.org"


def test_me_only_allows_get_and_patch(api_a):
    response = api_a.put(ME_URL, {}, format="json")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"
