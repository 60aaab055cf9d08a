"""Fixtures of the API tests: generous rate limits (throttling tests set their own) and two players."""

from __future__ import annotations

import pytest

from tests.conftest import UserFactory

GENEROUS = "100000/min"


@pytest.fixture(autouse=True)
def _generous_rates(settings):
    rest = dict(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = dict.fromkeys(rest["DEFAULT_THROTTLE_RATES"], GENEROUS)
    settings.REST_FRAMEWORK = rest


@pytest.fixture
def set_rates(settings):
    """``set_rates(login="2/min")``: change some throttle rates for one test."""

    def set_(**rates: str) -> None:
        rest = dict(settings.REST_FRAMEWORK)
        rest["DEFAULT_THROTTLE_RATES"] = {**rest["DEFAULT_THROTTLE_RATES"], **rates}
        settings.REST_FRAMEWORK = rest

    return set_


@pytest.fixture
def anna(db):
    return UserFactory(username="anna", language="en")


@pytest.fixture
def ben(db):
    return UserFactory(username="ben", language="en")


@pytest.fixture
def carla(db):
    return UserFactory(username="carla", language="en")


@pytest.fixture
def api_a(token_client, anna):
    return token_client(anna)


@pytest.fixture
def api_b(token_client, ben):
    return token_client(ben)


@pytest.fixture
def api_c(token_client, carla):
    return token_client(carla)
