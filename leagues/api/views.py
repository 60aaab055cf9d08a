"""League endpoints: thin views over leagues.selectors and leagues.services (a private club is a 404)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.http import user_of
from apibase.schema import PAGE_PARAMETERS, READ_ERRORS, WRITE_ERRORS, errors, paginated
from apibase.views import ApiPagination, ApiView
from leagues import selectors, services
from leagues.models import Club, Season

from . import serializers as s

TAGS = ["leagues"]


def _page(view: ApiView, request: Request, queryset: QuerySet[Any],
          serializer: type[serializers.BaseSerializer[Any]]) -> Response:
    paginator = ApiPagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    return paginator.get_paginated_response(serializer(page, many=True).data)


class ClubsView(ApiView):
    @extend_schema(operation_id="clubs_list", summary="List the clubs you may see", tags=TAGS,
                   parameters=PAGE_PARAMETERS, responses={200: paginated(s.ClubSerializer), **errors(*READ_ERRORS)})
    def get(self, request: Request) -> Response:
        return _page(self, request, selectors.clubs_visible_to(request.user).order_by("name"), s.ClubSerializer)

    @extend_schema(operation_id="clubs_create", summary="Found a club (you become its owner)", tags=TAGS,
                   request=s.ClubInputSerializer, responses={201: s.ClubSerializer, **errors(*WRITE_ERRORS)})
    def post(self, request: Request) -> Response:
        data = s.ClubInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = services.club_create(user=request.user, **data.validated_data)
        return Response(s.ClubSerializer(club).data, status=status.HTTP_201_CREATED)


class ClubDetailView(ApiView):
    @extend_schema(operation_id="clubs_retrieve", summary="One club", tags=TAGS,
                   responses={200: s.ClubSerializer, **errors(404, *READ_ERRORS)})
    def get(self, request: Request, club_id: int) -> Response:
        return Response(s.ClubSerializer(selectors.club_get_for_user(user=request.user, club_id=club_id)).data)


class ClubMembersView(ApiView):
    @extend_schema(operation_id="clubs_members_list", summary="The club's members and roles", tags=TAGS,
                   parameters=PAGE_PARAMETERS,
                   responses={200: paginated(s.MemberSerializer), **errors(404, *READ_ERRORS)})
    def get(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get_for_user(user=request.user, club_id=club_id)
        return _page(self, request, selectors.members(club), s.MemberSerializer)

    @extend_schema(operation_id="clubs_members_join", summary="Join the club with its invitation code", tags=TAGS,
                   request=s.JoinInputSerializer, responses={201: s.MemberSerializer, **errors(404, *WRITE_ERRORS)})
    def post(self, request: Request, club_id: int) -> Response:
        data = s.JoinInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        code = data.validated_data["code"]
        club = get_object_or_404(Club, pk=club_id, invite_code=code)  # a wrong code: 404, as for a private club
        membership = services.club_join_by_link(user=request.user, club=club, code=code)
        return Response(s.MemberSerializer(membership).data, status=status.HTTP_201_CREATED)


class ClubRequestsView(ApiView):
    @extend_schema(operation_id="clubs_requests_create", summary="Ask the organisers to let you join", tags=TAGS,
                   request=s.JoinRequestInputSerializer,
                   responses={201: s.JoinRequestSerializer, **errors(404, *WRITE_ERRORS)})
    def post(self, request: Request, club_id: int) -> Response:
        data = s.JoinRequestInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = selectors.club_get_for_user(user=request.user, club_id=club_id)
        row = services.join_request_create(user=request.user, club=club, message=data.validated_data["message"])
        return Response(s.JoinRequestSerializer(row).data, status=status.HTTP_201_CREATED)


class ClubSeasonsView(ApiView):
    @extend_schema(operation_id="clubs_seasons_list", summary="The club's seasons", tags=TAGS,
                   parameters=PAGE_PARAMETERS,
                   responses={200: paginated(s.SeasonSerializer), **errors(404, *READ_ERRORS)})
    def get(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get_for_user(user=request.user, club_id=club_id)
        return _page(self, request, club.seasons.all(), s.SeasonSerializer)

    @extend_schema(operation_id="clubs_seasons_create", summary="Create a season (organisers only)", tags=TAGS,
                   request=s.SeasonInputSerializer, responses={201: s.SeasonSerializer, **errors(404, *WRITE_ERRORS)})
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get_for_user(user=request.user, club_id=club_id)
        data = s.SeasonInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        season = services.season_create(user=request.user, club=club, **data.validated_data)
        return Response(s.SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


class SeasonDetailView(ApiView):
    @extend_schema(operation_id="seasons_retrieve", summary="One season", tags=TAGS,
                   responses={200: s.SeasonSerializer, **errors(404, *READ_ERRORS)})
    def get(self, request: Request, season_id: int) -> Response:
        return Response(s.SeasonSerializer(selectors.season_get_for_user(user=request.user,
                                                                          season_id=season_id)).data)


class SeasonEntryView(ApiView):
    @extend_schema(operation_id="seasons_entry_create", summary="Enter the season (late entries play from the "
                   "next round)", tags=TAGS, request=None,
                   responses={201: s.SeasonSerializer, **errors(404, *WRITE_ERRORS)})
    def post(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get_for_user(user=request.user, season_id=season_id)
        services.season_enter(user=user_of(request), season=season)
        return Response(s.SeasonSerializer(season).data, status=status.HTTP_201_CREATED)

    @extend_schema(operation_id="seasons_entry_destroy", summary="Withdraw (running games go to the stand-in bot)",
                   tags=TAGS, responses={204: None, **errors(404, *WRITE_ERRORS)})
    def delete(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get_for_user(user=request.user, season_id=season_id)
        services.season_withdraw(user=user_of(request), season=season)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonStartView(ApiView):
    @extend_schema(operation_id="seasons_start", summary="Start the season now and draw round 1 (organisers)",
                   tags=TAGS, request=None, responses={200: s.RoundSerializer, **errors(404, 409, *WRITE_ERRORS)})
    def post(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get_for_user(user=request.user, season_id=season_id)
        rnd = services.season_start(season=season, user=request.user)
        if rnd is None:
            from games.errors import StaleVersion

            raise StaleVersion(gettext_lazy("The season has started already."))
        return Response(s.RoundSerializer(rnd).data)


class SeasonRoundsView(ApiView):
    @extend_schema(operation_id="seasons_rounds_list", summary="Rounds with their tables, games and byes",
                   tags=TAGS, responses={200: s.RoundSerializer(many=True), **errors(404, *READ_ERRORS)})
    def get(self, request: Request, season_id: int) -> Response:
        season: Season = selectors.season_get_for_user(user=request.user, season_id=season_id)
        rounds = season.round_set.prefetch_related("tables__seats__user", "seats__user")
        return Response(s.RoundSerializer(rounds, many=True).data)


class SeasonStandingsView(ApiView):
    @extend_schema(operation_id="seasons_standings", summary="The season table", tags=TAGS,
                   responses={200: s.StandingSerializer(many=True), **errors(404, *READ_ERRORS)})
    def get(self, request: Request, season_id: int) -> Response:
        season = selectors.season_get_for_user(user=request.user, season_id=season_id)
        return Response(s.StandingSerializer(selectors.season_standings(season), many=True).data)


class RatingView(ApiView):
    @extend_schema(operation_id="ratings_retrieve", summary="A player's rating (by user id) and its history", tags=TAGS,
                   responses={200: s.RatingSerializer, **errors(404, *READ_ERRORS)})
    def get(self, request: Request, user_id: int) -> Response:
        player = get_object_or_404(get_user_model(), pk=user_id, is_active=True)
        record = selectors.player_record(player)
        return Response(s.RatingSerializer({
            "user_id": player.pk, "username": player.username, "mu": record.mu, "sigma": record.sigma,
            "ordinal": record.ordinal,
            "played": record.played, "wins": record.wins, "history": record.history}).data)
