"""The rules variants a game may be created with (issue 18), as the site stores and seats them.

``Game.variant`` is blank for the ordinary game and ``"coop"`` for the author's cooperative variant
"Kooperativ gegen extraharte Monster". A co-op game has one seat more than it has heroes, its last: the
villains' seat. ``Game.villain`` says who takes it:

- ``"person"``: a player (or a bot) like any other seat — the last seat to be taken. ``Game.seat_count``
  counts it: a co-op game for three heroes and a villain player has four seats.
- ``"automatic"``: nobody; the site adds the seat itself when the game starts (``AUTOMATIC_LEVEL`` marks
  it) and the turn-start task plays its turns (``services.turns``). ``Game.seat_count`` counts only the
  seats people and bots take, so the game starts when the last hero's seat is taken.

Every place that sets up a game's state from its row (the start, the replays) asks ``engine_seats`` and
``new_game_options`` here, so the variant is passed to the title's ``new_game`` the same way everywhere.
"""

from __future__ import annotations

from typing import Any

COOP = "coop"
VARIANTS = ("", COOP)
PERSON = "person"
AUTOMATIC = "automatic"
VILLAINS = (PERSON, AUTOMATIC)
# Seat.bot_level of the seat the site adds for the automatic villains: no person, no bot (is_bot False).
AUTOMATIC_LEVEL = "automatic"
# How the engine names who leads the villains (games.engine.rules.setup.new_game's ``villain``).
ENGINE_VILLAIN = {PERSON: "player", AUTOMATIC: "automatic"}


def is_coop(game: Any) -> bool:
    return getattr(game, "variant", "") == COOP


def has_automatic_seat(game: Any) -> bool:
    """Whether the site itself adds and plays the villains' seat (a co-op game without a villain player)."""
    return is_coop(game) and game.villain == AUTOMATIC


def hero_count(game: Any) -> int:
    """How many heroes the game has: every seat but a co-op game's villains' seat."""
    if is_coop(game) and game.villain == PERSON:
        return int(game.seat_count) - 1
    return int(game.seat_count)


def engine_seats(game: Any) -> int:
    """How many seats the engine's state has (and how many Seat rows the game has once started)."""
    return int(game.seat_count) + (1 if has_automatic_seat(game) else 0)


def villain_seat(game: Any) -> int | None:
    """The index of a co-op game's villains' seat (its last), or None."""
    return engine_seats(game) - 1 if is_coop(game) else None


def new_game_options(game: Any) -> dict[str, Any]:
    """The keyword arguments that make the title's ``new_game`` set up the game's variant."""
    if not is_coop(game):
        return {}
    return {"variant": COOP, "villain": ENGINE_VILLAIN[game.villain]}


def new_game_args(game: Any) -> tuple[int, dict[str, Any]]:
    """The seat count and the variant's keyword arguments for the title's ``new_game``."""
    return hero_count(game), new_game_options(game)
