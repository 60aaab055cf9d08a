"""Do bot games end? Bot-only games with honest seeded dice, up to 150 turns per seat.

    .venv/bin/python -m bench completion --games N --seats K --level L [--ladder GAMES]
    .venv/bin/python -m bench completion --duel GAMES     (strong against normal, two seats)
    .venv/bin/python -m bench completion --games N --seats K --trace   (where the turns go, per phase)

ends with exactly one line
``completion: F/N finished, S stalls, C crashes, median T turns per seat, p95 U turns per seat``
(turns per seat of the finished games). Before it: how games ended, deaths per game, where the
unfinished ones were stuck (each bot's goal at the end), and with ``--ladder`` head-to-head win
rates between neighbouring levels with a 95 % Wilson interval. ``--duel`` plays only strong against
normal. Both count a game open at the turn limit for the seat further along its plan (``duel_winner``).
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from games.bots import Bot, bot_action
from games.bots.planner import choose_goal
from games.bots.search import hero_progress
from games.engine import apply, legal_actions, new_game, view
from games.engine.content import Content, load_content
from games.engine.core.dice import SeededDice
from games.engine.core.state import State
from games.engine.playout import acting_seat

TURN_LIMIT = 150          # turns per seat
ACTIONS_PER_TURN = 400    # more actions than this in one turn is a stall (nobody gets anywhere)


@dataclass
class Result:
    finished: bool = False
    stall: str | None = None
    crash: str | None = None
    turns_per_seat: float = 0.0
    winner: int | None = None
    ending: str | None = None
    deaths: int = 0
    goals: list[str] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    decisions: list[float] = field(default_factory=list)   # seconds each bot decision took
    progress: list[float] = field(default_factory=list)    # each seat's progress at the end (search.hero_progress)


def play_game(content: Content, seats: int, seed: str, levels: list[str], turn_limit: int = TURN_LIMIT,
              observe: Callable[[State], object] | None = None) -> Result:
    """One bot-only game. ``observe`` (the phase tracer, ``bench.completion_trace``) sees the state before
    every bot decision."""
    result = Result()
    bots = [Bot(level, f"{seed}:{i}") for i, level in enumerate(levels)]
    start = time.perf_counter()
    try:
        state = new_game(content, seats, seed)
        sequence = 0
        turn, in_turn = state.turn, 0
        while state.phase != "finished" and state.turn <= turn_limit * seats:
            seat = acting_seat(state)
            if observe is not None:
                observe(state)
            if not legal_actions(content, state, seat):
                result.stall = f"nobody can act ({state.phase}, turn {state.turn})"
                break
            thinking = time.perf_counter()
            action = bot_action(content, state, seat, bots[seat])
            result.decisions.append(time.perf_counter() - thinking)
            sequence += 1
            state, events = apply(content, state, seat, action, SeededDice(seed, sequence))
            for e in events:
                if e.kind == "boss_defeated":
                    result.ending = e.data.get("boss")
            in_turn = in_turn + 1 if state.turn == turn else 0
            turn = state.turn
            if in_turn > ACTIONS_PER_TURN:
                result.stall = f"{in_turn} actions in turn {turn} ({action.kind})"
                break
        result.actions = sequence
        result.finished = state.phase == "finished"
        result.winner = state.winner
        result.turns_per_seat = state.turn / seats
        result.deaths = sum(h.deaths for h in state.heroes)
        result.goals = [choose_goal(content, view(content, state, i)).name for i in range(seats)]
        result.progress = [hero_progress(content, view(content, state, i)) for i in range(seats)]
    except Exception as exc:
        result.crash = f"{type(exc).__name__}: {exc}"
    result.seconds = time.perf_counter() - start
    return result


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def completion(games: int, seats: int, level: str, out: Callable[[str], object] = print) -> list[Result]:
    content = load_content()
    results = []
    for g in range(games):
        r = play_game(content, seats, f"completion-{seats}-{g}", [level] * seats)
        results.append(r)
        if r.stall:
            out(f"game {g}: stall {r.stall}")
        elif r.crash:
            out(f"game {g}: crash {r.crash}")
    finished = [r for r in results if r.finished]
    wins = Counter(r.winner for r in finished)
    out(f"winners by seat: {dict(sorted(wins.items()))}")
    endings = Counter(r.ending or "?" for r in finished)
    stuck = Counter(goal for r in results if not r.finished and not r.crash for goal in r.goals)
    actions = sum(r.actions for r in results)
    seconds = sum(r.seconds for r in results)
    out(f"endings: {dict(endings)}; deaths per game: {sum(r.deaths for r in results) / max(1, games):.2f}")
    out(f"unfinished games' goals: {dict(stuck.most_common(8))}")
    decisions = [d for r in results for d in r.decisions]
    out(f"speed: {actions} actions in {seconds:.1f} s, {1000 * seconds / max(1, actions):.2f} ms per action; "
        f"bot decisions p99 {1000 * percentile(decisions, 0.99):.1f} ms, max {1000 * max(decisions, default=0):.1f} ms")
    turns = [r.turns_per_seat for r in finished]
    median = statistics.median(turns) if turns else float("nan")
    out(f"completion: {len(finished)}/{games} finished, {sum(1 for r in results if r.stall)} stalls, "
        f"{sum(1 for r in results if r.crash)} crashes, median {median:.0f} turns per seat, "
        f"p95 {percentile(turns, 0.95):.0f} turns per seat")
    return results


def ladder(games: int, levels: tuple[str, ...] = ("random", "easy", "normal", "strong"),
           out: Callable[[str], object] = print, turn_limit: int = TURN_LIMIT) -> None:
    """Head-to-head two-seat games between neighbouring levels, seats swapped every other game, each
    decided as the duel decides it (``duel_winner``): the random and easy seats rarely finish a game
    within the limit, so counting only finished games left most of their games undecided."""
    for low, high in itertools.pairwise(levels):
        wins, decided, results = duel(games, high, low, turn_limit, out=lambda line: None,
                                      seed=f"ladder-{low}-{high}")
        lo, hi = wilson(wins, decided)
        out(f"ladder: {high} beats {low} in {wins}/{decided} decided games "
            f"({100 * wins / max(1, decided):.0f} %, 95 % CI {100 * lo:.0f}-{100 * hi:.0f} %), "
            f"{sum(r.finished for r in results)}/{games} finished, "
            f"{sum(1 for r in results if r.crash or r.stall)} crashes or stalls")


def duel_winner(r: Result) -> int | None:
    """Who won a head-to-head game: the winner of a finished game; at the turn limit the seat further
    along its plan (``search.hero_progress``: deed parts, gem and tower odds, experience, LP)."""
    if r.winner is not None:
        return r.winner
    if r.crash or r.stall or not r.progress or r.progress[0] == r.progress[1]:
        return None
    return 0 if r.progress[0] > r.progress[1] else 1


def duel(games: int, high: str, low: str, turn_limit: int = TURN_LIMIT,
         out: Callable[[str], object] = print, seed: str | None = None) -> tuple[int, int, list[Result]]:
    """Two-seat games of ``high`` against ``low``, seats swapped every other game: (high's wins,
    decided games, results). Seeds ``<seed>-g``, by default ``duel-<high>-<low>-g``."""
    content = load_content()
    wins = decided = 0
    results = []
    for g in range(games):
        order = [high, low] if g % 2 == 0 else [low, high]
        r = play_game(content, 2, f"{seed or f'duel-{high}-{low}'}-{g}", order, turn_limit)
        results.append(r)
        winner = duel_winner(r)
        if winner is not None:
            decided += 1
            wins += order[winner] == high
        out(f"game {g}: {order} finished={r.finished} winner={winner} turns per seat {r.turns_per_seat:.0f}")
    lo, hi = wilson(wins, decided)
    out(f"duel: {high} beats {low} in {wins}/{decided} decided games ({100 * wins / max(1, decided):.0f} %, "
        f"95 % CI {100 * lo:.0f}-{100 * hi:.0f} %), {sum(r.finished for r in results)}/{games} finished")
    return wins, decided, results


def main(argv: list[str] | None = None, quick: bool = False) -> int:
    parser = argparse.ArgumentParser(prog="bench completion")
    parser.add_argument("--games", type=int, default=5 if quick else 20)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--ladder", type=int, default=0, metavar="GAMES",
                        help="also play this many head-to-head games per pair of levels")
    parser.add_argument("--duel", type=int, default=0, metavar="GAMES",
                        help="only play this many two-seat games of strong against normal")
    parser.add_argument("--trace", action="store_true",
                        help="instead: the same deals traced, median turns per phase and per goal (completion_trace)")
    args = parser.parse_args(argv if argv is not None else [])
    if args.duel:
        duel(args.duel, "strong", "normal")
        return 0
    if args.trace:
        from .completion_trace import trace

        trace(args.games, args.seats, args.level)
        return 0
    if args.ladder:
        ladder(args.ladder)
    completion(args.games, args.seats, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
