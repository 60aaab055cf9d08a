"""Query budgets of the requests a game gets most (issue 17), at logs of 10 and of 1,500 actions:
the number of queries must not grow with the log."""

from __future__ import annotations

import hashlib
import json
import os

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.seeding import bench_users, seed_game_fast
from games import poll
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.persistence import load_state

pytestmark = pytest.mark.django_db

# The issue's targets, the submits' tightened to what they run now (10 and 10 at a log of 10, a step
# that writes no token one fewer), the work after the commit included (the bot check: one query).
# The htmx submit renders its answer from the Game object the service leaves the written row and its
# new state on, the seats read before the step and the log's tail the step filed
# (games.selectors.log_tail_extend); the header's count of games waiting came with the game row and
# moves by this game's change: after the service nothing is read again.
# Before it: the user, the game and its seats (the access check); in it (games/services/submit.py): the lock,
# cards, seats and tokens under the lock, each changed kind of row, the version and the log row; after
# its commit: the acting seat's bot flags with the game's version and status (services.bot_seats).
# The reads are held at what they take since the fifth wave (the access check reads the game, its seats
# and their users in one query; measured at logs of 10 and 1,500: page 4-5, partial 2, API state and
# actions 2, log page 4), below the targets (page and partial 8, API reads 6).
BUDGETS = {
    "page": 5,
    "poll_unchanged": 0,
    "poll_changed": 2,
    # 11 at a log of 1,500 since the eleventh-round bots seed that game: its measured step moves a token,
    # the seat and the game (three writes), and the page's form reads the acting seat before the lock.
    "htmx_submit": 11,
    "api_submit": 10,
    "api_state": 2,
    "api_actions": 2,
    "api_log": 4,
}


@pytest.fixture(autouse=True)
def _fixed_seed(monkeypatch):
    """One game, the same on every run: the steps measured (and so their queries) follow from the seed,
    and a step that turns a token over writes a row more than one that does not."""
    import secrets
    from types import SimpleNamespace

    from games import models

    seed = os.environ.get("QUERY_COUNT_SEED", "query-counts")
    monkeypatch.setattr(models, "secrets", SimpleNamespace(
        token_hex=lambda n: hashlib.sha256(seed.encode()).hexdigest()[:2 * n],
        token_urlsafe=secrets.token_urlsafe))


def _acting(game):
    game.refresh_from_db()
    state = load_state(game)
    seat = acting_seat(state)
    return seat, legal_actions(load_content(), state, seat)


def _prefer(actions):
    """A step that keeps the game going (not a take-back)."""
    return next((a for a in actions if "take_back" not in a.kind), actions[0])


def _count(run, on_commit=None) -> int:
    """The queries of one request; ``on_commit``: pytest-django's capture of the commit callbacks, run at
    the request's end as a server runs them after its commit (a submit's bot check and cache filing)."""
    with CaptureQueriesContext(connection) as ctx:
        if on_commit is None:
            response = run()
        else:
            with on_commit(execute=True):
                response = run()
    assert response.status_code < 400, (response.status_code, response.content[:300])
    # The savepoints exist only because each test runs inside a transaction; a server issues none.
    return sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])


def _counts(client, game, players, on_commit) -> dict[str, int]:
    seat, actions = _acting(game)
    client.force_login(players[seat])
    counts = {}
    detail = reverse("games:detail", args=[game.pk])
    counts["page"] = _count(lambda: client.get(detail))
    url = reverse("games:poll", args=[game.pk])
    current = poll.stamp(game.version, game.status, game.seat_count)
    client.get(url, {"stamp": current}, HTTP_HX_REQUEST="true")  # the first poll puts the stamp in the cache
    counts["poll_unchanged"] = _count(lambda: client.get(url, {"stamp": current}, HTTP_HX_REQUEST="true"))
    counts["poll_changed"] = _count(lambda: client.get(url, {"stamp": "0-old-0"}, HTTP_HX_REQUEST="true"))
    api = f"/api/v1/games/{game.pk}/"
    counts["api_state"] = _count(lambda: client.get(api + "state/"))
    counts["api_actions"] = _count(lambda: client.get(api + "actions/"))
    counts["api_log"] = _count(lambda: client.get(api + "log/", {"page": max(1, game.version // 20)}))
    # A step through the page (htmx), then one through the API, each for whoever acts.
    data = _prefer(actions).to_json()
    kind = data.pop("kind")
    form = {"kind": kind, "params": json.dumps(data), "version": game.version, "idempotency_key": "q-htmx"}
    counts["htmx_submit"] = _count(lambda: client.post(reverse("games:submit", args=[game.pk]), form,
                                                       HTTP_HX_REQUEST="true"), on_commit)
    seat, actions = _acting(game)
    client.force_login(players[seat])
    body = {"action": _prefer(actions).to_json(), "expected_version": game.version}
    counts["api_submit"] = _count(lambda: client.post(api + "actions/", body, content_type="application/json",
                                                      HTTP_IDEMPOTENCY_KEY="q-api"), on_commit)
    return counts


# Seeding the 1,500-action game is a long playout through the services: the full suite's.
@pytest.mark.parametrize("log_length", [10, pytest.param(1500, marks=pytest.mark.slow)])
def test_query_budgets_hold_whatever_the_length_of_the_log(client, log_length, monkeypatch,
                                                           django_capture_on_commit_callbacks):
    # The tasks a step queues run in a worker, not in the request: their dispatch is not run here.
    from games import queue

    monkeypatch.setattr(queue, "send", lambda *args, **kwargs: None)
    players = bench_users(2)
    game = seed_game_fast(players, log_length)
    counts = _counts(client, game, players, django_capture_on_commit_callbacks)
    print(log_length, counts)
    over = {name: (counts[name], budget) for name, budget in BUDGETS.items() if counts[name] > budget}
    assert not over, f"over budget (queries, budget): {over}"
