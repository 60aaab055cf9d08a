"""Table talk and reach: chat, notes, spectators, push subscriptions, webhooks, calendar feeds.

Every outgoing message (a push, a webhook post) is first claimed by a unique delivery row, as the
mails are by ``games.Notification``: a retried task, a second worker or a second beat finds the row
and sends nothing twice.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Game, Seat
from leagues.models import Club


class ChatMessage(models.Model):
    class Room(models.TextChoices):
        PLAYERS = "players", _("Players")
        SPECTATORS = "spectators", _("Spectators")

    MAX_LENGTH = 1000

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    room = models.CharField(max_length=10, choices=Room.choices, default=Room.PLAYERS)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                               related_name="chat_messages")
    body = models.TextField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(default=timezone.now)
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")

    class Meta:
        ordering = ["game", "room", "id"]
        indexes = [models.Index(fields=["game", "room", "id"], name="chat_game_room_id")]

    def __str__(self) -> str:
        return f"{self.game} {self.room} #{self.pk}"

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None


class ChatReport(models.Model):
    """A reader's report of a message to its moderators; open until the message is hidden or the report
    dismissed (``resolved_at``)."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once")]

    def __str__(self) -> str:
        return f"report of {self.message_id} by {self.reporter_id}"


class SeatNote(models.Model):
    """A seat's private notes on its game: read and written by the seat's player only."""

    MAX_LENGTH = 10000

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="talk_note")
    body = models.TextField(max_length=MAX_LENGTH, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"notes of {self.seat}"


class TalkSettings(models.Model):
    """Per-game settings of this app, set by the game's creator."""

    MAX_DELAY = 20

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="talk_settings")
    spectator_delay = models.PositiveSmallIntegerField(_("spectator delay (turns)"), default=0)

    def __str__(self) -> str:
        return f"talk settings of {self.game}"


class Spectator(models.Model):
    """Who watched a game and when last (the page's poll refreshes it)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="spectators")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    last_seen = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="spectator_once")]
        indexes = [models.Index(fields=["game", "last_seen"], name="spectator_game_seen")]

    def __str__(self) -> str:
        return f"{self.user_id} watches {self.game_id}"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")
    GONE = "gone", _("Receiver gone")
    SKIPPED = "skipped", _("No longer needed")


class ClaimedDelivery(models.Model):
    """One message to send once: claimed for a lease by the worker that sends it."""

    key = models.CharField(max_length=80)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True


class PushSubscription(models.Model):
    """One browser's Web Push subscription (from PushManager.subscribe)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    user_agent = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_success_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of {self.user_id}"


class PushDelivery(ClaimedDelivery):
    """One push message to one user (all his browsers), claimed once per ``key``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_deliveries")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="push_delivery_once")]

    def __str__(self) -> str:
        return f"push {self.key} to {self.user_id} ({self.status})"


class Webhook(models.Model):
    """A chat hook (Discord, Slack, Matrix) told of a game's turns and end.

    Scope: a game today. A club scope is one more nullable foreign key (``club``) with a check
    constraint "exactly one of game, club" and a receiver that maps a game to its club's hooks;
    deliveries and sending do not change.
    """

    class Kind(models.TextChoices):
        DISCORD = "discord", "Discord"
        SLACK = "slack", "Slack"
        MATRIX = "matrix", "Matrix"

    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks")
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    url_encrypted = models.TextField()           # Fernet token of the URL; the URL is never shown again
    url_host = models.CharField(max_length=255)  # shown, to tell hooks apart
    language = models.CharField(max_length=5, default="de")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.CheckConstraint(
            condition=Q(game__isnull=False, club__isnull=True) | Q(game__isnull=True, club__isnull=False),
            name="webhook_has_scope")]

    def __str__(self) -> str:
        return f"{self.kind} hook to {self.url_host}"


class WebhookDelivery(ClaimedDelivery):
    """One event posted to one hook; ``payload["game"]`` names the event's game (a club hook hears many)."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["webhook", "key"], name="webhook_delivery_once")]

    def __str__(self) -> str:
        return f"{self.webhook} {self.key} ({self.status})"


class ReportNotice(ClaimedDelivery):
    """One moderator told of one reported chat message, once, however many report it.

    The row is the claim of the mail (``PENDING`` while a mail is to be sent; a moderator who wants
    no mail gets the row ``SENT`` at once so he is never told twice); the push is claimed by its own
    ``PushDelivery`` (key ``report:<message id>``).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="report_notices")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "message"], name="report_notice_once")]

    def __str__(self) -> str:
        return f"report of {self.message_id} told to {self.user_id} ({self.status})"


def new_calendar_token() -> str:
    return secrets.token_urlsafe(24)


class CalendarFeed(models.Model):
    """The secret of a user's iCalendar feed URL (a new one revokes the old)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed")
    token = models.CharField(max_length=64, unique=True, default=new_calendar_token)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"calendar of {self.user_id}"
