"""The site-wide skill rating: openskill's Plackett-Luce model over every finished rated game.

Order independence (ruling R-136): ratings are a fold over rated games in a canonical order — by game
id, i.e. the order the games were created — never the order they finished. When a game finishes, the
history from that game on is rebuilt, so the result is the same whichever game of a round ends first.
Stand-in (bot) seats are not rated; the humans of such a game are rated among themselves and their
entries are marked ``with_bot``. A game with fewer than two rated humans changes nobody's rating.
"""

from __future__ import annotations

from django.db import transaction
from openskill.models import PlackettLuce

from games.models import Game

from .models import RatingEntry
from .results import placings

MODEL = PlackettLuce()


def default_rating() -> tuple[float, float]:
    rating = MODEL.rating()
    return rating.mu, rating.sigma


def ordinal(mu: float, sigma: float) -> float:
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def rated_games():
    return Game.objects.filter(status=Game.Status.FINISHED, options__rated=True).order_by("pk")


def is_rated(game: Game) -> bool:
    return bool((game.options or {}).get("rated")) and game.status == Game.Status.FINISHED


def _pair(current: dict[int, tuple[float, float]], user_id: int) -> tuple[float, float]:
    return current.get(user_id) or default_rating()


def _rate(game: Game, current: dict[int, tuple[float, float]]) -> list[RatingEntry]:
    results = [(r, r.user_id) for r in placings(game) if not r.stand_in and r.user_id is not None]
    if len(results) < 2:
        return []
    with_bot = len(results) < game.seat_count
    teams = [[MODEL.rating(*_pair(current, user_id))] for _r, user_id in results]
    rated = MODEL.rate(teams, ranks=[r.place for r, _u in results])
    entries = []
    for (result, user_id), (rating,) in zip(results, rated, strict=True):
        current[user_id] = (rating.mu, rating.sigma)
        entries.append(RatingEntry(user_id=user_id, game=game, place=result.place, mu=rating.mu,
                                   sigma=rating.sigma, ordinal=rating.ordinal(), with_bot=with_bot))
    return entries


def rebuild_from(game_id: int) -> int:
    """Recompute every rating entry of rated games with id >= ``game_id``; returns games rated."""
    with transaction.atomic():
        # One rebuild at a time: the row of the first rated game serves as the lock (PostgreSQL;
        # SQLite serialises writers anyway), so two games finishing together cannot interleave.
        first = rated_games().values_list("pk", flat=True).first()
        if first is not None:
            list(Game.objects.select_for_update().filter(pk=first).values_list("pk", flat=True))
        RatingEntry.objects.filter(game_id__gte=game_id).delete()
        current: dict[int, tuple[float, float]] = {}
        for entry in RatingEntry.objects.filter(game_id__lt=game_id).order_by("game_id"):
            current[entry.user_id] = (entry.mu, entry.sigma)
        count = 0
        for game in rated_games().filter(pk__gte=game_id).prefetch_related("seats"):
            RatingEntry.objects.bulk_create(_rate(game, current))
            count += 1
    return count


def rating_of(user) -> tuple[float, float, float]:
    """(mu, sigma, ordinal) of the user now: the last entry, or the model's starting rating."""
    entry = RatingEntry.objects.filter(user=user).order_by("-game_id").first()
    if entry is None:
        mu, sigma = default_rating()
        return mu, sigma, ordinal(mu, sigma)
    return entry.mu, entry.sigma, entry.ordinal
