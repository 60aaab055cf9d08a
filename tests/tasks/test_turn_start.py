"""Turn start: the start-of-turn rolls are resolved once, logged with their dice, and the player told."""

from __future__ import annotations

import pytest
from django.core import mail

from games import tasks
from games.models import GameAction, Notification
from games.persistence import load_state

from .helpers import game_in_play, submit_first_legal, users_by_seat

pytestmark = pytest.mark.django_db


def test_finishing_setup_begins_the_first_turn_and_mails_the_player(user, other_user, eager_tasks,
                                                                    django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_in_play(user, other_user)
    game.refresh_from_db()
    assert load_state(game).turn_state.begun
    begin = GameAction.objects.get(game=game, idempotency_key=f"begin-turn:{game.turn_number}")
    assert begin.action == {"kind": "begin_turn"} and begin.actor is None
    mover = users_by_seat(game)[game.current_seat]
    assert [m.to for m in mail.outbox] == [[mover.email]]
    assert Notification.objects.get(user=mover, kind="your_turn").status == "sent"


def test_running_the_turn_start_twice_changes_nothing(user, other_user, eager_tasks,
                                                      django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_in_play(user, other_user)
    game.refresh_from_db()
    version = game.version
    with django_capture_on_commit_callbacks(execute=True):
        tasks.begin_turn(game.pk, game.turn_number)
        tasks.begin_turn(game.pk, game.turn_number)
    game.refresh_from_db()
    assert game.version == version
    assert len(mail.outbox) == 1


@pytest.mark.rule("GLOS-75")
def test_the_unwetter_roll_is_logged_with_its_die(user, other_user):
    game = game_in_play(user, other_user)
    g = dict(game.global_state)
    g["unwetter"] = True
    type(game).objects.filter(pk=game.pk).update(global_state=g)
    tasks.begin_turn(game.pk, game.turn_number)
    row = GameAction.objects.filter(game=game).order_by("-sequence").first()
    roll = next(e for e in row.events if e["kind"] == "unwetter_roll")
    assert len(roll["dice"]) == 1 and 1 <= roll["dice"][0] <= 6 and roll["rule"] == "GLOS-75"


def test_the_next_turn_starts_when_the_turn_passes(user, other_user, eager_tasks,
                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_in_play(user, other_user)
    game.refresh_from_db()
    first_turn = game.turn_number
    with django_capture_on_commit_callbacks(execute=True):
        state = load_state(game)
        mover = users_by_seat(game)[state.current]
        from games import services

        services.action_submit(game=game, user=mover, action={"kind": "end_turn"}, expected_version=game.version,
                               idempotency_key="end")
    game.refresh_from_db()
    assert game.turn_number == first_turn + 1
    assert load_state(game).turn_state.begun
    assert len(mail.outbox) == 2


def test_no_mail_for_a_player_who_does_not_want_it(user, other_user, eager_tasks, django_capture_on_commit_callbacks):
    for u in (user, other_user):
        u.notify_my_turn = False
        u.save()
    with django_capture_on_commit_callbacks(execute=True):
        game_in_play(user, other_user)
    assert mail.outbox == []


del submit_first_legal
