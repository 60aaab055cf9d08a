"""Helpers for the accounts tests (shared factories live in tests/conftest.py)."""

from __future__ import annotations

import pytest

from accounts.models import ApiToken
from accounts.services import api_token_create


@pytest.fixture
def make_token():
    def make(user, name: str = "bot") -> tuple[ApiToken, str]:
        return api_token_create(user=user, name=name)

    return make


@pytest.fixture
def english(client):
    """An anonymous browser that asks for English pages."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client
