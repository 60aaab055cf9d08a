"""The dice check page ``/games/<id>/dice/``: recompute a finished game's draws in the browser.

The server replays the log with dice that write down every draw (the counter it started at, the
range n it drew from, the value and the next free counter). The page's script (static/js/dice_check.js)
checks with WebCrypto that SHA-256 of the revealed seed is the commitment published at the start,
and recomputes every draw from the seed with HMAC-SHA-256 as docs/dice.md describes. Before the end
the seed is secret: the page shows the commitment only.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import selectors
from games.engine import CounterDice, apply, new_game
from games.engine.content import load_content
from games.errors import NotFound
from games.models import Game

MAX_DRAWS = 20_000


class RecordingDice(CounterDice):
    """Version-2 dice that write down each draw: [counter, n, value, next counter]."""

    def __init__(self, seed: str, record: list[list[int]]) -> None:
        super().__init__(seed)
        self.record = record

    def _below(self, n: int) -> int:
        start = self.counter
        value = super()._below(n)
        self.record.append([start, n, value, self.counter])
        return value


def recorded_draws(game: Game) -> list[list[int]]:
    """Every draw of a finished version-2 game, in order, from the setup on."""
    content = load_content()
    record: list[list[int]] = []
    state = new_game(content, game.seat_count, game.seed, dice=RecordingDice(game.seed, record))
    for row in game.actions.filter(taken_back=False).order_by("sequence"):
        if row.seat is None:  # the column allows it, but every submitted step is stored with its seat
            raise ValueError(f"log row {row.pk} of game {game.pk} has no seat")
        state, _ = apply(content, state, row.seat, row.action, RecordingDice(game.seed, record))
        if len(record) > MAX_DRAWS:
            break
    return record[:MAX_DRAWS]


def dice_check(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = selectors.game_get_for_user(user=request.user, game_id=game_id)
    except NotFound as exc:
        from django.http import Http404

        raise Http404(exc.message) from exc
    context: dict[str, Any] = {"game": game, "finished": game.is_finished, "checkable": False}
    if game.is_finished and game.dice_version == 2:
        context["checkable"] = True
        context["check_data"] = {"seed": game.seed, "commitment": game.seed_commitment,
                                 "draws": recorded_draws(game)}
    return render(request, "games/dice_check.html", context)
