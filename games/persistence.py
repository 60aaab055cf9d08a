"""Between rows and engine State: load a game's state, write back only what changed.

The state's own codec (``State.to_json``/``State.from_parts``, ``HeroState.to_json``/``from_json``),
reached through the game's title (``title_of(game).codec``), decides the JSON; this module only says
where each part lives: the phase, seat to move and turn in
columns of the game row, the rest of the global part in ``Game.global_state``, the board's cards in
``RegionPlacement``, each hero's sheet on his ``Seat`` and each token in a ``TokenPosition`` row.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.cache import cache
from django.db import connections, router, transaction
from django.db.models import F, QuerySet, TextField
from django.db.models.functions import Cast

from apibase.prepared import Prepared

from .models import Game, RegionPlacement, Seat, TokenPosition
from .titles import title_of

if TYPE_CHECKING:
    from games.engine.core.state import HeroState, State

SHARED_STATE_SECONDS = 600  # long enough for everyone polling a game to read it, short enough to drop

# The keys of the state's JSON kept on the game row in columns of their own, and in rows of their own.
COLUMN_KEYS = {"phase": "phase", "current": "current_seat", "turn": "turn_number"}
ROW_KEYS = ("grid", "revealed", "heroes", "tokens")


def _global_state(state: State) -> dict[str, Any]:
    """The state's JSON but for what lives in columns and rows of its own."""
    data = state.to_json(rows=False)  # the rows' parts not made at all (ROW_KEYS)
    for key in COLUMN_KEYS:
        del data[key]
    return data


def seats_of(game: Game) -> list[Seat]:
    """The game's seats by index, with their users: read once per Game object (or taken from a
    ``prefetch_related("seats")`` already done), then shared by the state and the seat lookups."""
    cached = getattr(game, "_seats_list", None)
    if cached is None:
        prefetched = getattr(game, "_prefetched_objects_cache", {}).get("seats")
        if prefetched is not None:
            cached = sorted(prefetched, key=lambda seat: seat.index)
        else:
            cached = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))
        game._seats_list = cached
    return cached


def load_state(game: Game) -> State:
    """The engine state of the game at its version: once per Game object and version, and the parts
    kept in rows of their own (cards, heroes, tokens) from the shared cache when another request or
    the write itself put them there (``share``) — a read then costs one cache round trip, not three
    queries and a hundred model instances.

    The engine never changes a State in place, so every caller within a request may share it; a
    write through ``write_changes`` replaces it with the new state.
    """
    cached = getattr(game, "_state_cache", None)
    if cached is not None and cached[0] == game.version:
        return cached[1]
    key = shared_key(game, game.version)
    parts = cache.get(key) if key else None
    if parts is None:
        parts = _row_parts(game)
        if key:
            cache.set(key, parts, SHARED_STATE_SECONDS)
    state = _assemble(game, parts)
    game._state_cache = (game.version, state)
    return state


def _seats_for_update(game_id: int) -> QuerySet[Seat]:
    return Seat.objects.filter(game_id=game_id).order_by("index")


def _placements(game_id: int) -> QuerySet:
    # Unordered: the model's order ("game", "cell") would join the game table to sort by its order.
    return RegionPlacement.objects.filter(game_id=game_id).order_by().values_list("letter", "cell", "revealed")


def _token_rows(game_id: int) -> QuerySet:
    # ``seen_by`` as its JSON text, decoded only when someone peeked: most tokens are seen by nobody ("[]"),
    # and the JSON field's decoder ran a dozen calls per row (issue 17, seventh wave, second round).
    return TokenPosition.objects.filter(game_id=game_id).values_list(
        "id", "token_id", "loc", "face_up", Cast("seen_by", TextField()), "flipped")


# The row reads of a state, compiled once per process and connection (apibase.prepared; issue 17, eleventh
# wave): their text never changes, only the game's id, and the ORM spent some 1,500 Python calls a submit
# building them again.
_SEATS_FOR_UPDATE = Prepared(_seats_for_update)
_PLACEMENTS = Prepared(_placements)
_TOKEN_ROWS = Prepared(_token_rows)


def load_state_for_update(game: Game) -> State:
    """The state from the rows themselves (never a cache), for a write under the game's row lock. The
    seats are read without their users (a write needs none; ``seats_of`` keeps them for the call)."""
    if getattr(game, "_seats_list", None) is None:
        game._seats_list = _SEATS_FOR_UPDATE(game.pk)
    state = _assemble(game, _row_parts(game))
    game._state_cache = (game.version, state)
    return state


def shared_key(game: Game, version: int) -> str | None:
    """Where the shared cache keeps a game's state at a version (None: the shared cache is off).

    Every write of a game's rows advances its version (action_submit, action_take_back), so a state
    stored under a version stays true; the seed's start guards against a reused id.
    """
    if not getattr(settings, "GAME_STATE_CACHE", True):
        return None
    return f"game:{game.pk}:{game.seed[:8]}:{version}:state"


def share(game: Game, version: int, state: State) -> None:
    """Put the row parts of the state a write just produced into the shared cache (after its commit)."""
    key = shared_key(game, version)
    if key:
        cache.set(key, (state.grid, state.revealed, state.heroes, state.tokens), SHARED_STATE_SECONDS)


def _row_parts(game: Game) -> tuple:
    """The parts of the state kept in rows of their own: the board's cards, the heroes, the tokens.
    (The rest lives on the game row, which every request reads anyway.)"""
    grid: list[str | None] = [None] * 25
    revealed = [False] * 25
    for letter, cell, is_revealed in _PLACEMENTS(game.pk):
        grid[cell] = letter or None
        revealed[cell] = is_revealed
    codec = title_of(game).codec
    # A co-op game's villains' seat has no hero and so no sheet (games.variants): it holds no hero row.
    heroes = [codec.hero_from_json(seat.sheet) for seat in seats_of(game) if seat.sheet]
    # Plain values, not a model instance per token (a game has a hundred tokens; a step changes one or two).
    token_rows = _TOKEN_ROWS(game.pk)
    game._token_rows = {token_id: pk for pk, token_id, *_ in token_rows}  # write_changes updates these, unread
    tokens = {token_id: codec.token(loc, face_up, () if seen_by == "[]" else tuple(json.loads(seen_by)), flipped)
              for _, token_id, loc, face_up, seen_by, flipped in token_rows}
    return grid, revealed, heroes, tokens


def _assemble(game: Game, parts: tuple) -> State:
    grid, revealed, heroes, tokens = parts
    data = dict(game.global_state)
    data.update((key, getattr(game, column)) for key, column in COLUMN_KEYS.items())
    data.update(grid=list(grid), revealed=list(revealed))
    # Keys absent from games stored long ago (rules_version, chance_draws) take the State's defaults.
    state: State = title_of(game).codec.from_parts(data, heroes=list(heroes), tokens=dict(tokens))
    return state


def apply_game_fields(game: Game, state: State) -> list[str]:
    """Copy the global part of the state onto the game row; returns the fields to save."""
    game.phase = state.phase.value
    game.current_seat = state.current
    game.turn_number = state.turn
    game.global_state = _global_state(state)
    game.winner_seat = state.winner
    return ["phase", "current_seat", "turn_number", "global_state", "winner_seat"]


def create_rows(game: Game, state: State) -> None:
    """The first write of a new game's state: every row."""
    RegionPlacement.objects.bulk_create(
        RegionPlacement(game=game, cell=c, letter=state.grid[c] or "", revealed=state.revealed[c]) for c in range(25)
    )
    TokenPosition.objects.bulk_create(
        TokenPosition(game=game, token_id=tid, loc=t.loc, face_up=t.face_up, seen_by=list(t.seen_by),
                      flipped=t.flipped)
        for tid, t in state.tokens.items()
    )
    for hero in state.heroes:
        Seat.objects.filter(game=game, index=hero.seat).update(**_seat_columns(hero))


def _seat_columns(hero: HeroState) -> dict:
    return {
        "hero_key": hero.hero or "",
        "position": hero.position or "",
        "lp": hero.lp,
        "gold": hero.gold,
        "sheet": hero.to_json(),
    }


def update_row(model: Any, values: dict[str, Any], *, increment: str | None = None, **where: int) -> int:
    """``model.objects.filter(**where).update(**values)`` (and ``increment=F(increment) + 1``) for plain
    values and integer conditions, returning the rows updated as it does: the statement's text is built
    once per database, model and names, the values made ready for the database by each field as the ORM's
    own update does (``get_db_prep_save``; None is SQL NULL, as there). The ORM spent some 400 Python calls
    compiling each of a submit's updates again (issue 17, eleventh wave). Anything else (an expression, a
    relation, a field with a placeholder of its own) goes through the ORM."""
    meta = model._meta
    fields = [meta.get_field(name) for name in values]
    if (any(hasattr(value, "resolve_expression") for value in values.values())
            or any(hasattr(f, "get_placeholder") or f.remote_field for f in fields)
            or any(type(value) is not int for value in where.values())):
        query = model.objects.filter(**where)
        if increment is not None:
            return int(query.update(**{increment: F(increment) + 1}, **values))
        return int(query.update(**values))
    alias = router.db_for_write(model)
    connection = connections[alias]
    prepared = [f.get_db_prep_save(value, connection) for f, value in zip(fields, values.values(), strict=True)]
    sql = _update_sql(alias, model, tuple((name, value is None) for name, value in zip(values, prepared, strict=True)),
                      increment, tuple(where))
    params = [value for value in prepared if value is not None]
    params.extend(where.values())
    with transaction.mark_for_rollback_on_error(using=alias), connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)


@lru_cache(maxsize=64)
def _update_sql(alias: str, model: Any, names: tuple[tuple[str, bool], ...], increment: str | None,
                where: tuple[str, ...]) -> str:
    """``update_row``'s statement, its names quoted as the ORM quotes them; ``names``: each field's name and
    whether its value is NULL (written into the statement as the ORM writes it)."""
    quote = connections[alias].ops.quote_name
    meta = model._meta
    table = quote(meta.db_table)
    sets = [f"{quote(meta.get_field(name).column)} = {'NULL' if null else '%s'}" for name, null in names]
    if increment is not None:
        column = f"{table}.{quote(meta.get_field(increment).column)}"
        sets.insert(0, f"{quote(meta.get_field(increment).column)} = ({column} + 1)")
    conditions = " AND ".join(f"{table}.{quote((meta.pk if name == 'pk' else meta.get_field(name)).column)} = %s"
                              for name in where)
    return f"UPDATE {table} SET {', '.join(sets)} WHERE ({conditions})"


def write_changes(game: Game, old: State, new: State) -> None:
    """Write back only the rows whose part of the state changed (the rows read by ``load_state`` are
    updated as they are, not read again); the caller caches the new state for the new version."""
    game._state_cache = None
    game._seats_list = None
    for cell in range(25):
        if old.grid[cell] != new.grid[cell] or old.revealed[cell] != new.revealed[cell]:
            RegionPlacement.objects.filter(game=game, cell=cell).update(
                letter=new.grid[cell] or "", revealed=new.revealed[cell])
    changed_tokens = [tid for tid, t in new.tokens.items() if old.tokens.get(tid) != t]
    if changed_tokens:
        known = getattr(game, "_token_rows", None) or {}
        missing = [tid for tid in changed_tokens if tid not in known]
        ids = dict(known)
        if missing:
            ids.update(TokenPosition.objects.filter(game=game, token_id__in=missing).values_list("token_id", "id"))
        if len(changed_tokens) == 1:
            # Most steps move one token: one plain UPDATE (update_row) rather than bulk_update's CASE, whose
            # building took some 4,000 Python calls, a quarter of a submit (issue 17, eleventh wave).
            tid = changed_tokens[0]
            t = new.tokens[tid]
            update_row(TokenPosition, {"loc": t.loc, "face_up": t.face_up, "seen_by": list(t.seen_by),
                                       "flipped": t.flipped}, pk=ids[tid])
        else:
            rows = [TokenPosition(id=ids[tid], game_id=game.pk, token_id=tid, loc=t.loc, face_up=t.face_up,
                                  seen_by=list(t.seen_by), flipped=t.flipped)
                    for tid, t in ((tid, new.tokens[tid]) for tid in changed_tokens)]
            TokenPosition.objects.bulk_update(rows, ["loc", "face_up", "seen_by", "flipped"])
    for old_hero, new_hero in zip(old.heroes, new.heroes, strict=True):
        if old_hero != new_hero:
            update_row(Seat, _seat_columns(new_hero), game_id=game.pk, index=new_hero.seat)
