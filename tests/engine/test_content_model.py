"""The schema loader builds the same content model as the loader it replaced (issue 12).

``FINGERPRINT`` is the SHA-256 of a canonical dump of ``load_content()`` taken with the former
validator (games/engine/content/validate.py before the schema, commit 89f24f0) on the shipped data.
The dump records every attribute with its type — enum members, tuples against lists, read-only
mappings against dicts — so any difference in what the rules code reads changes the fingerprint.
A deliberate change of the content data changes it too: then check what changed (``canonical()``
before and after) and update the constant in the same commit; ``python -m tests.engine.test_content_model``
prints the current fingerprint.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from games.engine.content import load_content

FINGERPRINT = "ee1ef808dd0c843cb79dd401010f7740274d8b28e8415d2da63b133e9c19f606"


def plain(value: Any) -> Any:
    """A JSON-able picture of ``value`` that keeps every type the model uses."""
    if is_dataclass(value) and not isinstance(value, type):
        return {"__type__": type(value).__name__, **{f.name: plain(getattr(value, f.name)) for f in fields(value)}}
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Mapping):
        return {"__mapping__": type(value).__name__, "items": [[plain(k), plain(v)] for k, v in value.items()]}
    if isinstance(value, (list, tuple)):
        return {"__seq__": type(value).__name__, "items": [plain(v) for v in value]}
    return {"__val__": type(value).__name__, "v": value}


def canonical() -> str:
    return json.dumps(plain(load_content()), sort_keys=True, ensure_ascii=False)


def fingerprint() -> str:
    return hashlib.sha256(canonical().encode()).hexdigest()


def test_the_loaded_content_is_the_same_as_before_the_schema():
    assert fingerprint() == FINGERPRINT


def test_the_dump_tells_the_types_apart():
    # The model's read-only mappings and tuples must not turn into dicts and lists unnoticed.
    assert plain((1,)) != plain([1])
    assert plain({"a": 1}) != plain(MappingProxyType({"a": 1}))
    assert plain(1) != plain(1.0) != plain(True)


if __name__ == "__main__":
    print(fingerprint())
