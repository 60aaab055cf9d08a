"""Which golden games a test run replays.

Each golden game is a complete game: replaying one (and reading it, with every step's legal actions) is a
long playout. The inner loop (`make test-fast`) replays the two two-seat games, one per rules and dice
version; `make test` and CI replay every one.
"""

from __future__ import annotations

import pytest

from tools.golden import GOLDEN_DIR

GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))
INNER_LOOP = {"golden-2-a", "golden-v1-2-a"}
GOLDEN_PARAMS = [pytest.param(path, id=path.stem, marks=() if path.stem in INNER_LOOP else pytest.mark.slow)
                 for path in GOLDEN_FILES]
