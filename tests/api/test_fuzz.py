"""Schema-driven fuzzing: schemathesis sends generated requests for every operation of our own schema
to a live server on loopback, authenticated by a token, and no answer may be a server error."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from accounts.services import api_token_create
from games import services
from tests.conftest import UserFactory

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_PER_OPERATION = 10
# Only a guard against a hung fuzzer; how long the run takes is never asserted (a busy CI machine
# is slower, and that is not a failure).
HANG_GUARD_SECONDS = 600

pytestmark = pytest.mark.slow


@pytest.fixture
def no_begin_turn_task(monkeypatch):
    """Keep the start-of-turn task off the shared broker (the fuzzer plays no real turns)."""
    from games import tasks

    monkeypatch.setattr(tasks.begin_turn, "delay", lambda *args, **kwargs: None)


def _schemathesis() -> list[str]:
    found = shutil.which("schemathesis", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "schemathesis.cli"]


@pytest.mark.django_db(transaction=True)
def test_generated_requests_never_get_a_server_error(live_server, tmp_path, no_begin_turn_task):
    user = UserFactory(username="fuzzer")
    other = UserFactory(username="fuzzed")
    # Something to find: a public game in setup, a private one and an open one.
    game = services.game_create(creator=user, title="fuzz", seat_count=2)
    services.game_join(game=game, user=other)
    services.game_create(creator=other, title="private", seat_count=2, visibility="private")
    services.game_create(creator=other, title="open", seat_count=3)
    _, key = api_token_create(user=user, name="fuzz")
    # Every game operation works on the game in setup, so generated bodies reach the services.
    # Unexpected methods are tried with one (PATCH) to keep the run short.
    (tmp_path / "schemathesis.toml").write_text(
        f'[parameters]\n"path.game_id" = {game.pk}\n\n[phases.coverage]\nunexpected-methods = ["PATCH"]\n')
    command = [
        *_schemathesis(), "run", f"{live_server.url}/api/schema/?format=json",
        "--checks", "not_a_server_error",
        "--header", f"Authorization: Token {key}",
        "--max-examples", str(EXAMPLES_PER_OPERATION),
        "--phases", "coverage,fuzzing",
        "--seed", "20261130",
        "--workers", "1",
        "--no-shrink",
        "--generation-database", "none",
        # Revoking tokens at random would revoke the fuzzer's own token half-way through.
        "--exclude-method", "DELETE",
        "--request-timeout", "20",
        "--no-color",
    ]
    env = {**os.environ, "HOME": str(tmp_path), "SCHEMATHESIS_HOOKS": ""}
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=HANG_GUARD_SECONDS)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert re.search(r"Test cases:\s+\d+ generated, \d+ passed", output), output[-3000:]
    assert "failed" not in output.split("Test cases:")[-1], output[-3000:]
