"""``refused(cls, pattern)``: like ``pytest.raises(cls, match=pattern)`` for the services' errors, whose
``str()`` carries only a code and its parameters (issue 12, "One text layer"): the pattern is searched in
what an English reader is told, and in the technical reason the error keeps for the logs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from games.errors import GameServiceError
from games.presenters.errors import error_text


@contextmanager
def refused(cls: type[GameServiceError], pattern: str) -> Iterator[Any]:
    with pytest.raises(cls) as info:
        yield info
    said = f"{error_text(info.value, 'en')} | {info.value.reason or ''}"
    assert re.search(pattern, said), f"{pattern!r} not in {said!r}"
