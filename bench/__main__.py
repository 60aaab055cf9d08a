"""`make bench`: run every benchmark and print its figures (record them in docs/benchmarks.md)."""

from __future__ import annotations

import argparse
import platform
import sys

from . import engine_playouts, http, overdue_scan

# The overdue scan and the HTTP benchmark set up Django on a scratch database; only one of them can run
# in a process (the first one's database stays configured), so `make bench` runs them by name.
BENCHMARKS = {"engine": engine_playouts.main, "overdue": overdue_scan.main, "http": http.main}
DEFAULT = ("engine", "overdue")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench")
    parser.add_argument("names", nargs="*", help=f"benchmarks to run: {', '.join(BENCHMARKS)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a smoke test")
    args = parser.parse_args(argv)
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    unknown = set(args.names) - set(BENCHMARKS)
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(unknown))}")
    for name in args.names or DEFAULT:
        print(f"\n== {name}")
        BENCHMARKS[name](quick=args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
