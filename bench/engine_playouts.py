"""Engine throughput over random legal playouts, and the size of a serialised state."""

from __future__ import annotations

import json
import random
import time

from games.engine import apply, legal_actions, new_game
from games.engine.content import load_content
from games.engine.core.dice import SeededDice
from games.engine.playout import acting_seat, play_from

# Events that mark the road to the end: how many random games got so far.
MILESTONES = {
    "deed chosen": {"deed_chosen"},
    "Namenloser arrived": {"namenloser_arrives"},
    "gem": {"gem_earned"},
    "magic weapon": {"magic_weapon_made"},
    "final fight": {"final_fight_started", "killed_by_dragon"},
    "finished": {"game_won"},
}


def main(quick: bool = False) -> dict:
    content = load_content()
    games = 5 if quick else 40
    steps = 300 if quick else 1500
    total_actions = 0
    largest = 0
    milestones = dict.fromkeys(MILESTONES, 0)
    start = time.perf_counter()
    for g in range(games):
        chooser = random.Random(g)
        state = new_game(content, seats=1 + g % 4, seed=f"bench-{g}")
        reached: set[str] = set()
        for sequence in range(1, steps + 1):
            seat = acting_seat(state)
            actions = legal_actions(content, state, seat)
            if not actions:
                break
            state, events = apply(content, state, seat, chooser.choice(actions), SeededDice("bench", sequence))
            total_actions += 1
            reached.update(e.kind for e in events)
        for name, kinds in MILESTONES.items():
            milestones[name] += bool(reached & kinds)
        largest = max(largest, len(json.dumps(state.to_json(), separators=(",", ":"))))
    elapsed = time.perf_counter() - start
    rate = total_actions / elapsed
    print(f"random playouts: {games} games, {total_actions} legal_actions+apply in {elapsed:.2f} s "
          f"= {rate:,.0f} actions/s on one core (target >= 5,000)")
    print(f"largest serialised state: {largest / 1024:.1f} KiB (target < 64 KiB)")
    print("endgame reached in random playouts from setup (games of " + str(games) + "): "
          + ", ".join(f"{name} {count}" for name, count in milestones.items()))
    near = endgame_playouts(content, runs=3 if quick else 10)
    return {"actions_per_second": rate, "largest_state_bytes": largest, "endgame": milestones,
            "endgame_from_positions": near}


def endgame_playouts(content, runs: int) -> dict[str, dict[str, int]]:
    """Random playouts (preferring the action phase) from the property test's positions near the end,
    counting how often they reach each milestone: uniform random play from setup almost never does."""
    from tests.engine.test_properties import ActionMinded, _endgame_positions

    result: dict[str, dict[str, int]] = {}
    for index, (name, start) in enumerate(zip(("tower", "royal court", "cave"), _endgame_positions(content),
                                              strict=True)):
        counts = dict.fromkeys(MILESTONES, 0)
        for run in range(runs):
            chooser = ActionMinded(f"bench-end-{index}-{run}", eagerness=0.85)
            reached: set[str] = set()
            for _, _, _, events in play_from(content, start, f"bench-end-{index}-{run}", 119, chooser):
                reached.update(e.kind for e in events)
            for milestone, kinds in MILESTONES.items():
                counts[milestone] += bool(reached & kinds)
        result[name] = counts
        print(f"endgame from the {name} position ({runs} playouts): "
              + ", ".join(f"{m} {c}" for m, c in counts.items()))
    return result
