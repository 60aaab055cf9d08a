"""Two players (or two tabs) acting at the same moment: exactly one action is applied."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games import services
from games.engine import legal_actions
from games.engine.content import load_content
from games.errors import GameServiceError
from games.models import GameAction
from games.persistence import load_state
from tests.tasks.helpers import game_in_play, users_by_seat

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Threads need a database they share with real row locks; pytest's SQLite is a shared in-memory
    # database that locks whole tables instead. CI runs these on PostgreSQL.
    pytest.mark.skipif(connection.vendor == "sqlite", reason="needs PostgreSQL's row locks (as in CI)"),
]


def race(calls):
    """Start all calls together; returns what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except GameServiceError as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def setup_race(user, other_user):
    game = game_in_play(user, other_user)
    services.turn_begin(game=game, turn=game.turn_number)
    game.refresh_from_db()
    state = load_state(game)
    mover = users_by_seat(game)[state.current]
    # Actions that keep the turn, so no turn-start work adds versions of its own afterwards.
    keep_turn = [a for a in legal_actions(load_content(), state, state.current) if a.kind != "end_turn"]
    return game, mover, keep_turn


def test_two_different_actions_on_the_same_version_apply_only_one(user, other_user):
    game, mover, actions = setup_race(user, other_user)
    version = game.version
    a, b = actions[0].to_json(), actions[-1].to_json()
    results = race([
        lambda: services.action_submit(game=game, user=mover, action=a, expected_version=version,
                                       idempotency_key="tab-1"),
        lambda: services.action_submit(game=game, user=mover, action=b, expected_version=version,
                                       idempotency_key="tab-2"),
    ])
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert refused[0].code == "stale_version"
    game.refresh_from_db()
    assert game.version == version + 1
    assert GameAction.objects.filter(game=game, sequence=version + 1).count() == 1


def test_a_double_click_applies_once(user, other_user):
    game, mover, actions = setup_race(user, other_user)
    version = game.version
    action = actions[0].to_json()
    results = race([
        lambda: services.action_submit(game=game, user=mover, action=action, expected_version=version,
                                       idempotency_key="click"),
        lambda: services.action_submit(game=game, user=mover, action=action, expected_version=version,
                                       idempotency_key="click"),
    ])
    assert all(not isinstance(r, Exception) or r.code == "stale_version" for r in results), results
    game.refresh_from_db()
    assert game.version == version + 1
    assert GameAction.objects.filter(game=game, idempotency_key="click").count() == 1
