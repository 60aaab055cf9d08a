"""Deadlines: the overdue scan, the configured consequence, vacations, pausing, reminders and bots."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from accounts.models import Vacation
from games import services, tasks
from games.models import Game, GameAction, Notification
from games.persistence import load_state

from .helpers import game_in_play, users_by_seat

pytestmark = pytest.mark.django_db


def overdue(game, hours=1):
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() - timedelta(hours=hours))
    game.refresh_from_db()
    return game


def test_the_overdue_scan_finds_only_running_unpaused_games_past_their_deadline(user, other_user):
    late = overdue(game_in_play(user, other_user))
    on_time = game_in_play(user, other_user)
    paused = overdue(game_in_play(user, other_user))
    Game.objects.filter(pk=paused.pk).update(paused=True)
    found = [pk for pk, _ in services.overdue_games()]
    assert found == [late.pk]
    assert on_time.pk not in found


def test_an_overdue_turn_is_skipped_counted_and_logged(user, other_user):
    game = overdue(game_in_play(user, other_user))
    seat_index, turn = game.current_seat, game.turn_number
    assert services.expire_deadline(game_id=game.pk, deadline=game.turn_deadline_at) == "skipped"
    game.refresh_from_db()
    assert game.turn_number == turn + 1 and game.current_seat != seat_index
    assert game.turn_deadline_at > timezone.now()
    assert game.seats.get(index=seat_index).missed_turns == 1
    skipped = GameAction.objects.filter(game=game, idempotency_key__startswith=f"deadline:{turn}:")
    assert [r.action["kind"] for r in skipped.order_by("sequence")] == ["begin_turn", "end_turn"]
    assert all(r.actor is None for r in skipped)


def test_two_workers_never_process_the_same_overdue_turn(user, other_user):
    game = overdue(game_in_play(user, other_user))
    deadline = game.turn_deadline_at
    assert services.expire_deadline(game_id=game.pk, deadline=deadline) == "skipped"
    assert services.expire_deadline(game_id=game.pk, deadline=deadline) == "not claimed"
    assert sum(s.missed_turns for s in game.seats.all()) == 1


def test_after_too_many_misses_a_bot_takes_the_seat_and_plays(user, other_user, eager_tasks,
                                                             django_capture_on_commit_callbacks):
    game = game_in_play(user, other_user, deadline_consequence=Game.DeadlineConsequence.BOT, missed_turn_limit=1)
    slow = game.current_seat
    with django_capture_on_commit_callbacks(execute=True):
        services.expire_deadline(game_id=game.pk, deadline=overdue(game).turn_deadline_at)
    assert game.seats.get(index=slow).is_bot
    # The other player ends the turn; the bot's turn then runs by itself.
    game.refresh_from_db()
    human = users_by_seat(game)[game.current_seat]
    turn = game.turn_number
    with django_capture_on_commit_callbacks(execute=True):
        state = load_state(game)
        if not state.turn_state.begun:
            services.turn_begin(game=game, turn=turn)
            game.refresh_from_db()
        services.action_submit(game=game, user=human, action={"kind": "end_turn"}, expected_version=game.version,
                               idempotency_key="human-end")
    game.refresh_from_db()
    assert game.current_seat != slow, "the bot played its turn and passed it on"
    assert GameAction.objects.filter(game=game, idempotency_key__startswith=f"bot:{turn + 1}:").exists()


def test_after_too_many_misses_the_seat_can_be_dropped(user, other_user):
    game = game_in_play(user, other_user, deadline_consequence=Game.DeadlineConsequence.DROP, missed_turn_limit=1)
    slow = game.current_seat
    services.expire_deadline(game_id=game.pk, deadline=overdue(game).turn_deadline_at)
    assert game.seats.get(index=slow).dropped


def test_a_vacation_moves_the_deadline_instead_of_counting_a_miss(user, other_user):
    game = overdue(game_in_play(user, other_user))
    mover = users_by_seat(game)[game.current_seat]
    today = timezone.localdate()
    Vacation.objects.create(user=mover, starts_on=today - timedelta(days=1), ends_on=today + timedelta(days=3))
    assert services.expire_deadline(game_id=game.pk, deadline=game.turn_deadline_at) == "vacation"
    game.refresh_from_db()
    assert game.turn_deadline_at > timezone.now() + timedelta(days=3)
    assert game.seats.get(user=mover).missed_turns == 0


def test_vacations_respect_the_yearly_allowance(user):
    from django.core.exceptions import ValidationError

    from accounts import services as account_services

    year = timezone.localdate().year + 1
    account_services.vacation_add(user=user, starts_on=date(year, 3, 1), ends_on=date(year, 3, 20))
    with pytest.raises(ValidationError, match="35"):  # 20 + 15 days, over the 30 a year
        account_services.vacation_add(user=user, starts_on=date(year, 6, 1), ends_on=date(year, 6, 15))
    with pytest.raises(ValidationError):  # overlaps the first one
        account_services.vacation_add(user=user, starts_on=date(year, 3, 5), ends_on=date(year, 3, 6))
    account_services.vacation_add(user=user, starts_on=date(year, 6, 1), ends_on=date(year, 6, 10))


def test_the_vacation_page_books_and_cancels(client, user):
    client.force_login(user)
    year = timezone.localdate().year + 1
    response = client.post("/accounts/vacation/", {"starts_on": f"{year}-08-01", "ends_on": f"{year}-08-05"})
    assert response.status_code == 302
    vacation = Vacation.objects.get(user=user)
    bad = client.post("/accounts/vacation/", {"starts_on": f"{year}-08-10", "ends_on": f"{year}-08-01"})
    assert bad.status_code == 400 and Vacation.objects.count() == 1
    client.post(f"/accounts/vacation/{vacation.pk}/cancel/")
    assert not Vacation.objects.exists()


def test_pausing_freezes_the_deadline_and_resuming_restores_the_time_left(user, other_user):
    game = game_in_play(user, other_user)
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() + timedelta(hours=10))
    game.refresh_from_db()
    with pytest.raises(Exception, match="creator"):
        services.game_pause(game=game, user=other_user)
    services.game_pause(game=game, user=user)
    game.refresh_from_db()
    assert game.paused and timedelta(hours=9) < game.paused_remaining <= timedelta(hours=10)
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() - timedelta(hours=1))
    assert list(services.overdue_games()) == []
    services.game_resume(game=game, user=user)
    game.refresh_from_db()
    assert not game.paused and game.turn_deadline_at > timezone.now() + timedelta(hours=9)


def test_reminders_are_sent_once_at_each_configured_time(user, other_user, settings):
    settings.REMINDER_HOURS = [24, 2]
    game = game_in_play(user, other_user, deadline_hours=72)
    mover = users_by_seat(game)[game.current_seat]
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() + timedelta(hours=20))
    rows = services.due_reminders()
    assert [(r.user, r.variant) for r in rows] == [(mover, "24h")]
    assert services.due_reminders() == []
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() + timedelta(hours=1))
    assert [r.variant for r in services.due_reminders()] == ["2h"]


def test_no_reminder_longer_than_the_turn_itself(user, other_user, settings):
    settings.REMINDER_HOURS = [24]
    game = game_in_play(user, other_user, deadline_hours=12)
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() + timedelta(hours=11))
    assert services.due_reminders() == []


def test_the_reminder_task_mails(user, other_user, settings, eager_tasks, django_capture_on_commit_callbacks):
    settings.REMINDER_HOURS = [2]
    game = game_in_play(user, other_user, deadline_hours=24)
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() + timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_reminders.run() == 1
    assert len(mail.outbox) == 1
    assert Notification.objects.get(kind="reminder").status == "sent"


def test_the_enforce_task_hands_each_overdue_game_to_a_claiming_task(user, other_user, eager_tasks):
    game = overdue(game_in_play(user, other_user))
    assert tasks.enforce_deadlines.run() == 1
    game.refresh_from_db()
    assert game.turn_deadline_at > timezone.now()
    assert tasks.enforce_deadlines.run() == 0


def test_bots_play_legal_turns_on_both_seats(user, other_user):
    game = game_in_play(user, other_user)
    game.seats.update(is_bot=True)
    for _ in range(12):
        game.refresh_from_db()
        services.play_system_turn(game=game, seat_index=game.current_seat, turn=game.turn_number, reason="bot",
                               policy="bot")
    game.refresh_from_db()
    assert game.turn_number >= 12
    from django.core.management import call_command

    call_command("verify_games", str(game.pk))


def test_the_bot_fights_only_what_it_can_probably_beat():
    from games.bots import Bot, bot_action
    from games.bots.knowledge import fight_chance
    from games.engine import view
    from games.engine.content import load_content
    from games.engine.core.actions import Fight
    from tests.engine.helpers import begun, play_state, put_token

    content = load_content()
    weak = next(tid for tid, t in sorted(content.tokens.items())
                if t.kind == "monster" and t.hearts == 1 and t.skills.get("melee", -9) >= 0)
    strong = next(tid for tid, t in sorted(content.tokens.items())
                  if t.kind == "monster" and t.hearts >= 2 and t.skills.get("melee", 0) <= -2)
    krieger = play_state(content, [("krieger", "A1")])
    assert fight_chance(content, view(content, krieger, 0)["heroes"][0], weak, "melee") > 0.5
    magier = play_state(content, [("magier", "A1")])
    assert fight_chance(content, view(content, magier, 0)["heroes"][0], strong, "melee") < 0.5
    state = play_state(content, [("krieger", "A1")])
    put_token(state, weak, "A1", face_up=True)
    state = begun(content, state)
    choice = bot_action(content, state, 0, Bot("normal", 1))
    assert isinstance(choice, Fight) and choice.token == weak
