"""One-click walking (issue 16): a route walked as ordinary logged moves, one submit per step."""

from __future__ import annotations

from games import cache as game_cache
from games import walking
from games.errors import GameServiceError, IllegalAction, InvalidRequest, StaleVersion
from games.models import Game, GameAction
from games.persistence import load_state
from games.titles import title_of

from .submit import action_submit, seat_of


def walk_to(*, game: Game, user, to: str, expected_version: int, idempotency_key: str) -> list[GameAction]:
    """Walk the cheapest route to ``to`` in one request, one engine ``move`` (one logged step) at a time.

    Each step goes through ``action_submit`` with its real dice, so each can be taken back like a
    single move. The walk stops after the first step that does more than walk (a token is turned over,
    a card explored, a monster stops the hero, a secret path is not found, a decision is pending).
    The same idempotency key sent again returns the steps it already made.
    """
    if not idempotency_key or len(idempotency_key) > 60:
        raise InvalidRequest("idempotency_key_missing", max=60)
    done = list(GameAction.objects.filter(game=game, idempotency_key__startswith=f"{idempotency_key}:")
                .order_by("sequence"))
    if done:
        return done
    seat = seat_of(game, user).index
    game.refresh_from_db()
    if game.version != expected_version:
        raise StaleVersion("version_moved_on", version=game.version, sent=expected_version)
    # The routes the page offered at this version (games.cache keeps them per version and seat): a click
    # plans nothing again (issue 17, eleventh wave).
    routes = game_cache.walk_routes(game=game, seat=seat,
                                    build=lambda: walking.reachable(title_of(game).content(), load_state(game), seat))
    route = routes.get(to)
    if route is None:
        raise IllegalAction("not_reachable_on_foot", field=to)
    rows: list[GameAction] = []
    version = expected_version
    for index, step in enumerate(route.steps):
        try:
            result = action_submit(game=game, user=user, action={"kind": "move", "to": step},
                                   expected_version=version, idempotency_key=f"{idempotency_key}:{index}")
        except GameServiceError:
            if not rows:
                raise
            break  # the steps made so far stand; the page shows where the hero got to
        rows.append(result.action)
        version = result.action.sequence
        if not walking.walk_continues(result.action.events):
            break
    return rows
