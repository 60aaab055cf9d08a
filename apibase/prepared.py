"""A read query compiled once per process and database connection, run with other values (issue 17).
In apibase, the site's lowest layer, so that every app may use it.

On a warm read most of the request's Python work was Django compiling the same statement again: the
game page's access check (the seats joined to the game and the users, with the header's count of games
waiting as a subquery) took some 3,600 ORM calls per request to build a query whose text never changes,
only its values (the game's id, the user's id). ``Prepared`` builds the queryset once with stand-in
values, keeps the compiler (which knows how to turn rows into the model objects, related objects and
annotations, exactly as the queryset would) and its SQL, and runs that SQL with the real values put
where the stand-ins were. The rows go through Django's own ``ModelIterable`` as before.

A stand-in that does not come out as one parameter of its own (a value the ORM transformed, folded into
the SQL, or used twice in a way it could not tell apart) makes ``Prepared`` fall back to the plain
queryset, every time: the result is then the same, only not faster.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)

_MISSING: Any = object()

#: Stand-in values: integers no key of this site takes (negative, odd, unlikely in any constant).
STAND_INS = (-7_300_000_001, -7_300_000_003, -7_300_000_005, -7_300_000_007)


class Prepared(Generic[M]):
    """``Prepared(build)(*values)`` is ``list(build(*values))``, compiled once (per connection object:
    one per thread and database alias). ``build`` takes only integers and must build the same statement
    for every value: no branching on the values, and each value handed to the ORM as it is (a filter's
    value, a model's key), never computed with first (that the check below cannot see in every case)."""

    def __init__(self, build: Callable[..., QuerySet[M]]):
        self._build = build
        # Per thread (Django's connection objects are per thread; a thread's entry goes with it, so a server
        # that starts a thread per request keeps nothing for long): (the connection, the queryset, its
        # compiler, SQL, parameters, where each stand-in goes), or None: run the plain queryset.
        self._local = threading.local()
        self._alias: str | None = None

    def __call__(self, *values: int) -> list[M]:
        if len(values) > len(STAND_INS) or any(type(v) is not int or v in STAND_INS for v in values):
            return list(self._build(*values))
        stand_ins = STAND_INS[: len(values)]
        wrapper = connections[self._alias] if self._alias is not None else None
        kept = getattr(self._local, "kept", _MISSING) if wrapper is not None else _MISSING
        if kept is _MISSING or (kept is not None and kept[0] is not wrapper):
            queryset = self._build(*stand_ins)
            self._alias = queryset.db
            wrapper = connections[queryset.db]
            kept = self._compile(wrapper, queryset, stand_ins)
            self._local.kept = kept
        if kept is None:
            return list(self._build(*values))
        _wrapper, template, compiler, sql, params, slots = kept
        run = copy.copy(compiler)  # the copy's SQL and values are this call's alone (threads)
        filled = tuple(values[slot] if slot is not None else param for param, slot in zip(params, slots, strict=True))
        run.as_sql = lambda *args, **kwargs: (sql, filled)
        chained = template._chain()
        chained.query.get_compiler = lambda *args, **kwargs: run  # only this clone's
        return list(chained)

    @staticmethod
    def _compile(wrapper: Any, queryset: QuerySet[M], stand_ins: tuple[int, ...]) -> Any:
        compiler = queryset.query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()
        params = tuple(params)
        slots = tuple(stand_ins.index(p) if type(p) is int and p in stand_ins else None for p in params)
        found = [slot for slot in slots if slot is not None]
        if sorted(set(found)) != list(range(len(stand_ins))) or any(str(abs(s)) in sql for s in stand_ins):
            return None  # a stand-in did not come out as a parameter of its own: run the plain queryset
        return (wrapper, queryset, compiler, sql, params, slots)
