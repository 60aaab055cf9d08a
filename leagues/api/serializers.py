"""Serializers of the league API: small outputs, strict inputs (the services decide what is allowed)."""

from __future__ import annotations

from django.conf import settings
from rest_framework import serializers

from apibase.serializers import StrictSerializer, UtcDateTimeField
from games.engine.rules.setup import MAX_SEATS
from games.models import Game
from leagues.models import Club, Membership, Season, season_limits

LANGUAGES = [code for code, _name in settings.LANGUAGES]


class ClubSerializer(serializers.ModelSerializer):
    members = serializers.IntegerField(source="memberships.count", read_only=True)
    visibility = serializers.ChoiceField(choices=Club.Visibility.values, read_only=True)
    language = serializers.ChoiceField(choices=LANGUAGES, read_only=True)

    class Meta:
        model = Club
        fields = ["id", "name", "description", "visibility", "language", "members"]


class ClubInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Club.Visibility.values, default=Club.Visibility.PUBLIC)
    language = serializers.ChoiceField(choices=LANGUAGES, default="de")


class JoinInputSerializer(StrictSerializer):
    code = serializers.CharField(help_text="The club's invitation code (from the invitation link).")


class JoinRequestInputSerializer(StrictSerializer):
    message = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)


class JoinRequestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField(help_text="`pending` until an organiser accepts or declines it.")


class MemberSerializer(serializers.ModelSerializer):
    user_id = serializers.IntegerField(source="user.pk", read_only=True)
    username = serializers.CharField(source="user.username", read_only=True)
    name = serializers.CharField(source="user.public_name", read_only=True)
    joined_at = UtcDateTimeField()

    class Meta:
        model = Membership
        fields = ["user_id", "username", "name", "role", "joined_at"]


class SeasonSerializer(serializers.ModelSerializer):
    club_id = serializers.IntegerField(source="club.pk", read_only=True)
    starts_at = UtcDateTimeField()
    entrants = serializers.SerializerMethodField()
    status = serializers.CharField(read_only=True, help_text="`entry` (open for entries), `running` or `finished`.")
    deadline_consequence = serializers.ChoiceField(choices=Game.DeadlineConsequence.values, read_only=True)

    class Meta:
        model = Season
        fields = ["id", "club_id", "name", "division", "status", "starts_at", "table_size", "rounds",
                  "round_start", "round_days", "deadline_hours", "deadline_consequence", "missed_turn_limit",
                  "game_options", "points", "bye_points", "promote", "entrants"]

    def get_entrants(self, season: Season) -> list[str]:
        return [e.user.username for e in season.entries.select_related("user") if e.active]


class SeasonInputSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    starts_at = serializers.DateTimeField()
    table_size = serializers.IntegerField(**season_limits("table_size"), default=min(4, MAX_SEATS))
    rounds = serializers.IntegerField(**season_limits("rounds"), default=3)
    round_start = serializers.ChoiceField(choices=Season.RoundStart.values, default=Season.RoundStart.PREVIOUS_ENDS)
    round_days = serializers.IntegerField(**season_limits("round_days"), default=14)
    deadline_hours = serializers.IntegerField(**season_limits("deadline_hours"), default=72)
    deadline_consequence = serializers.ChoiceField(choices=Game.DeadlineConsequence.values,
                                                   default=Game.DeadlineConsequence.BOT)
    missed_turn_limit = serializers.IntegerField(**season_limits("missed_turn_limit"), default=3)
    game_options = serializers.DictField(required=False, default=dict)
    points = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=100), required=False,
                                   max_length=6, min_length=1)
    bye_points = serializers.IntegerField(**season_limits("bye_points"), required=False)
    division = serializers.IntegerField(**season_limits("division"), default=1)
    promote = serializers.IntegerField(**season_limits("promote"), default=0)


class TableSeatSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    seat = serializers.IntegerField(source="seat_index", allow_null=True)
    place = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    won = serializers.BooleanField()
    stand_in = serializers.BooleanField(source="dropped")


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    game_id = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField()
    seats = TableSeatSerializer(many=True, source="seats.all")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="`planned`, `running` or `finished`.")
    starts_at = UtcDateTimeField(allow_null=True)
    started_at = UtcDateTimeField(allow_null=True)
    finished_at = UtcDateTimeField(allow_null=True)
    tables = TableSerializer(many=True, source="tables.all")
    byes = serializers.SerializerMethodField()

    def get_byes(self, rnd) -> list[str]:
        return [s.user.username for s in rnd.seats.all() if s.table_id is None]


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    played = serializers.IntegerField()
    byes = serializers.IntegerField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    missed_turns = serializers.IntegerField()
    head_to_head = serializers.IntegerField()
    active = serializers.BooleanField()


class RatingEntrySerializer(serializers.Serializer):
    game_id = serializers.IntegerField()
    place = serializers.IntegerField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField()
    with_bot = serializers.BooleanField()


class RatingSerializer(serializers.Serializer):
    user_id = serializers.IntegerField()
    username = serializers.CharField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField(help_text="mu - 3 sigma: the conservative rating shown on pages.")
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    history = RatingEntrySerializer(many=True)
