"""The working context of one ``apply``: content, the state being built, dice and emitted events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Board, board_for
from .content.model import Content
from .dice import Dice
from .events import Event
from .state import State


@dataclass
class Ctx:
    content: Content
    state: State
    dice: Dice
    events: list[Event] = field(default_factory=list)

    @property
    def board(self) -> Board:
        return board_for(self.content, self.state.grid)

    def emit(
        self,
        kind: str,
        rule: str,
        seat: int | None = None,
        dice: tuple[int, ...] = (),
        visible_to: tuple[int, ...] | None = None,
        **data: Any,
    ) -> None:
        self.events.append(Event(kind=kind, rule=rule, seat=seat, data=data, dice=dice, visible_to=visible_to))

    def d6(self) -> int:
        return self.dice.d6()
