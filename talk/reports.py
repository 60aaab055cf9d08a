"""Reports of chat messages told to whoever can hide them: once per message and moderator.

A ``ReportNotice`` row (unique per moderator and message) is the claim: the first report of a
message records one per moderator (``access.moderators_of``: the game's creator, the organisers of
its club for a league game); later reports of the same message find the rows and tell nobody again.
Each moderator is told by the channels he chose (``accounts.channels``), in his language: a mail
(the row stays ``PENDING`` until a Celery task sends it, with retries) and/or a push (its own
``PushDelivery``, key ``report:<message id>``).
"""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.channels import EMAIL, PUSH, channels_for
from accounts.models import User
from games import queue

from . import access, claims, push
from .models import ChatMessage, ChatReport, DeliveryStatus, ReportNotice

KIND = "report"


def _game_url(message: ChatMessage) -> str:
    return f"{settings.SITE_URL}/games/{message.game_id}/#talk-message-{message.pk}"


def record(*, message_id: int, reporter_id: int | None = None) -> list[ReportNotice]:
    """Tell every moderator of the message's game (but the reporter) of the report, once per message."""
    message = ChatMessage.objects.select_related("game__creator", "author").filter(pk=message_id).first()
    if message is None:
        return []
    rows = []
    with transaction.atomic():
        for user in access.moderators_of(message.game):
            if user.pk == reporter_id:
                continue
            chosen = channels_for(user, KIND)
            if not chosen:
                continue
            status = DeliveryStatus.PENDING if EMAIL in chosen else DeliveryStatus.SENT
            try:
                with transaction.atomic():
                    row = ReportNotice.objects.create(
                        user=user, message=message, key=f"report:{message.pk}", status=status,
                        payload={"channels": sorted(chosen)}, sent_at=None if EMAIL in chosen else timezone.now())
            except IntegrityError:
                continue  # told already: a second report, a retried task
            rows.append(row)
            if EMAIL in chosen:
                queue.send_on_commit("talk.tasks.send_report_mail", row.pk)
            if PUSH in chosen:
                _push(user, message)
    return rows


def _push(user: User, message: ChatMessage) -> None:
    with translation.override(user.language):
        title = _("A message in %(game)s was reported") % {"game": message.game.title}
    author = message.author.public_name if message.author else "?"
    payload = {"title": title, "body": f"{author}: {message.body[:180]}", "tag": f"report-{message.game_id}",
               "url": _game_url(message)}
    push._enqueue(push._record(user, f"report:{message.pk}", payload))


def build_mail(row: ReportNotice) -> EmailMessage:
    user, message = row.user, row.message
    reports = list(ChatReport.objects.filter(message=message).select_related("reporter").order_by("created_at"))
    with translation.override(user.language):
        context = {
            "user": user, "game": message.game, "message": message, "reports": reports,
            "author": message.author.public_name if message.author else _("(deleted user)"),
            "game_url": _game_url(message),
            "channels_url": settings.SITE_URL + reverse("talk:channels"),
        }
        subject = render_to_string("talk/mail/report_subject.txt", context).strip()
        body = render_to_string("talk/mail/report.txt", context)
    return EmailMessage(subject=subject, body=body, to=[user.email])


def deliver(notice_id: int) -> bool:
    """Mail one claimed notice; True when this call sent it. Failures are recorded and re-raised."""
    row = claims.claim(ReportNotice, notice_id, "user", "message__game", "message__author")
    if row is None:
        return False
    if not row.user.email or not row.user.is_active:
        claims.give_up(ReportNotice, row.pk, "no address to mail")
        return False
    return claims.attempt(ReportNotice, row, lambda: build_mail(row).send(fail_silently=False), "report mail")


def give_up(notice_id: int, error: str) -> None:
    claims.give_up(ReportNotice, notice_id, error)

