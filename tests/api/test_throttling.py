"""Rate limits per user (reads and writes apart) and per address, counted in the shared default cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"


def test_reads_are_limited_per_user(api_a, api_b, anna, set_rates):
    set_rates(read="3/min")
    assert [api_a.get(GAMES).status_code for _ in range(3)] == [200, 200, 200]
    throttled = api_a.get(GAMES)
    assert throttled.status_code == 429 and throttled.json()["code"] == "throttled"
    assert throttled["Retry-After"] == str(throttled.json()["details"]["retry_after"])
    assert api_b.get(GAMES).status_code == 200  # another user from the same address is not slowed
    assert cache.get(f"throttle_read_user-{anna.pk}")  # counted in the default cache, shared by processes


def test_writes_have_their_own_limit(api_a, set_rates):
    set_rates(write="1/min")
    assert api_a.post(GAMES, {"title": "a", "seat_count": 2}, format="json").status_code == 201
    assert api_a.post(GAMES, {"title": "b", "seat_count": 2}, format="json").status_code == 429
    assert api_a.get(GAMES).status_code == 200


def test_requests_with_a_wrong_token_are_counted_per_address(db, set_rates):
    set_rates(address="3/min")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token hw_guess")
    assert [client.get(GAMES).status_code for _ in range(3)] == [401, 401, 401]
    assert client.get(GAMES).status_code == 429


def test_the_throttled_message_is_in_the_users_language(api_a, anna, set_rates):
    anna.language = "de"
    anna.save()
    set_rates(read="1/min")
    api_a.get(GAMES)
    assert api_a.get(GAMES).json()["message"].startswith("Zu viele Anfragen; versuche es in ")
