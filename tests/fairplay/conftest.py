import pytest

from games.engine.content import load_content


@pytest.fixture(scope="session")
def content():
    return load_content()
