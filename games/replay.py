"""Replaying a game's log from its seed, to check the rows, to rebuild after a take-back and to show
the position after any step.

Long games keep snapshots: the state after every ``SNAPSHOT_EVERY``-th step goes into the shared cache,
so a replay starts from the nearest snapshot at or before the wanted step instead of from the seed.
A snapshot's key names the steps taken back so far (a take-back changes which rows count), so a
stale one is never asked for.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from django.core.cache import cache

from games.titles import title_of

from . import standing, variants
from .models import Game

if TYPE_CHECKING:
    from games.engine import State

SNAPSHOT_EVERY = 50
SNAPSHOT_SECONDS = 3600


def initial_state(content, game: Game) -> State:
    """The state a game's log starts from: its seed and seats, with the rules and the dice of the
    version it was created under (a game stored before issue 11 has no rules_version: version 1)."""
    version = (game.global_state or {}).get("rules_version", 1)
    seats, options = variants.new_game_args(game)  # the variant's seats and options (issue 18)
    return title_of(game).new_game(content, seats, game.seed, rules_version=version,
                                   dice_version=game.dice_version, **options)


def _snapshot_key(game: Game, taken_back: list[int], sequence: int) -> str:
    generation = hashlib.blake2s(",".join(map(str, taken_back)).encode(), digest_size=6).hexdigest()
    return f"game:{game.pk}:{game.seed[:8]}:replay:{generation}:{sequence}"


def replay_row(content, game: Game, state: State, row) -> State:
    """The state after one log row: the standing settings recorded on it (R-181), then its action with
    the game's dice for that step. Every replay of a log goes through here."""
    state, _ = standing.replayed(state, row.settings)
    title = title_of(game)
    dice = title.dice_for(game.dice_version, game.seed, row.sequence)
    state, _ = title.apply(content, state, row.seat, row.action, dice)
    return state


def replay_state(game: Game, upto: int | None = None, *, snapshots: bool = True) -> State:
    """The state rebuilt from the seed and every applied (not taken back) action of the log up to
    ``upto`` (all of it: None) — from the nearest cached snapshot when ``snapshots``."""
    content = title_of(game).content()
    rows = game.actions.order_by("sequence")
    if upto is not None:
        rows = rows.filter(sequence__lte=upto)
    state, start = None, 0
    taken_back: list[int] = []
    if snapshots:
        taken_back = list(game.actions.filter(taken_back=True).order_by("sequence").values_list("sequence", flat=True))
        last = upto if upto is not None else (rows.values_list("sequence", flat=True).last() or 0)
        start = last - last % SNAPSHOT_EVERY
        while start > 0 and state is None:
            state = cache.get(_snapshot_key(game, taken_back, start))
            if state is None:
                start -= SNAPSHOT_EVERY
    if state is None:
        state, start = initial_state(content, game), 0
    fresh = {}
    for row in rows.filter(sequence__gt=start, taken_back=False).only("sequence", "seat", "action", "settings"):
        state = replay_row(content, game, state, row)
        if snapshots and row.sequence % SNAPSHOT_EVERY == 0:
            fresh[_snapshot_key(game, taken_back, row.sequence)] = state
    if fresh:
        cache.set_many(fresh, SNAPSHOT_SECONDS)
    return state


def differences(expected: State, actual: State) -> list[str]:
    """Human-readable differences between two states (empty when they agree)."""
    a, b = expected.to_json(), actual.to_json()
    result = []
    for key in sorted(set(a) | set(b)):
        if a.get(key) == b.get(key):
            continue
        if isinstance(a.get(key), dict) and isinstance(b.get(key), dict):
            for sub in sorted(set(a[key]) | set(b[key])):
                if a[key].get(sub) != b[key].get(sub):
                    result.append(f"{key}.{sub}: replay {a[key].get(sub)!r} != rows {b[key].get(sub)!r}")
        elif isinstance(a.get(key), list) and isinstance(b.get(key), list) and len(a[key]) == len(b[key]):
            for i, (x, y) in enumerate(zip(a[key], b[key], strict=True)):
                if x != y:
                    result.append(f"{key}[{i}]: replay {x!r} != rows {y!r}")
        else:
            result.append(f"{key}: replay {a.get(key)!r} != rows {b.get(key)!r}")
    return result
