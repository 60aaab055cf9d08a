"""Services write: clubs and members, seasons and entries, drawing rounds, recording results.

Who may do what (rulings R-137): the owner and organisers run the club's seasons, accept join
requests, invite and remove members; only the owner changes roles; the owner cannot leave or be
removed (hand the club over first). A member enters and withdraws from seasons.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import queue
from games import services as game_services
from games.engine.setup import MAX_SEATS
from games.errors import InvalidRequest, NotAllowed
from games.models import Game

from . import fixtures, mails, ratings
from .models import Club, Entry, JoinRequest, LeagueTable, Membership, Round, Season, TableSeat
from .results import placings

log = logging.getLogger(__name__)
Role = Membership.Role


def _now():
    return timezone.now()


def membership_of(club: Club, user) -> Membership | None:
    if user is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


def require_organiser(club: Club, user) -> Membership:
    membership = membership_of(club, user)
    if membership is None or not membership.organises:
        raise NotAllowed(_("Only the club's organisers may do this."))
    return membership


def require_member(club: Club, user) -> Membership:
    membership = membership_of(club, user)
    if membership is None:
        raise NotAllowed(_("Only members of the club may do this."))
    return membership


# --- clubs and members ------------------------------------------------------------------------------------
def club_create(*, user, name: str, description: str = "", visibility: str = Club.Visibility.PUBLIC,
                language: str = "de") -> Club:
    name = name.strip()
    if not name:
        raise InvalidRequest(_("A club needs a name."))
    if Club.objects.filter(name__iexact=name).exists():
        raise InvalidRequest(_("A club of this name exists already."))
    with transaction.atomic():
        club = Club.objects.create(name=name, description=description.strip(), visibility=visibility,
                                   language=language)
        Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return club


def club_update(*, user, club: Club, **fields) -> Club:
    require_organiser(club, user)
    for name in ("name", "description", "visibility", "language"):
        if name in fields:
            setattr(club, name, fields[name])
    club.save()
    return club


def _add_member(club: Club, user) -> Membership:
    membership, _created = Membership.objects.get_or_create(club=club, user=user)
    JoinRequest.objects.filter(club=club, user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.ACCEPTED)
    return membership


def club_join_by_link(*, user, club: Club, code: str) -> Membership:
    if code != club.invite_code:
        raise NotAllowed(_("This invitation link is not valid (any more)."))
    return _add_member(club, user)


def join_request_create(*, user, club: Club, message: str = "") -> JoinRequest:
    if membership_of(club, user) is not None:
        raise InvalidRequest(_("You are a member of this club already."))
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(club=club, user=user, message=message[:300])
    except IntegrityError as exc:
        raise InvalidRequest(_("You have asked to join this club already.")) from exc


def join_request_decide(*, user, request: JoinRequest, accept: bool) -> JoinRequest:
    require_organiser(request.club, user)
    if request.status != JoinRequest.Status.PENDING:
        raise InvalidRequest(_("This request was decided already."))
    with transaction.atomic():
        if accept:
            _add_member(request.club, request.user)
            request.status = JoinRequest.Status.ACCEPTED
        else:
            request.status = JoinRequest.Status.DECLINED
        request.save(update_fields=["status"])
    return request


def member_invite_email(*, user, club: Club, email: str) -> None:
    """Send the club's invitation link to an address (a friend need not have an account yet)."""
    require_organiser(club, user)
    mails.send_invitation(club=club, email=email, inviter=user)


def invite_link_renew(*, user, club: Club) -> str:
    require_organiser(club, user)
    from .models import new_code

    club.invite_code = new_code()
    club.save(update_fields=["invite_code"])
    return club.invite_code


def member_leave(*, user, club: Club) -> None:
    membership = require_member(club, user)
    if membership.role == Role.OWNER:
        raise NotAllowed(_("The owner cannot leave the club; make someone else owner first."))
    _withdraw_everywhere(club, user)
    membership.delete()


def member_remove(*, user, club: Club, member) -> None:
    acting = require_organiser(club, user)
    target = membership_of(club, member)
    if target is None:
        raise InvalidRequest(_("This person is not a member of the club."))
    if target.role == Role.OWNER or (target.role == Role.ORGANISER and acting.role != Role.OWNER):
        raise NotAllowed(_("Only the owner may remove an organiser, and nobody the owner."))
    _withdraw_everywhere(club, member)
    target.delete()


def member_set_role(*, user, club: Club, member, role: str) -> Membership:
    acting = require_member(club, user)
    if acting.role != Role.OWNER:
        raise NotAllowed(_("Only the owner may change roles."))
    target = membership_of(club, member)
    if target is None:
        raise InvalidRequest(_("This person is not a member of the club."))
    if role not in Role.values:
        raise InvalidRequest(_("There is no such role."))
    with transaction.atomic():
        if role == Role.OWNER:  # handing the club over: the old owner becomes an organiser
            acting.role = Role.ORGANISER
            acting.save(update_fields=["role"])
        target.role = role
        target.save(update_fields=["role"])
    return target


def _withdraw_everywhere(club: Club, user) -> None:
    for entry in Entry.objects.filter(season__club=club, user=user, withdrawn_at__isnull=True).exclude(
            season__status=Season.Status.FINISHED):
        _withdraw(entry)


# --- seasons -------------------------------------------------------------------------------------------------
def validate_season(*, table_size: int, rounds: int, deadline_hours: int, points: list, missed_turn_limit: int,
                    round_days: int) -> None:
    if not 1 <= table_size <= MAX_SEATS:
        raise InvalidRequest(_("A table has 1 to %(max)d players.") % {"max": MAX_SEATS})
    if not 1 <= rounds <= 50:
        raise InvalidRequest(_("A season has 1 to 50 rounds."))
    if not 1 <= deadline_hours <= 24 * 14:
        raise InvalidRequest(_("The turn deadline must lie between 1 hour and 14 days."))
    if not 1 <= missed_turn_limit <= 20:
        raise InvalidRequest(_("Allow 1 to 20 missed turns."))
    if not 1 <= round_days <= 90:
        raise InvalidRequest(_("Rounds lie 1 to 90 days apart."))
    if not points or len(points) > 6 or any(not isinstance(p, int) or not 0 <= p <= 100 for p in points):
        raise InvalidRequest(_("League points: one whole number from 0 to 100 per place, at most six."))
    if list(points) != sorted(points, reverse=True):
        raise InvalidRequest(_("League points must not grow with a worse place."))


def season_create(*, user, club: Club, name: str, starts_at, table_size: int = 4, rounds: int = 3,
                  deadline_hours: int = 72, deadline_consequence: str = Game.DeadlineConsequence.BOT,
                  missed_turn_limit: int = 3, round_start: str = Season.RoundStart.PREVIOUS_ENDS,
                  round_days: int = 14, game_options: dict | None = None, points: list | None = None,
                  bye_points: int | None = None, division: int = 1, promote: int = 0,
                  previous: Season | None = None) -> Season:
    require_organiser(club, user)
    if not name.strip():
        raise InvalidRequest(_("A season needs a name."))
    points = list(points) if points is not None else list(Season._meta.get_field("points").default())
    validate_season(table_size=table_size, rounds=rounds, deadline_hours=deadline_hours, points=points,
                    missed_turn_limit=missed_turn_limit, round_days=round_days)
    if deadline_consequence not in Game.DeadlineConsequence.values:
        raise InvalidRequest(_("There is no such consequence."))
    if round_start not in Season.RoundStart.values:
        raise InvalidRequest(_("There is no such way to start rounds."))
    return Season.objects.create(
        club=club, name=name.strip(), starts_at=starts_at, table_size=table_size, rounds=rounds,
        deadline_hours=deadline_hours, deadline_consequence=deadline_consequence,
        missed_turn_limit=missed_turn_limit, round_start=round_start, round_days=round_days,
        game_options=dict(game_options or {}), points=points,
        bye_points=Season.bye_points.field.default if bye_points is None else bye_points,
        division=division, promote=promote, previous=previous, created_by=user,
    )


def season_enter(*, user, season: Season, by=None) -> Entry:
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


def season_withdraw(*, user, season: Season, member=None) -> Entry:
    """Withdraw from a season (an organiser may withdraw ``member``)."""
    target = member or user
    if member is not None and member != user:
        require_organiser(season.club, user)
    entry = Entry.objects.filter(season=season, user=target, withdrawn_at__isnull=True).first()
    if entry is None:
        raise InvalidRequest(_("There is no entry to withdraw."))
    _withdraw(entry)
    return entry


def _withdraw(entry: Entry) -> None:
    """Ruling R-134: a withdrawn player's running league games go on with the stand-in bot at the seat."""
    from games.models import Seat

    with transaction.atomic():
        entry.withdrawn_at = _now()
        entry.save(update_fields=["withdrawn_at"])
        running = TableSeat.objects.filter(round__season=entry.season, user=entry.user, table__finished=False,
                                           table__game__isnull=False)
        for row in running.select_related("table__game"):
            Seat.objects.filter(game_id=row.table.game_id, index=row.seat_index).update(is_bot=True)
            TableSeat.objects.filter(pk=row.pk).update(dropped=True)
            game = row.table.game
            if game.status == Game.Status.SETUP:
                # In setup the stand-in takes the seat's setup steps one by one, as a lobby bot does.
                transaction.on_commit(lambda g=game.pk: game_services.schedule_bot(g))
            elif game.status == Game.Status.RUNNING and game.current_seat == row.seat_index:
                # The stand-in takes over the turn now rather than at the deadline.
                queue.send_on_commit("games.tasks.bot_play", game.pk, game.turn_number)


def season_start(*, season: Season, user=None) -> Round | None:
    """Start the season now (an organiser, or ``advance_seasons`` at the start date): draw round 1."""
    if user is not None:
        require_organiser(season.club, user)
    claimed = Season.objects.filter(pk=season.pk, status=Season.Status.ENTRY).update(status=Season.Status.RUNNING)
    if not claimed:
        return None
    season.refresh_from_db()
    if user is not None and season.starts_at > _now():
        Season.objects.filter(pk=season.pk).update(starts_at=_now())
        season.refresh_from_db()
    return round_draw(season=season, number=1)


def _history(season: Season) -> fixtures.History:
    history = fixtures.History()
    tables: dict[int, list[int]] = {}
    byes = []
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
                                           started_at=_now(), starts_at=_round_date(season, number))
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


def _round_date(season: Season, number: int):
    if season.round_start == Season.RoundStart.DATES:
        return season.starts_at + timedelta(days=season.round_days * (number - 1))
    return None


# --- results ---------------------------------------------------------------------------------------------------
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
            status=Round.Status.FINISHED, finished_at=_now()):
        return
    season = rnd.season
    if rnd.number >= season.rounds:
        if not season.round_set.exclude(status=Round.Status.FINISHED).exists():
            season_finish(season=season)
    elif season.round_start == Season.RoundStart.PREVIOUS_ENDS:
        round_draw(season=season, number=rnd.number + 1)


def season_finish(*, season: Season) -> bool:
    if not Season.objects.filter(pk=season.pk, status=Season.Status.RUNNING).update(
            status=Season.Status.FINISHED, finished_at=_now()):
        return False
    queue.send_on_commit("leagues.tasks.mail_season_finished", season.pk)
    return True


# --- mails (sent by the tasks after the commit that drew the round or finished the season) ----------------------
def round_mail(*, season_id: int, round_id: int) -> int:
    """Tell the round's players their tables; returns how many mails went out."""
    rnd = Round.objects.select_related("season__club").filter(pk=round_id, season_id=season_id).first()
    return mails.send_round(rnd) if rnd else 0


def season_finished_mail(*, season_id: int) -> int:
    """Tell the season's players the final standings; returns how many mails went out."""
    season = Season.objects.select_related("club").filter(pk=season_id).first()
    return mails.send_season_finished(season) if season else 0


def advance_seasons(now=None) -> int:
    """Beat: start seasons whose date has come, and fixed-date rounds whose date has come."""
    now = now or _now()
    done = 0
    for season in Season.objects.filter(status=Season.Status.ENTRY, starts_at__lte=now):
        if season_start(season=season) is not None:
            done += 1
    for season in Season.objects.filter(status=Season.Status.RUNNING, round_start=Season.RoundStart.DATES):
        drawn = season.round_set.count()
        if drawn < season.rounds and _round_date(season, drawn + 1) <= now:
            if round_draw(season=season, number=drawn + 1) is not None:
                done += 1
    return done


# --- divisions -------------------------------------------------------------------------------------------------
def season_successors(*, user, seasons: list[Season], name: str, starts_at) -> list[Season]:
    """The next season of every division, with promotion and relegation (ruling R-138).

    ``seasons`` are one finished season per division of a club. The top ``promote`` players of
    each division but the first move up, the bottom ``promote`` of each division but the last move
    down; everyone else stays. Withdrawn players are not carried over.
    """
    from .selectors import season_standings

    seasons = sorted(seasons, key=lambda s: s.division)
    if not seasons:
        raise InvalidRequest(_("Choose the seasons to continue."))
    club = seasons[0].club
    require_organiser(club, user)
    if any(s.club_id != club.pk for s in seasons) or len({s.division for s in seasons}) != len(seasons):
        raise InvalidRequest(_("One season per division of the same club."))
    if any(s.status != Season.Status.FINISHED for s in seasons):
        raise InvalidRequest(_("Promotion needs finished seasons."))
    ranked = [[row.user for row in season_standings(s) if row.active] for s in seasons]
    moved = promotion(ranked, [s.promote for s in seasons])
    created = []
    with transaction.atomic():
        for season, members in zip(seasons, moved, strict=True):
            successor = season_create(
                user=user, club=club, name=name, starts_at=starts_at, table_size=season.table_size,
                rounds=season.rounds, deadline_hours=season.deadline_hours,
                deadline_consequence=season.deadline_consequence, missed_turn_limit=season.missed_turn_limit,
                round_start=season.round_start, round_days=season.round_days, game_options=season.game_options,
                points=season.points, bye_points=season.bye_points, division=season.division,
                promote=season.promote, previous=season)
            for member in members:
                if membership_of(club, member) is not None:
                    Entry.objects.create(season=successor, user=member)
            created.append(successor)
    return created


def promotion(ranked: list[list], promote: list[int]) -> list[list]:
    """Pure: the divisions' final orders (top division first) -> next season's players per division."""
    result = [list(players) for players in ranked]
    for upper in range(len(ranked) - 1):
        lower = upper + 1
        count = min(promote[upper], len(ranked[upper]) // 2, len(ranked[lower]) // 2)
        if count <= 0:
            continue
        down = ranked[upper][-count:]
        up = ranked[lower][:count]
        result[upper] = [p for p in result[upper] if p not in down] + up
        result[lower] = down + [p for p in result[lower] if p not in up]
    return result
