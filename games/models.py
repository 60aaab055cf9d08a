"""Hosting games: the rows are the truth; the engine State is loaded from them and written back.

Game holds the small global state (phase, whose turn, weather, pending decisions) and the secret
seed; Seat holds one hero's sheet; TokenPosition says where every token of the game is and who
may see its face; RegionPlacement says which card lies at which square; GameAction is the
append-only log from which the whole game can be replayed.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.engine.core.dice import DICE_VERSION

if TYPE_CHECKING:
    from games.engine.core.state import State


def new_seed() -> str:
    return secrets.token_hex(32)


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        SETUP = "setup", _("Setting up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public")
        PRIVATE = "private", _("Private (invitation link)")

    class DeadlineConsequence(models.TextChoices):
        SKIP = "skip", _("Skip the turn")
        BOT = "bot", _("Skip, then a stand-in bot after too many misses")
        DROP = "drop", _("Skip, then drop the seat after too many misses")

    title = models.CharField(_("name"), max_length=80)
    # Which board game this is (games.titles): the site reaches its rules only through that interface.
    # Named title_key because ``title`` has always held the game's own name (the API's "title").
    title_key = models.CharField(max_length=20, default="rueckkehr")
    # The rules variant (issue 18): blank for the ordinary game, "coop" for the author's cooperative
    # variant "Kooperativ gegen extraharte Monster". A co-op game's last seat leads the villains: a
    # person or bot who takes it like any seat ("person"), or the automatic Diener ("automatic"), whose
    # seat the site fills itself and whose turns the turn-start task plays (services.lobby, services.turns).
    variant = models.CharField(_("variant"), max_length=10, blank=True, default="",
                               choices=[("", _("Ordinary game")), ("coop", _("Co-op against extra-hard monsters"))])
    villain = models.CharField(_("villain"), max_length=10, blank=True, default="",
                               choices=[("", "–"), ("person", _("a player")), ("automatic", _("automatic"))])
    creator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC)
    invite_code = models.CharField(max_length=32, default=new_invite_code, unique=True)
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    options = models.JSONField(default=dict, blank=True)
    content_version = models.CharField(max_length=20)
    # The rules version lives in the engine state (global_state["rules_version"], State.rules_version),
    # read by persistence.load_state and replay.initial_state: one source, no column to disagree with it.
    # The engine's global state (everything that is not a seat, a token or a card placement).
    phase = models.CharField(max_length=20, default="lobby")
    current_seat = models.PositiveSmallIntegerField(default=0)
    turn_number = models.PositiveIntegerField(default=0)
    global_state = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0)
    # Chance: the seed stays secret while the game runs; its SHA-256 is public from the start.
    seed = models.CharField(max_length=64, default=new_seed)
    seed_commitment = models.CharField(max_length=64, editable=False)
    # How the dice derive from the seed (games.engine.core.dice): games keep the version they began with.
    dice_version = models.PositiveSmallIntegerField(default=DICE_VERSION)
    # Deadlines (UTC). The database is the record of every deadline.
    deadline_hours = models.PositiveIntegerField(_("turn deadline (hours)"), default=72)
    deadline_consequence = models.CharField(
        max_length=10, choices=DeadlineConsequence.choices, default=DeadlineConsequence.SKIP)
    missed_turn_limit = models.PositiveSmallIntegerField(default=3)
    turn_deadline_at = models.DateTimeField(null=True, blank=True)
    paused = models.BooleanField(default=False)
    paused_remaining = models.DurationField(null=True, blank=True)  # deadline time left when paused
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # The overdue scan: running, not paused games whose deadline has passed.
            models.Index(
                fields=["turn_deadline_at"], name="game_running_deadline",
                condition=Q(status="running", paused=False),
            ),
        ]

    # Not columns: what one read of a game leaves on this object for the next (declared so that their
    # readers and writers agree on the types; absent until set, so they are read with getattr).
    # games.persistence: the state at a version, the seats by index, the token rows' keys by token id;
    # a service that just wrote the state keeps it across one refresh_from_db (``_state_fresh``).
    _state_cache: tuple[int, State] | None
    _state_fresh: bool
    _seats_list: list[Seat] | None
    _token_rows: dict[str, int]  # token id -> its TokenPosition row's primary key
    # games.selectors.log_tail_extend: the log's tail it filed for a version, for the next read on this object.
    _log_tail: tuple[int, Any]
    # games.services.submit: the version whose row a step just left on the caller's object, as written.
    written_version: int

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs):
        if not self.seed_commitment:
            self.seed_commitment = hashlib.sha256(self.seed.encode()).hexdigest()
        super().save(*args, **kwargs)

    def refresh_from_db(self, *args, **kwargs):
        # What games.persistence cached on this object is stale after a reload — except the state a
        # service just produced for this object (kept once, keyed by the version it belongs to).
        fresh = getattr(self, "_state_fresh", False)
        self._state_fresh = False
        for name in ("_seats_list", "_token_rows") + (() if fresh else ("_state_cache",)):
            self.__dict__.pop(name, None)
        super().refresh_from_db(*args, **kwargs)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    # The level of a stand-in for a dropped or overdue player (issue 14: the normal bot).
    STAND_IN_LEVEL = "normal"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="seats")
    is_bot = models.BooleanField(default=False)
    # The level of a bot seat (games.bots); empty for people and for the stand-in (normal).
    bot_level = models.CharField(max_length=10, blank=True, default="")
    dropped = models.BooleanField(default=False)
    missed_turns = models.PositiveSmallIntegerField(default=0)
    # A standing setting (games.standing): keep the best two experience dice, or ask the player.
    dice_policy = models.CharField(max_length=4, default="best",
                                   choices=[("best", _("keep the best two")), ("ask", _("let me choose"))])
    # The log's sequence this seat's player last saw on the game page ("since your last visit").
    last_seen_sequence = models.PositiveIntegerField(default=0)
    # The hero sheet: queryable columns plus the whole engine HeroState.
    hero_key = models.CharField(max_length=20, blank=True)
    position = models.CharField(max_length=8, blank=True)
    lp = models.SmallIntegerField(default=0)
    gold = models.SmallIntegerField(default=0)
    sheet = models.JSONField(default=dict, blank=True)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user",
                                    condition=Q(user__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}"



class BotMemory(models.Model):
    """What a bot learnt from its own earlier steps in a seat (``games.bots.Bot.memory``): the site builds
    the bot afresh for every step, and without it the bot retried the same token, field and monster
    forever (issue 14). Apart from the seat, whose row every page reads; only bot steps read this."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, primary_key=True, related_name="bot_memory")
    data = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"bot memory of seat {self.seat_id}"

class TokenPosition(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="token_positions")
    token_id = models.CharField(max_length=32)
    loc = models.CharField(max_length=32)
    face_up = models.BooleanField(default=False)
    seen_by = models.JSONField(default=list, blank=True)
    flipped = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "token_id"], name="token_unique_per_game")]
        indexes = [models.Index(fields=["game", "loc"], name="token_game_loc")]

    def __str__(self) -> str:
        return f"{self.token_id} @ {self.loc}"


class RegionPlacement(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="placements")
    cell = models.PositiveSmallIntegerField()
    letter = models.CharField(max_length=1, blank=True)
    revealed = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "cell"]
        constraints = [models.UniqueConstraint(fields=["game", "cell"], name="placement_unique_cell")]

    def __str__(self) -> str:
        return f"{self.game} cell {self.cell}: {self.letter or '-'}"


class GameAction(models.Model):
    """The append-only log: one row per applied action, with its events (and their dice)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    sequence = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    action = models.JSONField()
    events = models.JSONField(default=list)
    idempotency_key = models.CharField(max_length=64)
    request_hash = models.CharField(max_length=64, blank=True)
    taken_back = models.BooleanField(default=False)
    # The step used chance or revealed information: it ends the take-back window (ruling R-110).
    sealed = models.BooleanField(default=False)
    # Standing settings that changed just before this step (games.standing), for an exact replay.
    settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["game", "sequence"], name="action_unique_sequence"),
            models.UniqueConstraint(fields=["game", "idempotency_key"], name="action_unique_idempotency_key"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.sequence} {self.action.get('kind')}"


class Notification(models.Model):
    """One mail to one user about one game, turn and kind — claimed by this row before it is sent.

    The unique constraint makes a second worker, a retried task or a second beat process find the
    row already there and send nothing; the lease lets a re-delivered task finish the work of a
    worker that died before sending.
    """

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("It is your turn")
        REMINDER = "reminder", _("Deadline reminder")
        FINISHED = "finished", _("Game finished")
        DIGEST = "digest", _("Daily digest")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DIGEST = "digest", _("Waiting for the daily digest")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Not wanted")
        FAILED = "failed", _("Failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications")
    turn = models.PositiveIntegerField(default=0)   # game turn, or the day number for a digest
    kind = models.CharField(max_length=12, choices=Kind.choices)
    variant = models.CharField(max_length=20, blank=True)  # e.g. "24h" for a reminder
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "turn", "kind", "variant"], name="notification_once"),
            # NULLs are distinct in unique indexes, so the game-less digest gets its own.
            models.UniqueConstraint(fields=["user", "turn", "kind", "variant"], condition=Q(game__isnull=True),
                                    name="notification_once_without_game"),
        ]
        indexes = [models.Index(fields=["status", "user"], name="notification_status_user")]

    def __str__(self) -> str:
        return f"{self.kind} {self.variant} to {self.user} ({self.status})"
