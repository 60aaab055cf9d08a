"""Where the bots' turns go: the completion benchmark's deals, traced phase by phase and goal by goal.

    .venv/bin/python -m bench completion --games N --seats K --level L --trace

plays the same deals as ``bench completion`` (seeds ``completion-K-g``) and notes, at the start of
each seat's turn, the milestones its hero has reached (deed chosen at J5, deed parts 1-3 with the
gem, the Namenloser standing on H3) and the goal its plan pursues (``planner.choose_goal`` on the
seat's view). It prints two tables: the median turns per seat between consecutive milestones (over
the seats that reached both, the last phase ending with the win), and per goal the seats' turns
spent on it (median over the seats that pursued it, mean per seat of a finished game). Long goal
names are grouped by their first words ("draw …", "token …"); "search card X" keeps its letter.
"""

from __future__ import annotations

import itertools
import statistics
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from games.bots.planner import choose_goal, deed_parts_done
from games.engine import view
from games.engine.content import Content, load_content
from games.engine.core.state import Phase, State

from .completion import Result, play_game

MILESTONES = ("start", "deed chosen", "part 1", "part 2", "gem", "Namenloser on H3", "win")


@dataclass
class SeatTrace:
    turns: int = 0                                          # the seat's turns begun
    reached: dict[str, int] = field(default_factory=dict)   # milestone -> the seat's turn it was first seen
    goals: dict[str, int] = field(default_factory=lambda: defaultdict(int))   # goal group -> turns


def goal_group(name: str) -> str:
    """A goal name without its token or field ("draw silberdeckel" -> "draw …"), but the searched card kept."""
    if name.startswith("search card "):
        return name
    for prefix in ("draw the ", "draw ", "token ", "field ", "fetch the "):
        if name.startswith(prefix):
            return prefix + "…"
    return name


class Tracer:
    """Watches one game through ``play_game``'s ``observe`` hook."""

    def __init__(self, content: Content, seats: int) -> None:
        self.content = content
        self.seats = [SeatTrace() for _ in range(seats)]
        self.turn = -1

    def __call__(self, state: State) -> None:
        if state.phase != Phase.PLAY or state.turn == self.turn:
            return
        self.turn = state.turn
        seat = state.current
        trace = self.seats[seat]
        trace.turns += 1
        seen = view(self.content, state, seat)
        hero = seen["heroes"][seat]
        marks = ["start"]
        if hero.get("deed"):
            marks.append("deed chosen")
            marks += ["part 1", "part 2", "gem"][:deed_parts_done(self.content, hero)]
        if any(t["kind"] == "namenloser" and t["field"] == "H3" for t in seen["tokens"]) and hero["gem"]:
            marks.append("Namenloser on H3")
        for mark in marks:
            trace.reached.setdefault(mark, trace.turns)
        trace.goals[goal_group(choose_goal(self.content, seen).name)] += 1


def trace_game(content: Content, seats: int, seed: str, level: str) -> tuple[Result, list[SeatTrace]]:
    tracer = Tracer(content, seats)
    result = play_game(content, seats, seed, [level] * seats, observe=tracer)
    if result.finished and result.winner is not None and 0 <= result.winner < seats:
        winner = tracer.seats[result.winner]
        winner.reached["win"] = winner.turns
    return result, tracer.seats


def report(games: list[tuple[Result, list[SeatTrace]]], out: Callable[[str], object] = print) -> None:
    out("phase                               seats  median turns per seat")
    for a, b in itertools.pairwise(MILESTONES):
        spans = [t.reached[b] - t.reached[a] for _, traces in games for t in traces
                 if a in t.reached and b in t.reached]
        median = f"{statistics.median(spans):.1f}" if spans else "-"
        out(f"{a + ' -> ' + b:<36}{len(spans):>5}  {median}")
    finished = [t for r, traces in games if r.finished for t in traces]
    per_goal: dict[str, list[int]] = defaultdict(list)
    for _, traces in games:
        for t in traces:
            for goal, n in t.goals.items():
                per_goal[goal].append(n)
    out("goal                                seats  median turns (seats with it)  mean turns per finished seat")
    for goal, spent in sorted(per_goal.items(), key=lambda gs: -sum(gs[1])):
        mean = sum(t.goals.get(goal, 0) for t in finished) / max(1, len(finished))
        out(f"{goal[:36]:<36}{len(spent):>5}  {statistics.median(spent):>28.1f}  {mean:>28.1f}")


def trace(games: int, seats: int, level: str, out: Callable[[str], object] = print,
          first: int = 0) -> list[tuple[Result, list[SeatTrace]]]:
    """Trace deals ``first`` .. ``first + games - 1`` and print the tables and the completion line."""
    content = load_content()
    played = [trace_game(content, seats, f"completion-{seats}-{g}", level) for g in range(first, first + games)]
    report(played, out)
    turns = [r.turns_per_seat for r, _ in played if r.finished]
    median = statistics.median(turns) if turns else float("nan")
    out(f"traced: {len(turns)}/{games} finished, median {median:.1f} turns per seat")
    return played
