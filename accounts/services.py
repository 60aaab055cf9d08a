"""Everything in the accounts app that writes. Views and forms validate input; these functions act.

All functions take keyword arguments only, so a call site always says what it passes.
"""

from __future__ import annotations

import zoneinfo
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import BaseUserManager
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import ApiToken, User

if TYPE_CHECKING:
    from datetime import date

    from .models import Vacation

PROFILE_FIELDS = (
    "display_name",
    "email",
    "language",
    "time_zone",
    "notify_my_turn",
    "notify_reminders",
    "notify_game_finished",
    "mail_mode",
)


def normalize_email(email: str) -> str:
    return BaseUserManager.normalize_email(email.strip())


def email_taken(*, email: str, exclude_user: User | None = None) -> bool:
    """Whether another account already uses this address, ignoring case."""
    users = get_user_model().objects.filter(email__iexact=email.strip())
    if exclude_user is not None:
        users = users.exclude(pk=exclude_user.pk)
    return users.exists()


def username_taken(*, username: str) -> bool:
    return get_user_model().objects.filter(username__iexact=username).exists()


def _check_language(language: str) -> None:
    if language not in dict(settings.LANGUAGES):
        raise ValidationError(_("Unknown language."), code="invalid_language")


def _check_time_zone(time_zone: str) -> None:
    if time_zone not in zoneinfo.available_timezones():
        raise ValidationError(_("Unknown time zone."), code="invalid_time_zone")


def user_sign_up(*, username: str, email: str, password: str, language: str | None = None) -> User:
    """Create a player account. The caller has validated the password against the validators.

    Raises ValidationError if the username or email address is taken (also when a concurrent
    request won the race), so nothing is created for bad input.
    """
    email = normalize_email(email)
    errors = {}
    if username_taken(username=username):
        errors["username"] = ValidationError(_("A user with that username already exists."), code="unique")
    if email_taken(email=email):
        errors["email"] = ValidationError(_("A user with that email address already exists."), code="unique")
    if errors:
        raise ValidationError(errors)
    extra = {}
    if language is not None:
        _check_language(language)
        extra["language"] = language
    try:
        with transaction.atomic():
            return get_user_model().objects.create_user(
                username=username, email=email, password=password, **extra
            )
    except IntegrityError as exc:
        raise ValidationError(
            _("A user with that username or email address already exists."), code="unique"
        ) from exc


def user_update_profile(
    *,
    user: User,
    display_name: str,
    email: str,
    language: str,
    time_zone: str,
    notify_my_turn: bool,
    notify_reminders: bool,
    notify_game_finished: bool,
    mail_mode: str,
) -> User:
    """Save a player's profile and preferences."""
    email = normalize_email(email)
    _check_language(language)
    _check_time_zone(time_zone)
    if email_taken(email=email, exclude_user=user):
        raise ValidationError({"email": _("A user with that email address already exists.")}, code="unique")
    user.display_name = display_name.strip()
    user.email = email
    user.language = language
    user.time_zone = time_zone
    user.notify_my_turn = notify_my_turn
    user.notify_reminders = notify_reminders
    user.notify_game_finished = notify_game_finished
    if mail_mode not in User.MailMode.values:
        raise ValidationError({"mail_mode": _("Unknown mail mode.")})
    user.mail_mode = mail_mode
    try:
        with transaction.atomic():
            user.save(update_fields=PROFILE_FIELDS)
    except IntegrityError as exc:
        user.refresh_from_db(fields=PROFILE_FIELDS)
        raise ValidationError({"email": _("A user with that email address already exists.")}) from exc
    return user


def user_set_language(*, user: User, language: str) -> None:
    """Remember the language a signed-in player chose in the language switcher."""
    _check_language(language)
    if user.language != language:
        user.language = language
        user.save(update_fields=["language"])


def api_token_create(*, user: User, name: str) -> tuple[ApiToken, str]:
    """Create a token and return it with its value. Only the value's SHA-256 is stored."""
    name = name.strip()
    if not name:
        raise ValidationError({"name": _("Give the token a name.")}, code="required")
    key = ApiToken.generate_key()
    token = ApiToken.objects.create(
        user=user,
        name=name,
        prefix=key[: ApiToken.PREFIX_LENGTH],
        key_hash=ApiToken.hash_key(key),
    )
    return token, key


def api_token_revoke(*, user: User, token_id: int) -> ApiToken:
    """Revoke one of the user's own tokens; any other id (someone else's token) is a 404."""
    token = get_object_or_404(ApiToken, pk=token_id, user=user)
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def vacation_days_in_year(*, user: User, year: int, exclude_id: int | None = None) -> int:
    from datetime import date

    from .models import Vacation

    first, last = date(year, 1, 1), date(year, 12, 31)
    total = 0
    vacations = Vacation.objects.filter(user=user, ends_on__gte=first, starts_on__lte=last)
    if exclude_id is not None:
        vacations = vacations.exclude(pk=exclude_id)
    for vacation in vacations:
        start, end = max(vacation.starts_on, first), min(vacation.ends_on, last)
        total += (end - start).days + 1
    return total


def vacation_add(*, user: User, starts_on: date, ends_on: date) -> Vacation:
    """Book a vacation in which the player's turn deadlines wait, within the yearly allowance."""
    from datetime import timedelta

    from .models import Vacation

    if ends_on < starts_on:
        raise ValidationError({"ends_on": _("The last day cannot lie before the first day.")})
    if ends_on < timezone.localdate():
        raise ValidationError({"ends_on": _("This vacation lies in the past.")})
    if Vacation.objects.filter(user=user, starts_on__lte=ends_on, ends_on__gte=starts_on).exists():
        raise ValidationError(_("This overlaps a vacation you already booked."))
    allowance = Vacation.YEARLY_ALLOWANCE_DAYS
    day = starts_on
    per_year: dict[int, int] = {}
    while day <= ends_on:
        per_year[day.year] = per_year.get(day.year, 0) + 1
        day += timedelta(days=1)
    for year, days in per_year.items():
        used = vacation_days_in_year(user=user, year=year)
        if used + days > allowance:
            raise ValidationError(
                _("This would make %(total)s vacation days in %(year)s; the allowance is %(allowance)s a year.")
                % {"total": used + days, "year": year, "allowance": allowance}
            )
    return Vacation.objects.create(user=user, starts_on=starts_on, ends_on=ends_on)


def vacation_cancel(*, user: User, vacation_id: int) -> None:
    from .models import Vacation

    vacation = get_object_or_404(Vacation, pk=vacation_id, user=user)
    vacation.delete()


UNSUBSCRIBE_FIELDS = {
    "your_turn": "notify_my_turn",
    "reminder": "notify_reminders",
    "finished": "notify_game_finished",
    "digest": "mail_mode",
}


def notifications_stop(*, user: User, kind: str) -> str:
    """Switch off one kind of mail (the one-click link in every mail); returns the preference name."""
    field = UNSUBSCRIBE_FIELDS.get(kind)
    if field is None:
        raise ValidationError(_("Unknown kind of mail."))
    if field == "mail_mode":
        # Leaving the digest means single mails again, and only when away (ruling R-180).
        user.mail_mode = User.MailMode.AWAY
    else:
        setattr(user, field, False)
    user.save(update_fields=[field])
    return field
