"""No lost mail when the pool process dies (issue 13, R-112), with a real prefork worker, Redis and
PostgreSQL. Skipped elsewhere, like the other worker tests.

The pool child claims the your-turn mail and is killed before sending; the main worker survives.
Celery re-delivers the task, which finds the live claim and returns, leaving the row pending. The
sweep (run here as beat would run it) sends it after the claim expires: exactly one mail."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games import tasks
from games.models import Notification

from .helpers import game_in_play
from .test_worker_integration import ROOT, _database_url, mails, pytestmark, stop, wait_for  # noqa: F401


def start_prefork_worker(var_dir: Path) -> subprocess.Popen:
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": _database_url(),
        "HELDENWEB_VAR_DIR": str(var_dir),
        "NOTIFICATION_CLAIM_LEASE_SECONDS": "10",   # the re-delivered task still sees the claim
        "NOTIFICATION_TEST_PAUSE_SECONDS": "8",     # time to kill the child between claim and send
    })
    log = open(var_dir / "prefork-worker.log", "w")
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "heldenweb", "worker", "--pool=prefork", "--concurrency=1",
         "--loglevel=INFO", "--without-gossip", "--without-mingle", "--without-heartbeat",
         "-n", f"prefork{time.monotonic_ns()}@%h"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )


def pool_children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


@pytest.mark.slow
def test_a_killed_pool_child_loses_no_mail_and_sends_it_once(user, other_user, tmp_path):
    tasks.begin_turn.app.control.purge()
    worker = start_prefork_worker(tmp_path)
    try:
        assert wait_for(lambda: pool_children(worker.pid)), "the worker forked its pool child"
        game_in_play(user, other_user)
        assert wait_for(lambda: Notification.objects.filter(kind="your_turn", attempts=1).exists()), \
            "the pool child claimed the mail"
        children = pool_children(worker.pid)
        for child in children:
            os.kill(child, signal.SIGKILL)  # the pool process dies; the main worker lives on
        assert worker.poll() is None
        # The task comes back (reject on worker lost), sees the live claim and returns: still pending.
        time.sleep(5)
        row = Notification.objects.get(kind="your_turn")
        assert row.status == "pending" and mails(tmp_path) == []
        # Beat's sweep, once the claim has expired, hands it to the worker again.
        assert wait_for(lambda: tasks.sweep_notifications() >= 1, timeout=30, step=1)
        assert wait_for(lambda: Notification.objects.filter(kind="your_turn", status="sent").exists(), timeout=40)
        time.sleep(2)
        assert len(mails(tmp_path)) == 1
    finally:
        stop(worker, signal.SIGKILL)
