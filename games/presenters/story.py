"""The story since a player's last visit: the others' steps as sentences, and the fields they touched."""

from __future__ import annotations

from typing import Any

STORY_LIMIT = 30          # the newest steps told; older ones are counted ("and N earlier steps")
FIELD_KEYS = ("to", "field")


def story_since(log: list[dict[str, Any]], raw: list[dict[str, Any]], *, since: int,
                seat: int | None) -> dict[str, Any] | None:
    """The described log entries after ``since`` that other seats (or the game) made, not taken back
    (``raw``: the same entries undescribed, for the fields their events name).

    Returns None when there is nothing new; else the entries (oldest first), how many older ones were
    left out, and the field codes the story touched (the board rings them).
    """
    if seat is None:
        return None
    new = [e for e in log if e["sequence"] > since and not e["taken_back"] and e.get("seat") != seat]
    if not new:
        return None
    shown = new[-STORY_LIMIT:]
    fields: list[str] = []
    sequences = {e["sequence"] for e in shown}
    for entry in raw:
        if entry["sequence"] not in sequences:
            continue
        for event in entry["events"]:
            for key in FIELD_KEYS:
                value = (event.get("data") or {}).get(key)
                if isinstance(value, str) and value and not value.startswith("?") and value not in fields:
                    fields.append(value)
    return {"entries": shown, "earlier": len(new) - len(shown), "fields": fields}
