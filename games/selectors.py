"""Selectors read: every load of a game for a user goes through ``game_get_for_user``."""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypedDict, overload

from django.core.cache import cache
from django.db.models import Count, Exists, F, Func, OuterRef, Q, QuerySet, Subquery, prefetch_related_objects

from accounts.models import User
from apibase.kept import Kept
from apibase.prepared import Prepared

from . import cache as game_cache
from . import coop, variants
from .errors import NotFound
from .models import Game, GameAction, Seat
from .persistence import load_state, seats_of
from .replay import initial_state, replay_row
from .titles import title_of

if TYPE_CHECKING:  # django-stubs-ext is a development requirement: only the type checker needs it
    from django_stubs_ext import WithAnnotations


def games_visible_to(user) -> QuerySet[Game]:
    """Games the user may see: public ones, and private ones where they have a seat or created them."""
    if user is None or not user.is_authenticated:
        return Game.objects.filter(visibility=Game.Visibility.PUBLIC)
    return Game.objects.filter(
        Q(visibility=Game.Visibility.PUBLIC) | Q(seats__user=user) | Q(creator=user)
    ).distinct()


#: Extension point: callables ``(user, game) -> bool`` that may grant a look at a private game
#: (leagues: club members see their club's league games). games never imports the granting app.
VIEW_GRANTS: list = []


class GamesWaiting(TypedDict):
    games_waiting: int


if TYPE_CHECKING:
    #: A game read with ``count_waiting=True``: ``games_waiting`` is on it (for a signed-in user; read it
    #: with getattr, as an anonymous reader's game has none).
    GameWithWaiting = WithAnnotations[Game, GamesWaiting]


@overload
def game_get_for_user(*, user, game_id: int, invite_code: str | None = None,
                      count_waiting: Literal[True]) -> GameWithWaiting: ...


@overload
def game_get_for_user(*, user, game_id: int, invite_code: str | None = None,
                      count_waiting: Literal[False] = False) -> Game: ...


def game_get_for_user(*, user, game_id: int, invite_code: str | None = None, count_waiting: bool = False) -> Game:
    """The one access check for loading a game: a game the user may not see is 'not found'.

    The same rule as ``games_visible_to`` (public, or the user created it or has a seat in it), checked
    on the game and its seats — which every page and endpoint of a game needs anyway (names, the
    viewer's seat, the heroes), so they come with it: two plain queries, shared through the prefetch
    cache (``game.seats.count()`` then needs none).

    ``count_waiting``: the game row comes with ``games_waiting``, how many games wait for the user
    (``visits.games_waiting_for``, the header's count), read in the same statement.
    """
    waiting_for = user if count_waiting and user is not None and user.is_authenticated else None
    game = _game_with_seats(game_id, waiting_for)
    if game is not None and not _may_see(game, user) and (not invite_code or invite_code != game.invite_code):
        game = None
    if game is None and VIEW_GRANTS and user is not None and user.is_authenticated:
        candidate = Game.objects.filter(pk=game_id).first()
        game = candidate if candidate and any(grant(user, candidate) for grant in VIEW_GRANTS) else None
    if game is None:
        raise NotFound("no_such_game")
    return game


def _waiting_count(user) -> Subquery:
    """How many games wait for ``user`` (``visits.games_waiting_for``), as a subquery of one value."""
    from .visits import waiting_games

    return Subquery(Game.objects.filter(pk__in=waiting_games(user).values("pk")).order_by()
                    .annotate(n=Func(F("pk"), function="COUNT")).values("n"))


def _seats_query(game_id: int) -> QuerySet[Seat]:
    # By index alone: the model's default order ("game", "index") would join the game table once more
    # to order by the game's default order, for the seats of one game.
    return Seat.objects.filter(game_id=game_id).select_related("game", "user").order_by("index")


def _seats_query_waiting(game_id: int, user_id: int) -> QuerySet[Seat]:
    return _seats_query(game_id).annotate(games_waiting=_waiting_count(User(pk=user_id)))


# The statements compiled once (apibase.prepared): their text never changes, only the ids.
_SEATS = Prepared(_seats_query)
_SEATS_WAITING = Prepared(_seats_query_waiting)


def _game_with_seats(game_id: int, waiting_for) -> Game | None:
    """The game row and its seats with their users, in one query (the seats joined to the game and the
    users, issue 17, fifth wave; compiled once per process, apibase.prepared), kept as
    ``prefetch_related("seats")`` keeps them; ``waiting_for``: a signed-in user whose count of games
    waiting comes annotated. A game without seats: its row alone (two queries)."""
    waiting = waiting_for is not None
    seats = _SEATS_WAITING(game_id, waiting_for.pk) if waiting else _SEATS(game_id)
    if seats:
        game = seats[0].game
        if waiting:
            game.games_waiting = seats[0].games_waiting  # type: ignore[attr-defined]  # GameWithWaiting
        for seat in seats:
            seat.game = game  # one Game object, as the prefetch leaves them
        kept = game.seats.all()
        kept._result_cache, kept._prefetch_done = seats, True  # type: ignore[attr-defined]  # as Django prefetches
        game._prefetched_objects_cache = {"seats": kept}  # type: ignore[attr-defined]  # Django's own name
        return game
    # No ordering: one row by its key (the model's default order, -created_at, only costs compiling).
    games = Game.objects.filter(pk=game_id).order_by()
    if waiting:
        games = games.annotate(games_waiting=_waiting_count(waiting_for))
    alone = next(iter(games[:1]), None)
    if alone is not None:
        prefetch_related_objects([alone], "seats")
    return alone


def _may_see(game: Game, user) -> bool:
    if game.visibility == Game.Visibility.PUBLIC:
        return True
    if user is None or not user.is_authenticated:
        return False
    return game.creator_id == user.pk or any(seat.user_id == user.pk for seat in game.seats.all())


def seat_for_user(*, game: Game, user) -> Seat | None:
    """The user's (not dropped) seat, from the seats read once per Game object (shared with the state)."""
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in seats_of(game) if seat.user_id == user.pk and not seat.dropped), None)


def _on_turn(user) -> Exists:
    """True for a game whose current seat is the user's: a seat they still hold (not dropped), as in
    ``seat_for_user`` and the header's count (``visits.waiting_games``) — a player who resigned is not
    told "your turn" when the turn comes round to the seat he left."""
    return Exists(Seat.objects.filter(game=OuterRef("pk"), user=user, dropped=False, index=OuterRef("current_seat")))


def my_games(user) -> QuerySet[Game]:
    """The user's running games with "your turn" first, then by the nearest deadline."""
    return (
        Game.objects.filter(seats__user=user)
        .exclude(status__in=[Game.Status.FINISHED, Game.Status.ABANDONED])
        .annotate(my_turn=_on_turn(user))
        .order_by("-my_turn", "turn_deadline_at", "-created_at")
        .distinct()
    )


def games_on_my_turn(user) -> QuerySet[Game]:
    """The user's running games where it is their turn, in the order of ``my_games``.

    The condition itself, not the ``my_turn`` annotation: a caller sees a plain ``QuerySet[Game]``, and a
    filter on a name only ``my_games`` adds would break silently if that annotation were renamed.
    """
    return my_games(user).filter(_on_turn(user))


def open_games(user) -> QuerySet[Game]:
    qs = Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
    if user is not None and user.is_authenticated:
        qs = qs.exclude(seats__user=user)
    return qs.order_by("-created_at")


def finished_games(user) -> QuerySet[Game]:
    return games_visible_to(user).filter(status=Game.Status.FINISHED).order_by("-finished_at")


#: Extension point: callables ``(game) -> int`` giving how many turns late spectators see a running
#: game (talk: the creator's spectator delay). games never imports the app that sets it.
SPECTATOR_DELAYS: list = []


def spectator_delay(game: Game) -> int:
    """How many turns late a viewer without a seat sees this game: 0 unless it is being played."""
    if game.status not in (Game.Status.SETUP, Game.Status.RUNNING) or not SPECTATOR_DELAYS:
        return 0
    return max(hook(game) for hook in SPECTATOR_DELAYS)


def log_limit_for(game: Game, seat_index: int | None) -> int | None:
    """The last log row a viewer without a seat may see (None: all of them) — every surface of a game,
    the page, its partials and the API, holds back what the spectator delay holds back (R-151)."""
    if seat_index is not None:
        return None
    delay = spectator_delay(game)
    return spectator_view(game=game, delay=delay).upto_sequence if delay > 0 else None


def player_view(*, game: Game, seat_index: int | None) -> dict[str, Any]:
    """Exactly the engine's view of the game for this seat (None: a spectator, as late as the delay says)."""
    if seat_index is None and (delay := spectator_delay(game)) > 0:
        return spectator_view(game=game, delay=delay).view
    return _live_view(game, seat_index)


def _live_view(game: Game, seat_index: int | None) -> dict[str, Any]:
    if game.status == Game.Status.OPEN:
        return {"phase": "lobby", "seats": game.seat_count}
    title = title_of(game)
    content = title.content()
    return seat_view(game, content, load_state(game), seat_index)


def seat_view(game: Game, content, state, seat_index: int | None) -> dict[str, Any]:
    """The engine's view of ``state`` for the seat, and in a co-op game the variant's public record
    (``games.coop``: fires, Diener, groups, dead Diener, the reward being agreed on) under ``coop``."""
    view = title_of(game).view(content, state, seat_index)
    if variants.is_coop(game):
        record = coop.summary(content, state, view, villain_seat=variants.villain_seat(game), villain=game.villain)
        if record is not None:
            # The engine's own keys (the villain player's points, the engine's outcome …) stay beside the
            # site's record; where both name a thing, the site's words (games.coop) are the ones served.
            view["coop"] = {**(view.get("coop") or {}), **record}
    return view


# The entries made of the log's tail per process (issue 17, seventh wave, second round): every first
# render of a version filters the same 40 rows of the tail for its seat again. Kept by the game (id and
# seed), the seat and the row's every field (its sequence, seat, taken-back flag and the pickle of the rest,
# TailRow.packed: a taken-back row is another row), so an entry is only ever given to the seat it was
# filtered for.
LOG_ENTRIES_KEPT = 32768
_LOG_ENTRIES = Kept(LOG_ENTRIES_KEPT)


def log_entry(row: GameAction | TailRow, seat_index: int | None, *, game: Game) -> dict[str, Any]:
    """One log row as this seat may read it, through the engine's event visibility (ruling R-111):
    events hidden from it are left out, secrets in the others' events are cut out."""
    if type(row) is not TailRow:
        return _log_entry(row, seat_index, game)
    key = (game.pk, game.seed[:8], seat_index, row.sequence, row.seat, row.taken_back, row.packed)
    kept: dict[str, Any] = _LOG_ENTRIES.keep(key, lambda: _log_entry(row, seat_index, game))
    return dict(kept)  # a dict of its own; what it holds is only read (games.presenters.log, story)


def _log_entry(row: GameAction | TailRow, seat_index: int | None, game: Game) -> dict[str, Any]:
    title = title_of(game)
    content = title.content()
    return {
        "sequence": row.sequence,
        "seat": row.seat,
        "action": title.action_for(content, seat_index, row.seat, row.action),
        "events": title.events_for(content, seat_index, row.events),
        "taken_back": row.taken_back,
        # Whether the step ended the take-back window; only told to its own seat.
        "sealed": row.sealed if seat_index is not None and seat_index == row.seat else None,
        "created_at": row.created_at,
    }


def log_rows(*, game: Game, after: int | None = None) -> QuerySet[GameAction]:
    """The log's rows in order (after a sequence number), for paging in the database."""
    rows = GameAction.objects.filter(game=game)
    if after is not None:
        rows = rows.filter(sequence__gt=after)
    return rows.order_by("sequence").only("sequence", "seat", "action", "events", "taken_back", "sealed",
                                          "created_at")


def log_count(*, game: Game) -> int:
    return GameAction.objects.filter(game=game).count()


def visible_log(*, game: Game, seat_index: int | None) -> list[dict[str, Any]]:
    """The whole log as this seat may read it (long games: prefer ``last_visible_entries``)."""
    rows = log_rows(game=game)
    if (upto := log_limit_for(game, seat_index)) is not None:
        rows = rows.filter(sequence__lte=upto)
    return [log_entry(row, seat_index, game=game) for row in rows]


def last_visible_entries(*, game: Game, seat_index: int | None, count: int) -> list[dict[str, Any]]:
    """The last ``count`` log entries (oldest first) as this seat may read them: one query of at most
    ``count`` rows, whatever the length of the log — what a page that shows the end of the log needs."""
    rows = log_rows(game=game)
    if (upto := log_limit_for(game, seat_index)) is not None:
        rows = rows.filter(sequence__lte=upto)
    return [log_entry(row, seat_index, game=game) for row in reversed(list(rows.order_by("-sequence")[:count]))]


#: How many of the newest log rows a page reads (the log shows the last 40; the story since the viewer's
#: last visit looks further back) and the shared cache keeps per game version.
TAIL_ROWS = 120
TAIL_SECONDS = 600
_TAIL_FIELDS = ("sequence", "seat", "action", "events", "taken_back", "sealed", "created_at")


class TailRow:
    """One row of the log's tail as the cache keeps it: the fields a log entry reads, as plain values (a
    model instance pickles and unpickles at about three times the cost, and a tail is 120 rows, filed by
    the step's submit and unpickled by every first reader of the version: issue 17, seventh wave).

    The fields besides the sequence, the seat and the taken-back flag (the action, the events, the seal and
    the time: nearly all of a row's bytes) travel pickled once per row (issue 17, twelfth wave, second
    part): unpickling a tail then copies 120 strings of bytes instead of rebuilding 120 rows' nested dicts,
    a submit that extends the tail pickles only its new rows, and a reader unpickles only the rows whose
    entry its process has not kept — for which those bytes are the key (``log_entry``), not a fresh pickle."""

    __slots__ = ("_packed", "_rest", "seat", "sequence", "taken_back")

    def __init__(self, sequence: int, seat: int | None, taken_back: bool, packed: bytes | None = None,
                 rest: tuple[Any, Any, bool, Any] | None = None) -> None:
        self.sequence, self.seat, self.taken_back = sequence, seat, taken_back
        self._packed, self._rest = packed, rest

    @classmethod
    def of(cls, sequence: int, seat: int | None, action: Any, events: Any, taken_back: bool, sealed: bool,
           created_at: Any) -> TailRow:
        return cls(sequence, seat, taken_back, rest=(action, events, sealed, created_at))

    @property
    def packed(self) -> bytes:
        """The action, events, seal and time pickled (once per row, wherever the row travels)."""
        if self._packed is None:
            self._packed = pickle.dumps(self._rest, protocol=pickle.HIGHEST_PROTOCOL)
        return self._packed

    def _unpacked(self) -> tuple[Any, Any, bool, Any]:
        if self._rest is None:
            self._rest = pickle.loads(self.packed)
        return self._rest

    @property
    def action(self) -> Any:
        return self._unpacked()[0]

    @property
    def events(self) -> Any:
        return self._unpacked()[1]

    @property
    def sealed(self) -> bool:
        return self._unpacked()[2]

    @property
    def created_at(self) -> Any:
        return self._unpacked()[3]

    def _replace(self, **changes: Any) -> TailRow:
        """A copy with some fields changed (as a named tuple's ``_replace``)."""
        fields = {"sequence": self.sequence, "seat": self.seat, "action": self.action, "events": self.events,
                  "taken_back": self.taken_back, "sealed": self.sealed, "created_at": self.created_at}
        return TailRow.of(**{**fields, **changes})

    def __reduce__(self) -> tuple[Any, ...]:
        return (TailRow, (self.sequence, self.seat, self.taken_back, self.packed))

    def __repr__(self) -> str:
        return f"TailRow(sequence={self.sequence!r}, seat={self.seat!r}, taken_back={self.taken_back!r})"


def _tail_row(row: GameAction) -> TailRow:
    """The row's fields a log entry reads, without the game object the service left on it (with its state)."""
    return TailRow.of(row.sequence, row.seat, row.action, row.events, row.taken_back, row.sealed, row.created_at)


@dataclass(frozen=True)
class LogTail:
    """The newest rows of a game's log at one version (oldest first, undescribed and not yet filtered for
    a seat: ``log_entry`` does that per row) and how many rows the log has in all."""

    rows: tuple[TailRow, ...]
    total: int


def _tail_key(game: Game, version: int) -> str:
    # ":packed": the rows as TailRow packs them (twelfth wave, second part). The earlier code's tails (named
    # tuples of seven fields, under ":tail") and these never meet, in a deploy where both run for a while.
    return f"game:{game.pk}:{game.seed[:8]}:{version}:tail:packed"


_UNKNOWN = object()


def log_tail(*, game: Game, seat_index: int | None, upto: Any = _UNKNOWN) -> LogTail:
    """The last ``TAIL_ROWS`` rows of the log as ``seat_index`` may see it, and the log's length: from
    the shared cache (kept per game version: the rows of a version never change) or one query whatever
    the length of the log. A spectator held back by the delay (R-151) reads the rows up to the delay's
    limit from the database."""
    if upto is _UNKNOWN:   # a caller that already asked log_limit_for passes its answer
        upto = log_limit_for(game, seat_index)
    if upto is None:
        kept = getattr(game, "_log_tail", None)  # filed by log_tail_extend on this object: not unpickled again
        if kept is not None and kept[0] == game.version:
            return kept[1]
        found = game_cache.pending(_tail_key(game, game.version))
        if found is None:
            found = cache.get(_tail_key(game, game.version))
        if found is not None:
            return found
    rows = GameAction.objects.filter(game=game)
    if upto is not None:
        rows = rows.filter(sequence__lte=upto)
    count = rows.order_by().values("game").annotate(n=Count("pk")).values("n")
    version = Game.objects.filter(pk=game.pk).values("version")
    newest = list(rows.only(*_TAIL_FIELDS).annotate(log_total=Subquery(count), at_version=Subquery(version))
                  .order_by("-sequence")[:TAIL_ROWS])
    tail = LogTail(tuple(_tail_row(row) for row in reversed(newest)), newest[0].log_total if newest else 0)
    # Rows read in the same statement as the game's version: cached only if that is the version the
    # request holds (a write committed in between would otherwise file newer rows under an older key).
    if upto is None and newest and newest[0].at_version == game.version:
        game_cache.put(_tail_key(game, game.version), tail, TAIL_SECONDS)  # at the render's end if it defers
    return tail


def log_count_between(*, game: Game, after: int, before: int, not_seat: int) -> int:
    """How many standing steps of other seats lie strictly between two sequence numbers (the story
    since a visit longer ago than the log's tail counts its older steps with this)."""
    return (GameAction.objects.filter(game=game, sequence__gt=after, sequence__lt=before, taken_back=False)
            .exclude(seat=not_seat).count())


def log_tail_extend(*, game: Game, version: int, rows: list[GameAction]) -> None:
    """A write that added ``rows`` to the log at ``version`` (each a step: the game's version then is
    their last sequence) files the next version's tail from the one cached for ``version``, so the
    response the writer renders reads no log row. Nothing is filed unless the rows follow on exactly."""
    if not rows or any(row.taken_back for row in rows) or \
            [row.sequence for row in rows] != list(range(version + 1, version + 1 + len(rows))):
        return
    before = cache.get(_tail_key(game, version))
    if before is None:
        return
    tail = LogTail((before.rows + tuple(_tail_row(row) for row in rows))[-TAIL_ROWS:], before.total + len(rows))
    if cache.add(_tail_key(game, rows[-1].sequence), tail, TAIL_SECONDS):
        # The response the writer renders next reads the tail from this object rather than the cache
        # (a long game's 120 rows cost milliseconds to unpickle); only what the cache now holds is kept.
        game._log_tail = (rows[-1].sequence, tail)


def log_entries_at(*, game: Game, seat_index: int | None, sequences: list[int]) -> list[dict[str, Any]]:
    """The entries with these sequence numbers (a replay shows one step's)."""
    return [log_entry(row, seat_index, game=game) for row in log_rows(game=game).filter(sequence__in=sequences)]


def legal_actions_for(*, game: Game, seat_index: int | None) -> list:
    """The engine's legal actions of this seat now (none for spectators or games not being played)."""
    if seat_index is None or game.status not in (Game.Status.SETUP, Game.Status.RUNNING):
        return []
    # The experience-dice policy is a standing setting of the seat, not a move (games.standing).
    title = title_of(game)
    return [action for action in title.legal_actions(title.content(), load_state(game), seat_index)
            if action.kind != "set_dice_policy"]


@dataclass(frozen=True)
class SpectatorView:
    """What the public sees, possibly some turns late: the view, its turn and the last log row in it."""

    view: dict[str, Any]
    turn: int
    upto_sequence: int | None  # None: live, the whole log


def spectator_view(*, game: Game, delay: int) -> SpectatorView:
    """The public view (no seat's secrets) ``delay`` turns late: the game as it stood at the end of
    turn ``turn_number - delay``, replayed from the log and kept in the shared cache per game version
    and delay (every surface a spectator opens asks for it). Finished games and no delay: live."""
    if delay <= 0 or game.status not in (Game.Status.SETUP, Game.Status.RUNNING):
        return SpectatorView(_live_view(game, None), game.turn_number, None)
    key = f"game:{game.pk}:spectator-view:{game.version}:{delay}"
    shown = cache.get(key)
    if shown is None:
        shown = _replayed_spectator_view(game, delay)
        cache.set(key, shown, timeout=3600)
    return shown


def _replayed_spectator_view(game: Game, delay: int) -> SpectatorView:
    title = title_of(game)
    content = title.content()
    target = max(game.turn_number - delay, 0)
    state, upto = initial_state(content, game), 0
    for row in GameAction.objects.filter(game=game, taken_back=False).order_by("sequence"):
        after = replay_row(content, game, state, row)  # with the row's standing settings, as every replay
        if after.turn > target:
            break
        state, upto = after, row.sequence
    return SpectatorView(seat_view(game, content, state, None), state.turn, upto)
