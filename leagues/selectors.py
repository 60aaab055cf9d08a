"""Selectors read: what a user may see of clubs and seasons, season tables, player records.

A private club is 'not found' for non-members (pages and API alike), like a private game.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.errors import NotFound
from games.models import Game

from .models import Club, Entry, LeagueTable, Membership, RatingEntry, Round, Season, TableSeat


def clubs_visible_to(user) -> QuerySet[Club]:
    if user is None or not user.is_authenticated:
        return Club.objects.filter(visibility=Club.Visibility.PUBLIC)
    return Club.objects.filter(Q(visibility=Club.Visibility.PUBLIC) | Q(memberships__user=user)).distinct()


def club_get_for_user(*, user, club_id: int) -> Club:
    club = clubs_visible_to(user).filter(pk=club_id).first()
    if club is None:
        raise NotFound(_("There is no such club, or it is private."))
    return club


def season_get_for_user(*, user, season_id: int) -> Season:
    season = Season.objects.select_related("club").filter(pk=season_id).first()
    if season is None or not clubs_visible_to(user).filter(pk=season.club_id).exists():
        raise NotFound(_("There is no such season, or its club is private."))
    return season


def round_get_for_user(*, user, round_id: int) -> Round:
    rnd = Round.objects.select_related("season__club").filter(pk=round_id).first()
    if rnd is None or not clubs_visible_to(user).filter(pk=rnd.season.club_id).exists():
        raise NotFound(_("There is no such round, or its club is private."))
    return rnd


def club_of_game(game: Game) -> Club | None:
    table = LeagueTable.objects.select_related("round__season__club").filter(game=game).first()
    return table.round.season.club if table else None


def club_may_view(user, game: Game) -> bool:
    """Members of a club may look at every league and lobby game of their club (hooked into games' access check)."""
    if user is None or not user.is_authenticated:
        return False
    club_id = (game.options or {}).get("club")  # a game of the club's own lobby
    if club_id and Membership.objects.filter(club_id=club_id, user=user).exists():
        return True
    return LeagueTable.objects.filter(game=game, round__season__club__memberships__user=user).exists()


def organisers_of_game(game: Game) -> list:
    """The owner and organisers of the club whose league the game belongs to (empty for other games)."""
    club = club_of_game(game)
    if club is None:
        return []
    User = get_user_model()
    return list(User.objects.filter(club_memberships__club=club, club_memberships__role__in=[
        Membership.Role.OWNER, Membership.Role.ORGANISER]).order_by("username"))


def organises_game(user, game: Game) -> bool:
    """Whether ``user`` is an owner or organiser of the club whose league game this is: a hook for
    talk's moderation (settings.TALK_MODERATION_HOOKS), so club organisers may hide chat messages."""
    return any(organiser.pk == user.pk for organiser in organisers_of_game(game))


def members(club: Club) -> QuerySet[Membership]:
    return club.memberships.select_related("user").order_by("joined_at")


def club_games(club: Club, *, finished: bool) -> QuerySet[Game]:
    """The club's league games and the games of its own lobby, running (with setup) or finished."""
    statuses = [Game.Status.FINISHED] if finished else [Game.Status.SETUP, Game.Status.RUNNING]
    return Game.objects.filter(Q(league_table__round__season__club=club) | Q(options__club=club.pk),
                               status__in=statuses).order_by("-created_at")


def club_open_games(club: Club) -> QuerySet[Game]:
    """The club's own lobby: open games created by its members for the club (option ``club``)."""
    return Game.objects.filter(status=Game.Status.OPEN, options__club=club.pk).order_by("-created_at")


def current_season(club: Club) -> Season | None:
    return (club.seasons.filter(status=Season.Status.RUNNING).order_by("division", "-starts_at").first()
            or club.seasons.filter(status=Season.Status.ENTRY).order_by("starts_at", "division").first()
            or club.seasons.order_by("-starts_at", "division").first())


def clubs_of(user) -> QuerySet[Club]:
    return Club.objects.filter(memberships__user=user)


# --- standings -----------------------------------------------------------------------------------------------
@dataclass
class StandingRow:
    user: User
    active: bool = True
    played: int = 0
    byes: int = 0
    points: int = 0
    wins: int = 0
    missed_turns: int = 0
    head_to_head: int = 0
    rank: int = 0
    places: list[int | None] = field(default_factory=list)

    @property
    def key(self) -> tuple[int, int, int]:
        return (-self.points, -self.wins, self.missed_turns)


def season_standings(season: Season) -> list[StandingRow]:
    """The season table (ruling R-132): points, then wins, then fewer missed turns, then head-to-head.

    Head-to-head is counted only among the players still tied: at every table two of them shared, the
    better place scores one. Players tied on everything share a rank.
    """
    User = get_user_model()
    entries = {e.user_id: e for e in Entry.objects.filter(season=season)}
    rows: dict[int, StandingRow] = {}
    users = User.objects.in_bulk(entries.keys())
    for user_id, entry in entries.items():
        rows[user_id] = StandingRow(user=users[user_id], active=entry.active)
    tables: dict[int, list[TableSeat]] = defaultdict(list)
    for seat in TableSeat.objects.filter(round__season=season).select_related("table"):
        row = rows.get(seat.user_id)
        if row is None:
            continue
        if seat.table is None:
            row.byes += 1
            row.points += seat.points
            continue
        if not seat.table.finished:
            continue
        row.played += 1
        row.points += seat.points
        row.wins += int(seat.won)
        row.missed_turns += seat.missed_turns
        row.places.append(seat.place)
        tables[seat.table.pk].append(seat)
    groups: dict[tuple[int, int, int], list[StandingRow]] = defaultdict(list)
    for row in rows.values():
        groups[row.key].append(row)
    for group in groups.values():
        if len(group) < 2:
            continue
        ids = {row.user.pk for row in group}
        for seats in tables.values():
            tied = [s for s in seats if s.user_id in ids]
            for a in tied:
                rows[a.user_id].head_to_head += sum(
                    1 for b in tied if b is not a and a.place is not None and b.place is not None and a.place < b.place)
    ordered = sorted(rows.values(), key=lambda r: (r.key, -r.head_to_head, r.user.username.lower()))
    for position, row in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        same = previous is not None and (previous.key, previous.head_to_head) == (row.key, row.head_to_head)
        row.rank = previous.rank if previous is not None and same else position
    return ordered


# --- players ---------------------------------------------------------------------------------------------------
@dataclass
class PlayerRecord:
    played: int
    wins: int
    mu: float
    sigma: float
    ordinal: float
    history: list[RatingEntry]


def player_record(user) -> PlayerRecord:
    from .ratings import rating_of

    seats = user.seats.filter(game__status=Game.Status.FINISHED)
    played = seats.count()
    wins = sum(1 for s in seats.select_related("game") if s.game.winner_seat == s.index)
    mu, sigma, ordinal = rating_of(user)
    history = list(RatingEntry.objects.filter(user=user).select_related("game").order_by("game_id"))
    return PlayerRecord(played=played, wins=wins, mu=mu, sigma=sigma, ordinal=ordinal, history=history)


def league_deadlines(user) -> list[Game]:
    """The user's running league games with a turn deadline (for the iCalendar feed)."""
    return list(Game.objects.filter(seats__user=user, seats__dropped=False, options__rated=True,
                                    status__in=[Game.Status.SETUP, Game.Status.RUNNING])
                .exclude(league_table=None).select_related("league_table__round__season__club")
                .prefetch_related("seats").order_by("turn_deadline_at"))
