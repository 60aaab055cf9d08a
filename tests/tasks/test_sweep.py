"""No lost mail (issue 13, ruling R-112): the periodic sweep sends pending mails whose claim expired."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import notifications, tasks
from games.models import Notification

from .helpers import game_in_play

pytestmark = pytest.mark.django_db


def test_a_mail_left_pending_under_an_expired_claim_is_swept_and_sent_once(user, other_user):
    game = game_in_play(user, other_user)
    mail.outbox.clear()
    row = notifications.notify(user=user, game=game, turn=7, kind="your_turn")
    # The pool process claimed it and died; the re-delivered task saw the live claim and returned.
    assert notifications.claim(row.pk) is not None
    assert tasks.send_notification(row.pk) is None and mail.outbox == []
    assert tasks.sweep_notifications() == 0  # the claim still runs: nobody else may send
    Notification.objects.filter(pk=row.pk).update(claimed_until=timezone.now() - timedelta(seconds=1))
    assert tasks.sweep_notifications() == 1
    assert len(mail.outbox) == 1
    row.refresh_from_db()
    assert row.status == "sent" and row.attempts == 2
    assert tasks.sweep_notifications() == 0 and len(mail.outbox) == 1


def test_a_mail_never_claimed_is_swept_only_after_a_lease(user, other_user):
    game = game_in_play(user, other_user)
    mail.outbox.clear()
    row = notifications.notify(user=user, game=game, turn=8, kind="finished")
    assert tasks.sweep_notifications() == 0  # its own task is on the way
    Notification.objects.filter(pk=row.pk).update(created_at=timezone.now() - timedelta(minutes=10))
    assert tasks.sweep_notifications() == 1 and len(mail.outbox) == 1


def test_the_sweep_leaves_sent_digest_and_failed_mails_alone(user, other_user):
    game = game_in_play(user, other_user)
    long_ago = timezone.now() - timedelta(days=1)
    for turn, status in enumerate(("sent", "digest", "failed", "skipped")):
        Notification.objects.create(user=user, game=game, turn=100 + turn, kind="your_turn", status=status,
                                    created_at=long_ago, claimed_until=long_ago)
    assert notifications.stale_pending() == []


def test_beat_runs_the_sweep():
    from django.conf import settings

    entries = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "games.tasks.sweep_notifications" in entries
