"""docs/api.md works as written: its curl walkthrough and its Python client run against a live server."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from accounts.models import ApiToken
from games.models import Game
from tests.conftest import TEST_PASSWORD, UserFactory

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "api.md"
CLIENT = ROOT / "examples" / "api_client.py"


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", DOC.read_text(), re.S | re.M)


@pytest.fixture
def players(db):
    return UserFactory(username="anna"), UserFactory(username="ben")


@pytest.fixture
def known_seed(monkeypatch):
    """New games get a fixed seed, so the walkthrough plays the same game on every run."""
    monkeypatch.setattr(Game._meta.get_field("seed"), "_get_default", lambda: "docs-walkthrough")


def test_the_python_client_in_the_guide_is_examples_api_client_py():
    assert blocks("python") == [CLIENT.read_text()]


# A live server and a dozen bash and curl processes: in `make test` and CI, not in the inner loop.
@pytest.mark.slow
@pytest.mark.skipif(not (shutil.which("curl") and shutil.which("jq") and shutil.which("openssl")),
                    reason="the walkthrough needs curl, jq and openssl")
@pytest.mark.django_db(transaction=True)
def test_the_curl_walkthrough_in_the_guide_runs_block_by_block(live_server, players, known_seed, tmp_path):
    state = tmp_path / "state.sh"
    state.write_text("")
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "BASE": live_server.url, "PASSWORD_A": TEST_PASSWORD, "PASSWORD_B": TEST_PASSWORD}
    outputs = []
    sh = blocks("sh")
    assert len(sh) >= 10
    for number, block in enumerate(sh, 1):
        # Each block in a fresh bash that starts from the variables and functions of the blocks before.
        script = f"set -euo pipefail\nsource {state}\n{block}\n{{ export -p; declare -f; }} > {state}\n"
        result = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, (
            f"block {number} failed:\n{block}\n--- stdout:\n{result.stdout}\n--- stderr:\n{result.stderr}")
        outputs.append(result.stdout)
    game = Game.objects.get()
    assert game.status == Game.Status.RUNNING and game.turn_number >= 2  # setup done, a turn played
    assert "Idempotent-Replayed" in "".join(outputs) and '"stale_version"' in "".join(outputs)
    assert any(out.strip().endswith('"authentication_failed"') for out in outputs)  # Ben's revoked token


# A long playout through the whole site: in `make test` and CI, not in the inner loop.
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_example_client_plays_a_game_through_the_api(live_server, players, known_seed):
    command = [sys.executable, str(CLIENT), "--base", live_server.url, "--player", f"anna:{TEST_PASSWORD}",
               "--player", f"ben:{TEST_PASSWORD}", "--max-actions", "80", "--seed", "7"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert re.search(r"game \d+: \d+ actions, status (running|finished)", result.stdout), result.stdout[-2000:]
    assert Game.objects.get().version >= 80
    assert not ApiToken.objects.active().exists()  # the client revoked its tokens
