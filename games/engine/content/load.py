"""Load the content: read every file through the schema (:mod:`.validate`), check the integrity
across records and files (:mod:`.integrity`), and hand out the frozen :class:`~.model.Content`.

Nothing here imports Django.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from .integrity import check_all
from .model import Content
from .validate import (
    BOSSES_FILE,
    DEEDS_FILE,
    FILES,
    HEROES_FILE,
    ITEMS_FILE,
    REGIONS_FILE,
    SCHEMA,
    TOKENS_FILE,
    VERSION,
    ContentError,
    read_file,
)

__all__ = ["FILES", "ContentError", "build_content"]


def build_content(directory: Path | str) -> Content:
    """Read, check and assemble all content files in ``directory``; the first problem raises ContentError."""
    directory = Path(directory)
    data = {name: read_file(directory, SCHEMA[name]) for name in FILES}
    regions = data[REGIONS_FILE]["regions"]
    heroes = data[HEROES_FILE]["heroes"]
    items = data[ITEMS_FILE]["items"]
    tokens = data[TOKENS_FILE]["tokens"]
    deeds = data[DEEDS_FILE]["deeds"]
    namenlose = data[BOSSES_FILE]["namenlose"]
    dragons = data[BOSSES_FILE]["dragons"]
    check_all(regions, heroes, items, tokens, deeds, namenlose, dragons)
    return Content(
        version=VERSION,
        regions=MappingProxyType(regions),
        heroes=MappingProxyType(heroes),
        tokens=MappingProxyType(tokens),
        items=MappingProxyType(items),
        deeds=MappingProxyType(deeds),
        namenlose_cards=MappingProxyType(namenlose),
        dragon_cards=MappingProxyType(dragons),
    )
