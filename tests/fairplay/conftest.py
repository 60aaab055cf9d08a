import pytest

from games.engine.content import load_content


@pytest.fixture(scope="session")
def content():
    return load_content()


@pytest.fixture(autouse=True)
def _generous_rates(settings):
    """These tests drive many API requests; the API's rate limits are not what they test."""
    rest = dict(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = dict.fromkeys(rest["DEFAULT_THROTTLE_RATES"], "100000/min")
    settings.REST_FRAMEWORK = rest
