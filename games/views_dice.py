"""The dice check page ``/games/<id>/dice/``: recompute a finished game's draws in the browser.

The server replays the log through the game's title with dice that write down every draw (the counter
it started at, the range n it drew from, the value and the next free counter: games.engine.draws). The
page's script (static/js/dice_check.js) checks with WebCrypto that SHA-256 of the revealed seed is the
commitment published at the start, and recomputes every draw from the seed with HMAC-SHA-256 as
docs/dice.md describes. Before the end the seed is secret: the page shows the commitment only.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import selectors
from games.errors import NotFound
from games.models import Game
from games.presenters.errors import error_text
from games.titles import title_of

MAX_DRAWS = 20_000


def recorded_draws(game: Game) -> list[list[int]]:
    """Every draw of a finished version-2 game, in order, from the setup on (its title replays the log)."""

    def steps() -> Iterator[tuple[int, dict[str, Any]]]:
        for row in game.actions.filter(taken_back=False).order_by("sequence"):
            if row.seat is None:  # the column allows it, but every submitted step is stored with its seat
                raise ValueError(f"log row {row.pk} of game {game.pk} has no seat")
            yield row.seat, row.action

    title = title_of(game)
    return title.replay_draws(title.content(), game.seat_count, game.seed, steps(), MAX_DRAWS)


def dice_check(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = selectors.game_get_for_user(user=request.user, game_id=game_id)
    except NotFound as exc:
        from django.http import Http404

        raise Http404(error_text(exc)) from exc
    context: dict[str, Any] = {"game": game, "finished": game.is_finished, "checkable": False}
    if game.is_finished and game.dice_version == 2:
        context["checkable"] = True
        context["check_data"] = {"seed": game.seed, "commitment": game.seed_commitment,
                                 "draws": recorded_draws(game)}
    return render(request, "games/dice_check.html", context)
