"""Pending decisions: a rule stops, asks one seat, and goes on when that seat answers.

Each pending kind names the action class that answers it and a handler. Rules modules register
their handlers with ``@answers(kind, ActionClass)``; ``legal_answers`` turns the options of the
first pending decision into actions, and only its seat may answer. Everything in a pending's
context must survive JSON (lists, not tuples), because states are stored between requests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from .actions import Action
from .context import Ctx
from .errors import IllegalActionError
from .state import Pending, State

Handler = Callable[[Ctx, int, Pending, Any], None]
Refresher = Callable[[State, Pending], list[Any]]

ANSWER_CLASS: dict[str, type[Action]] = {}
HANDLERS: dict[str, Handler] = {}
REFRESHERS: dict[str, Refresher] = {}


def answers(kind: str, cls: type[Action]) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        ANSWER_CLASS[kind] = cls
        HANDLERS[kind] = handler
        return handler

    return register


def refreshes(kind: str) -> Callable[[Refresher], Refresher]:
    """Register how the options of a ``kind`` decision follow from the current state.

    A decision queued behind another one may offer what the first one's answer has taken away (two
    LP lost at once: the first breaks the armour the second still offers). Such kinds recompute their
    options whenever they are presented or answered, never from the state they were queued in.
    """

    def register(refresher: Refresher) -> Refresher:
        REFRESHERS[kind] = refresher
        return refresher

    return register


def refresh_options(state: State) -> None:
    """Bring the options of every open decision up to date with the state (see ``refreshes``)."""
    for pending in state.pending:
        refresher = REFRESHERS.get(pending.kind)
        if refresher is not None:
            pending.options = list(refresher(state, pending))


def answer_classes() -> tuple[type[Action], ...]:
    return tuple(set(ANSWER_CLASS.values()))


def _param_name(cls: type[Action]) -> str:
    return fields(cls)[0].name


def ask(ctx: Ctx, seat: int, kind: str, options: list[Any], front: bool = False, **context: Any) -> None:
    """Queue a decision for ``seat``. ``front`` puts it first: the next step of a decision being made."""
    assert options, f"a {kind} decision needs at least one option"
    pending = Pending(seat=seat, kind=kind, options=list(options), context=context)
    if front:
        ctx.state.pending.insert(0, pending)
    else:
        ctx.state.pending.append(pending)


def _current_options(state: State, pending: Pending) -> list[Any]:
    refresher = REFRESHERS.get(pending.kind)
    return list(pending.options) if refresher is None else list(refresher(state, pending))


def legal_answers(state: State, seat: int) -> list[Action]:
    pending = state.pending[0]
    if pending.seat != seat:
        return []
    cls = ANSWER_CLASS.get(pending.kind)
    if cls is None:
        return []
    name = _param_name(cls)
    return [cls(**{name: option}) for option in _current_options(state, pending)]


def apply_answer(ctx: Ctx, seat: int, action: Action) -> None:
    state = ctx.state
    if not state.pending:
        raise IllegalActionError(f"{action.kind}: there is no open decision to answer")
    pending = state.pending[0]
    if pending.seat != seat:
        raise IllegalActionError("another player must decide first")
    cls = ANSWER_CLASS.get(pending.kind)
    if cls is None or not isinstance(action, cls):
        raise IllegalActionError(f"first answer the open decision: {pending.kind}")
    value = getattr(action, _param_name(cls))
    options = _current_options(state, pending)
    if value not in options:
        raise IllegalActionError(f"{value!r} is not one of the choices {options}")
    state.pending.pop(0)
    HANDLERS[pending.kind](ctx, seat, pending, value)
