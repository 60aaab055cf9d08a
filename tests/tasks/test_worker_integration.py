"""A real Celery worker against the real broker (Redis) and database (PostgreSQL), as in production.

These run in CI, where DATABASE_URL and REDIS_URL point at real servers; elsewhere they are skipped.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from games import notifications, tasks
from games.models import GameAction, Notification

from .helpers import game_in_play

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not (os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL", "").startswith("postgres")),
        reason="needs a real Redis (REDIS_URL) and PostgreSQL (DATABASE_URL), as in CI",
    ),
]


def _database_url() -> str:
    s = connection.settings_dict
    return f"postgres://{s['USER'] or 'postgres'}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def start_worker(var_dir: Path, **extra_env) -> subprocess.Popen:
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": _database_url(),
        "HELDENWEB_VAR_DIR": str(var_dir),
        "CELERY_VISIBILITY_TIMEOUT": "4",
        "CELERY_UNACKED_RESTORE_INTERVAL": "1",
        "CELERY_UNACKED_RESTORE_THROTTLE": "1",
        "NOTIFICATION_CLAIM_LEASE_SECONDS": "3",
    })
    env.update({k: str(v) for k, v in extra_env.items()})
    log = open(var_dir / f"worker-{time.monotonic_ns()}.log", "w")
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "heldenweb", "worker", "--pool=solo", "--loglevel=INFO",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "-n", f"test{time.monotonic_ns()}@%h"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )


def stop(process: subprocess.Popen, sig=signal.SIGTERM) -> None:
    if process.poll() is None:
        os.killpg(process.pid, sig)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for(predicate, timeout=60.0, step=0.3):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False


def mails(var_dir: Path) -> list[Path]:
    folder = var_dir / "mail"
    return sorted(folder.glob("*.log")) if folder.exists() else []


@pytest.fixture
def var_dir(tmp_path):
    tasks.begin_turn.app.control.purge()
    return tmp_path


def test_a_submitted_action_starts_the_turn_in_a_real_worker_and_mails_once(user, other_user, var_dir):
    worker = start_worker(var_dir)
    try:
        game = game_in_play(user, other_user)  # the last setup action enqueues the turn start on commit
        key = f"begin-turn:{game.turn_number}"
        assert wait_for(lambda: GameAction.objects.filter(game=game, idempotency_key=key).exists()), \
            "the worker applied the turn start"
        row = GameAction.objects.get(game=game, idempotency_key=key)
        assert row.events and row.events[0]["kind"] == "turn_begun"
        assert wait_for(lambda: len(mails(var_dir)) == 1), "the worker sent the your-turn mail"
        # Running the same turn start again (a retry, a second beat) changes and sends nothing.
        tasks.begin_turn.delay(game.pk, game.turn_number)
        time.sleep(3)
        assert GameAction.objects.filter(game=game, idempotency_key=key).count() == 1
        assert len(mails(var_dir)) == 1
        assert Notification.objects.get(kind="your_turn").status == "sent"
    finally:
        stop(worker)


def test_a_worker_killed_mid_task_loses_nothing_and_sends_nothing_twice(user, other_user, var_dir):
    slow = start_worker(var_dir, NOTIFICATION_TEST_PAUSE_SECONDS=20)
    try:
        game = game_in_play(user, other_user)
        # The turn-start mail goes through the slow worker: it claims the row, then stalls.
        assert wait_for(lambda: Notification.objects.filter(kind="your_turn", attempts=1).exists()), \
            "the first worker claimed the mail"
        stop(slow, signal.SIGKILL)
        assert mails(var_dir) == []
    finally:
        stop(slow, signal.SIGKILL)
    rescuer = start_worker(var_dir)
    try:
        assert wait_for(lambda: Notification.objects.filter(kind="your_turn", status="sent").exists(), timeout=90), \
            "another worker finished the task once the message came back"
        time.sleep(3)
        assert len(mails(var_dir)) == 1
        row = Notification.objects.get(kind="your_turn")
        assert row.attempts == 2
        assert GameAction.objects.filter(game=game, idempotency_key=f"begin-turn:{game.turn_number}").count() == 1
    finally:
        stop(rescuer)


def test_two_deliveries_of_one_mail_send_it_once(user, other_user, var_dir):
    game = game_in_play(user, other_user)
    tasks.begin_turn.app.control.purge()  # only the two deliveries below reach the worker
    row = notifications.notify(user=user, game=game, turn=99, kind="finished")
    worker = start_worker(var_dir)
    try:
        tasks.send_notification.delay(row.pk)
        tasks.send_notification.delay(row.pk)
        assert wait_for(lambda: Notification.objects.filter(pk=row.pk, status="sent").exists())
        time.sleep(3)
        assert len(mails(var_dir)) == 1
    finally:
        stop(worker)
