import pytest


@pytest.fixture(autouse=True)
def _no_bot_pause(settings):
    settings.BOT_STEP_PAUSE_SECONDS = 0
