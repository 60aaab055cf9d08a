"""`make bench`: run every benchmark and print its figures (record them in docs/benchmarks.md)."""

from __future__ import annotations

import argparse
import platform
import sys
from collections.abc import Callable

from . import completion, engine_playouts, http, inprocess, league_draw, overdue_scan, render_parts, walking_routes

# The overdue scan and the HTTP benchmark set up Django on a scratch database; only one of them can run
# in a process (the first one's database stays configured), so `make bench` runs http (and inprocess) by name.
# Each benchmark's main takes ``quick`` (its other options have defaults) and prints its own report.
BENCHMARKS: dict[str, Callable[..., object]] = {
    "engine": engine_playouts.main, "completion": lambda quick: completion.main(quick=quick),
    "leagues": league_draw.main, "overdue": overdue_scan.main, "http": http.main,
    "inprocess": inprocess.main, "walking": walking_routes.main, "render_parts": render_parts.main,
}
DEFAULT = ("engine", "completion", "leagues", "overdue")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["completion"] and len(argv) > 1:
        # `bench completion --games N --seats K --level L`: the completion benchmark with its options.
        return completion.main(argv[1:])
    parser = argparse.ArgumentParser(prog="bench")
    parser.add_argument("names", nargs="*", help=f"benchmarks to run: {', '.join(BENCHMARKS)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a smoke test")
    parser.add_argument("--profile", action="append", metavar="NAME",
                        help="inprocess: cProfile the requests whose name starts with NAME (repeatable)")
    parser.add_argument("--calls", action="store_true",
                        help="inprocess only: function calls per warm request, cold partial and htmx submit")
    parser.add_argument("--real", action="store_true",
                        help="inprocess only: PostgreSQL and Redis (scratch databases) instead of SQLite and locmem")
    args = parser.parse_args(argv)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    unknown = set(args.names) - set(BENCHMARKS)
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(unknown))}")
    for name in args.names or DEFAULT:
        print(f"\n== {name}")
        if name == "inprocess":
            inprocess.main(quick=args.quick, profile=args.profile, calls=args.calls, real=args.real)
        else:
            BENCHMARKS[name](quick=args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
