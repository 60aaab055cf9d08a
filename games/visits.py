"""What a player has seen: the "since your last visit" mark per seat, and the games waiting for them."""

from __future__ import annotations

from django.db.models import F

from .models import Game, Seat


def mark_seen(*, seat: Seat, sequence: int) -> None:
    """The player has seen the game up to ``sequence`` (never moves the mark backwards)."""
    if sequence > seat.last_seen_sequence:
        Seat.objects.filter(pk=seat.pk, last_seen_sequence__lt=sequence).update(last_seen_sequence=sequence)
        seat.last_seen_sequence = sequence


def games_waiting_for(user) -> int:
    """How many running games wait for this user: their seat is the one to act (setup included)."""
    if not getattr(user, "is_authenticated", False):
        return 0
    return waiting_for(user).count()


def waiting_for(user):
    """The running games whose seat to act is ``user``'s (mails use it too: games.notifications)."""
    # One filter call, so the three seat conditions hold for the same seat.
    return Game.objects.filter(status__in=(Game.Status.SETUP, Game.Status.RUNNING), paused=False,
                               seats__user=user, seats__dropped=False,
                               seats__index=F("current_seat")).distinct()
