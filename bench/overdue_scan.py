"""The deadline scan over 10,000 running games (target: under 1 second), on a scratch database.

Uses DATABASE_URL when it is set (then a fresh scratch database is created beside it on PostgreSQL),
otherwise a temporary SQLite file.
"""

from __future__ import annotations

import os
import tempfile
import time
from datetime import timedelta

GAMES = 10_000


def main(quick: bool = False) -> dict:
    scratch = tempfile.mkdtemp(prefix="heldenweb-bench-")
    os.environ["HELDENWEB_VAR_DIR"] = scratch
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        import psycopg

        base, _, _name = url.rpartition("/")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS heldenweb_bench WITH (FORCE)")
            conn.execute("CREATE DATABASE heldenweb_bench")
        os.environ["DATABASE_URL"] = f"{base}/heldenweb_bench"
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "heldenweb.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from accounts.models import User
    from games.models import Game
    from games.services import overdue_games

    call_command("migrate", verbosity=0)
    creator = User.objects.create(username="bench", email="bench@example.org")
    now = timezone.now()
    count = 1_000 if quick else GAMES
    games = []
    for i in range(count):
        # One game in a hundred is overdue; a tenth of the rest is paused or finished.
        deadline = now - timedelta(minutes=5) if i % 100 == 0 else now + timedelta(hours=1 + i % 70)
        status = Game.Status.FINISHED if i % 10 == 5 else Game.Status.RUNNING
        games.append(Game(title=f"g{i}", creator=creator, seat_count=2, content_version="1", status=status,
                          paused=(i % 10 == 7), turn_deadline_at=deadline, seed=f"{i:064x}",
                          seed_commitment="0" * 64))
    Game.objects.bulk_create(games, batch_size=1000)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # fresh statistics, so the planner sees the partial index pays
    runs = []
    found = 0
    for _ in range(5):
        start = time.perf_counter()
        found = len(list(overdue_games(now)))
        runs.append(time.perf_counter() - start)
    sql, params = overdue_games(now).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(("EXPLAIN " if connection.vendor == "postgresql" else "EXPLAIN QUERY PLAN ") + sql, params)
        plan = " | ".join(str(row[-1]) for row in cursor.fetchall())
    best = min(runs)
    print(f"overdue scan on {connection.vendor}: {count} games, {found} overdue, best of 5 = {best * 1000:.1f} ms "
          f"(target < 1000 ms)")
    print(f"plan: {plan}")
    return {"games": count, "overdue": found, "seconds": best}
