"""The services queue tasks by name (games.queue): every name they use, and every name the beat schedule
uses, is a registered task, and a task queued "on commit" waits for the commit."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from celery import current_app
from django.conf import settings

from games import queue

ROOT = Path(__file__).resolve().parent.parent.parent
QUEUE_FUNCTIONS = {"send", "send_on_commit", "try_send"}


def queued_names() -> set[str]:
    """The first argument of every ``queue.send``/``send_on_commit``/``try_send`` call in the apps."""
    names = set()
    for app in ("games", "leagues", "talk", "accounts"):
        for path in (ROOT / app).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in QUEUE_FUNCTIONS and isinstance(node.func.value, ast.Name)
                        and node.func.value.id == "queue"):
                    first = node.args[0]
                    assert isinstance(first, ast.Constant), f"{path}:{node.lineno} names its task by a literal"
                    names.add(first.value)
    return names


def test_every_queued_name_is_a_registered_task():
    names = queued_names()
    assert {"games.tasks.begin_turn", "leagues.tasks.mail_round", "talk.tasks.send_push"} <= names
    assert sorted(names - set(current_app.tasks)) == []


def test_every_scheduled_name_is_a_registered_task():
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert scheduled and sorted(scheduled - set(current_app.tasks)) == []


def test_an_unknown_name_is_an_error_not_a_silent_loss():
    with pytest.raises(KeyError):
        queue.send("games.tasks.no_such_task")


@pytest.mark.django_db(transaction=True)
def test_a_task_queued_on_commit_waits_for_the_commit_and_not_for_a_rollback(monkeypatch):
    from django.db import transaction

    sent = []
    monkeypatch.setattr(current_app.tasks["games.tasks.notify_finished"], "delay", lambda *a: sent.append(a))
    with transaction.atomic():
        queue.send_on_commit("games.tasks.notify_finished", 7)
        assert sent == []
    assert sent == [(7,)]
    try:
        with transaction.atomic():
            queue.send_on_commit("games.tasks.notify_finished", 8)
            raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    assert sent == [(7,)]


def test_a_broker_problem_is_logged_by_try_send(monkeypatch, caplog):
    def down(*args):
        raise ConnectionError("broker down")

    monkeypatch.setattr(current_app.tasks["talk.tasks.push_for_notification"], "delay", down)
    queue.try_send("talk.tasks.push_for_notification", 3)
    assert "could not enqueue talk.tasks.push_for_notification" in caplog.text
