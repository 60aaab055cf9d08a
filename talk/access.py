"""Who may do what in a game's table talk: checked here, in one place, before anything is done.

Roles: a *player* holds a (not dropped) seat; a *spectator* is any other signed-in user watching a
public game; everybody else is a *stranger* and sees nothing of the talk.
"""

from __future__ import annotations

from enum import StrEnum

from django.conf import settings
from django.utils.module_loading import import_string

from games import selectors
from games.models import Game, Seat

from .models import ChatMessage


class Role(StrEnum):
    PLAYER = "player"
    SPECTATOR = "spectator"
    STRANGER = "stranger"


WATCHABLE = (Game.Status.SETUP, Game.Status.RUNNING, Game.Status.FINISHED)


def seat_of(user, game: Game) -> Seat | None:
    return selectors.seat_for_user(game=game, user=user)


def role_of(user, game: Game) -> Role:
    if user is None or not user.is_authenticated:
        return Role.STRANGER
    if seat_of(user, game) is not None:
        return Role.PLAYER
    if game.visibility == Game.Visibility.PUBLIC and game.status in WATCHABLE:
        return Role.SPECTATOR
    return Role.STRANGER


def game_over(game: Game) -> bool:
    return game.status in (Game.Status.FINISHED, Game.Status.ABANDONED)


def readable_rooms(user, game: Game) -> list[str]:
    """Players read their room; spectators theirs; after the end everybody who may watch reads both."""
    role = role_of(user, game)
    if role is Role.STRANGER:
        return []
    if game_over(game):
        return [ChatMessage.Room.PLAYERS, ChatMessage.Room.SPECTATORS]
    return [ChatMessage.Room.PLAYERS if role is Role.PLAYER else ChatMessage.Room.SPECTATORS]


def writable_room(user, game: Game) -> str | None:
    """The one room the user writes to (players never into the spectators' room and vice versa)."""
    role = role_of(user, game)
    if role is Role.PLAYER:
        return ChatMessage.Room.PLAYERS
    if role is Role.SPECTATOR:
        return ChatMessage.Room.SPECTATORS
    return None


def may_moderate(user, game: Game) -> bool:
    """The game's creator hides messages; so may whoever a registered hook names (club organisers).

    ``settings.TALK_MODERATION_HOOKS`` lists dotted paths of callables ``hook(user, game) -> bool``;
    the leagues app adds its "organiser of the game's club" check there.
    """
    if user is None or not user.is_authenticated:
        return False
    if game.creator_id == user.pk:
        return True
    return any(import_string(path)(user, game) for path in getattr(settings, "TALK_MODERATION_HOOKS", ()))


def moderators_of(game: Game) -> list:
    """Whoever may hide the game's messages and hears of reports: its creator and the organisers of the
    club whose league game it is (``leagues.selectors.organisers_of_game``)."""
    from leagues.selectors import organisers_of_game

    people = [game.creator] if game.creator_id and game.creator.is_active else []
    people += [u for u in organisers_of_game(game) if u.is_active and u.pk != game.creator_id]
    return people


def may_open(user, game: Game) -> bool:
    """Whether the user sees the game's talk at all: readers of a room, and moderators (who are shown the
    reported messages of rooms they do not read, to judge them)."""
    return role_of(user, game) is not Role.STRANGER or may_moderate(user, game)


def may_manage(user, game: Game) -> bool:
    """Game-level settings of the talk (spectator delay, webhooks): the creator only."""
    return user is not None and user.is_authenticated and game.creator_id == user.pk
