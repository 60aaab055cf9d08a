"""Golden games: complete games recorded once and replayed by the suite against what they ended in.

    .venv/bin/python -m tools.golden record --seats 4 --seed golden-a [--rules 2] [--dice 2] [--level normal]
    .venv/bin/python -m tools.golden check

``record`` lets bots play a game with the production dice of the given versions and writes every step
(seat and action) with the expected outcome to ``tests/golden/games/<seed>.json``: the hash of the final
state, the winner, hashes every ``CHECKPOINT`` steps (so a divergence is found where it starts) and the
number of legal actions at those positions (perft-style counts of the move generator). ``check`` replays
every file and reports the first difference; ``tests/golden/test_golden_games.py`` does the same.

A change of the engine that alters a stored game's replay fails that test. If the change is meant for new
games only, it belongs behind a new rules version (``State.rules_version``); the old games keep theirs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from games.bots import Bot, bot_action
from games.engine import Phase, State, apply, dice_for, legal_actions, new_game
from games.engine.content import load_content
from games.engine.playout import acting_seat

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden" / "games"
TITLE = "rueckkehr-der-helden"
CHECKPOINT = 100
STEP_LIMIT = 20_000


def state_hash(state: State) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def record(seats: int, seed: str, rules: int, dice: int, level: str) -> dict[str, Any]:
    content = load_content()
    state = new_game(content, seats, seed, rules_version=rules, dice_version=dice)
    bots = [Bot(level, f"{seed}:{i}") for i in range(seats)]
    steps: list[list[Any]] = []
    checkpoints: list[dict[str, Any]] = []
    kinds: Counter[str] = Counter()
    bosses: list[str] = []
    while state.phase != Phase.FINISHED and len(steps) < STEP_LIMIT:
        seat = acting_seat(state)
        legal = legal_actions(content, state, seat)
        if not legal:
            raise SystemExit(f"{seed}: nobody can act at step {len(steps)}")
        action = bot_action(content, state, seat, bots[seat])
        state, events = apply(content, state, seat, action, dice_for(dice, seed, len(steps) + 1))
        steps.append([seat, action.to_json()])
        kinds.update(e.kind for e in events)
        bosses += [str(e.data["boss"]) for e in events if e.kind == "boss_defeated"]
        if len(steps) % CHECKPOINT == 0:
            nxt = acting_seat(state)
            checkpoints.append({"step": len(steps), "state_sha256": state_hash(state),
                                "seat": nxt, "legal_actions": len(legal_actions(content, state, nxt))})
    return {
        "title": TITLE, "rules_version": rules, "dice_version": dice, "seats": seats, "seed": seed,
        "recorded_with": f"bots at level {level}",
        "expected": {"phase": state.phase.value, "winner": state.winner, "turn": state.turn, "steps": len(steps),
                     "state_sha256": state_hash(state), "event_kinds": dict(sorted(kinds.items())),
                     "bosses_defeated": bosses},
        "checkpoints": checkpoints,
        "steps": steps,
    }


def replay(golden: dict[str, Any]) -> tuple[State, list[str]]:
    """The final state of a golden game's replay and the differences from what was recorded (none: [])."""
    content = load_content()
    seed, dice = golden["seed"], golden["dice_version"]
    state = new_game(content, golden["seats"], seed, rules_version=golden["rules_version"], dice_version=dice)
    marks = {c["step"]: c for c in golden["checkpoints"]}
    kinds: Counter[str] = Counter()
    bosses: list[str] = []
    for number, (seat, action) in enumerate(golden["steps"], start=1):
        state, events = apply(content, state, seat, action, dice_for(dice, seed, number))
        kinds.update(e.kind for e in events)
        bosses += [str(e.data["boss"]) for e in events if e.kind == "boss_defeated"]
        mark = marks.get(number)
        if mark is not None:
            nxt = acting_seat(state)
            found = {"step": number, "state_sha256": state_hash(state), "seat": nxt,
                     "legal_actions": len(legal_actions(content, state, nxt))}
            if found != mark:
                return state, [f"step {number}: expected {mark}, replayed {found}"]
    expected = golden["expected"]
    found = {"phase": state.phase.value, "winner": state.winner, "turn": state.turn, "steps": len(golden["steps"]),
             "state_sha256": state_hash(state), "event_kinds": dict(sorted(kinds.items())),
             "bosses_defeated": bosses}
    return state, [f"{key}: expected {expected[key]!r}, replayed {found[key]!r}"
                   for key in expected if expected[key] != found[key]]


def write(golden: dict[str, Any], path: Path) -> None:
    """One step per line, so a diff of a re-recorded game shows where it changed."""
    head = {k: v for k, v in golden.items() if k != "steps"}
    lines = [json.dumps(step, sort_keys=True, ensure_ascii=False) for step in golden["steps"]]
    text = json.dumps(head, indent=1, sort_keys=True, ensure_ascii=False)[:-2]
    text += ',\n "steps": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools.golden")
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--seats", type=int, required=True)
    rec.add_argument("--seed", required=True)
    rec.add_argument("--rules", type=int, default=2)
    rec.add_argument("--dice", type=int, default=2)
    rec.add_argument("--level", default="normal")
    rec.add_argument("--require-finished", action="store_true")
    sub.add_parser("check")
    args = parser.parse_args(argv)
    if args.command == "record":
        golden = record(args.seats, args.seed, args.rules, args.dice, args.level)
        if args.require_finished and golden["expected"]["phase"] != Phase.FINISHED:
            print(f"{args.seed}: not finished after {golden['expected']['steps']} steps", file=sys.stderr)
            return 1
        path = GOLDEN_DIR / f"{args.seed}.json"
        write(golden, path)
        print(f"{path}: {golden['expected']['steps']} steps, {golden['expected']['phase']}, "
              f"winner {golden['expected']['winner']}")
        return 0
    failures = 0
    for path in sorted(GOLDEN_DIR.glob("*.json")):
        _, problems = replay(json.loads(path.read_text(encoding="utf-8")))
        print(f"{path.name}: {'ok' if not problems else '; '.join(problems)}")
        failures += bool(problems)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
