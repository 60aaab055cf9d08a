"""mypy (issue 12) is clean on the modules pyproject.toml lists: `make lint` checks it, and so does the
suite, so that CI, which runs `make test`, catches a type error in a module that has none."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_finds_no_error_in_the_typed_modules(tmp_path):
    mypy = Path(sys.executable).with_name("mypy")
    result = subprocess.run([str(mypy), "--cache-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                            timeout=900)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
