import pytest


@pytest.fixture
def eager_tasks():
    """Kept for readability in tests that rely on tasks running inline (the default, see tests/conftest)."""
    yield
