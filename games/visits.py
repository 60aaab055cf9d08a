"""What a player has seen: the "since your last visit" mark per seat, and the games waiting for them."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.db.models import F, QuerySet

from accounts.models import User

from .models import Game, Seat


@lru_cache(maxsize=1)
def _mark_without_flush() -> str:
    """The mark's UPDATE as one statement that also switches off the wait for the commit's WAL flush, for
    its own transaction only (set_config(..., true) is undone when that transaction ends). Joining the CTE
    makes PostgreSQL evaluate it. The names come from the model, quoted as the ORM would."""
    quote = connection.ops.quote_name
    meta = Seat._meta
    table = quote(meta.db_table)
    columns = {f.name: str(f.column) for f in meta.concrete_fields}
    mark, key = quote(columns["last_seen_sequence"]), quote(columns["id"])
    return ("WITH quiet AS (SELECT set_config('synchronous_commit', 'off', true)) "
            f"UPDATE {table} SET {mark} = %s FROM quiet WHERE {table}.{key} = %s AND {mark} < %s")


def mark_seen(*, seat: Seat, sequence: int) -> None:
    """The player has seen the game up to ``sequence`` (never moves the mark backwards).

    On PostgreSQL, outside a transaction (a page or poll request: the mark is its only write), the commit
    does not wait for the disk (issue 17, ninth wave): that flush cost 2-5 ms per partial of every new
    version, a sync worker idle all the while, and the open-loop test renders two partials per step. A
    crash of the database server may lose the last fraction of a second of marks, so a story would be
    told once more; nothing else depends on them. Inside a transaction the setting would cover the
    transaction's other writes too, so there it is a plain update."""
    if sequence > seat.last_seen_sequence:
        if connection.vendor == "postgresql" and not connection.in_atomic_block:
            with connection.cursor() as cursor:
                cursor.execute(_mark_without_flush(), [sequence, seat.pk, sequence])
        else:
            Seat.objects.filter(pk=seat.pk, last_seen_sequence__lt=sequence).update(last_seen_sequence=sequence)
        seat.last_seen_sequence = sequence


WAITING_STATUSES = (Game.Status.SETUP, Game.Status.RUNNING)


def waiting_games(user: User) -> QuerySet[Game]:
    """The running (or setting-up) games, not paused, whose seat to act is the user's (not dropped)."""
    # One filter call, so the three seat conditions hold for the same seat.
    return Game.objects.filter(status__in=WAITING_STATUSES, paused=False, seats__user=user, seats__dropped=False,
                               seats__index=F("current_seat")).distinct()


def waits_for(game: Game, seats: Iterable[Seat], user: User) -> bool:
    """Whether this one game, as read with its seats, is among ``waiting_games(user)``."""
    return (game.status in WAITING_STATUSES and not game.paused
            and any(s.user_id == user.pk and not s.dropped and s.index == game.current_seat for s in seats))


def games_waiting_for(user: User | AnonymousUser) -> int:
    """How many running games wait for this user: their seat is the one to act (setup included)."""
    if not isinstance(user, User):
        return 0
    return waiting_games(user).count()
