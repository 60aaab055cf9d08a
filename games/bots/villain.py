"""A bot on the co-op variant's villain seat (issue 18): it leads the Diener to the temple's fires.

The automatic seat has one action (``march_servants``). A bot playing the villain player steps the Diener
that gets nearest to a free fire, by the ordinary paths the Diener may use (no water, no secret field),
and ends its turn when no step brings a Diener nearer.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from games.engine.content.model import Content, FieldKind, PathKind
from games.engine.core.actions import Action, EndTurn, MarchServants, MoveServant

from .knowledge import known_board

BARRIERS = (FieldKind.WATER, FieldKind.SECRET)
FAR = 999


def plays_villain(seen: dict[str, Any]) -> bool:
    coop = seen.get("coop")
    return coop is not None and coop.get("villain_seat") == seen["seat"]


def choose(content: Content, seen: dict[str, Any], legal: list[Action]) -> Action:
    for action in legal:
        if isinstance(action, MarchServants):
            return action
    moves = [a for a in legal if isinstance(a, MoveServant)]
    done = next((a for a in legal if isinstance(a, EndTurn)), legal[0])
    if not moves:
        return done
    coop = seen["coop"]
    dist = fire_distances(content, seen, set(coop["fires"]) - set(coop["held_fires"]))
    where = {t["id"]: t["field"] for t in seen["tokens"] if t["id"]}

    def gain(move: MoveServant) -> tuple[int, int, str, str]:
        before = dist.get(where.get(move.token, ""), FAR)
        after = dist.get(move.to, FAR)
        return (after - before, after, move.token, move.to)

    best = min(moves, key=gain)
    return best if gain(best)[0] < 0 else done


def fire_distances(content: Content, seen: dict[str, Any], fires: set[str]) -> dict[str, int]:
    """Steps from every field of the known board to the nearest free fire, over the Diener's ways."""
    board = known_board(content, seen)
    reverse: dict[str, list[str]] = {}
    for frm, links in board.links.items():
        for link in links:
            if link.kind is PathKind.PATH and board.field(link.to).kind not in BARRIERS:
                reverse.setdefault(link.to, []).append(frm)
    dist = {fire: 0 for fire in fires if fire in board.links}
    queue = deque(dist)
    while queue:
        code = queue.popleft()
        for prev in reverse.get(code, ()):
            if prev not in dist:
                dist[prev] = dist[code] + 1
                queue.append(prev)
    return dist
