"""Seasons: creating one, starting it (now, or when its date comes), and the beat that advances them."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.rules.setup import MAX_SEATS
from games.errors import InvalidRequest
from games.models import Game

from ..models import Club, Round, Season
from .membership import require_organiser
from .rounds import round_date, round_draw


def validate_season(*, table_size: int, rounds: int, deadline_hours: int, points: list, missed_turn_limit: int,
                    round_days: int) -> None:
    if not 1 <= table_size <= MAX_SEATS:
        raise InvalidRequest(_("A table has 1 to %(max)d players."), max=MAX_SEATS)
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


def season_start(*, season: Season, user=None) -> Round | None:
    """Start the season now (an organiser, or ``advance_seasons`` at the start date): draw round 1."""
    if user is not None:
        require_organiser(season.club, user)
    claimed = Season.objects.filter(pk=season.pk, status=Season.Status.ENTRY).update(status=Season.Status.RUNNING)
    if not claimed:
        return None
    season.refresh_from_db()
    if user is not None and season.starts_at > timezone.now():
        Season.objects.filter(pk=season.pk).update(starts_at=timezone.now())
        season.refresh_from_db()
    return round_draw(season=season, number=1)


def advance_seasons(now=None) -> int:
    """Beat: start seasons whose date has come, and fixed-date rounds whose date has come."""
    now = now or timezone.now()
    done = 0
    for season in Season.objects.filter(status=Season.Status.ENTRY, starts_at__lte=now):
        if season_start(season=season) is not None:
            done += 1
    for season in Season.objects.filter(status=Season.Status.RUNNING, round_start=Season.RoundStart.DATES):
        drawn = season.round_set.count()
        due = round_date(season, drawn + 1) if drawn < season.rounds else None
        if due is not None and due <= now:
            if round_draw(season=season, number=drawn + 1) is not None:
                done += 1
    return done
