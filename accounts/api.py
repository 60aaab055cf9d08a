"""Account endpoints of the REST API: log in for a token, list and revoke tokens, the profile (``me/``).

Thin views over ``accounts.services``, like the web pages. The shared API machinery (throttles, the
base view, the serializer base, ``ApiError``) lives in :mod:`apibase`, below every app; the error format
is the project's exception handler; the routes (accounts/api_urls.py) are mounted by
``heldenweb/api_urls.py``.
"""

from __future__ import annotations

import zoneinfo
from typing import Any

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from apibase.errors import ApiError
from apibase.schema import READ_ERRORS, WRITE_ERRORS, errors
from apibase.serializers import StrictSerializer, UtcDateTimeField
from apibase.throttling import LoginThrottle, LoginUsernameThrottle
from apibase.views import ApiView

from . import services
from .http import user_of
from .models import ApiToken, User

DEFAULT_TOKEN_NAME = "api"


# --- serializers ------------------------------------------------------------------------------------------
class TokenCreateSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False, style={"input_type": "password"})
    name = serializers.CharField(max_length=80, required=False, default=DEFAULT_TOKEN_NAME,
                                 help_text='A name to recognise the token by (default "api").')


class TokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The first characters of the value, to tell tokens apart.")
    created_at = UtcDateTimeField()
    last_used_at = UtcDateTimeField(allow_null=True)
    revoked_at = UtcDateTimeField(allow_null=True)
    is_active = serializers.BooleanField()
    current = serializers.SerializerMethodField(help_text="Whether this request was authenticated with it.")

    def get_current(self, token: ApiToken) -> bool:
        auth = self.context["request"].auth
        return isinstance(auth, ApiToken) and auth.pk == token.pk


class CreatedTokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField()
    created_at = UtcDateTimeField()
    token = serializers.CharField(help_text="The value. Shown only in this response; only its SHA-256 is stored.")


class ProfileSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(read_only=True)
    public_name = serializers.CharField(read_only=True)
    display_name = serializers.CharField(max_length=60, allow_blank=True)
    email = serializers.EmailField()
    language = serializers.ChoiceField(choices=User.Language.values)
    time_zone = serializers.CharField(max_length=64, help_text="An IANA time zone, e.g. Europe/Berlin.")
    notify_my_turn = serializers.BooleanField(help_text="Email when it is my turn.")
    notify_reminders = serializers.BooleanField(help_text="Reminders before a deadline.")
    notify_game_finished = serializers.BooleanField(help_text="Email when a game is finished.")
    mail_mode = serializers.ChoiceField(
        choices=User.MailMode.values,
        help_text="How turn mails come: every_turn (one per turn, none while you are on the site), away (one "
                  "mail until you come back) or digest (one daily mail listing every game waiting for you).")


class ProfileUpdateSerializer(StrictSerializer, ProfileSerializer):
    """PATCH: send only the fields to change."""

    def validate_time_zone(self, value: str) -> str:
        # The service checks it too, but without naming the field.
        if value not in zoneinfo.available_timezones():
            raise serializers.ValidationError("Unknown time zone.")
        return value


def _profile(user: User) -> dict[str, Any]:
    return ProfileSerializer(user).data


# --- views ------------------------------------------------------------------------------------------------
class TokenCreateView(ApiView):
    """Log in with username and password; answers a new personal token (its value once)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginThrottle, LoginUsernameThrottle]

    @extend_schema(
        operation_id="auth_token_create",
        summary="Log in: create a personal API token",
        description="Send it back as `Authorization: Token <value>`. Strictly rate-limited per address and "
                    "per username.",
        tags=["auth"],
        auth=[],
        request=TokenCreateSerializer,
        responses={201: CreatedTokenSerializer, **errors(400, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        data = TokenCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, username=data.validated_data["username"],
                            password=data.validated_data["password"])
        if user is None or not user.is_active:
            raise ApiError("invalid_credentials", 400)
        token, key = services.api_token_create(user=user, name=data.validated_data["name"])
        body = CreatedTokenSerializer({"id": token.pk, "name": token.name, "prefix": token.prefix,
                                       "created_at": token.created_at, "token": key}).data
        response = Response(body, status=status.HTTP_201_CREATED)
        response["Cache-Control"] = "no-store"
        return response


class TokensView(ApiView):
    @extend_schema(
        operation_id="tokens_list",
        summary="Your API tokens (without their values)",
        tags=["auth"],
        responses={200: TokenSerializer(many=True), **errors(*READ_ERRORS)},
    )
    def get(self, request: Request) -> Response:
        tokens = user_of(request).api_tokens.all()
        return Response(TokenSerializer(tokens, many=True, context={"request": request}).data)


class TokenRevokeView(ApiView):
    @extend_schema(
        operation_id="tokens_revoke",
        summary="Revoke one of your tokens (someone else's is a 404)",
        tags=["auth"],
        responses={204: OpenApiResponse(description="Revoked (also when it already was)."),
                   **errors(404, *READ_ERRORS)},
    )
    def delete(self, request: Request, token_id: int) -> Response:
        services.api_token_revoke(user=user_of(request), token_id=token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeView(ApiView):
    @extend_schema(
        operation_id="me_retrieve",
        summary="Your profile and notification preferences",
        tags=["account"],
        responses={200: ProfileSerializer, **errors(*READ_ERRORS)},
    )
    def get(self, request: Request) -> Response:
        return Response(_profile(user_of(request)))

    @extend_schema(
        operation_id="me_update",
        summary="Change your profile and notification preferences",
        tags=["account"],
        request=ProfileUpdateSerializer(partial=True),
        responses={200: ProfileSerializer, **errors(*WRITE_ERRORS)},
    )
    def patch(self, request: Request) -> Response:
        data = ProfileUpdateSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        user = user_of(request)
        current = {name: getattr(user, name) for name in services.PROFILE_FIELDS}
        services.user_update_profile(user=user, **{**current, **data.validated_data})
        return Response(_profile(user))


class VacationSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    starts_on = serializers.DateField(help_text="First day away (your deadlines wait from here).")
    ends_on = serializers.DateField(help_text="Last day away.")
    days = serializers.IntegerField(read_only=True)


class VacationCreateSerializer(StrictSerializer):
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()


class VacationsView(ApiView):
    @extend_schema(
        operation_id="vacations_list",
        summary="Your current and future vacations (turn deadlines wait while you are away)",
        tags=["account"],
        responses={200: VacationSerializer(many=True), **errors(*READ_ERRORS)},
    )
    def get(self, request: Request) -> Response:
        from datetime import date

        vacations = user_of(request).vacations.filter(ends_on__gte=date.today())
        return Response(VacationSerializer(vacations, many=True).data)

    @extend_schema(
        operation_id="vacations_create",
        summary="Book a vacation (at most 30 days a year, no overlaps, not in the past)",
        tags=["account"],
        request=VacationCreateSerializer,
        responses={201: VacationSerializer, **errors(*WRITE_ERRORS)},
    )
    def post(self, request: Request) -> Response:
        data = VacationCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        vacation = services.vacation_add(user=user_of(request), **data.validated_data)
        return Response(VacationSerializer(vacation).data, status=status.HTTP_201_CREATED)


class VacationCancelView(ApiView):
    @extend_schema(
        operation_id="vacations_cancel",
        summary="Cancel one of your vacations (someone else's is a 404)",
        tags=["account"],
        responses={204: OpenApiResponse(description="Cancelled."), **errors(404, *READ_ERRORS)},
    )
    def delete(self, request: Request, vacation_id: int) -> Response:
        services.vacation_cancel(user=user_of(request), vacation_id=vacation_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
