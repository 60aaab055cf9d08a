"""Work for later: the one way the services hand a job to a Celery worker.

The tasks modules call the services; if the services imported the tasks back, the two would form a
circle. So a service names the task it wants here instead, and this module finds it in the Celery
app's registry. The name is the task's registered name (``games.tasks.begin_turn``): the same name the
beat schedule and the messages already waiting in the broker carry, so it cannot drift from them.

Each app's ``ready()`` imports its tasks module, so every task is registered in the web process too
(the worker finds them by autodiscovery as well).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)


def send(name: str, *args: Any, countdown: float | None = None) -> None:
    """Queue the task called ``name`` now (with ``countdown``: not before so many seconds)."""
    task = current_app.tasks[name]
    if countdown:
        task.apply_async(args, countdown=countdown)
    else:
        task.delay(*args)


def send_on_commit(name: str, *args: Any, countdown: float | None = None) -> None:
    """Queue the task once the current transaction commits: a worker never sees rows that roll back."""
    transaction.on_commit(lambda: send(name, *args, countdown=countdown))


def try_send(name: str, *args: Any) -> None:
    """Queue a task whose loss is better than an error: a broker problem is logged and swallowed.

    For work that follows something already done and committed (a move, a report), which must not
    fail or reach the person who did it because the broker is down."""
    try:
        send(name, *args)
    except Exception:
        log.exception("could not enqueue %s%r", name, args)
