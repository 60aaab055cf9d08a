"""Clubs, their members and seasons; a season's rounds, tables and results; the site-wide rating.

A league game is an ordinary ``games.Game`` created with seats assigned; ``LeagueTable.game`` links
it. ``TableSeat`` keeps who sat where and, once the game ended, their place and league points, so a
season table is a sum over rows. ``RatingEntry`` is one rated player's rating after one game; the
whole history is rebuilt in a canonical order (by game id), which makes ratings independent of the
order in which games finish (ruling R-136).
"""

from __future__ import annotations

import secrets
from typing import TypedDict

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.engine.rules.setup import MAX_SEATS
from games.models import Game

#: League points by finishing place (1st, 2nd, ...), ruling R-131; places beyond the list score 0.
DEFAULT_POINTS = [3, 2, 1, 0, 0, 0]
#: League points for a bye, ruling R-133.
DEFAULT_BYE_POINTS = 1


def new_code() -> str:
    return secrets.token_urlsafe(12)


def default_points() -> list[int]:
    return list(DEFAULT_POINTS)


class Club(models.Model):
    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public")
        PRIVATE = "private", _("Private (members only)")

    name = models.CharField(_("name"), max_length=80, unique=True)
    description = models.TextField(_("description"), blank=True)
    visibility = models.CharField(_("visibility"), max_length=10, choices=Visibility.choices,
                                  default=Visibility.PUBLIC)
    language = models.CharField(_("language"), max_length=5, choices=settings.LANGUAGES, default="de")
    invite_code = models.CharField(max_length=32, default=new_code, unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_private(self) -> bool:
        return self.visibility == self.Visibility.PRIVATE


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("Owner")
        ORGANISER = "organiser", _("Organiser")
        MEMBER = "member", _("Member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["club", "joined_at"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"

    @property
    def organises(self) -> bool:
        return self.role in (self.Role.OWNER, self.Role.ORGANISER)


class JoinRequest(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_requests")
    message = models.CharField(_("message"), max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], condition=Q(status="pending"),
                                               name="join_request_one_pending")]

    def __str__(self) -> str:
        return f"{self.user} asks to join {self.club}"


# The bounds of a season's settings, in one place for the model, the site's form and the API: the API's
# schema then states them as they are, rather than the integer range of whichever database built it.
SEASON_BOUNDS: dict[str, tuple[int, int]] = {
    "division": (1, 20), "table_size": (1, MAX_SEATS), "rounds": (1, 50), "round_days": (1, 90),
    "deadline_hours": (1, 24 * 14), "missed_turn_limit": (1, 20), "bye_points": (0, 100), "promote": (0, 30),
}


def _bounded(name: str) -> list[MinValueValidator | MaxValueValidator]:
    low, high = SEASON_BOUNDS[name]
    return [MinValueValidator(low), MaxValueValidator(high)]


class Limits(TypedDict):
    min_value: int
    max_value: int


def season_limits(name: str) -> Limits:
    """A setting's bounds as a form or serializer field takes them (``min_value``, ``max_value``)."""
    low, high = SEASON_BOUNDS[name]
    return {"min_value": low, "max_value": high}


class Season(models.Model):
    class Status(models.TextChoices):
        ENTRY = "entry", _("Open for entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class RoundStart(models.TextChoices):
        PREVIOUS_ENDS = "previous", _("When the previous round ends")
        DATES = "dates", _("At fixed dates")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=80)
    division = models.PositiveSmallIntegerField(_("division"), default=1,
                                                validators=_bounded("division"))  # 1 is the top division
    previous = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next")
    starts_at = models.DateTimeField(_("start"))
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=4,
                                                  validators=_bounded("table_size"))
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3, validators=_bounded("rounds"))
    round_start = models.CharField(_("a round starts"), max_length=10, choices=RoundStart.choices,
                                   default=RoundStart.PREVIOUS_ENDS)
    round_days = models.PositiveSmallIntegerField(_("days between rounds (fixed dates)"), default=14,
                                                  validators=_bounded("round_days"))
    deadline_hours = models.PositiveIntegerField(_("turn deadline (hours)"), default=72,
                                                 validators=_bounded("deadline_hours"))
    deadline_consequence = models.CharField(_("missed turns"), max_length=10,
                                            choices=Game.DeadlineConsequence.choices,
                                            default=Game.DeadlineConsequence.BOT)
    missed_turn_limit = models.PositiveSmallIntegerField(_("missed turns before the consequence"), default=3,
                                                         validators=_bounded("missed_turn_limit"))
    game_options = models.JSONField(default=dict, blank=True)
    points = models.JSONField(_("league points by place"), default=default_points)
    bye_points = models.PositiveSmallIntegerField(_("league points for a bye"), default=DEFAULT_BYE_POINTS,
                                                  validators=_bounded("bye_points"))
    promote = models.PositiveSmallIntegerField(_("promoted / relegated players"), default=0,
                                               validators=_bounded("promote"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTRY, db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "division"]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}" + (f" ({self.division})" if self.division != 1 else "")

    def points_for(self, place: int) -> int:
        return int(self.points[place - 1]) if 1 <= place <= len(self.points) else 0


class Entry(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_entries")
    entered_at = models.DateTimeField(default=timezone.now)
    late = models.BooleanField(default=False)           # entered after the start: plays from the next round
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["season", "entered_at"]
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="entry_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.season}"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField(null=True, blank=True)   # planned (fixed dates)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)

    class Meta:
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="round_once")]

    def __str__(self) -> str:
        return f"{self.season} round {self.number}"


class LeagueTable(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="league_table")
    finished = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_once")]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class TableSeat(models.Model):
    """One entrant at one table (or, with ``table`` empty, one bye of a round) and what it earned."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(LeagueTable, null=True, blank=True, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_seats")
    seat_index = models.PositiveSmallIntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.PositiveSmallIntegerField(default=0)
    won = models.BooleanField(default=False)
    missed_turns = models.PositiveSmallIntegerField(default=0)
    dropped = models.BooleanField(default=False)     # the seat went to the stand-in bot

    class Meta:
        ordering = ["round", "table", "seat_index"]
        constraints = [models.UniqueConstraint(fields=["round", "user"], name="one_table_per_round")]

    def __str__(self) -> str:
        return f"{self.user} in {self.round}"

    @property
    def is_bye(self) -> bool:
        return self.table_id is None


class RatingEntry(models.Model):
    """A player's rating after one rated game (openskill Plackett-Luce: mu, sigma; ordinal = mu - 3 sigma)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_entries")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_entries")
    place = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    with_bot = models.BooleanField(default=False)

    class Meta:
        ordering = ["user", "game_id"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_once_per_game")]

    def __str__(self) -> str:
        return f"{self.user} after {self.game_id}: {self.ordinal:.1f}"


class LeagueMail(models.Model):
    """One league mail to one user, claimed by this row first so a retried task sends nothing twice."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.CASCADE, related_name="+")
    email = models.EmailField(blank=True)
    kind = models.CharField(max_length=20)     # new_round, season_finished, invitation
    key = models.CharField(max_length=40)      # e.g. the round's id
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "email", "kind", "key"], name="league_mail_once")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"
