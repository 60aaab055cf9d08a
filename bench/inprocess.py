"""The game page's and the API's requests in one process (issue 17): Django's test client on a scratch SQLite
database with the local-memory cache, so no network and no other server is involved — the Python work per
request alone. Prints the median milliseconds (wall clock and CPU) of each request at logs of 10 and 1,500
actions (`.venv/bin/python -m bench inprocess`; `--quick`: 150 instead of 1,500, fewer repeats; `--profile "htmx
submit"`: also print cProfile's top cumulative entries of the requests whose name starts so (repeatable;
`--profile "partial (cold"` profiles the first render of each version by the other seat); `--calls`: also print
each warm request's Python function calls, a count the machine's load does not change, and those of each cold
partial and htmx submit — counted as they run, so their times then include the counting; `--real`: PostgreSQL (a
scratch database beside DATABASE_URL, else postgres@127.0.0.1) and Redis (BENCH_REDIS_URL, else database 11 on
127.0.0.1) as the server has them, with each request's database connection handed back to the pool at its end as
in a server — the test client alone keeps it).

"warm": the same request again at the same game version (what every poller and reader after the first
gets); "cold": the first request of a seat after another seat's step (what the version's first reader
pays). The submits are measured over a run of steps, each answered for whoever acts.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial

# BENCH_INPROCESS_DB: another scratch database, so two runs on one machine do not drop each other's.
REAL_DB = os.environ.get("BENCH_INPROCESS_DB") or "heldenweb_bench_inprocess"
REAL_REDIS = "redis://127.0.0.1:6379/11"
_REAL: list[bool] = []


def _real_environment() -> None:
    """A scratch PostgreSQL database and a scratch Redis database, as `bench http` makes them."""
    import psycopg
    import redis

    url = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    if not url.startswith("postgres"):
        raise SystemExit("bench inprocess --real needs PostgreSQL (DATABASE_URL=postgres://...)")
    base = url.rpartition("/")[0]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {REAL_DB} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {REAL_DB}")
    redis_url = os.environ.get("BENCH_REDIS_URL") or REAL_REDIS
    redis.Redis.from_url(redis_url).flushdb()
    os.environ["DATABASE_URL"] = f"{base}/{REAL_DB}"
    os.environ["REDIS_URL"] = redis_url


def _setup(real: bool = False) -> None:
    scratch = tempfile.mkdtemp(prefix="heldenweb-inprocess-")
    os.environ["HELDENWEB_VAR_DIR"] = scratch
    _REAL[:] = [real]
    if real:
        _real_environment()
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/bench.sqlite3"
        os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "heldenweb.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import override_settings, setup_test_environment

    setup_test_environment()
    if real:
        override_settings(DEBUG=False).enable()
    else:
        override_settings(
            CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                 "OPTIONS": {"MAX_ENTRIES": 100_000}}},
            DEBUG=False,
        ).enable()
    call_command("migrate", verbosity=0)


_PROFILE: dict[str, cProfile.Profile] = {}
_PROFILED: list[str] = []


def _profiled(name: str, run: Callable[[], object]) -> Callable[[], object]:
    """``run`` under the profiler of ``name`` when ``--profile`` asked for it (one profile per name and log)."""
    if not any(name.startswith(wanted) for wanted in _PROFILED):
        return run
    profile = _PROFILE.setdefault(name, cProfile.Profile())

    def profiled() -> object:
        profile.enable()
        try:
            return run()
        finally:
            profile.disable()
    return profiled


def _print_profiles(log_length: int, top: int = 40) -> None:
    """Per profiled request: the top entries by cumulative time, of all code and of the project's own
    (outside site-packages), where the growth with the log shows."""
    for name, profile in _PROFILE.items():
        for label, restriction in (("all code", ()), ("the project's code", (r"^(?!.*site-packages)",))):
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(*restriction, top)
            print(f"\n-- cProfile: {name}, log {log_length}, {label} (top {top} by cumulative time)")
            print(out.getvalue())
    _PROFILE.clear()


def _ms(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The median wall-clock and CPU milliseconds of ``run`` (the CPU time of this process: on a shared
    machine it leaves out the time the scheduler gave to others, which the wall clock does not)."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = run()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        status = getattr(response, "status_code", 200)
        assert status < 400, status
    return statistics.median(wall), statistics.median(cpu)


def _calls(run: Callable[[], object], times: int = 20) -> float:
    """The Python function calls of one ``run`` (cProfile's count over ``times``): unlike the clock, the
    same on a loaded machine as on a quiet one."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(times):
        run()
    profiler.disable()
    return pstats.Stats(profiler).total_calls / times  # type: ignore[attr-defined]  # set by Stats


def _counted(run: Callable[[], object], counts: list[int]) -> Callable[[], object]:
    """``run`` with its Python function calls added to ``counts`` (``--calls`` for the requests that happen
    once per version: the cold partial and the htmx submit, which cannot be repeated at the same version)."""
    def counted() -> object:
        profiler = cProfile.Profile()
        profiler.enable()
        try:
            return run()
        finally:
            profiler.disable()
            counts.append(pstats.Stats(profiler).total_calls)  # type: ignore[attr-defined]  # set by Stats
    return counted


def _measure(log_length: int, repeat: int, steps: int, calls: bool = False) -> dict[str, tuple[float, float]]:
    from django.test import Client
    from django.urls import reverse

    from bench.seeding import bench_users, seed_game_fast
    from games import poll
    from games.engine import legal_actions
    from games.engine.content import load_content
    from games.engine.playout import acting_seat
    from games.persistence import load_state

    players = bench_users(2, prefix=f"inproc{log_length}-")
    game = seed_game_fast(players, log_length)
    clients = []
    for player in players:
        client = _server_client() if _REAL and _REAL[0] else Client()
        client.force_login(player)
        clients.append(client)

    def acting():
        game.refresh_from_db()
        state = load_state(game)
        seat = acting_seat(state)
        return seat, legal_actions(load_content(), state, seat)

    seat, _ = acting()
    me = clients[seat]
    detail = reverse("games:detail", args=[game.pk])
    poll_url = reverse("games:poll", args=[game.pk])
    api = f"/api/v1/games/{game.pk}/"
    current = poll.stamp(game.version, game.status, game.seat_count)
    me.get(poll_url, {"stamp": current}, HTTP_HX_REQUEST="true")
    me.get(detail)
    warm: dict[str, Callable[[], object]] = {
        "game page (warm)": lambda: me.get(detail),
        "poll, nothing changed": lambda: me.get(poll_url, {"stamp": current}, HTTP_HX_REQUEST="true"),
        "partial (warm)": lambda: me.get(poll_url, {"stamp": "0-old-0"}, HTTP_HX_REQUEST="true"),
        "API state": lambda: me.get(api + "state/"),
        "API actions": lambda: me.get(api + "actions/"),
        "API log page": lambda: me.get(api + "log/", {"page": max(1, game.version // 20)}),
    }
    figures = {name: _ms(_profiled(name, run), repeat) for name, run in warm.items()}
    if calls:
        for name, run in warm.items():
            print(f"log {log_length}: {name:<32} {_calls(run):>9,.0f} function calls per request")
    htmx: list[tuple[float, float]] = []
    api_submit: list[tuple[float, float]] = []
    cold: list[tuple[float, float]] = []
    # --calls: the calls of each cold partial and htmx submit (not where --profile already profiles it)
    once: dict[str, list[int]] = {"partial (cold: first after a step)": [], "htmx submit (with its response)": []}

    def count(name: str, run: Callable[[], object]) -> Callable[[], object]:
        if not calls or any(name.startswith(wanted) for wanted in _PROFILED):
            return run
        return _counted(run, once[name])
    for step in range(steps):
        seat, actions = acting()
        if not actions:
            break
        action = next((a for a in actions if "take_back" not in a.kind), actions[0]).to_json()
        client = clients[seat]
        if step % 2 == 0:
            kind = action.pop("kind")
            form = {"kind": kind, "params": json.dumps(action), "version": game.version,
                    "idempotency_key": f"in-{log_length}-{step}"}
            submit = partial(client.post, reverse("games:submit", args=[game.pk]), form, HTTP_HX_REQUEST="true")
            htmx.append(_ms(count("htmx submit (with its response)", _profiled("htmx submit", submit)), 1))
        else:
            body = {"action": action, "expected_version": game.version}
            api_submit.append(_ms(_profiled("API submit", partial(
                client.post, api + "actions/", body, content_type="application/json",
                HTTP_IDEMPOTENCY_KEY=f"in-{log_length}-{step}")), 1))
        other = clients[1 - seat]
        cold.append(_ms(count("partial (cold: first after a step)", _profiled("partial (cold: first after a step)",
                              partial(other.get, poll_url, {"stamp": "0-old-0"}, HTTP_HX_REQUEST="true"))), 1))
    for name, counts in once.items():
        if counts:
            print(f"log {log_length}: {name:<32} {statistics.median(counts):>9,.0f} function calls per request "
                  f"(median of {len(counts)}; its times below then include the counting)")
    figures["partial (cold: first after a step)"] = _medians(cold)
    figures["htmx submit (with its response)"] = _medians(htmx)
    figures["API submit"] = _medians(api_submit)
    _print_profiles(log_length)
    return figures


def _server_client():
    """A test client that, like a server, closes the request's database connection at its end (with the
    pool: hands it back, and the next request takes one out again, checked) — the test client leaves
    ``close_old_connections`` out."""
    from django.db import close_old_connections
    from django.test import Client

    class ServerClient(Client):
        def request(self, **request):
            close_old_connections()
            try:
                return super().request(**request)
            finally:
                close_old_connections()

    return ServerClient()


def _medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main(quick: bool = False, profile: list[str] | None = None,
         calls: bool = False, real: bool = False) -> dict[int, dict[str, tuple[float, float]]]:
    _PROFILED[:] = profile or []
    _setup(real)
    lengths = (10, 150) if quick else (10, 1500)
    repeat, steps = (5, 6) if quick else (15, 14)
    results = {length: _measure(length, repeat, steps, calls) for length in lengths}
    try:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "?"
    where = "PostgreSQL, Redis, connection pool" if real else "SQLite, locmem cache"
    print(f"in-process (test client, {where}), median ms wall / CPU; load average {load}")
    names = list(results[lengths[0]])
    print(f"{'request':<40}" + "".join(f"{'log ' + str(n):>18}" for n in lengths))
    for name in names:
        print(f"{name:<40}" + "".join(f"{results[n][name][0]:>9.2f} /{results[n][name][1]:>7.2f}" for n in lengths))
    return results
