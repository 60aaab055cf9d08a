"""The working context of one ``apply``: content, the state being built, dice, emitted events, and the
follow-up rules a lower layer sets off without importing them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..content.model import Content
from .board import Board, board_for
from .dice import Dice
from .events import Event
from .state import State


@dataclass(frozen=True)
class Hooks:
    """Rules of a higher layer that a lower one must set off (docs/architecture.md, "Engine layers").

    A lower layer never imports a higher one: the action phase cannot import the movement, a death
    (an effect) cannot import the final fight (a rule). Instead the lower one calls the follow-up
    through this table, which the top layer fills once, explicitly, in ``registry.HOOKS``.
    """

    # Taking an action ends the movement (phase.begin_action), and so does reaching the dragon.
    finish_movement: Callable[[Ctx, int], None]
    # A Schatten's heart is credited when the LP it took is paid (life.take_lp).
    credit_shadow: Callable[[Ctx, int, str], None]
    # A death ends a final fight: where the dead hero's things go — a field, the fields to choose
    # from, or None when he was not fighting a boss (life.die).
    death_in_fight: Callable[[Ctx, int], str | list[str] | None]
    # A drawn event or dragon event token is resolved (bag.place_drawn).
    resolve_event: Callable[[Ctx, int, str], None]
    resolve_dragon_event: Callable[[Ctx, int, str], None]
    # A token picked up may be the thing a quest searches for (items.take_from_board).
    found_quest_item: Callable[[Ctx, int, str], None]


@dataclass
class Ctx:
    content: Content
    state: State
    dice: Dice
    hooks: Hooks
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
