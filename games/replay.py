"""Replaying a game's log from its seed, to check the rows and to rebuild after a take-back."""

from __future__ import annotations

from games.engine import State, apply, dice_for, new_game
from games.engine.content import load_content

from .models import Game


def replay_state(game: Game, upto: int | None = None) -> State:
    """The state rebuilt from the seed and every applied (not taken back) action of the log."""
    content = load_content()
    # A game stored before issue 11 has no rules_version: it replays by the old rules (version 1).
    version = (game.global_state or {}).get("rules_version", 1)
    state = new_game(content, game.seat_count, game.seed, rules_version=version,
                     dice_version=game.dice_version)
    for row in game.actions.filter(taken_back=False).order_by("sequence"):
        if upto is not None and row.sequence > upto:
            break
        state, _ = apply(content, state, row.seat, row.action, dice_for(game.dice_version, game.seed, row.sequence))
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
