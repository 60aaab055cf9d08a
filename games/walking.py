"""One-click walking: every field the acting hero can walk to this turn, with its cost and route.

Pure Python over the engine (no Django), used by the game page (to draw the reachable fields with
their cost) and by ``services.walk_to`` (to walk a route one engine step at a time).

A route goes through the engine's own ``apply`` of ``Move`` actions, so it can never differ from the
rules. It is planned with stand-in dice that always find a secret path; the chance of the real rolls
is shown instead. A route ends at the first step after which the walk must stop and the player look:
any event but plain walking (a token is turned over, a card explored, a monster stops the hero, a
search fails, a decision is pending), or no further ``Move`` is legal.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction

from games.engine import IllegalActionError, apply_offered, legal_movement
from games.engine.content.model import Content
from games.engine.core.actions import Move
from games.engine.core.state import State

# Events after which a walk may go on: the step only moved the hero (and maybe paid a ferry).
WALKING_EVENTS = frozenset({"moved", "crossing_paid", "boat_crossed", "secret_path_search"})
MAX_STEPS = 12   # more movement points than any hero has in one turn


def chance_at_most(target: int) -> Fraction:
    """P(2W6 ≤ target)."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= target)
    return Fraction(hits, 36)


@dataclass
class Route:
    to: str                                  # the Move target of the last step ("F2" or "?12")
    steps: list[str] = field(default_factory=list)
    points: int = 0                          # movement points used
    gold: int = 0                            # gold paid for crossings
    chance: Fraction = Fraction(1)           # that every secret path on the way is found
    rolls: int = 0                           # how many secret path rolls on the way
    stops: bool = False                      # the walk stops here (something is revealed or ends)

    @property
    def percent(self) -> int:
        return round(self.chance * 100)


class _PlanningDice:
    """Every secret path is found (the chance is reported separately); nothing else is decided here."""

    def d6(self) -> int:
        return 1

    def pick(self, options):
        return options[0]

    def shuffle(self, items) -> None:
        return None


def walk_continues(events) -> bool:
    for event in events:
        kind = event.kind if hasattr(event, "kind") else event.get("kind")
        if kind not in WALKING_EVENTS:
            return False
        data = event.data if hasattr(event, "data") else (event.get("data") or {})
        if kind == "secret_path_search" and not data.get("found"):
            return False
    return True


def _moves(content: Content, state: State, seat: int) -> list[Move]:
    # Only the movement part of the legal actions: the action phase is never a step of a walk.
    return [a for a in legal_movement(content, state, seat) if isinstance(a, Move)]


def reachable(content: Content, state: State, seat: int) -> dict[str, Route]:
    """Every Move target the hero can reach this turn, by the cheapest route (fewest points, then
    least gold, then the best chance). Empty when the hero cannot walk now."""
    routes: dict[str, Route] = {}
    start = state.heroes[seat].position
    queue: deque[tuple[State, Route]] = deque([(state, Route(to=start or ""))])
    seen_at: dict[str, tuple[int, int, Fraction]] = {}
    while queue:
        current, route = queue.popleft()
        if len(route.steps) >= MAX_STEPS:
            continue
        for move in _moves(content, current, seat):
            try:
                # Offered by the engine for this very state: apply it without listing the actions again.
                after, events = apply_offered(content, current, seat, move, _PlanningDice())
            except IllegalActionError:
                continue
            step = Route(to=move.to, steps=[*route.steps, move.to], chance=route.chance, rolls=route.rolls)
            step.points = route.points + (current.turn_state.points - after.turn_state.points)
            step.gold = route.gold
            for event in events:
                if event.kind == "crossing_paid":
                    step.gold += int(event.data.get("gold", 0))
                if event.kind == "secret_path_search":
                    step.chance *= chance_at_most(int(event.data.get("target", 0)))
                    step.rolls += 1
            step.stops = not walk_continues(events) or bool(after.pending)
            key = (step.points, step.gold, -step.chance)
            if move.to == start or (move.to in seen_at and seen_at[move.to] <= key):
                continue
            seen_at[move.to] = key
            routes[move.to] = step
            if not step.stops:
                queue.append((after, step))
    return routes
