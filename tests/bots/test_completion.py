"""A short completion run: bot-only games never stall or crash (the full figures: docs/benchmarks.md)."""

from __future__ import annotations

import pytest

from bench.completion import completion, wilson


@pytest.mark.slow
def test_twenty_bot_games_run_without_stalls_or_crashes_and_some_finish():
    lines = []
    results = completion(20, 2, "normal", out=lines.append)
    assert not [r.stall for r in results if r.stall]
    assert not [r.crash for r in results if r.crash]
    assert lines[-1].startswith("completion: ") and lines[-1].count(",") == 4
    assert any(r.finished for r in results), lines[-1]


def test_wilson_interval():
    lo, hi = wilson(60, 100)
    assert 0.50 < lo < 0.6 < hi < 0.70
