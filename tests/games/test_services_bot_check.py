"""The bot check after a step's commit (issue 17): ``schedule_bot_after_step`` decides from the state the
step produced with one fresh query, and must queue exactly what ``schedule_bot`` (which reads the game
and its state again) would."""

from __future__ import annotations

import pytest

from games import queue
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.models import Game
from games.persistence import load_state
from games.services import action_submit, create_with_bots, schedule_bot
from games.services.bot_seats import schedule_bot_after_step

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    calls: list[tuple] = []
    monkeypatch.setattr(queue, "send", lambda name, *args, **kwargs: calls.append((name, *args)))
    return calls


def _both(game: Game, sent: list) -> tuple[list, list]:
    game.refresh_from_db()
    sent.clear()
    schedule_bot(game.pk)
    old = list(sent)
    sent.clear()
    schedule_bot_after_step(game, game.version, load_state(game))
    return old, list(sent)


def test_the_bot_check_after_a_step_queues_what_schedule_bot_queues(user, sent):
    game = create_with_bots(creator=user, bots=2, bot_level="normal", title="Check", seat_count=3)
    content = load_content()
    queued = 0
    for step in range(40):  # every seat's steps played here, the bots' too: the checks run at each state
        game.refresh_from_db()
        old, new = _both(game, sent)
        assert new == old, f"step {step}"
        queued += bool(new)
        state = load_state(game)
        seat = acting_seat(state)
        legal = [a for a in legal_actions(content, state, seat) if "take_back" not in a.kind]
        if not legal or game.status not in (Game.Status.SETUP, Game.Status.RUNNING):
            break
        action_submit(game=game, user=None, action=legal[0].to_json(), expected_version=game.version,
                      idempotency_key=f"c{step}", seat_index=seat)
    assert queued, "no state of the game had a bot to move: the check was never exercised"


def test_a_pause_or_a_newer_version_since_the_step_counts(user, sent):
    game = create_with_bots(creator=user, bots=2, bot_level="normal", title="Check", seat_count=3)
    content = load_content()
    for step in range(40):
        game.refresh_from_db()
        state = load_state(game)
        old, _ = _both(game, sent)
        if old:
            break
        seat = acting_seat(state)
        action_submit(game=game, user=None, action=legal_actions(content, state, seat)[0].to_json(),
                      expected_version=game.version, idempotency_key=f"p{step}", seat_index=seat)
    else:
        pytest.fail("no bot to move in 40 steps")
    version, state = game.version, load_state(game)
    # A newer version than the step's: decided by schedule_bot from the game as it is now.
    sent.clear()
    schedule_bot_after_step(game, version - 1, state)
    assert sent == old
    # Paused since the step: nothing is queued.
    Game.objects.filter(pk=game.pk).update(paused=True)
    sent.clear()
    schedule_bot_after_step(game, version, state)
    assert sent == []


def test_a_seat_handed_to_a_bot_since_the_step_counts(user, sent):
    """The check reads the acting seat's flags fresh, not from the seats the step had: a person's seat
    handed to a bot (a missed deadline, a resignation) between the step and its commit hook is moved."""
    game = create_with_bots(creator=user, bots=2, bot_level="normal", title="Check", seat_count=3)
    content = load_content()
    for step in range(40):
        game.refresh_from_db()
        state = load_state(game)
        seat = acting_seat(state)
        if seat == 0 and state.phase.startswith("setup"):
            break
        action_submit(game=game, user=None, action=legal_actions(content, state, seat)[0].to_json(),
                      expected_version=game.version, idempotency_key=f"h{step}", seat_index=seat)
    else:
        pytest.fail("the person's seat never acted in setup in 40 steps")
    old, new = _both(game, sent)
    assert old == new == []  # a person's move: nothing queued
    game.seats.filter(index=0).update(is_bot=True)
    old, new = _both(game, sent)
    assert old and new == old
