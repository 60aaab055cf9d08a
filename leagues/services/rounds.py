"""Rounds of a season: drawing the tables (a game each), recording results, finishing the round and the season.

The mails to the players go out by task after the commit (``games.queue``); the tasks call the two
mail functions at the end."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import queue
from games import services as game_services
from games.models import Game

from .. import fixtures, mails, ratings
from ..models import LeagueTable, Membership, Round, Season, TableSeat
from ..results import placings
from .membership import Role


def _history(season: Season) -> fixtures.History:
    history = fixtures.History()
    tables: dict[int, list[int]] = {}
    byes: list[int] = []
    for row in TableSeat.objects.filter(round__season=season).values("table_id", "user_id"):
        if row["table_id"] is None:
            byes.append(row["user_id"])
        else:
            tables.setdefault(row["table_id"], []).append(row["user_id"])
    history.record(tables.values(), byes)
    return history


def round_draw(*, season: Season, number: int) -> Round | None:
    """Draw round ``number``: tables for every active entrant, a game per table, mails to the players."""
    User = get_user_model()
    with transaction.atomic():
        try:
            with transaction.atomic():
                rnd = Round.objects.create(season=season, number=number, status=Round.Status.RUNNING,
                                           started_at=timezone.now(), starts_at=round_date(season, number))
        except IntegrityError:
            return None  # drawn already (a second beat, a retry)
        entrants = list(season.entries.filter(withdrawn_at__isnull=True).order_by("entered_at", "pk")
                        .values_list("user_id", flat=True))
        draw = fixtures.draw_round(entrants, season.table_size, _history(season), seed=f"{season.pk}:{number}")
        users = User.objects.in_bulk(entrants)
        creator = season.created_by or Membership.objects.get(club=season.club, role=Role.OWNER).user
        visibility = Game.Visibility.PRIVATE if season.club.is_private else Game.Visibility.PUBLIC
        options = {**season.game_options, "league": season.pk, "rated": True}
        for table_number, players in enumerate(draw.tables, start=1):
            title = f"{season.club.name} · {season.name} · {number}/{table_number}"
            game = game_services.game_create_seated(
                creator=creator, title=title, users=[users[p] for p in players],
                deadline_hours=season.deadline_hours, visibility=visibility,
                deadline_consequence=season.deadline_consequence, missed_turn_limit=season.missed_turn_limit,
                options=options)
            table = LeagueTable.objects.create(round=rnd, number=table_number, game=game)
            TableSeat.objects.bulk_create(TableSeat(round=rnd, table=table, user_id=p, seat_index=i)
                                          for i, p in enumerate(players))
        TableSeat.objects.bulk_create(TableSeat(round=rnd, user_id=p, points=season.bye_points) for p in draw.byes)
        queue.send_on_commit("leagues.tasks.mail_round", season.pk, rnd.pk)
    if not draw.tables:
        _maybe_finish_round(rnd)
    return rnd


def round_date(season: Season, number: int) -> datetime | None:
    """When round ``number`` is due: a fixed date after the season's start, or None (each round starts
    when the one before ends)."""
    if season.round_start == Season.RoundStart.DATES:
        return season.starts_at + timedelta(days=season.round_days * (number - 1))
    return None


def record_result(*, game_id: int) -> bool:
    """A league game ended: places and points for its table, ratings, and maybe the next round."""
    table = LeagueTable.objects.select_related("round__season", "game").filter(game_id=game_id).first()
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED:
        return False
    if ratings.is_rated(game):
        ratings.rebuild_from(game.pk)
    if table is None:
        return False
    season = table.round.season
    with transaction.atomic():
        if not LeagueTable.objects.filter(pk=table.pk, finished=False).update(finished=True):
            return False  # recorded already
        for result in placings(game):
            TableSeat.objects.filter(table=table, seat_index=result.index).update(
                place=result.place, won=result.won, missed_turns=result.missed_turns,
                dropped=result.stand_in,
                points=0 if result.stand_in else season.points_for(result.place))
    _maybe_finish_round(table.round)
    return True


def _maybe_finish_round(rnd: Round) -> None:
    if rnd.tables.filter(finished=False).exists():
        return
    if not Round.objects.filter(pk=rnd.pk).exclude(status=Round.Status.FINISHED).update(
            status=Round.Status.FINISHED, finished_at=timezone.now()):
        return
    season = rnd.season
    if rnd.number >= season.rounds:
        if not season.round_set.exclude(status=Round.Status.FINISHED).exists():
            season_finish(season=season)
    elif season.round_start == Season.RoundStart.PREVIOUS_ENDS:
        round_draw(season=season, number=rnd.number + 1)


def season_finish(*, season: Season) -> bool:
    if not Season.objects.filter(pk=season.pk, status=Season.Status.RUNNING).update(
            status=Season.Status.FINISHED, finished_at=timezone.now()):
        return False
    queue.send_on_commit("leagues.tasks.mail_season_finished", season.pk)
    return True


def round_mail(*, season_id: int, round_id: int) -> int:
    """Tell the round's players their tables; returns how many mails went out."""
    rnd = Round.objects.select_related("season__club").filter(pk=round_id, season_id=season_id).first()
    return mails.send_round(rnd) if rnd else 0


def season_finished_mail(*, season_id: int) -> int:
    """Tell the season's players the final standings; returns how many mails went out."""
    season = Season.objects.select_related("club").filter(pk=season_id).first()
    return mails.send_season_finished(season) if season else 0
