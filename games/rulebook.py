"""The rules catalogue (docs/rules/catalogue.md) as data, so the log can link each event to its rule."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "catalogue.md"
_ROW = re.compile(r"^\| ([A-Z]+-[A-Z0-9]+) \| (.+?) \| ([a-z]+) \|", re.M)


@lru_cache(maxsize=1)
def rules() -> dict[str, str]:
    """Rule ID -> the rule's English text."""
    return {m.group(1): m.group(2).strip() for m in _ROW.finditer(CATALOGUE.read_text(encoding="utf-8"))}


def rule_text(rule_id: str) -> str:
    return rules().get(rule_id, "")
