"""Game endpoints: thin views over the services and selectors the web pages use.

Every game is loaded through ``selectors.game_get_for_user`` (lists through ``games_visible_to``), so
a game the requester may not see is a 404, never a 403. What a player sees of a game's state is
``selectors.player_view`` for their own seat (``None`` for a spectator), unchanged; actions are always
submitted for the requester's own seat, which the service determines from the user.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.db.models import QuerySet, prefetch_related_objects
from django.utils import translation
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.http import user_of
from apibase.errors import ApiError
from apibase.schema import PAGE_PARAMETERS, READ_ERRORS, WRITE_ERRORS, errors, paginated
from apibase.views import ApiPagination, ApiView
from games import cache as games_cache
from games import selectors, services, standing
from games.errors import GameServiceError, NotAllowed, StaleVersion
from games.models import Game, GameAction
from games.presenters import labels
from games.titles import default_title, title_of

from . import serializers as s

GRID_COLUMNS = 5


def _game(request: Request, game_id: int, invite_code: str | None = None) -> Game:
    """The one access check (404 for games the requester may not see), with seats for the serializers."""
    game = selectors.game_get_for_user(user=request.user, game_id=game_id, invite_code=invite_code)
    prefetch_related_objects([game], "creator", "seats__user")
    return game


def _played(request: Request, game_id: int) -> Game:
    """The access check alone, for the play endpoints: their seats (with users) are read once, together
    with the state (``persistence.seats_of``)."""
    return selectors.game_get_for_user(user=request.user, game_id=game_id)


def _seat_index(game: Game, user) -> int | None:
    seat = selectors.seat_for_user(game=game, user=user)
    return seat.index if seat is not None else None


def _detail(request: Request, game: Game) -> dict[str, Any]:
    return s.GameDetailSerializer(game, context={"request": request}).data


def _cached_view(game: Game, seat: int | None, name: str, parts: tuple, build) -> Any:
    """An answer kept per version, status, seat, spectator delay and ``parts`` (games.cache.api_data)."""
    key = games_cache.api_key(game=game, seat=seat, upto=selectors.log_limit_for(game, seat), name=name, parts=parts)
    return games_cache.api_data(key, build)


class _KeptPage(Sequence[Any]):
    """One kept page of a log as the paginator sees the whole log: its length, and the page for the slice
    the paginator asks for (the only one it asks for: the page it counted)."""

    def __init__(self, count: int, page: list) -> None:
        self._count, self._page = count, page

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, _index: Any) -> Any:
        return self._page


def _language(request: Request) -> str:
    return request.LANGUAGE_CODE if getattr(request, "LANGUAGE_CODE", "de") == "en" else "de"


# --- lobby ------------------------------------------------------------------------------------------------
class GamesView(ApiView):
    @extend_schema(
        operation_id="games_list",
        summary="List games",
        tags=["games"],
        parameters=[s.GameListQuerySerializer, *PAGE_PARAMETERS],
        responses={200: paginated(s.GameSummarySerializer), **errors(400, 404, *READ_ERRORS)},
    )
    def get(self, request: Request) -> Response:
        query = s.GameListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        games = self._games(request.user, query.validated_data.get("filter"))
        paginator = ApiPagination()
        page = paginator.paginate_queryset(games, request, view=self)
        data = s.GameSummarySerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(data)

    @staticmethod
    def _games(user, name: str | None) -> QuerySet[Game]:
        visible = selectors.games_visible_to(user)
        if name == "mine":
            games = selectors.my_games(user)
        elif name == "your_turn":
            games = selectors.games_on_my_turn(user).filter(status__in=s.LIVE_STATUSES)
        elif name == "open":
            games = selectors.open_games(user)
        elif name == "finished":
            games = selectors.finished_games(user)
        else:
            games = visible.order_by("-created_at")
        # Whatever the filter, never more than the games this user may see.
        return games.filter(pk__in=visible.values("pk")).select_related("creator").prefetch_related("seats__user")

    @extend_schema(
        operation_id="games_create",
        summary="Create a game (you take seat 0)",
        tags=["games"],
        request=s.GameCreateSerializer,
        responses={201: s.GameDetailSerializer, **errors(*WRITE_ERRORS)},
    )
    def post(self, request: Request) -> Response:
        data = s.GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_create(creator=request.user, **data.validated_data)
        return Response(_detail(request, _game(request, game.pk)), status=status.HTTP_201_CREATED)


class GameDetailView(ApiView):
    @extend_schema(
        operation_id="games_retrieve",
        summary="A game: seats, whose turn, version, deadline, seed commitment",
        tags=["games"],
        responses={200: s.GameDetailSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        return Response(_detail(request, _game(request, game_id)))


class GameJoinView(ApiView):
    @extend_schema(
        operation_id="games_join",
        summary="Take a free seat (private games need their invite_code)",
        tags=["games"],
        request=s.GameJoinSerializer,
        responses={200: s.GameDetailSerializer, **errors(403, 404, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = s.GameJoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        invite_code = data.validated_data.get("invite_code") or None
        game = _game(request, game_id, invite_code=invite_code)
        services.game_join(game=game, user=request.user, invite_code=invite_code)
        return Response(_detail(request, _game(request, game_id, invite_code=invite_code)))


class GameLeaveView(ApiView):
    @extend_schema(
        operation_id="games_leave",
        summary="Give up your seat before the game starts",
        tags=["games"],
        request=None,
        responses={204: OpenApiResponse(description="You left the game."), **errors(403, 404, 401, 429)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        services.game_leave(game=_game(request, game_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GamePauseView(ApiView):
    @extend_schema(
        operation_id="games_pause",
        summary="The creator pauses (or with resume=true restarts) a running game's clock",
        tags=["games"],
        request=s.GamePauseSerializer,
        responses={200: s.GameDetailSerializer, **errors(403, 404, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = s.GamePauseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _game(request, game_id)
        if data.validated_data["resume"]:
            services.game_resume(game=game, user=request.user)
        else:
            services.game_pause(game=game, user=request.user)
        return Response(_detail(request, _game(request, game_id)))


class TakeBackView(ApiView):
    @extend_schema(
        operation_id="games_take_back",
        summary="Take back your last step of this turn (if nothing was revealed and no die rolled since)",
        tags=["play"],
        request=s.TakeBackSerializer,
        responses={200: s.TakenBackSerializer, **errors(403, 404, 409, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = s.TakeBackSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = _game(request, game_id)
        row = services.action_take_back(game=game, user=request.user,
                                        expected_version=data.validated_data["expected_version"])
        game.refresh_from_db()
        return Response({"sequence": row.sequence, "action": row.action, "version": game.version})


# --- what a seat sees ---------------------------------------------------------------------------------------
class GameStateView(ApiView):
    @extend_schema(
        operation_id="games_state",
        summary="Your view of the game (exactly the engine's view for your seat)",
        description="Spectators get the view of no seat: no hidden faces, no pending options, no deed.",
        tags=["play"],
        responses={200: s.PlayerViewSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _played(request, game_id)
        seat = _seat_index(game, request.user)
        return Response(_cached_view(game, seat, "state", (),
                                     lambda: selectors.player_view(game=game, seat_index=seat)))


class GameHeroesView(ApiView):
    @extend_schema(
        operation_id="games_heroes",
        summary="The heroes (the heroes part of your view)",
        tags=["play"],
        responses={200: s.HeroesSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _played(request, game_id)
        seat = _seat_index(game, request.user)
        view = selectors.player_view(game=game, seat_index=seat)
        return Response({"seat": seat, "heroes": view.get("heroes", [])})


class GameTokensView(ApiView):
    @extend_schema(
        operation_id="games_tokens",
        summary="The tokens you may see: on the board, waiting, and your own",
        tags=["play"],
        responses={200: s.VisibleTokensSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _played(request, game_id)
        seat = _seat_index(game, request.user)
        view = selectors.player_view(game=game, seat_index=seat)
        heroes = view.get("heroes", [])
        own = heroes[seat] if seat is not None and seat < len(heroes) else {}
        return Response({
            "seat": seat,
            "on_fields": view.get("tokens", []),
            "waiting": view.get("waiting", []),
            "items": own.get("items", []),
            "quests": own.get("quests", []),
            "deed_tokens": own.get("deed_tokens", []),
        })


class GameBoardView(ApiView):
    @extend_schema(
        operation_id="games_board",
        summary="The square of this game: the content of revealed cards only",
        tags=["play"],
        responses={200: s.GameBoardSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _played(request, game_id)
        view = selectors.player_view(game=game, seat_index=_seat_index(game, request.user))
        content = title_of(game).content()
        cells = []
        for cell in view.get("board", []):
            letter = cell["letter"]  # the view names a card's letter only once it is revealed
            cells.append({
                **cell,
                "row": cell["cell"] // GRID_COLUMNS,
                "column": cell["cell"] % GRID_COLUMNS,
                "region": content.regions[letter] if letter else None,
            })
        body = {"content_version": view.get("content_version", content.version), "cells": cells}
        return Response(s.GameBoardSerializer(body).data)


class GameLogView(ApiView):
    @extend_schema(
        operation_id="games_log",
        summary="The log with events and dice, as far as you may see it",
        tags=["play"],
        parameters=[s.LogQuerySerializer, *PAGE_PARAMETERS],
        responses={200: paginated(s.LogEntrySerializer), **errors(400, 404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        query = s.LogQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        game = _played(request, game_id)
        seat = _seat_index(game, request.user)
        after = query.validated_data.get("after")
        paginator = ApiPagination()
        asked = (after, request.query_params.get(paginator.page_query_param),
                 request.query_params.get(paginator.page_size_query_param))
        upto = selectors.log_limit_for(game, seat)
        key = games_cache.api_key(game=game, seat=seat, upto=upto, name="log", parts=asked)
        kept = games_cache.api_get(key)
        if kept is not None:  # (count, page): the same page of this version, paged again without a query
            return paginator.get_paginated_response(paginator.paginate_queryset(_KeptPage(*kept), request, view=self))
        rows = selectors.log_rows(game=game, after=after)
        if upto is not None:  # the spectator delay
            rows = rows.filter(sequence__lte=upto)
        # Pages in the database: a count and one page of rows. ApiPagination always has a page size, so
        # it never answers None ("not paginated").
        rows_page = paginator.paginate_queryset(rows, request, view=self) or []
        page = s.LogEntrySerializer([selectors.log_entry(row, seat, game=game) for row in rows_page], many=True).data
        games_cache.api_put(key, (paginator.page.paginator.count if paginator.page else 0, list(page)))
        return paginator.get_paginated_response(page)


# --- acting --------------------------------------------------------------------------------------------------
def _kind_description(kind: str, language: str) -> dict[str, Any]:
    cls = default_title().action_kinds[kind]
    with translation.override(language):
        return {
            "kind": kind,
            "label": labels.action_label(kind),
            "params": [
                {"name": p.name, "type": p.type, "label": labels.param_label(kind, p.name), "optional": p.optional}
                for p in cls.PARAMS
            ],
        }


class ActionsView(ApiView):
    @extend_schema(
        operation_id="games_actions_list",
        summary="Your legal actions now, ready to submit, with labels and parameter descriptions",
        tags=["play"],
        responses={200: s.LegalActionsSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _played(request, game_id)
        seat = _seat_index(game, request.user)
        language = _language(request)

        def build() -> dict[str, Any]:
            offered = selectors.legal_actions_for(game=game, seat_index=seat)
            kinds = sorted({a.kind for a in offered})
            return {
                "seat": seat,
                "version": game.version,
                "phase": game.phase,
                "actions": [a.to_json() for a in offered],
                "kinds": [_kind_description(kind, language) for kind in kinds],
            }
        return Response(_cached_view(game, seat, "actions", (language,), build))

    @extend_schema(
        operation_id="games_actions_submit",
        summary="Submit one action for your seat",
        description=(
            "Send the action and the version you based it on. The Idempotency-Key header is required: "
            "repeating a submission with the same key returns the first answer (same status and body, "
            "header `Idempotent-Replayed: true`) and applies nothing; the same key with another body is a "
            "409 `idempotency_conflict`. A stale `expected_version` is a 409 `stale_version`; an action the "
            "rules do not allow now is a 400 `illegal_action` whose reason says why."
        ),
        tags=["play"],
        parameters=[
            OpenApiParameter(
                "Idempotency-Key", {"type": "string", "minLength": 1, "maxLength": 64}, OpenApiParameter.HEADER,
                required=True, description="1 to 64 characters, unique per intended action (e.g. a UUID).",
            ),
            OpenApiParameter(
                "Idempotent-Replayed", str, OpenApiParameter.HEADER, response=[201],
                description="`true` when this is the stored answer to an earlier submission with the same key.",
            ),
        ],
        request=s.SubmitActionSerializer,
        responses={201: s.SubmitResultSerializer, **errors(403, 404, 409, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        key = request.headers.get("Idempotency-Key", "")
        if not key.strip():
            raise ApiError("idempotency_key_missing", 400)
        data = s.SubmitActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # The service checks the seat on the locked game; the access check (404 rather than 403 for a
        # game the requester may not see) is needed only when it refuses.
        game = Game(pk=game_id)
        try:
            result = services.action_submit(
                game=game,
                user=request.user,
                action=data.validated_data["action"],
                expected_version=data.validated_data["expected_version"],
                idempotency_key=key,
            )
        except (Game.DoesNotExist, GameServiceError) as exc:
            _played(request, game_id)  # a game the requester may not see is a 404, whatever the service said
            if isinstance(exc, StaleVersion):
                exc.details = {"current_version": Game.objects.values_list("version", flat=True).get(pk=game_id)}
            raise
        if not result.replayed:
            # The step's row onto the cached tail of the log, as the page's submit files it: the version's
            # first reader then unpickles the tail instead of reading 120 rows (issue 17, seventh wave).
            row = result.action
            selectors.log_tail_extend(game=row.game, version=row.sequence - 1, rows=[row])
        response = Response(_submitted(result.action), status=status.HTTP_201_CREATED)
        if result.replayed:
            response["Idempotent-Replayed"] = "true"
        return response


@lru_cache(maxsize=1)
def _submit_result() -> s.SubmitResultSerializer:
    """One serializer per process for every answer (its fields bound once): a new one per answer deep-copied
    its declared fields and its events' serializer's, some 600 Python calls a submit (issue 17, eleventh
    wave). ``to_representation`` keeps nothing between calls."""
    return s.SubmitResultSerializer()


def _submitted(row: GameAction) -> dict[str, Any]:
    """The answer to a submission, built from the stored log row alone, so a replay answers the same."""
    title = title_of(row.game)
    return _submit_result().to_representation({
        "sequence": row.sequence,
        "seat": row.seat,
        "version": row.sequence,
        "action": row.action,
        "events": title.events_for(title.content(), row.seat, row.events),
        "created_at": row.created_at,
    })


# --- content ---------------------------------------------------------------------------------------------------
class ContentBoardView(ApiView):
    @extend_schema(
        operation_id="content_board",
        summary="All region cards: fields (with drawing positions), paths and entries",
        description="Static content, the same for every game. In a game draw only the cards the game's "
                    "board (GET games/{id}/board/ or state/) shows as revealed.",
        tags=["content"],
        responses={200: s.BoardContentSerializer, **errors(*READ_ERRORS)},
    )
    def get(self, request: Request) -> Response:
        content = default_title().content()
        body = {
            "content_version": content.version,
            "rows": GRID_COLUMNS,
            "columns": GRID_COLUMNS,
            "regions": [content.regions[letter] for letter in sorted(content.regions)],
        }
        response = Response(s.BoardContentSerializer(body).data)
        response["Cache-Control"] = "private, max-age=3600"
        return response


# --- bots (i14) -----------------------------------------------------------------------------------------
class GameBotsView(ApiView):
    @extend_schema(
        operation_id="games_bots_add",
        summary="The creator puts a bot on the next empty seat of an open game",
        tags=["games"],
        request=s.AddBotSerializer,
        responses={201: s.GameDetailSerializer, **errors(403, 404, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = s.AddBotSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.add_bot(game=_game(request, game_id), user=request.user, level=data.validated_data["level"])
        return Response(_detail(request, _game(request, game_id)), status=status.HTTP_201_CREATED)


class GameSuggestionView(ApiView):
    @extend_schema(
        operation_id="games_suggestion",
        summary="What would the bot do? A suggestion for your move (never in rated or league games)",
        tags=["play"],
        responses={200: s.SuggestionSerializer, **errors(403, 404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        return Response(services.suggestion(game=_game(request, game_id), user=request.user))


class SeatSettingsView(ApiView):
    """Your seat's standing settings: read and change them at any time, without a step (R-181)."""

    def _seat(self, request: Request, game_id: int):
        game = _game(request, game_id)
        seat = game.seats.filter(user=user_of(request)).first()
        if seat is None:
            raise NotAllowed("settings_for_players_only")
        return game, seat

    @extend_schema(operation_id="games_settings_read", summary="Your seat's standing settings", tags=["play"],
                   responses={200: s.SeatSettingsSerializer, **errors(403, 404, *READ_ERRORS)})
    def get(self, request: Request, game_id: int) -> Response:
        _game_row, seat = self._seat(request, game_id)
        return Response({"dice_policy": seat.dice_policy})

    @extend_schema(operation_id="games_settings_update",
                   summary="Change your seat's standing settings (any time; not a step of the log)", tags=["play"],
                   request=s.SeatSettingsSerializer,
                   responses={200: s.SeatSettingsSerializer, **errors(403, 404, *WRITE_ERRORS)})
    def put(self, request: Request, game_id: int) -> Response:
        data = s.SeatSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game, _seat = self._seat(request, game_id)
        seat = standing.set_dice_policy(game=game, user=request.user, policy=data.validated_data["dice_policy"])
        return Response({"dice_policy": seat.dice_policy})
