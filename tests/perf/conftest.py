"""Fixtures of the page and API reading tests: one fixed game, and its two players."""

from __future__ import annotations

import hashlib
import os
import secrets
from types import SimpleNamespace

import pytest

from bench.seeding import bench_users
from games import models


@pytest.fixture
def fixed_seed(monkeypatch):
    """The same game on every run: the seed decides which steps carry a seat's secrets (step 53 of this
    one chooses a deed, seat 0's secret). ``PAGE_READS_SEED`` tries another game."""
    seed = os.environ.get("PAGE_READS_SEED", "page-reads")
    monkeypatch.setattr(models, "secrets", SimpleNamespace(
        token_hex=lambda n: hashlib.sha256(seed.encode()).hexdigest()[:2 * n],
        token_urlsafe=secrets.token_urlsafe))


@pytest.fixture
def players():
    return bench_users(2)
