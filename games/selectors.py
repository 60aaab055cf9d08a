"""Selectors read: every load of a game for a user goes through ``game_get_for_user``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

from games.engine import apply, dice_for, legal_actions, new_game
from games.engine import view as engine_view
from games.engine.content import load_content
from games.engine.visibility import action_for, events_for

from .errors import NotFound
from .models import Game, GameAction, Seat
from .persistence import load_state


def games_visible_to(user) -> QuerySet[Game]:
    """Games the user may see: public ones, and private ones where they have a seat or created them."""
    if user is None or not user.is_authenticated:
        return Game.objects.filter(visibility=Game.Visibility.PUBLIC)
    return Game.objects.filter(
        Q(visibility=Game.Visibility.PUBLIC) | Q(seats__user=user) | Q(creator=user)
    ).distinct()


#: Extension point: callables ``(user, game) -> bool`` that may grant a look at a private game
#: (leagues: club members see their club's league games). games never imports the granting app.
VIEW_GRANTS: list = []


def game_get_for_user(*, user, game_id: int, invite_code: str | None = None) -> Game:
    """The one access check for loading a game: a game the user may not see is 'not found'."""
    game = games_visible_to(user).filter(pk=game_id).first()
    if game is None and invite_code:
        game = Game.objects.filter(pk=game_id, invite_code=invite_code).first()
    if game is None and VIEW_GRANTS and user is not None and user.is_authenticated:
        candidate = Game.objects.filter(pk=game_id).first()
        game = candidate if candidate and any(grant(user, candidate) for grant in VIEW_GRANTS) else None
    if game is None:
        raise NotFound("There is no such game, or it is private.")
    return game


def seat_for_user(*, game: Game, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user, dropped=False).first()


def my_games(user) -> QuerySet[Game]:
    """The user's running games with "your turn" first, then by the nearest deadline."""
    my_turn = Seat.objects.filter(game=OuterRef("pk"), user=user, index=OuterRef("current_seat"))
    return (
        Game.objects.filter(seats__user=user)
        .exclude(status__in=[Game.Status.FINISHED, Game.Status.ABANDONED])
        .annotate(my_turn=Exists(my_turn))
        .order_by("-my_turn", "turn_deadline_at", "-created_at")
        .distinct()
    )


def open_games(user) -> QuerySet[Game]:
    qs = Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
    if user is not None and user.is_authenticated:
        qs = qs.exclude(seats__user=user)
    return qs.order_by("-created_at")


def finished_games(user) -> QuerySet[Game]:
    return games_visible_to(user).filter(status=Game.Status.FINISHED).order_by("-finished_at")


def player_view(*, game: Game, seat_index: int | None) -> dict[str, Any]:
    """Exactly the engine's view of the game for this seat (None: a spectator)."""
    if game.status == Game.Status.OPEN:
        return {"phase": "lobby", "seats": game.seat_count}
    return engine_view(load_content(), load_state(game), seat_index)


def visible_log(*, game: Game, seat_index: int | None) -> list[dict[str, Any]]:
    """The log as this seat may read it, through the engine's event visibility (ruling R-111):
    events hidden from it are left out, secrets in the others' events are cut out."""
    content = load_content()
    entries = []
    for row in GameAction.objects.filter(game=game).order_by("sequence"):
        events = events_for(content, seat_index, row.events)
        entries.append({
            "sequence": row.sequence,
            "seat": row.seat,
            "action": action_for(content, seat_index, row.seat, row.action),
            "events": events,
            "taken_back": row.taken_back,
            # Whether the step ended the take-back window; only told to its own seat.
            "sealed": row.sealed if seat_index is not None and seat_index == row.seat else None,
            "created_at": row.created_at,
        })
    return entries


def legal_actions_for(*, game: Game, seat_index: int | None) -> list:
    """The engine's legal actions of this seat now (none for spectators or games not being played)."""
    if seat_index is None or game.status not in (Game.Status.SETUP, Game.Status.RUNNING):
        return []
    return legal_actions(load_content(), load_state(game), seat_index)


@dataclass(frozen=True)
class SpectatorView:
    """What the public sees, possibly some turns late: the view, its turn and the last log row in it."""

    view: dict[str, Any]
    turn: int
    upto_sequence: int | None  # None: live, the whole log


def spectator_view(*, game: Game, delay: int) -> SpectatorView:
    """The public view (no seat's secrets) ``delay`` turns late: the game as it stood at the end of
    turn ``turn_number - delay``, replayed from the log. Finished games and no delay: live."""
    if delay <= 0 or game.status not in (Game.Status.SETUP, Game.Status.RUNNING):
        return SpectatorView(player_view(game=game, seat_index=None), game.turn_number, None)
    content = load_content()
    target = game.turn_number - delay
    state = new_game(content, game.seat_count, game.seed,
                     rules_version=(game.global_state or {}).get("rules_version", 1),
                     dice_version=game.dice_version)
    upto = 0
    for row in GameAction.objects.filter(game=game, taken_back=False).order_by("sequence"):
        after, _ = apply(content, state, row.seat, row.action,
                         dice_for(game.dice_version, game.seed, row.sequence))
        if after.turn > max(target, 0):
            break
        state, upto = after, row.sequence
    return SpectatorView(engine_view(content, state, None), state.turn, upto)
