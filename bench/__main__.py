"""`make bench`: run every benchmark and print its figures (record them in docs/benchmarks.md)."""

from __future__ import annotations

import argparse
import platform
import sys

from . import engine_playouts, league_draw, overdue_scan

# The overdue scan sets up Django on a scratch database, so it runs last.
BENCHMARKS = {"engine": engine_playouts.main, "leagues": league_draw.main, "overdue": overdue_scan.main}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench")
    parser.add_argument("names", nargs="*", help=f"benchmarks to run: {', '.join(BENCHMARKS)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a smoke test")
    args = parser.parse_args(argv)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    unknown = set(args.names) - set(BENCHMARKS)
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(unknown))}")
    for name in args.names or BENCHMARKS:
        print(f"\n== {name}")
        BENCHMARKS[name](quick=args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
