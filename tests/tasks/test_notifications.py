"""Mails: preferences, language, plain text and HTML, once per user/game/turn/kind, retries, one-click stop."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import notifications, tasks
from games.models import Notification

from .helpers import game_in_play

pytestmark = pytest.mark.django_db


def test_a_mail_is_recorded_once_per_user_game_turn_and_kind(user, other_user):
    game = game_in_play(user, other_user)
    first = notifications.notify(user=user, game=game, turn=3, kind="your_turn")
    again = notifications.notify(user=user, game=game, turn=3, kind="your_turn")
    assert first is not None and again is None
    assert Notification.objects.filter(user=user, kind="your_turn", turn=3).count() == 1
    assert notifications.notify(user=user, game=game, turn=4, kind="your_turn") is not None


def test_delivering_twice_sends_once(user, other_user):
    game = game_in_play(user, other_user)
    row = notifications.notify(user=user, game=game, turn=3, kind="your_turn")
    assert notifications.deliver(row.pk) is True
    assert notifications.deliver(row.pk) is False
    assert len(mail.outbox) == 1


def test_the_mail_has_text_and_html_a_game_link_and_a_stop_link_in_the_users_language(user, other_user):
    user.language = "de"
    user.save()
    game = game_in_play(user, other_user)
    row = notifications.notify(user=user, game=game, turn=1, kind="your_turn")
    notifications.deliver(row.pk)
    message = mail.outbox[0]
    assert message.subject == "Sie sind am Zug in „Tasks“"
    assert f"/games/{game.pk}/" in message.body
    html = message.alternatives[0][0]
    assert message.alternatives[0][1] == "text/html" and f"/games/{game.pk}/" in html
    assert "List-Unsubscribe" in message.extra_headers
    stop_url = message.extra_headers["List-Unsubscribe"].strip("<>")
    path = stop_url.split("localhost:8000", 1)[1]
    client = Client()
    assert client.get(path).status_code == 200
    assert client.post(path).status_code == 200
    user.refresh_from_db()
    assert user.notify_my_turn is False


def test_a_forged_stop_link_changes_nothing(client, user):
    response = client.post(reverse("accounts:unsubscribe", args=["forged-token"]))
    assert response.status_code == 400
    user.refresh_from_db()
    assert user.notify_my_turn is True


def test_a_failed_send_is_recorded_released_and_retried(user, other_user):
    game = game_in_play(user, other_user)
    row = notifications.notify(user=user, game=game, turn=1, kind="your_turn")
    with mock.patch("django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("smtp down")):
        with pytest.raises(OSError):
            notifications.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == "pending" and "smtp down" in row.last_error and row.claimed_until is None
    assert notifications.deliver(row.pk) is True
    row.refresh_from_db()
    assert row.status == "sent" and row.attempts == 2


def test_the_send_task_retries_with_backoff_and_finally_gives_up(user, other_user):
    game = game_in_play(user, other_user)
    row = notifications.notify(user=user, game=game, turn=1, kind="your_turn")
    with mock.patch("django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("smtp down")), \
            mock.patch.object(tasks.send_notification, "retry", side_effect=RuntimeError("retry")) as retry:
        with pytest.raises(RuntimeError, match="retry"):
            tasks.send_notification.run(row.pk)
        assert retry.call_args.kwargs["countdown"] >= 10
    with mock.patch("django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("smtp down")):
        task = tasks.send_notification
        task.push_request(retries=task.max_retries)
        try:
            task.run(row.pk)
        finally:
            task.pop_request()
    row.refresh_from_db()
    assert row.status == "failed"


def test_a_claimed_mail_is_not_sent_by_a_second_worker(user, other_user):
    game = game_in_play(user, other_user)
    row = notifications.notify(user=user, game=game, turn=1, kind="your_turn")
    assert notifications.claim(row.pk) is not None
    assert notifications.deliver(row.pk) is False  # the first worker holds the lease
    assert mail.outbox == []


def test_digest_users_get_one_mail_a_day(user, other_user):
    user.mail_mode = "digest"
    user.save()
    game = game_in_play(user, other_user)
    assert notifications.notify(user=user, game=game, turn=1, kind="your_turn") is None
    assert notifications.notify(user=user, game=game, turn=2, kind="reminder", variant="2h") is None
    sent = tasks.send_daily_digests.run()
    assert sent == 1
    row = Notification.objects.get(user=user, kind="digest")
    notifications.deliver(row.pk)
    assert len(mail.outbox) == 1 and game.title in mail.outbox[0].body
    assert not Notification.objects.filter(user=user, status="digest").exists()
    assert tasks.send_daily_digests.run() == 0
