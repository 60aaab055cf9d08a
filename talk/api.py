"""REST endpoints of the table talk: thin views over ``talk.services`` and ``talk.selectors``.

Games are loaded through the games' one access check (a game the requester may not see is a 404);
the talk's own roles (player, spectator, stranger) are checked by ``talk.access`` in the services.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.http import user_of
from apibase.schema import PAGE_PARAMETERS, READ_ERRORS, WRITE_ERRORS, errors, paginated
from apibase.serializers import StrictSerializer, UtcDateTimeField
from apibase.views import ApiPagination, ApiView
from games import selectors as game_selectors
from games.errors import NotFound
from games.models import Game
from leagues import selectors as league_selectors

from . import access, calendar, push, selectors, services, webhooks
from .models import ChatMessage, SeatNote, TalkSettings, Webhook

TAG = "talk"


def _game(request: Request, game_id: int) -> Game:
    game = game_selectors.game_get_for_user(user=request.user, game_id=game_id)
    if not access.may_open(request.user, game):
        raise NotFound("no_such_game")
    return game


# --- serializers ------------------------------------------------------------------------------------------
class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    room = serializers.ChoiceField(choices=ChatMessage.Room.values)
    author = serializers.CharField(source="author.public_name", allow_null=True, default=None)
    body = serializers.CharField(help_text="Plain text; escape it before showing it as HTML.")
    created_at = UtcDateTimeField()
    hidden = serializers.BooleanField(source="is_hidden", help_text="Only moderators see hidden messages.")
    open_reports = serializers.IntegerField(
        default=0, help_text="Reports not yet resolved (hide the message, or show it with hidden=false to "
                             "dismiss them); counted for moderators only, 0 for everybody else.")


class ChatQuerySerializer(serializers.Serializer):
    room = serializers.ChoiceField(choices=ChatMessage.Room.values, required=False)
    after = serializers.IntegerField(min_value=0, required=False, help_text="Only messages with a larger id.")
    reported = serializers.BooleanField(required=False, default=False,
                                        help_text="Only shown messages with open reports (moderators).")


class ChatPostSerializer(StrictSerializer):
    body = serializers.CharField(max_length=ChatMessage.MAX_LENGTH, help_text="The message (plain text).")


class ChatReportSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True)


class ChatHideSerializer(StrictSerializer):
    hidden = serializers.BooleanField(default=True, help_text="false shows the message again.")


class NoteSerializer(StrictSerializer):
    body = serializers.CharField(max_length=SeatNote.MAX_LENGTH, allow_blank=True, trim_whitespace=False)


class SpectatorSerializer(serializers.Serializer):
    name = serializers.CharField(source="public_name")


class SpectateSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=[r.value for r in access.Role])
    delay = serializers.IntegerField(help_text="Turns by which spectators see the game late.")
    shown_turn = serializers.IntegerField(help_text="The turn whose end the view shows.")
    view = serializers.DictField(help_text="The public view (no seat's secrets), as in games/{id}/state/.")
    spectators = SpectatorSerializer(many=True)
    spectator_count = serializers.IntegerField()


class SpectateSettingsSerializer(StrictSerializer):
    delay = serializers.IntegerField(min_value=0, max_value=TalkSettings.MAX_DELAY)


class ChannelsSerializer(StrictSerializer):
    notify_by_email = serializers.BooleanField(required=False)
    notify_by_push = serializers.BooleanField(required=False)
    notify_chat_mentions = serializers.BooleanField(required=False)


CHANNEL_FIELDS = ("notify_by_email", "notify_by_push", "notify_chat_mentions")


def _message(message: ChatMessage) -> dict[str, Any]:
    return ChatMessageSerializer(message).data


# --- chat -------------------------------------------------------------------------------------------------
class ChatView(ApiView):
    @extend_schema(
        operation_id="talk_chat_list", summary="Chat messages you may read, oldest first", tags=[TAG],
        parameters=[ChatQuerySerializer, *PAGE_PARAMETERS],
        responses={200: paginated(ChatMessageSerializer), **errors(400, 404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        query = ChatQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        game = _game(request, game_id)
        messages = selectors.chat_messages(user=request.user, game=game, room=query.validated_data.get("room"),
                                           after=query.validated_data.get("after"),
                                           reported=query.validated_data["reported"])
        paginator = ApiPagination()
        page = paginator.paginate_queryset(messages, request, view=self)
        return paginator.get_paginated_response(ChatMessageSerializer(page, many=True).data)

    @extend_schema(
        operation_id="talk_chat_post", summary="Post a message (players to the players, spectators to the spectators)",
        tags=[TAG], request=ChatPostSerializer,
        responses={201: ChatMessageSerializer, **errors(404, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = ChatPostSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = services.chat_post(user=request.user, game=_game(request, game_id), body=data.validated_data["body"])
        return Response(_message(message), status=201)


class ChatReportView(ApiView):
    @extend_schema(
        operation_id="talk_chat_report", summary="Report a message to the game's moderators", tags=[TAG],
        request=ChatReportSerializer, responses={204: None, **errors(404, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int, message_id: int) -> Response:
        data = ChatReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.chat_report(user=request.user, game=_game(request, game_id), message_id=message_id,
                             reason=data.validated_data.get("reason", ""))
        return Response(status=204)


class ChatHideView(ApiView):
    @extend_schema(
        operation_id="talk_chat_hide",
        summary="Hide a message, or show it (again) and dismiss its reports: the game's creator or a club organiser",
        tags=[TAG], request=ChatHideSerializer, responses={200: ChatMessageSerializer, **errors(404, *WRITE_ERRORS)},
    )
    def post(self, request: Request, game_id: int, message_id: int) -> Response:
        data = ChatHideSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = services.chat_hide(user=request.user, game=_game(request, game_id), message_id=message_id,
                                     hidden=data.validated_data["hidden"])
        return Response(_message(message))


# --- notes ------------------------------------------------------------------------------------------------
class NotesView(ApiView):
    @extend_schema(
        operation_id="talk_notes_get", summary="Your seat's private notes on this game", tags=[TAG],
        responses={200: NoteSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        body = selectors.note_for(user=request.user, game=_game(request, game_id))
        if body is None:
            raise NotFound(gettext_lazy("You have no seat in this game, so no notes."))
        return Response({"body": body})

    @extend_schema(
        operation_id="talk_notes_put", summary="Replace your seat's private notes", tags=[TAG],
        request=NoteSerializer, responses={200: NoteSerializer, **errors(404, *WRITE_ERRORS)},
    )
    def put(self, request: Request, game_id: int) -> Response:
        data = NoteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        note = services.note_save(user=request.user, game=_game(request, game_id), body=data.validated_data["body"])
        return Response({"body": note.body})


# --- spectating -------------------------------------------------------------------------------------------
class SpectateView(ApiView):
    @extend_schema(
        operation_id="talk_spectate", summary="Watch a public game: the public view, as late as its creator set",
        tags=[TAG], responses={200: SpectateSerializer, **errors(404, *READ_ERRORS)},
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = _game(request, game_id)
        role = access.role_of(request.user, game)
        services.spectator_seen(user=request.user, game=game)
        delay = selectors.spectator_delay(game)
        # Players watch live (they see more on their own seat's state anyway).
        shown = selectors.spectator_view(game, 0 if role is access.Role.PLAYER else delay)
        watching = selectors.watching(game)
        return Response(SpectateSerializer({
            "role": role.value, "delay": delay, "shown_turn": shown.turn, "view": shown.view,
            "spectators": watching, "spectator_count": len(watching),
        }).data)


class SpectateSettingsView(ApiView):
    @extend_schema(
        operation_id="talk_spectate_settings", summary="The creator sets the spectators' delay (in turns)",
        tags=[TAG], request=SpectateSettingsSerializer,
        responses={200: SpectateSettingsSerializer, **errors(404, *WRITE_ERRORS)},
    )
    def put(self, request: Request, game_id: int) -> Response:
        data = SpectateSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.spectator_delay_set(user=request.user, game=_game(request, game_id),
                                           delay=data.validated_data["delay"])
        return Response({"delay": row.spectator_delay})


# --- channels ---------------------------------------------------------------------------------------------
class ChannelsView(ApiView):
    @extend_schema(operation_id="talk_channels_get", summary="How notifications reach you", tags=[TAG],
                   responses={200: ChannelsSerializer, **errors(*READ_ERRORS)})
    def get(self, request: Request) -> Response:
        return Response({name: getattr(request.user, name) for name in CHANNEL_FIELDS})

    @extend_schema(operation_id="talk_channels_update", summary="Choose the channels (send only what changes)",
                   tags=[TAG], request=ChannelsSerializer, responses={200: ChannelsSerializer, **errors(*WRITE_ERRORS)})
    def patch(self, request: Request) -> Response:
        data = ChannelsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.channels_update(user=request.user, **data.validated_data)
        return Response({name: getattr(user, name) for name in CHANNEL_FIELDS})




# --- push subscriptions -----------------------------------------------------------------------------------
class PushKeysSerializer(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200)
    auth = serializers.CharField(max_length=100)


class PushSubscribeSerializer(StrictSerializer):
    endpoint = serializers.URLField(max_length=1000, help_text="PushSubscription.endpoint (https).")
    keys = PushKeysSerializer()
    expirationTime = serializers.IntegerField(required=False, allow_null=True,
                                              help_text="Ignored (as PushSubscription.toJSON() sends it).")


class PushSubscriptionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    endpoint_host = serializers.SerializerMethodField()
    created_at = UtcDateTimeField()
    last_success_at = UtcDateTimeField(allow_null=True)

    def get_endpoint_host(self, obj) -> str:
        return urlsplit(obj.endpoint).hostname or ""


class PushSubscriptionsView(ApiView):
    @extend_schema(operation_id="talk_push_list", summary="Your browsers subscribed to web push", tags=[TAG],
                   responses={200: PushSubscriptionSerializer(many=True), **errors(*READ_ERRORS)})
    def get(self, request: Request) -> Response:
        rows = user_of(request).push_subscriptions.order_by("-created_at")
        return Response(PushSubscriptionSerializer(rows, many=True).data)

    @extend_schema(operation_id="talk_push_subscribe", summary="Subscribe a browser (PushSubscription.toJSON())",
                   tags=[TAG], request=PushSubscribeSerializer,
                   responses={201: PushSubscriptionSerializer, **errors(*WRITE_ERRORS)})
    def post(self, request: Request) -> Response:
        data = PushSubscribeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = push.subscription_save(user=user_of(request), endpoint=data.validated_data["endpoint"],
                                     p256dh=data.validated_data["keys"]["p256dh"],
                                     auth=data.validated_data["keys"]["auth"],
                                     user_agent=request.headers.get("User-Agent", ""))
        return Response(PushSubscriptionSerializer(row).data, status=201)


class PushSubscriptionView(ApiView):
    @extend_schema(operation_id="talk_push_unsubscribe", summary="Remove a browser's subscription", tags=[TAG],
                   responses={204: None, **errors(404, *WRITE_ERRORS)})
    def delete(self, request: Request, subscription_id: int) -> Response:
        if not push.subscription_delete(user=user_of(request), subscription_id=subscription_id):
            raise NotFound(gettext_lazy("There is no such subscription."))
        return Response(status=204)


# --- webhooks ---------------------------------------------------------------------------------------------
class WebhookCreateSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=Webhook.Kind.values)
    url = serializers.URLField(max_length=1000, help_text="The hook's address (https). Stored encrypted, "
                                                          "never shown again.")
    language = serializers.ChoiceField(choices=["de", "en"], required=False)


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Webhook.Kind.values)
    host = serializers.CharField(source="url_host", help_text="Only the host of the address is ever shown.")
    language = serializers.CharField()
    active = serializers.BooleanField()
    created_at = UtcDateTimeField()


class WebhooksView(ApiView):
    @extend_schema(operation_id="talk_webhooks_list", summary="The game's chat webhooks (its creator only)",
                   tags=[TAG], responses={200: WebhookSerializer(many=True), **errors(403, 404, *READ_ERRORS)})
    def get(self, request: Request, game_id: int) -> Response:
        rows = webhooks.webhooks_of(user=request.user, game=_game(request, game_id))
        return Response(WebhookSerializer(rows, many=True).data)

    @extend_schema(operation_id="talk_webhooks_create",
                   summary="Add a Discord, Slack or Matrix hook told of every turn and the end",
                   tags=[TAG], request=WebhookCreateSerializer,
                   responses={201: WebhookSerializer, **errors(404, *WRITE_ERRORS)})
    def post(self, request: Request, game_id: int) -> Response:
        data = WebhookCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        row = webhooks.webhook_create(user=request.user, game=_game(request, game_id), **data.validated_data)
        return Response(WebhookSerializer(row).data, status=201)


class WebhookView(ApiView):
    @extend_schema(operation_id="talk_webhooks_delete", summary="Remove a hook", tags=[TAG],
                   responses={204: None, **errors(404, *WRITE_ERRORS)})
    def delete(self, request: Request, game_id: int, webhook_id: int) -> Response:
        webhooks.webhook_delete(user=request.user, game=_game(request, game_id), webhook_id=webhook_id)
        return Response(status=204)


class ClubWebhooksView(ApiView):
    @extend_schema(operation_id="talk_club_webhooks_list",
                   summary="The club's chat webhooks (its owner and organisers only)",
                   tags=[TAG], responses={200: WebhookSerializer(many=True), **errors(403, 404, *READ_ERRORS)})
    def get(self, request: Request, club_id: int) -> Response:
        club = league_selectors.club_get_for_user(user=request.user, club_id=club_id)
        rows = webhooks.club_webhooks_of(user=request.user, club=club)
        return Response(WebhookSerializer(rows, many=True).data)

    @extend_schema(operation_id="talk_club_webhooks_create",
                   summary="Add a Discord, Slack or Matrix hook told of every turn and end of the club's league games",
                   tags=[TAG], request=WebhookCreateSerializer,
                   responses={201: WebhookSerializer, **errors(404, *WRITE_ERRORS)})
    def post(self, request: Request, club_id: int) -> Response:
        data = WebhookCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = league_selectors.club_get_for_user(user=request.user, club_id=club_id)
        row = webhooks.club_webhook_create(user=request.user, club=club, **data.validated_data)
        return Response(WebhookSerializer(row).data, status=201)


class ClubWebhookView(ApiView):
    @extend_schema(operation_id="talk_club_webhooks_delete", summary="Remove a club's hook", tags=[TAG],
                   responses={204: None, **errors(404, *WRITE_ERRORS)})
    def delete(self, request: Request, club_id: int, webhook_id: int) -> Response:
        club = league_selectors.club_get_for_user(user=request.user, club_id=club_id)
        webhooks.club_webhook_delete(user=request.user, club=club, webhook_id=webhook_id)
        return Response(status=204)


# --- calendar ---------------------------------------------------------------------------------------------
class CalendarSerializer(serializers.Serializer):
    url = serializers.URLField(help_text="The secret iCalendar address of your deadlines.")


class CalendarView(ApiView):
    @extend_schema(operation_id="talk_calendar_get", summary="The secret address of your deadlines' calendar",
                   tags=[TAG], responses={200: CalendarSerializer, **errors(*READ_ERRORS)})
    def get(self, request: Request) -> Response:
        return Response({"url": calendar.feed_url(calendar.feed_for(request.user))})

    @extend_schema(operation_id="talk_calendar_reset", summary="A new secret address (the old one stops working)",
                   tags=[TAG], request=None, responses={200: CalendarSerializer, **errors(*WRITE_ERRORS)})
    def post(self, request: Request) -> Response:
        return Response({"url": calendar.feed_url(calendar.feed_reset(user=request.user))})
