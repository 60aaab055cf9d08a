"""`make bench BENCH_ARGS=http`: the site's requests against its own floor, in one run (issue 17).

On a scratch database (PostgreSQL beside DATABASE_URL, else postgres@127.0.0.1) and a scratch Redis
database it seeds games through the services with the bot (logs of 10 and of 1,500 actions), starts
gunicorn (2 sync workers) on 127.0.0.1, and measures:

* GETs with wrk (Debian package ``wrk``): throughput, and the in-worker time from the
  ``Server-Timing`` header (heldenweb.timing, switched on for this server only);
* submits with a light sequential client, which measures its own /healthz baseline the same way;
* an open-loop test of real behaviour: every online player polls every 5 s, opens the page now and
  then, and acts when it is his turn; the largest number of players served with p99 <= 200 ms.

Everything is bounded in time and only talks to 127.0.0.1; the server is stopped at the end.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
HOST = "127.0.0.1"
CSRF = "b" * 32  # an unmasked CSRF secret: cookie and header carry the same value
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS = "redis://127.0.0.1:6379/13"
SCRATCH_DB = "heldenweb_bench_http"
P99_LIMIT_MS = 200.0
STAMP = re.compile(rb'data-stamp="([^"]+)"')

# request: (in-worker ms, throughput ratio to /healthz, queries) — the targets.
TARGETS = {
    "game page (seated player)": (5.0, 0.25, 8),
    "poll, nothing changed": (1.5, 0.80, 0),
    "poll, something changed (partial)": (6.0, 0.20, 8),
    "htmx submit (with its response)": (10.0, 0.12, 12),
    "API submit": (6.0, 0.20, 10),
    "API state": (4.0, 0.30, 6),
    "API actions": (4.0, 0.30, 6),
    "API log page": (4.0, 0.30, 6),
}


# --- the scratch site ------------------------------------------------------------------------------
def _scratch_environment() -> dict[str, str]:
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    if not url.startswith("postgres"):
        raise SystemExit("bench http needs PostgreSQL (DATABASE_URL=postgres://...)")
    import psycopg

    base, _, _name = url.rpartition("/")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {SCRATCH_DB} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {SCRATCH_DB}")
    redis_url = os.environ.get("BENCH_REDIS_URL") or DEFAULT_REDIS
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    var = tempfile.mkdtemp(prefix="heldenweb-bench-http-")
    return {
        "DATABASE_URL": f"{base}/{SCRATCH_DB}",
        "REDIS_URL": redis_url,
        "HELDENWEB_VAR_DIR": var,
        "SECRET_KEY": "bench-" + "k" * 50,
        "DEBUG": "false",
        "LOG_LEVEL": "WARNING",
        "HELDENWEB_SERVER_TIMING": "1",
        "DJANGO_SETTINGS_MODULE": "heldenweb.settings",
        # Limits the benchmark never reaches (it is one address and a few users), counted per second: DRF
        # keeps each client's request times of the window in the cache, and a minute of a load test's
        # requests would make that list (and its cost) far longer than any real player's.
        "API_RATE_READ": "1000000/s", "API_RATE_WRITE": "1000000/s", "API_RATE_ADDRESS": "1000000/s",
    }


def _session(user) -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"sessionid={store.session_key}; csrftoken={CSRF}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _start_server(env: dict[str, str], port: int) -> subprocess.Popen:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "heldenweb.wsgi", "-w", "2", "-k", "sync", "-b", f"{HOST}:{port}", "--backlog", "4096",
         "--log-level", "warning"],
        env={**os.environ, **env}, cwd=HERE.parent, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if _call(port, "GET", "/healthz")[0] == 200:
                return server
        except OSError:
            time.sleep(0.2)
    _stop_server(server)
    raise SystemExit("gunicorn did not answer /healthz within 30 s")


def _stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


# --- a light client ------------------------------------------------------------------------------------
def _call(port: int, method: str, path: str, cookie: str = "", body: bytes | None = None,
          headers: dict[str, str] | None = None) -> tuple[int, bytes, float, float]:
    """One request on a fresh connection (sync workers close each): status, body, wall ms, in-worker ms."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    all_headers = {"Cookie": cookie, "X-CSRFToken": CSRF, **(headers or {})}
    start = time.perf_counter()
    conn.request(method, path, body=body, headers=all_headers)
    response = conn.getresponse()
    data = response.read()
    wall = (time.perf_counter() - start) * 1000
    timing = re.search(r"dur=([\d.]+)", response.getheader("Server-Timing") or "")
    conn.close()
    return response.status, data, wall, float(timing.group(1)) if timing else 0.0


def _acting(port: int, game_id: int, cookies: list[str]) -> tuple[str, dict] | None:
    for cookie in cookies:
        status, body, _, _ = _call(port, "GET", f"/api/v1/games/{game_id}/actions/", cookie)
        data = json.loads(body)
        if status == 200 and data["actions"]:
            return cookie, data
    return None


def _pick(actions: list[dict], rng: random.Random) -> dict:
    usable = [a for a in actions if "take_back" not in a["kind"]] or actions
    return rng.choice(usable)


def _submits(port: int, game_id: int, cookies: list[str], seconds: float, htmx: bool) -> dict:
    """Sequential submits for whoever acts (the actions GET between them is not counted)."""
    rng = random.Random(game_id)
    walls, apps, failed = [], [], 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = _acting(port, game_id, cookies)
        if found is None:
            break
        cookie, offer = found
        action = dict(_pick(offer["actions"], rng))
        key = f"bench-{time.monotonic_ns()}"
        if htmx:
            kind = action.pop("kind")
            body = urlencode({"kind": kind, "params": json.dumps(action), "version": offer["version"],
                              "idempotency_key": key}).encode()
            status, _, wall, app = _call(port, "POST", f"/games/{game_id}/act/", cookie, body, {
                "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"})
        else:
            body = json.dumps({"action": action, "expected_version": offer["version"]}).encode()
            status, _, wall, app = _call(port, "POST", f"/api/v1/games/{game_id}/actions/", cookie, body, {
                "Content-Type": "application/json", "Idempotency-Key": key})
        if status >= 400:
            failed += 1
            continue
        walls.append(wall)
        apps.append(app)
    return {"count": len(walls), "wall_ms": statistics.mean(walls) if walls else 0.0,
            "app_ms": statistics.mean(apps) if apps else 0.0, "failed": failed}


def _floor(port: int, seconds: float) -> dict:
    walls, apps = [], []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        _, _, wall, app = _call(port, "GET", "/healthz")
        walls.append(wall)
        apps.append(app)
    return {"wall_ms": statistics.mean(walls), "app_ms": statistics.mean(apps)}


def _wrk(port: int, path: str, cookie: str, seconds: float, headers: dict[str, str] | None = None) -> dict:
    for _ in range(4):  # warm both workers (imports, templates, the shared cache) before timing
        _call(port, "GET", path, cookie, headers=headers)
    command = ["wrk", "-t1", "-c4", f"-d{max(1, round(seconds))}s", "-s", str(HERE / "wrk_timing.lua"),
               "-H", f"Cookie: {cookie}"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run([*command, f"http://{HOST}:{port}{path}"], capture_output=True, text=True,
                            timeout=seconds + 30, check=True).stdout
    rate_line = re.search(r"Requests/sec:\s+([\d.]+)", output)
    timing_line = re.search(r"APP ([\d.]+) (\d+) (\d+)", output)  # printed by wrk_timing.lua
    if rate_line is None or timing_line is None:
        raise SystemExit(f"wrk did not report a rate and the app's timing:\n{output}")
    rate = float(rate_line.group(1))
    total, count, errors = timing_line.groups()
    return {"rate": rate, "app_ms": float(total) / max(1, int(count)), "errors": int(errors)}


# --- the open-loop test --------------------------------------------------------------------------------
_TIMING = re.compile(rb"app;dur=([\d.]+)(?:, cpu;dur=([\d.]+))?")


def _kind(method: str, path: str, status: int) -> str:
    """The open loop's request kinds, for the per-kind figures of each step."""
    if path.startswith("/api/"):
        return "API submit" if method == "POST" else "API actions"
    if "/poll/" in path:
        return "poll, unchanged (204)" if status in (204, 286) else "poll, partial (200)"
    return "game page"


async def _hit(port: int, method: str, path: str, cookie: str, body: bytes = b"",
               headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection(HOST, port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}", "Connection: close", f"Cookie: {cookie}",
             f"X-CSRFToken: {CSRF}", f"Content-Length: {len(body)}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    data = await reader.read()
    writer.close()
    status = int(data[9:12]) if len(data) >= 12 else 0
    split = data.find(b"\r\n\r\n")
    timing = _TIMING.search(data, 0, split)
    if timing and _KINDS is not None:  # the in-worker time and CPU time the server reported (heldenweb.timing)
        _KINDS.setdefault(_kind(method, path, status), []).append(
            (float(timing.group(1)), float(timing.group(2) or 0.0)))
    return status, data[split + 4:]


# Per request kind: (in-worker ms, CPU ms) of each response of the running step (None: not collecting).
_KINDS: dict[str, list[tuple[float, float]]] | None = None


def _cpu_seconds(pid: int) -> float:
    """utime + stime of a process (Linux /proc), 0 when it is gone or unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _processes(server_pid: int | None) -> dict[str, int]:
    """The client itself and the server's workers (children of gunicorn's arbiter), by name."""
    found = {"client": os.getpid()}
    if server_pid is not None:
        try:
            children = Path(f"/proc/{server_pid}/task/{server_pid}/children").read_text().split()
        except OSError:
            children = []
        found.update({f"worker {n}": int(pid) for n, pid in enumerate(children, 1)})
    return found


async def _online(port: int, games: list[tuple[int, list[str], str]], seconds: float, think: float) -> dict:
    """Open loop: requests go out at their scheduled times whatever the server's state; the latency of
    each is counted from that time (so a late client counts against the server, never for it)."""
    latencies: list[float] = []
    errors = 0
    tasks: set[asyncio.Task] = set()
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds

    async def timed(due: float, method: str, path: str, cookie: str, body: bytes = b"", headers=None):
        nonlocal errors
        try:
            status, data = await asyncio.wait_for(_hit(port, method, path, cookie, body, headers), 30)
        except (TimeoutError, OSError):
            status, data = 0, b""
        latencies.append((loop.time() - due) * 1000)
        if status == 0 or status >= 400:
            errors += 1
        return status, data

    def launch(coroutine) -> None:
        task = asyncio.ensure_future(coroutine)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def look(due: float, path: str, cookie: str, seen: dict, headers=None) -> None:
        status, data = await timed(due, "GET", path, cookie, headers=headers)
        found = STAMP.search(data) if status == 200 else None
        if found:  # the page and the partial carry the stamp the next poll sends, as in the browser
            seen["stamp"] = found.group(1).decode()

    async def player(game_id: int, cookie: str, stamp: str, rng: random.Random) -> None:
        seen = {"stamp": stamp}
        due = loop.time() + rng.uniform(0, 5)
        while due < end:
            await asyncio.sleep(max(0.0, due - loop.time()))
            if rng.random() < 0.05:  # now and then the whole page (about every 100 s)
                launch(look(due, f"/games/{game_id}/", cookie, seen))
            else:
                launch(look(due, f"/games/{game_id}/poll/?{urlencode({'stamp': seen['stamp']})}", cookie, seen,
                            {"HX-Request": "true"}))
            due += 5.0

    async def actor(game_id: int, cookies: list[str], rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0, think))
        while loop.time() < end:
            offer = None
            for cookie in cookies:
                status, data = await timed(loop.time(), "GET", f"/api/v1/games/{game_id}/actions/", cookie)
                if status == 200:
                    body = json.loads(data)
                    if body["actions"]:
                        offer = cookie, body
                        break
            if offer is None:
                return
            cookie, body = offer
            action = _pick(body["actions"], rng)
            payload = json.dumps({"action": action, "expected_version": body["version"]}).encode()
            status, _ = await timed(loop.time(), "POST", f"/api/v1/games/{game_id}/actions/", cookie, payload, {
                "Content-Type": "application/json", "Idempotency-Key": f"ol-{game_id}-{body['version']}"})
            # The think time, cut at the end of the test: a think that outlasts it would only keep the run
            # waiting (idle) for up to minutes after the last request (the same draws, so the same steps).
            await asyncio.sleep(min(rng.expovariate(1 / think), max(0.0, end - loop.time())))

    rng = random.Random(1)
    workers = []
    for game_id, cookies, stamp in games:
        workers.append(actor(game_id, cookies, random.Random(rng.random())))
        workers += [player(game_id, cookie, stamp, random.Random(rng.random())) for cookie in cookies]
    await asyncio.gather(*workers)
    if tasks:
        await asyncio.wait(tasks, timeout=35)
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else 0.0
    return {"requests": len(latencies), "rate": len(latencies) / seconds, "p50": latencies[len(latencies) // 2]
            if latencies else 0.0, "p99": p99, "errors": errors}


# --- the run -------------------------------------------------------------------------------------------
def main(quick: bool = False) -> dict:
    if shutil.which("wrk") is None:
        raise SystemExit("bench http needs wrk (Debian: apt-get install wrk)")
    env = _scratch_environment()
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    from bench.seeding import bench_users, seed_game, seed_game_fast

    call_command("migrate", verbosity=0)
    seconds = 2.0 if quick else 10.0
    long_log = 150 if quick else 1500
    started = time.perf_counter()
    a, b, c, d = bench_users(4, "seat")
    games = {10: seed_game([a, b], 10, "short"), long_log: seed_game([c, d], long_log, "long")}
    cookies = {10: [_session(a), _session(b)], long_log: [_session(c), _session(d)]}
    print(f"seeded through the services: logs of {', '.join(map(str, games))} actions "
          f"in {time.perf_counter() - started:.1f} s")
    port = _free_port()
    server = _start_server(env, port)
    results: dict = {"seconds": seconds}
    try:
        if os.environ.get("BENCH_HTTP_ONLINE_ONLY"):  # rerun only the open-loop test
            results["online"] = _online_players(env, port, quick, seed_game_fast, bench_users, server.pid)
            return results
        results["healthz"] = _wrk(port, "/healthz", "", seconds)
        for length, game in games.items():
            gid, seated = game.pk, cookies[length][0]
            stamp = f"{game.version}-{game.status}-{game.seat_count}"
            _call(port, "GET", f"/games/{gid}/poll/?stamp={stamp}", seated)  # the stamp into the cache
            hx = {"HX-Request": "true"}
            results[length] = {
                "game page (seated player)": _wrk(port, f"/games/{gid}/", seated, seconds),
                "poll, nothing changed": _wrk(port, f"/games/{gid}/poll/?stamp={stamp}", seated, seconds, hx),
                "poll, something changed (partial)": _wrk(port, f"/games/{gid}/poll/?stamp=0-old-0", seated,
                                                           seconds, hx),
                "API state": _wrk(port, f"/api/v1/games/{gid}/state/", seated, seconds),
                "API actions": _wrk(port, f"/api/v1/games/{gid}/actions/", seated, seconds),
                "API log page": _wrk(port, f"/api/v1/games/{gid}/log/?page={max(1, length // 20)}", seated,
                                     seconds),
            }
        floor = _floor(port, seconds)
        results["client_floor"] = floor
        for length, game in games.items():
            for name, htmx in (("htmx submit (with its response)", True), ("API submit", False)):
                run = _submits(port, game.pk, cookies[length], seconds, htmx)
                run["ratio"] = floor["wall_ms"] / run["wall_ms"] if run["wall_ms"] else 0.0
                results[length][name] = run
        _print_table(results, games)
        results["online"] = _online_players(env, port, quick, seed_game_fast, bench_users, server.pid)
    finally:
        _stop_server(server)
        import redis

        redis.Redis.from_url(env["REDIS_URL"]).flushdb()
    return results


def _online_players(env, port: int, quick: bool, seed_game_fast, bench_users, server_pid: int | None = None) -> dict:
    steps = [20] if quick else [100, 250, 500, 750, 1000, 1500, 2000, 2500, 3000]
    seconds = 5.0 if quick else 30.0
    think = 5.0 if quick else 20.0
    population: list[tuple[int, list[str], str]] = []
    best = 0
    outcome = {}
    for players in steps:
        started = time.perf_counter()
        while len(population) * 2 < players:
            pair = bench_users(2, f"online{len(population)}-")
            game = seed_game_fast(pair, 20, "online")
            population.append((game.pk, [_session(pair[0]), _session(pair[1])],
                               f"{game.version}-{game.status}-{game.seat_count}"))
        seeded = time.perf_counter() - started
        global _KINDS
        _KINDS = {}
        watched = _processes(server_pid)
        before = {name: _cpu_seconds(pid) for name, pid in watched.items()}
        began = time.perf_counter()
        try:
            result = asyncio.run(_online(port, population[: players // 2], seconds, think))
        finally:
            kinds, _KINDS = _KINDS, None
        wall = time.perf_counter() - began
        result["cores"] = {name: (_cpu_seconds(pid) - before[name]) / wall for name, pid in watched.items()}
        result["kinds"] = {name: (len(v), statistics.mean(a for a, _ in v), statistics.mean(c for _, c in v))
                           for name, v in sorted(kinds.items())}
        outcome[players] = result
        holds = result["p99"] <= P99_LIMIT_MS and result["errors"] == 0
        print(f"online players {players:>5}: {result['rate']:6.0f} req/s, p50 {result['p50']:6.1f} ms, "
              f"p99 {result['p99']:7.1f} ms, errors {result['errors']} -> {'holds' if holds else 'misses'} "
              f"(p99 <= {P99_LIMIT_MS:.0f} ms; seeding {seeded:.0f} s)")
        # Where the workers' time went: per kind, the mean in-worker and CPU milliseconds and the share of
        # the two sync workers' time (the sum of in-worker time over the step, per second); and the cores
        # the client and each worker used.
        busy = sum(n * app for n, app, _ in result["kinds"].values()) / 1000 / seconds
        print("    " + "; ".join(f"{name} {n}x {app:.1f} ms ({cpu:.1f} CPU)"
                                 for name, (n, app, cpu) in result["kinds"].items())
              + f"; in-worker time {busy:.2f} worker-s/s of 2")
        print("    cores used: " + ", ".join(f"{name} {used:.2f}" for name, used in result["cores"].items()))
        if not holds:
            break
        best = players
    print(f"online players served with p99 <= {P99_LIMIT_MS:.0f} ms: {best} (target >= 2,000)")
    return {"largest": best, "steps": outcome}


def _errors(run: dict) -> str:
    count = run.get("errors") or run.get("failed")
    return f" !{count} errors" if count else ""


def _print_table(results: dict, games: dict) -> None:
    floor = results["healthz"]
    print(f"/healthz (wrk, 4 connections, {results['seconds']:.0f} s): {floor['rate']:,.0f} req/s, "
          f"{floor['app_ms']:.2f} ms in the worker; the submit client's own /healthz: "
          f"{results['client_floor']['wall_ms']:.2f} ms per request")
    lengths = list(games)
    print(f"{'request':<36}" + "".join(f"{'log ' + str(n):>30}" for n in lengths) + "   target (ms / ratio)")
    for name, (ms, ratio, _queries) in TARGETS.items():
        cells = []
        for length in lengths:
            run = results[length][name]
            share = run["ratio"] if "ratio" in run else run["rate"] / floor["rate"]
            cells.append(f"{run['app_ms']:7.2f} ms {share * 100:5.1f} %"
                         + (f" ({run['count']} ok)" if "count" in run else f" {run['rate']:7.0f}/s")
                         + _errors(run))
        print(f"{name:<36}" + "".join(f"{cell:>30}" for cell in cells) + f"   <= {ms} ms / >= {ratio * 100:.0f} %")
    first, last = results[lengths[0]], results[lengths[-1]]
    growth = {name: last[name]["app_ms"] / first[name]["app_ms"] - 1 for name in TARGETS if first[name]["app_ms"]}
    print("log " + str(lengths[-1]) + " vs 10 (in-worker time): "
          + ", ".join(f"{name} {g * 100:+.0f} %" for name, g in growth.items()) + " (target within 15 %)")
