"""Pending decisions: a rule stops, asks one seat, and goes on when that seat answers.

Each pending kind names the action class that answers it and a handler. A module declares its
handlers in its own ``Handlers`` table (``@HANDLERS.answers(kind, ActionClass)``) and registry.py
merges the tables; ``legal_answers`` turns the options of the first pending decision into actions,
and only its seat may answer — but for decisions every member of a group answers for himself
(``SIDE_BY_SIDE``): while they lead the queue, each of their seats answers its own in any order.
Everything in a pending's context must survive JSON (lists, not tuples), because states are stored
between requests; its typed record lives in ``payloads``.

A decision queued behind another one may offer what the first one's answer has taken away (two LP
lost at once: the first breaks the armour the second still offers). Such kinds register a refresher
(``@HANDLERS.refreshes(kind)``) and recompute their options whenever they are presented or answered,
never from the state they were queued in.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .actions import Action
from .context import Ctx, Handlers
from .errors import IllegalActionError
from .payloads import PAYLOADS, Payload
from .state import Pending, State

# "Die Mitglieder der Gruppe müssen sich einigen" (COOP-08): each member agrees or refuses when he comes
# to it, not after the member before him (ruling R-253).
SIDE_BY_SIDE = frozenset({"reward_agree"})


def open_decision(state: State, seat: int) -> int | None:
    """The index of the decision ``seat`` may answer now: the first one if it is his, or his own among
    the side-by-side decisions that lead the queue; None when he has nothing to answer yet."""
    if not state.pending:
        return None
    first = state.pending[0]
    if first.seat == seat:
        return 0
    if first.kind not in SIDE_BY_SIDE:
        return None
    for index, pending in enumerate(state.pending):
        if pending.kind != first.kind:
            return None
        if pending.seat == seat:
            return index
    return None


def refresh_options(handlers: Handlers, state: State) -> None:
    """Bring the options of every open decision up to date with the state (see the module's doc)."""
    for pending in state.pending:
        refresher = handlers.refresh.get(pending.kind)
        if refresher is not None:
            pending.options = list(refresher(state, pending))


def answer_classes(handlers: Handlers) -> tuple[type[Action], ...]:
    return tuple(set(handlers.answer_class.values()))


def _param_name(cls: type[Action]) -> str:
    return fields(cls)[0].name


def ask(ctx: Ctx, seat: int, kind: str, options: list[Any], context: Payload | None = None,
        front: bool = False) -> None:
    """Queue a decision for ``seat`` that remembers ``context`` (the record ``PAYLOADS`` names for the
    kind; none for a kind that needs nothing). ``front`` puts it first: the next step of a decision
    being made."""
    assert options, f"a {kind} decision needs at least one option"
    context = Payload() if context is None else context
    assert type(context) is PAYLOADS[kind], f"a {kind} decision carries a {PAYLOADS[kind].__name__}"
    pending = Pending(seat=seat, kind=kind, options=list(options), context=context)
    if front:
        ctx.state.pending.insert(0, pending)
    else:
        ctx.state.pending.append(pending)


def _current_options(handlers: Handlers, state: State, pending: Pending) -> list[Any]:
    refresher = handlers.refresh.get(pending.kind)
    return list(pending.options) if refresher is None else list(refresher(state, pending))


def legal_answers(handlers: Handlers, state: State, seat: int) -> list[Action]:
    index = open_decision(state, seat)
    if index is None:
        return []
    pending = state.pending[index]
    cls = handlers.answer_class.get(pending.kind)
    if cls is None:
        return []
    name = _param_name(cls)
    return [cls(**{name: option}) for option in _current_options(handlers, state, pending)]


def apply_answer(ctx: Ctx, seat: int, action: Action) -> None:
    state, handlers = ctx.state, ctx.hooks.handlers
    if not state.pending:
        raise IllegalActionError(f"{action.kind}: there is no open decision to answer")
    index = open_decision(state, seat)
    if index is None:
        raise IllegalActionError("another player must decide first")
    pending = state.pending[index]
    cls = handlers.answer_class.get(pending.kind)
    if cls is None or not isinstance(action, cls):
        raise IllegalActionError(f"first answer the open decision: {pending.kind}")
    value = getattr(action, _param_name(cls))
    options = _current_options(handlers, state, pending)
    if value not in options:
        raise IllegalActionError(f"{value!r} is not one of the choices {options}")
    state.pending.pop(index)
    handlers.answer[pending.kind](ctx, seat, pending, value)
