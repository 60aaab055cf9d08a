"""The end of a player's game: resigning a running game, and a rematch of a finished one."""

from __future__ import annotations

from django.db import transaction

from games import queue, variants
from games.errors import NotAllowed
from games.models import Game, Seat

from .lobby import game_create, game_join
from .submit import seat_of


def game_resign(*, game: Game, user) -> Seat:
    """The player gives up their seat. As the game's deadline setting says, a stand-in bot plays it
    on (``bot``) or it is dropped (``skip``/``drop``: its turns are skipped); the game goes on."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.RUNNING:
            raise NotAllowed("resign_running_only")
        seat = seat_of(game, user)
        if game.deadline_consequence == Game.DeadlineConsequence.BOT:
            Seat.objects.filter(pk=seat.pk).update(is_bot=True, dropped=False)
        else:
            Seat.objects.filter(pk=seat.pk).update(dropped=True)
        if game.current_seat == seat.index:
            queue.send_on_commit("games.tasks.bot_play", game.pk, game.turn_number)
    seat.refresh_from_db()
    return seat


def game_rematch(*, game: Game, user) -> Game:
    """A new game with the same settings and players (the asker first); asked twice, the same one."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.FINISHED:
            raise NotAllowed("rematch_after_end")
        players = [s.user for s in game.seats.select_related("user").order_by("index") if s.user_id]
        if user not in players:
            raise NotAllowed("rematch_by_player_only")
        existing = (game.options or {}).get("rematch")
        if existing and Game.objects.filter(pk=existing).exists():
            return Game.objects.get(pk=existing)
        new = game_create(
            creator=user, title=game.title, seat_count=len(players), deadline_hours=game.deadline_hours,
            visibility=Game.Visibility.PRIVATE, deadline_consequence=game.deadline_consequence,
            missed_turn_limit=game.missed_turn_limit, options=_rematch_options(game),
            variant=game.variant, villain=_rematch_villain(game, len(players)))
        for other in players:
            if other != user:
                game_join(game=new, user=other, invite_code=new.invite_code)
        game.options = {**(game.options or {}), "rematch": new.pk}
        game.save(update_fields=["options"])
    new.refresh_from_db()
    return new


def _rematch_villain(game: Game, players: int) -> str:
    """The same villains in a co-op rematch; automatic ones when a lone player is left for the heroes."""
    if game.villain == variants.PERSON and players < 2:
        return variants.AUTOMATIC
    return game.villain


def _rematch_options(game: Game) -> dict:
    kept = {k: v for k, v in (game.options or {}).items() if k not in ("rematch", "rematch_of")}
    return {**kept, "rematch_of": game.pk}
