"""Where the CPU of an htmx submit and of the other seat's first partial after it goes (issue 17, eleventh
wave): `.venv/bin/python -m bench render_parts` plays a seeded game (the same one on every run) step by step
through the htmx form, actions chosen at random as `bench http`'s submit client does, on PostgreSQL and Redis
as `bench inprocess --real` sets them up, and prints per request kind the median CPU milliseconds, the CPU of
the main parts (``time.process_time`` around a few functions of the view and the presenters), the responses
that planned walking routes, and in a second pass over a fresh game the Python calls per request (a count the
machine's load does not change). Compare two versions of the code by running it in both, alternated."""

from __future__ import annotations

import collections
import cProfile
import hashlib
import json
import pstats
import random
import secrets
import statistics
import time
import types
from collections.abc import Callable
from functools import partial
from typing import Any

from . import inprocess

# The parts measured: (module, function name). Each is looked up through its module by the code that calls it.
PARTS = [
    ("games.views", "_game_html"),
    ("games.views", "_page_context"),
    ("games.views", "render_to_string"),
    ("games.views", "_load"),
    ("games.services", "action_submit"),
    ("games.selectors", "log_tail"),
    ("games.selectors", "log_tail_extend"),
    ("games.selectors", "player_view"),
    ("games.selectors", "log_entry"),
    ("games.cache", "log_sentences"),
    ("games.presenters.board", "render_board"),
    ("games.walking", "reachable"),
    ("games.fragments", "split"),
]


def _wrap(spent: dict[str, float], counts: collections.Counter) -> None:
    import importlib

    for module_name, name in PARTS:
        module = importlib.import_module(module_name)
        original = getattr(module, name)
        label = f"{module_name.rpartition('.')[2]}.{name}"

        def timed(*args: Any, __original: Callable = original, __label: str = label, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return __original(*args, **kwargs)
            finally:
                spent[__label] += time.process_time() - start
                counts[__label] += 1

        setattr(module, name, timed)


def _play(
    log_length: int,
    steps: int,
    prefix: str,
    measure: Callable[[Callable[[], Any]], float],
    spent: dict[str, float],
    counts: collections.Counter,
) -> dict[str, Any]:
    from django.urls import reverse

    from bench.seeding import bench_users, seed_game_fast
    from games.engine import legal_actions
    from games.engine.content import load_content
    from games.engine.playout import acting_seat
    from games.persistence import load_state

    players = bench_users(2, prefix=prefix)
    game = seed_game_fast(players, log_length)
    clients = []
    for player in players:
        client = inprocess._server_client()
        client.force_login(player)
        clients.append(client)
    poll_url, submit_url = reverse("games:poll", args=[game.pk]), reverse("games:submit", args=[game.pk])
    figures: dict[str, list[float]] = {"htmx submit": [], "partial (cold)": []}
    parts: dict[str, dict[str, float]] = {name: collections.defaultdict(float) for name in figures}
    planning: list[tuple[float, float]] = []
    for step in range(steps):
        game.refresh_from_db()
        state = load_state(game)
        seat = acting_seat(state)
        actions = legal_actions(load_content(), state, seat)
        if not actions:
            break
        pool = [a for a in actions if "take_back" not in a.kind] or actions
        action = random.Random(f"{log_length}-{step}").choice(pool).to_json()
        kind = action.pop("kind")
        form = {
            "kind": kind,
            "params": json.dumps(action),
            "version": game.version,
            "idempotency_key": f"{prefix}{step}",
        }
        runs = {
            "htmx submit": partial(clients[seat].post, submit_url, form, HTTP_HX_REQUEST="true"),
            "partial (cold)": partial(clients[1 - seat].get, poll_url, {"stamp": "0-old-0"}, HTTP_HX_REQUEST="true"),
        }
        for name, run in runs.items():
            spent.clear()
            planned_before = counts["walking.reachable"]
            figures[name].append(measure(run))
            for part, seconds in spent.items():
                parts[name][part] += seconds
            if name == "htmx submit" and counts["walking.reachable"] > planned_before:
                planning.append((figures[name][-1], spent.get("walking.reachable", 0.0)))
    return {"figures": figures, "parts": parts, "planning": planning}


def main(quick: bool = False) -> None:
    inprocess._setup(real=True)
    import games.models

    # The same game on every run (as tests/perf's fixed_seed): the seed decides the steps and their dice.
    games.models.secrets = types.SimpleNamespace(  # type: ignore[assignment]
        token_hex=lambda n: hashlib.sha256(b"render-parts").hexdigest()[: 2 * n], token_urlsafe=secrets.token_urlsafe
    )
    spent: dict[str, float] = collections.defaultdict(float)
    counts: collections.Counter = collections.Counter()
    _wrap(spent, counts)
    steps = 20 if quick else 60

    def cpu(run: Callable[[], Any]) -> float:
        start = time.process_time()
        run()
        return (time.process_time() - start) * 1000

    def calls(run: Callable[[], Any]) -> float:
        profiler = cProfile.Profile()
        profiler.enable()
        run()
        profiler.disable()
        return float(pstats.Stats(profiler).total_calls)  # type: ignore[attr-defined]  # set by Stats

    for log_length in (10, 150):
        timed = _play(log_length, steps, f"parts{log_length}-", cpu, spent, counts)
        for name, values in timed["figures"].items():
            print(
                f"log {log_length}: {name:<15} CPU median {statistics.median(values):6.2f} ms "
                f"(mean {statistics.mean(values):.2f}, {len(values)} requests)"
            )
            for part, seconds in sorted(timed["parts"][name].items(), key=lambda item: -item[1]):
                print(f"    {part:<28} {seconds / len(values) * 1000:6.2f} ms per request")
        if timed["planning"]:
            print(
                f"log {log_length}: htmx submits whose response planned walking routes: {len(timed['planning'])}, "
                f"CPU median {statistics.median(p[0] for p in timed['planning']):.2f} ms, of it planning "
                f"{statistics.median(p[1] for p in timed['planning']) * 1000:.2f} ms"
            )
        counted = _play(log_length, steps, f"calls{log_length}-", calls, spent, counts)
        for name, values in counted["figures"].items():
            print(
                f"log {log_length}: {name:<15} Python calls mean {statistics.mean(values):,.0f}, sum {sum(values):,.0f}"
            )
