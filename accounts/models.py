from __future__ import annotations

import hashlib
import secrets
import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def _time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(zoneinfo.available_timezones())]


class User(AbstractUser):
    """A player. Preferences live on the user: there is exactly one profile per account."""

    class Language(models.TextChoices):
        GERMAN = "de", _("German")
        ENGLISH = "en", _("English")

    class MailMode(models.TextChoices):
        EVERY_TURN = "every_turn", _("A mail for every turn (none while I am on the site)")
        AWAY = "away", _("Only when I am away: one mail until I come back")
        DIGEST = "digest", _("A daily digest of all games waiting for me")

    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(_("display name"), max_length=60, blank=True)
    language = models.CharField(
        _("language"), max_length=5, choices=Language.choices, default=Language.GERMAN
    )
    time_zone = models.CharField(_("time zone"), max_length=64, default="Europe/Berlin")
    notify_my_turn = models.BooleanField(_("email when it is my turn"), default=True)
    notify_reminders = models.BooleanField(_("reminders before a deadline"), default=True)
    notify_game_finished = models.BooleanField(_("email when a game is finished"), default=True)
    # How "your turn" mails reach the player (games.notifications.hold decides, ruling R-180).
    mail_mode = models.CharField(_("mail mode"), max_length=12, choices=MailMode.choices,
                                 default=MailMode.EVERY_TURN)
    # Channels: how the notifications above reach the player (accounts.channels.channels_for decides).
    notify_by_email = models.BooleanField(_("notify me by email"), default=True)
    notify_by_push = models.BooleanField(_("notify me by web push"), default=False)
    notify_chat_mentions = models.BooleanField(_("tell me when someone mentions me in a chat"), default=True)

    class Meta(AbstractUser.Meta):
        # django-stubs types the inherited Meta's names as str; Django takes lazy translations here.
        verbose_name = _("user")  # type: ignore[assignment]
        verbose_name_plural = _("users")  # type: ignore[assignment]
        constraints = [
            # "Anna@example.org" and "anna@example.org" are one mailbox: one account per address.
            models.UniqueConstraint(
                Lower("email"),
                name="accounts_user_email_ci_unique",
                violation_error_message=_("A user with that email address already exists."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def wants_digest(self) -> bool:
        return self.mail_mode == self.MailMode.DIGEST


class ApiTokenQuerySet(models.QuerySet):
    def active(self) -> ApiTokenQuerySet:
        return self.filter(revoked_at__isnull=True)


class ApiToken(models.Model):
    """A personal token for the REST API. Only its SHA-256 is stored; the value is shown once."""

    PREFIX_LENGTH = 8

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("user")
    )
    name = models.CharField(_("name"), max_length=80)
    prefix = models.CharField(_("prefix"), max_length=PREFIX_LENGTH, db_index=True)
    key_hash = models.CharField(_("key hash (SHA-256)"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @staticmethod
    def hash_key(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @classmethod
    def generate_key(cls) -> str:
        return "hw_" + secrets.token_urlsafe(32)

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class Vacation(models.Model):
    """A period in which the player's turn deadlines wait (within a yearly allowance)."""

    YEARLY_ALLOWANCE_DAYS = 30

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations",
                             verbose_name=_("user"))
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["starts_on"]
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        constraints = [
            models.CheckConstraint(condition=models.Q(ends_on__gte=models.F("starts_on")),
                                   name="vacation_ends_after_start"),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.starts_on} – {self.ends_on}"

    @property
    def days(self) -> int:
        return (self.ends_on - self.starts_on).days + 1
