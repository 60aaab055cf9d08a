"""Divisions: the next season of every division, with promotion and relegation (ruling R-138)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import InvalidRequest

from ..models import Entry, Season
from ..selectors import season_standings
from .membership import membership_of, require_organiser
from .seasons import season_create


def season_successors(*, user, seasons: list[Season], name: str, starts_at) -> list[Season]:
    """The next season of every division, with promotion and relegation (ruling R-138).

    ``seasons`` are one finished season per division of a club. The top ``promote`` players of
    each division but the first move up, the bottom ``promote`` of each division but the last move
    down; everyone else stays. Withdrawn players are not carried over.
    """
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
