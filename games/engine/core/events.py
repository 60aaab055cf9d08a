"""Events: every consequence of an action, each naming the catalogue rule that produced it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    rule: str                              # catalogue ID, e.g. "SECRET-01"
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    dice: tuple[int, ...] = ()
    visible_to: tuple[int, ...] | None = None   # None: everybody; else only these seats

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "seat": self.seat,
            "data": self.data,
            "dice": list(self.dice),
            "visible_to": list(self.visible_to) if self.visible_to is not None else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        visible = data.get("visible_to")
        return cls(
            kind=data["kind"],
            rule=data["rule"],
            seat=data.get("seat"),
            data=dict(data.get("data") or {}),
            dice=tuple(data.get("dice") or ()),
            visible_to=tuple(visible) if visible is not None else None,
        )

    def visible_for(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)
