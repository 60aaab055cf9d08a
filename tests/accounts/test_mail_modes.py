"""Turn mails: three modes, none while the player is on the site, one daily digest (ruling R-180)."""

from __future__ import annotations

import time

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from accounts import activity
from games import notifications, tasks
from games.models import Game, Notification
from tests.tasks.helpers import game_in_play, users_by_seat

pytestmark = [pytest.mark.django_db, pytest.mark.rule("R-180")]


def _turn_mail(game, user):
    return notifications.notify(user=user, game=game, turn=game.turn_number, kind="your_turn")


def _seen(user, seconds_ago):
    cache.set(activity.KEY.format(user.pk), time.time() - seconds_ago)


def _away(user, seconds=3600):
    _seen(user, seconds)


def test_no_turn_mail_while_the_player_is_on_the_site_it_waits_until_he_leaves(user, other_user):
    game = game_in_play(user, other_user)
    activity.touch(user.pk)
    row = _turn_mail(game, user)
    assert notifications.deliver(row.pk) is False
    row.refresh_from_db()
    assert row.status == "pending" and row.claimed_until > timezone.now()
    assert mail.outbox == []
    # He leaves: once his stamp is older than the window, the next try sends it.
    _away(user)
    Notification.objects.filter(pk=row.pk).update(claimed_until=None)
    assert notifications.deliver(row.pk) is True
    assert len(mail.outbox) == 1


def test_a_held_mail_whose_expiry_passes_is_found_by_the_sweep(user, other_user):
    game = game_in_play(user, other_user)
    activity.touch(user.pk)
    row = _turn_mail(game, user)
    notifications.deliver(row.pk)
    assert row.pk not in notifications.stale_pending()
    later = timezone.now() + timezone.timedelta(seconds=activity.active_seconds() + 5)
    assert row.pk in notifications.stale_pending(now=later)


def test_a_held_mail_is_dropped_when_the_player_took_his_turn_meanwhile(user, other_user):
    game = game_in_play(user, other_user)
    activity.touch(user.pk)
    row = _turn_mail(game, user)
    notifications.deliver(row.pk)
    Game.objects.filter(pk=game.pk).update(turn_number=game.turn_number + 1)
    _away(user)
    Notification.objects.filter(pk=row.pk).update(claimed_until=None)
    assert notifications.deliver(row.pk) is False
    row.refresh_from_db()
    assert row.status == "skipped" and mail.outbox == []


def test_every_turn_mode_mails_each_turn_while_away(user, other_user):
    game = game_in_play(user, other_user)
    _away(user)
    first = _turn_mail(game, user)
    assert notifications.deliver(first.pk) is True
    second = notifications.notify(user=user, game=game, turn=game.turn_number + 1, kind="your_turn")
    assert notifications.deliver(second.pk) is True
    assert len(mail.outbox) == 2


def test_away_mode_mails_once_until_the_player_comes_back(user, other_user):
    user.mail_mode = "away"
    user.save()
    game = game_in_play(user, other_user)
    _away(user)
    first = _turn_mail(game, user)
    assert notifications.deliver(first.pk) is True
    second = notifications.notify(user=user, game=game, turn=game.turn_number + 1, kind="your_turn")
    assert notifications.deliver(second.pk) is False
    second.refresh_from_db()
    assert second.status == "skipped" and len(mail.outbox) == 1
    # He came back after that mail (and left again): the next turn is worth a mail again.
    Notification.objects.filter(pk=first.pk).update(sent_at=timezone.now() - timezone.timedelta(hours=1))
    _seen(user, activity.active_seconds() + 60)
    third = notifications.notify(user=user, game=game, turn=game.turn_number + 2, kind="your_turn")
    assert notifications.deliver(third.pk) is True
    assert len(mail.outbox) == 2


def test_push_is_told_even_while_the_mail_waits(user, other_user):
    from games import signals

    told = []
    signals.notification_recorded.connect(lambda sender, notification_id, **kw: told.append(notification_id),
                                          weak=False, dispatch_uid="test-mail-modes")
    try:
        user.notify_by_push = True
        user.save()
        game = game_in_play(user, other_user)
        activity.touch(user.pk)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("django.db.transaction.on_commit", lambda fn, *a, **k: fn())
            row = _turn_mail(game, user)
        assert told == [row.pk]
        assert notifications.deliver(row.pk) is False  # the mail still waits
    finally:
        signals.notification_recorded.disconnect(dispatch_uid="test-mail-modes")


def test_the_daily_digest_lists_every_game_waiting_in_the_users_language(user, other_user):
    from tests.conftest import UserFactory

    user.mail_mode = "digest"
    user.language = "de"
    user.save()
    games = [game_in_play(user, other_user), game_in_play(other_user, user)]
    third = UserFactory()
    finished = game_in_play(user, third)
    for game in games:
        mover = users_by_seat(game)[game.current_seat]
        if mover != user:  # make it the user's turn in both games
            seats = {s.user_id: s.index for s in game.seats.all()}
            Game.objects.filter(pk=game.pk).update(current_seat=seats[user.pk])
        assert _turn_mail(game, user) is None  # collected, not sent
    assert notifications.notify(user=user, game=finished, turn=9, kind="finished") is None
    assert tasks.send_daily_digests.run() == 1
    row = Notification.objects.get(user=user, kind="digest")
    assert notifications.deliver(row.pk) is True
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    assert "Diese Partien warten auf Sie:" in body
    for game in games:
        assert f"/games/{game.pk}/" in body
    assert "Partie beendet" in body
    # Claimed: the collected rows are done, a second run sends nothing.
    assert not Notification.objects.filter(user=user, status="digest").exists()
    assert tasks.send_daily_digests.run() == 0


def test_a_digest_of_turns_already_taken_is_not_sent(user, other_user):
    user.mail_mode = "digest"
    user.save()
    game = game_in_play(user, other_user)
    _turn_mail(game, user)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert tasks.send_daily_digests.run() == 0
    assert Notification.objects.get(user=user, kind="your_turn").status == "skipped"


def test_the_digest_runs_daily_on_the_beat(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["send-daily-digests"]
    assert entry["task"] == "games.tasks.send_daily_digests"


def test_a_signed_in_request_and_the_game_poll_mark_the_player_on_the_site(client, user, other_user):
    game = game_in_play(user, other_user)
    assert not activity.is_on_site(user.pk)
    client.force_login(user)
    client.get(reverse("games:poll", args=[game.pk]), {"stamp": "x"})
    assert activity.is_on_site(user.pk)
    assert not activity.is_on_site(other_user.pk)


def test_the_profile_and_the_api_choose_the_mode(logged_in_client, user):
    page = logged_in_client.get(reverse("accounts:profile")).content.decode()
    assert 'name="mail_mode"' in page and 'value="away"' in page
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(user)
    assert api.patch("/api/v1/me/", {"mail_mode": "away"}, format="json").json()["mail_mode"] == "away"
    assert api.patch("/api/v1/me/", {"mail_mode": "weekly"}, format="json").status_code == 400
    user.refresh_from_db()
    assert user.mail_mode == "away"


def test_stopping_the_digest_by_its_link_leaves_single_mails_when_away(client, user):
    user.mail_mode = "digest"
    user.save()
    token = notifications.unsubscribe_token(user, "digest")
    assert client.post(reverse("accounts:unsubscribe", args=[token])).status_code == 200
    user.refresh_from_db()
    assert user.mail_mode == "away"
