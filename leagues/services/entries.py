"""Entering and withdrawing from seasons; a withdrawn player's running games go on with the stand-in (R-134)."""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import queue
from games import services as game_services
from games.errors import InvalidRequest, NotAllowed
from games.models import Game, Seat

from ..models import Club, Entry, Season, TableSeat
from .membership import require_member, require_organiser


def season_enter(*, user: User, season: Season, by: User | None = None) -> Entry:
    """Enter ``user`` (an organiser may enter a member: ``by``). After the start: a late entry."""
    require_member(season.club, user)
    if by is not None and by != user:
        require_organiser(season.club, by)
    if season.status == Season.Status.FINISHED:
        raise NotAllowed(_("This season is over."))
    entry = Entry.objects.filter(season=season, user=user).first()
    late = season.status == Season.Status.RUNNING
    if entry is not None:
        if entry.active:
            raise InvalidRequest(_("You have entered this season already."))
        entry.withdrawn_at = None
        entry.late = entry.late or late
        entry.save(update_fields=["withdrawn_at", "late"])
        return entry
    return Entry.objects.create(season=season, user=user, late=late)


def season_withdraw(*, user: User, season: Season, member: User | None = None) -> Entry:
    """Withdraw from a season (an organiser may withdraw ``member``)."""
    target = member or user
    if member is not None and member != user:
        require_organiser(season.club, user)
    entry = Entry.objects.filter(season=season, user=target, withdrawn_at__isnull=True).first()
    if entry is None:
        raise InvalidRequest(_("There is no entry to withdraw."))
    withdraw(entry)
    return entry


def withdraw(entry: Entry) -> None:
    """Ruling R-134: a withdrawn player's running league games go on with the stand-in bot at the seat."""
    with transaction.atomic():
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["withdrawn_at"])
        running = TableSeat.objects.filter(round__season=entry.season, user=entry.user, table__finished=False,
                                           table__game__isnull=False)
        for row in running.select_related("table__game"):
            # The query asked for seats at a table with a game; the columns allow none (a bye has no table).
            if row.table is None or row.table.game is None or row.seat_index is None:
                continue
            game = row.table.game
            Seat.objects.filter(game_id=game.pk, index=row.seat_index).update(is_bot=True)
            TableSeat.objects.filter(pk=row.pk).update(dropped=True)
            if game.status == Game.Status.SETUP:
                # In setup the stand-in takes the seat's setup steps one by one, as a lobby bot does.
                transaction.on_commit(partial(game_services.schedule_bot, game.pk))
            elif game.status == Game.Status.RUNNING and game.current_seat == row.seat_index:
                # The stand-in takes over the turn now rather than at the deadline.
                queue.send_on_commit("games.tasks.bot_play", game.pk, game.turn_number)


def withdraw_everywhere(club: Club, user: User) -> None:
    for entry in Entry.objects.filter(season__club=club, user=user, withdrawn_at__isnull=True).exclude(
            season__status=Season.Status.FINISHED):
        withdraw(entry)
