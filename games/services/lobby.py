"""Games before play: creating them, joining and leaving their seats, starting them when full."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import variants
from games.errors import InvalidRequest, NotAllowed
from games.models import Game, Seat
from games.persistence import apply_game_fields, create_rows
from games.titles import DEFAULT_TITLE, title_named, title_of

MAX_SEATS = title_named(DEFAULT_TITLE).max_seats  # 1 to 6 seats (ruling R-103)


def game_create(
    *,
    creator,
    title: str,
    seat_count: int,
    deadline_hours: int = 72,
    visibility: str = Game.Visibility.PUBLIC,
    deadline_consequence: str = Game.DeadlineConsequence.SKIP,
    missed_turn_limit: int = 3,
    options: dict | None = None,
    variant: str = "",
    villain: str = "",
) -> Game:
    """A new game with the creator on seat 0. ``variant="coop"`` is the cooperative variant, whose
    villains a player leads (``villain="person"``, the last seat, counted in ``seat_count``) or nobody
    (``"automatic"``, the site adds their seat at the start): see ``games.variants``."""
    if not 1 <= seat_count <= MAX_SEATS:
        raise InvalidRequest("seats_out_of_range", max=MAX_SEATS)
    villain = _check_variant(variant, villain, seat_count)
    if not 1 <= deadline_hours <= 24 * 14:
        raise InvalidRequest("deadline_out_of_range")
    if not title.strip():
        raise InvalidRequest("name_missing")
    content = title_named(DEFAULT_TITLE).content()
    with transaction.atomic():
        game = Game.objects.create(
            title=title.strip(),
            creator=creator,
            seat_count=seat_count,
            deadline_hours=deadline_hours,
            visibility=visibility,
            deadline_consequence=deadline_consequence,
            missed_turn_limit=missed_turn_limit,
            options=options or {},
            content_version=content.version,
            variant=variant,
            villain=villain,
        )
        Seat.objects.create(game=game, index=0, user=creator)
        if seat_count == 1:
            start(game)
    return game


def _check_variant(variant: str, villain: str, seat_count: int) -> str:
    """The villain setting the game stores: blank for the ordinary game, automatic unless a player is
    asked for in the co-op variant (which needs a hero's seat besides a villain player's)."""
    if variant not in variants.VARIANTS:
        raise InvalidRequest("variant_unknown", variant=variant)
    if variant != variants.COOP:
        if villain:
            raise InvalidRequest("villain_without_coop")
        return ""
    villain = villain or variants.AUTOMATIC
    if villain not in variants.VILLAINS:
        raise InvalidRequest("villain_unknown", villain=villain)
    if villain == variants.PERSON and seat_count < 2:
        raise InvalidRequest("villain_needs_a_hero")
    return villain


def game_join(*, game: Game, user, invite_code: str | None = None) -> Seat:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise NotAllowed("game_not_open")
        if game.visibility == Game.Visibility.PRIVATE and invite_code != game.invite_code:
            raise NotAllowed("invitation_needed")
        if game.seats.filter(user=user).exists():
            raise NotAllowed("already_seated")
        taken = game.seats.count()
        if taken >= game.seat_count:
            raise NotAllowed("seats_taken")
        seat = Seat.objects.create(game=game, index=taken, user=user)
        if taken + 1 == game.seat_count:
            start(game)
    return seat


def game_leave(*, game: Game, user) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise NotAllowed("leave_after_start")
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed("no_seat")
        if seat.index == 0:
            raise NotAllowed("creator_cannot_leave")
        seat.delete()
        # Keep seat indices dense: players who joined later move up one place.
        for later in game.seats.filter(index__gt=seat.index).order_by("index"):
            later.index -= 1
            later.save(update_fields=["index"])


def start(game: Game) -> None:
    """All seats taken: the engine sets the game up; seats choose heroes in order.

    Called inside the transaction that took the last seat (a join, a bot added, a league table)."""
    title = title_of(game)
    if variants.has_automatic_seat(game):
        # The automatic villains' seat: no person, no bot; services.turns plays its turns.
        Seat.objects.create(game=game, index=game.seat_count, user=None, bot_level=variants.AUTOMATIC_LEVEL)
    seats, options = variants.new_game_args(game)
    state = title.new_game(title.content(), seats, game.seed, dice_version=game.dice_version, **options)
    create_rows(game, state)
    fields = apply_game_fields(game, state)
    game.status = Game.Status.SETUP
    game.started_at = timezone.now()
    game.turn_deadline_at = timezone.now() + timedelta(hours=game.deadline_hours)
    game.save(update_fields=[*fields, "status", "started_at", "turn_deadline_at"])


# --- games with seats assigned (league tables) -----------------------------------------------------------
def game_create_seated(*, creator, title: str, users: list, deadline_hours: int = 72,
                       visibility: str = Game.Visibility.PUBLIC,
                       deadline_consequence: str = Game.DeadlineConsequence.SKIP,
                       missed_turn_limit: int = 3, options: dict | None = None) -> Game:
    """A game whose seats are given (in seat order) and which starts at once: a league's table."""
    if not 1 <= len(users) <= MAX_SEATS:
        raise InvalidRequest("seats_out_of_range", max=MAX_SEATS)
    if len({u.pk for u in users}) != len(users):
        raise InvalidRequest("one_seat_each")
    content = title_named(DEFAULT_TITLE).content()
    with transaction.atomic():
        game = Game.objects.create(
            title=title.strip()[:80], creator=creator, seat_count=len(users), deadline_hours=deadline_hours,
            visibility=visibility, deadline_consequence=deadline_consequence,
            missed_turn_limit=missed_turn_limit, options=options or {}, content_version=content.version,
        )
        for index, user in enumerate(users):
            Seat.objects.create(game=game, index=index, user=user)
        start(game)
    return game
