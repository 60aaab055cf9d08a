"""Game content: the board, heroes, tokens, items, deeds and boss cards, read from YAML.

``load_content()`` parses the data files next to this module into the frozen dataclasses of
:mod:`.model`, checking each record against the schema (:mod:`.validate`) and the records against
each other (:mod:`.integrity`), in :mod:`.load`; any problem raises :class:`ContentError` naming the
file and the field. The result is cached. Pass ``path`` (a directory holding the six YAML files) to
load another copy, e.g. in tests.

This package imports nothing from Django.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .load import build_content
from .model import (
    Border,
    BossCard,
    Content,
    Deed,
    DeedPart,
    Direction,
    Field,
    FieldKind,
    Hero,
    Item,
    PathKind,
    Quest,
    Region,
    SecretColour,
    Token,
    TokenCategory,
    TokenKind,
)
from .model import (
    Path as BoardPath,
)
from .validate import FILES, ContentError

__all__ = [
    "CONTENT_DIR",
    "FILES",
    "BoardPath",
    "Border",
    "BossCard",
    "Content",
    "ContentError",
    "Deed",
    "DeedPart",
    "Direction",
    "Field",
    "FieldKind",
    "Hero",
    "Item",
    "PathKind",
    "Quest",
    "Region",
    "SecretColour",
    "Token",
    "TokenCategory",
    "TokenKind",
    "load_content",
]

CONTENT_DIR = Path(__file__).resolve().parent


def load_content(path: str | Path | None = None) -> Content:
    """The validated game content from ``path`` (default: the files shipped with this package)."""
    directory = CONTENT_DIR if path is None else Path(path).resolve()
    return _load(directory)


@lru_cache(maxsize=8)
def _load(directory: Path) -> Content:
    return build_content(directory)


load_content.cache_clear = _load.cache_clear  # type: ignore[attr-defined]
