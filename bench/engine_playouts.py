"""Engine throughput over random legal playouts, and the size of a serialised state."""

from __future__ import annotations

import json
import random
import time

from games.engine import apply, legal_actions, new_game
from games.engine.content import load_content
from games.engine.dice import SeededDice
from games.engine.playout import acting_seat


def main(quick: bool = False) -> dict:
    content = load_content()
    games = 5 if quick else 40
    steps = 300 if quick else 1500
    total_actions = 0
    largest = 0
    start = time.perf_counter()
    for g in range(games):
        chooser = random.Random(g)
        state = new_game(content, seats=1 + g % 4, seed=f"bench-{g}")
        for sequence in range(1, steps + 1):
            seat = acting_seat(state)
            actions = legal_actions(content, state, seat)
            if not actions:
                break
            state, _ = apply(content, state, seat, chooser.choice(actions), SeededDice("bench", sequence))
            total_actions += 1
        largest = max(largest, len(json.dumps(state.to_json(), separators=(",", ":"))))
    elapsed = time.perf_counter() - start
    rate = total_actions / elapsed
    print(f"random playouts: {games} games, {total_actions} legal_actions+apply in {elapsed:.2f} s "
          f"= {rate:,.0f} actions/s on one core (target >= 5,000)")
    print(f"largest serialised state: {largest / 1024:.1f} KiB (target < 64 KiB)")
    return {"actions_per_second": rate, "largest_state_bytes": largest}
