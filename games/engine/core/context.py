"""The working context of one ``apply``: content, the state being built, dice, emitted events, and the
tables through which a lower layer reaches a higher one without importing it: the follow-up rules
(``Hooks``) and the handlers of pending decisions and probes (``Handlers``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..content.model import Content
from .actions import Action
from .board import Board, board_for
from .dice import Dice
from .events import Event
from .payloads import Probe
from .state import Pending, State

# How a decision's answer is applied, how its options follow from the state (pending.py), and what a
# rolled probe does (effects/probes.py).
Handler = Callable[["Ctx", int, Pending, Any], None]
Refresher = Callable[[State, Pending], list[Any]]
ProbeHandler = Callable[["Ctx", Probe, bool], None]


@dataclass
class Handlers:
    """The pending decisions and probes of one module: each decision's answering action class and
    handler, how its options are recomputed, and each probe purpose's handler.

    A module fills its own table with the decorators, next to the functions (``HANDLERS = Handlers()``,
    ``@HANDLERS.answers("lose_lp", LoseLp)``); ``registry.HOOKS`` merges the tables of the modules it
    lists, so a handler exists because the registry names its module, not because someone imported it.
    """

    answer_class: dict[str, type[Action]] = field(default_factory=dict)
    answer: dict[str, Handler] = field(default_factory=dict)
    refresh: dict[str, Refresher] = field(default_factory=dict)
    probe: dict[str, ProbeHandler] = field(default_factory=dict)
    # Set once the registry has merged the table: a handler added later would be silently ignored by
    # some games and not others, so it is refused instead (the tables are fixed after start-up).
    sealed: bool = False

    def _open(self) -> None:
        if self.sealed:
            raise RuntimeError("the registry has merged this table; handlers are declared at module level")

    def answers(self, kind: str, cls: type[Action]) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            self._open()
            self.answer_class[kind] = cls
            self.answer[kind] = handler
            return handler

        return register

    def refreshes(self, kind: str) -> Callable[[Refresher], Refresher]:
        """How the options of a ``kind`` decision follow from the current state (see pending.refresh_options)."""

        def register(refresher: Refresher) -> Refresher:
            self._open()
            self.refresh[kind] = refresher
            return refresher

        return register

    def on_probe(self, purpose: str) -> Callable[[ProbeHandler], ProbeHandler]:
        def register(handler: ProbeHandler) -> ProbeHandler:
            self._open()
            self.probe[purpose] = handler
            return handler

        return register

    @classmethod
    def merged(cls, tables: Iterable[Handlers]) -> Handlers:
        """One table of all; a decision kind or probe purpose claimed by two modules is an error."""
        result = cls()
        for table in tables:
            pairs: tuple[tuple[dict[str, Any], dict[str, Any]], ...] = (
                (result.answer_class, table.answer_class), (result.answer, table.answer),
                (result.refresh, table.refresh), (result.probe, table.probe))
            for mine, theirs in pairs:
                twice = mine.keys() & theirs.keys()
                if twice:
                    raise ValueError(f"handled by two modules: {sorted(twice)}")
                mine.update(theirs)
            table.sealed = True
        result.sealed = True
        return result


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
    # Who answers each pending decision and each probe (pending.apply_answer, probes.finish_probe).
    handlers: Handlers


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
