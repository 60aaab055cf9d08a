"""Small input and output serializers of the game API.

Input serializers only validate shapes; the services decide what is allowed. What a player sees of a
running game is the engine's view, returned unchanged (``state/``, ``heroes/``, ``tokens/``); the
serializers in the section "the engine's view, described" only document those dictionaries in the
OpenAPI schema; they never touch the data.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apibase.serializers import StrictSerializer, UtcDateTimeField
from games import coop, selectors, variants
from games.models import Game
from games.titles import default_title

MAX_INT = 2_147_483_647
LIVE_STATUSES = (Game.Status.SETUP, Game.Status.RUNNING)


ACTION_SCHEMA = {
    "type": "object",
    "description": "An action as the engine writes it: its `kind` plus the parameters of that kind, "
                   'e.g. `{"kind": "move", "to": "A5"}`. GET .../actions/ lists the legal ones.',
    "properties": {"kind": {"type": "string"}},
    "required": ["kind"],
    "additionalProperties": True,
}


@extend_schema_field(ACTION_SCHEMA)
class ActionField(serializers.DictField):
    pass


# --- input -------------------------------------------------------------------------------------------
class GameListQuerySerializer(serializers.Serializer):
    filter = serializers.ChoiceField(
        choices=["mine", "open", "your_turn", "finished"], required=False,
        help_text="mine: your unfinished games (your turn first); open: public games waiting for players; "
                  "your_turn: games in setup or play where it is your turn; finished: finished games you may see. "
                  "Without a filter: every game you may see, newest first.",
    )


class GameCreateSerializer(StrictSerializer):
    title = serializers.CharField(max_length=80)
    seat_count = serializers.IntegerField(min_value=1, max_value=default_title().max_seats)
    visibility = serializers.ChoiceField(choices=Game.Visibility.values, default=Game.Visibility.PUBLIC)
    deadline_hours = serializers.IntegerField(min_value=1, max_value=24 * 14, default=72)
    deadline_consequence = serializers.ChoiceField(
        choices=Game.DeadlineConsequence.values, default=Game.DeadlineConsequence.SKIP)
    missed_turn_limit = serializers.IntegerField(min_value=1, max_value=20, default=3)
    variant = serializers.ChoiceField(
        choices=["", "coop"], default="", allow_blank=True,
        help_text='"" (the ordinary game) or "coop": the author\'s cooperative variant "Kooperativ gegen '
                  'extraharte Monster" (heroes together against extra-hard monsters and the servants).')
    villain = serializers.ChoiceField(
        choices=["", "automatic", "person"], default="", allow_blank=True,
        help_text='Co-op only: who leads the villains. "person": the last seat, taken like any other and '
                  'counted in seat_count; "automatic" (the default): the servants march by themselves on a '
                  'seat the site adds when the game starts.')


class GameJoinSerializer(StrictSerializer):
    invite_code = serializers.CharField(
        max_length=32, required=False, allow_blank=True,
        help_text="The invitation code of a private game (the creator sees it in the game's detail).")


class SubmitActionSerializer(StrictSerializer):
    action = ActionField(help_text="One of the actions GET .../actions/ offers you.")
    expected_version = serializers.IntegerField(
        min_value=0, max_value=MAX_INT, help_text="The game's version your decision is based on.")


class LogQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0, max_value=MAX_INT, required=False,
        help_text="Only entries with a sequence number above this one (for polling).")


# --- games ----------------------------------------------------------------------------------------------
class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    name = serializers.CharField(help_text="The player's public name (empty for a free seat; "
                                           "\"Servants (automatic)\" for a co-op game's automatic villains).")
    hero = serializers.CharField(allow_null=True, help_text="Hero key once chosen, e.g. `krieger`.")
    is_bot = serializers.BooleanField()
    dropped = serializers.BooleanField()
    is_you = serializers.BooleanField()


def _seats(game: Game) -> list:
    return sorted(game.seats.all(), key=lambda s: s.index)  # prefetched by the views


def _my_seat(game: Game, user) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    return next((s.index for s in _seats(game) if s.user_id == user.pk and not s.dropped), None)


def acting_seat(game: Game) -> int | None:
    """Who must act now: the seat of the first open decision, else the seat deciding the current
    movement (the left neighbour of a hero confused by the Basilisk), else the current seat.

    The same rule as ``games.engine.playout.acting_seat``, read from the game row so that lists need
    not load every game's state. All of it is public (the view shows pending seats and the mover).
    The authority is the engine: the seat whose GET .../actions/ is not empty.
    """
    if game.status not in LIVE_STATUSES:
        return None
    global_state = game.global_state or {}
    pending = global_state.get("pending") or []
    if pending:
        return pending[0]["seat"]
    turn_state = global_state.get("turn_state") or {}
    if turn_state.get("begun") and turn_state.get("mover") is not None and not turn_state.get("movement_over"):
        return turn_state["mover"]
    return game.current_seat


# --- the co-op variant (issue 18) --------------------------------------------------------------------------
class CoopFireSerializer(serializers.Serializer):
    colour = serializers.ChoiceField(choices=["yellow", "blue", "green", "pink"])
    field = serializers.CharField(help_text="N9 yellow, N10 blue, N11 green, N12 pink (reached from N4, N4, N3, N2).")
    servant = serializers.CharField(allow_null=True, help_text="The Diener token holding it, or null: free.")


class CoopServantSerializer(serializers.Serializer):
    token = serializers.CharField()
    field = serializers.CharField()


class CoopRewardSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="The beaten monster whose reward the group shares.")
    leader = serializers.IntegerField(help_text="The seat whose turn it is: it proposes who receives the reward.")
    recipient = serializers.IntegerField(allow_null=True, help_text="The proposed member, null until proposed.")
    waiting = serializers.ListField(child=serializers.IntegerField(),
                                    help_text="Members who have not yet agreed to the proposal (they answer "
                                              "`reward_agree`, each on their own, in this order).")
    proposed = serializers.ListField(child=serializers.IntegerField(), help_text="Members proposed so far.")
    members = serializers.ListField(child=serializers.IntegerField())


class CoopSerializer(serializers.Serializer):
    """The co-op variant's public record (``games.coop.summary``): nothing in it is secret."""

    villain = serializers.ChoiceField(choices=["person", "automatic"],
                                      help_text="Who leads the villains: a player, or nobody (automatic).")
    villain_seat = serializers.IntegerField(help_text="The villains' seat: the game's last seat.")
    automatic = serializers.BooleanField(help_text="The engine moves the Diener by itself.")
    groups = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                   help_text="Seats moving together, each group sorted.")
    fires = CoopFireSerializer(many=True)
    fires_held = serializers.IntegerField(help_text="All four held: the heroes have lost.")
    servants = CoopServantSerializer(many=True, help_text="The Diener on the board as you see them.")
    servants_dead = serializers.IntegerField()
    penalty = serializers.IntegerField(help_text="What the dead Diener add to every villain: -1 per three.")
    marching = serializers.BooleanField(help_text="The Diener are in play and have waited for every hero.")
    waiting = serializers.ListField(child=serializers.IntegerField(),
                                    help_text="Seats still to have a turn before the Diener move.")
    lost = serializers.BooleanField(help_text="The heroes have lost together.")
    reward = CoopRewardSerializer(allow_null=True, help_text="A group's reward being agreed on, or null.")
    # The engine's own keys of its co-op view, served beside the site's record (GET .../state/ only).
    seat_count = serializers.IntegerField(required=False, help_text="Every seat: the heroes and the villains'.")
    held_fires = serializers.ListField(child=serializers.CharField(), required=False,
                                       help_text="The fire fields a Diener holds.")
    points_left = serializers.IntegerField(allow_null=True, required=False,
                                           help_text="A villain player's movement points left in his turn.")
    spent = serializers.DictField(child=serializers.IntegerField(), required=False,
                                  help_text="A villain player's turn: points spent on each Diener (at most 3).")
    halted = serializers.ListField(child=serializers.CharField(), required=False,
                                   help_text="A villain player's turn: Diener that stopped (token, hero, fire).")
    outcome = serializers.CharField(allow_null=True, required=False,
                                    help_text="The engine's word once finished: heroes, villain or lost.")


class GameSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    variant = serializers.ChoiceField(choices=["", "coop"], help_text='"" the ordinary game, "coop" the co-op variant.')
    status = serializers.ChoiceField(choices=Game.Status.values)
    phase = serializers.CharField(help_text="lobby, setup_hero, setup_region, setup_manor, setup_axis, play, finished")
    visibility = serializers.ChoiceField(choices=Game.Visibility.values)
    seat_count = serializers.IntegerField()
    seats = serializers.SerializerMethodField()
    current_seat = serializers.SerializerMethodField(help_text="Whose turn it is (null before and after play).")
    acting_seat = serializers.SerializerMethodField(
        help_text="Who must act now: the seat that must answer an open decision, else the seat deciding the "
                  "movement, else the current seat. Your own GET .../actions/ is the authority.")
    my_seat = serializers.SerializerMethodField(help_text="Your seat, or null when you watch.")
    your_turn = serializers.SerializerMethodField()
    turn_number = serializers.IntegerField()
    version = serializers.IntegerField(help_text="Send it back as expected_version when you act.")
    deadline = UtcDateTimeField(source="turn_deadline_at", allow_null=True, help_text="Turn deadline (UTC).")
    created_at = UtcDateTimeField()

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, game: Game) -> list[dict[str, Any]]:
        user = self.context["request"].user
        return [
            {
                "index": s.index,
                "name": s.user.public_name if s.user else (
                    f"Bot ({s.bot_level or 'normal'})" if s.is_bot
                    else "Servants (automatic)" if s.bot_level == variants.AUTOMATIC_LEVEL else ""),
                "hero": s.hero_key or None,
                "is_bot": s.is_bot,
                "dropped": s.dropped,
                "is_you": bool(s.user_id and s.user_id == user.pk),
            }
            for s in _seats(game)
        ]

    @extend_schema_field(OpenApiTypes.INT)
    def get_current_seat(self, game: Game) -> int | None:
        return game.current_seat if game.status in LIVE_STATUSES else None

    @extend_schema_field(OpenApiTypes.INT)
    def get_acting_seat(self, game: Game) -> int | None:
        return acting_seat(game)

    @extend_schema_field(OpenApiTypes.INT)
    def get_my_seat(self, game: Game) -> int | None:
        return _my_seat(game, self.context["request"].user)

    def get_your_turn(self, game: Game) -> bool:
        mine = _my_seat(game, self.context["request"].user)
        return mine is not None and mine == acting_seat(game)


class GameDetailSerializer(GameSummarySerializer):
    creator = serializers.CharField(source="creator.public_name")
    deadline_hours = serializers.IntegerField()
    deadline_consequence = serializers.ChoiceField(choices=Game.DeadlineConsequence.values)
    missed_turn_limit = serializers.IntegerField()
    paused = serializers.BooleanField()
    seed_commitment = serializers.CharField(help_text="SHA-256 of the secret seed, public from the start.")
    seed = serializers.SerializerMethodField(help_text="The seed, revealed once the game is finished.")
    winner = serializers.IntegerField(source="winner_seat", allow_null=True)
    invite_code = serializers.SerializerMethodField(
        help_text="For the players of a private game: the code others need to join it.")
    started_at = UtcDateTimeField(allow_null=True)
    finished_at = UtcDateTimeField(allow_null=True)
    villain = serializers.ChoiceField(choices=["", "person", "automatic"],
                                      help_text='Co-op only: who leads the villains ("" otherwise).')
    villain_seat = serializers.SerializerMethodField(
        help_text="Co-op only: the villains' seat, the game's last (an automatic one is added at the start).")
    coop = serializers.SerializerMethodField(
        help_text="Co-op only, once the game has started: fires, Diener, groups, dead Diener, the reward "
                  "being agreed on (the same record as GET .../state/'s `coop`).")
    outcome = serializers.SerializerMethodField(
        help_text="Co-op only, once finished: heroes_won, fires_taken (the villains took the four fires) or "
                  "group_lost (a group of three lost against the Namenloser).")

    @extend_schema_field(OpenApiTypes.INT)
    def get_villain_seat(self, game: Game) -> int | None:
        return variants.villain_seat(game)

    def _coop_view(self, game: Game) -> dict[str, Any] | None:
        if not variants.is_coop(game) or game.status == Game.Status.OPEN:
            return None
        # One view per game for its coop and outcome: kept on the game object this serializer reads.
        cached: dict[str, Any] | None = getattr(game, "_coop_view", None)
        if cached is None:
            cached = selectors.player_view(game=game, seat_index=_my_seat(game, self.context["request"].user))
            game._coop_view = cached  # type: ignore[attr-defined]
        return cached

    @extend_schema_field(CoopSerializer(allow_null=True))
    def get_coop(self, game: Game) -> dict[str, Any] | None:
        view = self._coop_view(game)
        return view.get("coop") if view else None

    @extend_schema_field(serializers.ChoiceField(choices=["heroes_won", "fires_taken", "group_lost"],
                                                 allow_null=True))
    def get_outcome(self, game: Game) -> str | None:
        view = self._coop_view(game)
        return coop.outcome(game.variant, view, view.get("coop")) if view else None

    @extend_schema_field(OpenApiTypes.STR)
    def get_seed(self, game: Game) -> str | None:
        return game.seed if game.status == Game.Status.FINISHED else None

    @extend_schema_field(OpenApiTypes.STR)
    def get_invite_code(self, game: Game) -> str | None:
        user = self.context["request"].user
        if game.visibility != Game.Visibility.PRIVATE:
            return None
        if game.creator_id == user.pk or _my_seat(game, user) is not None:
            return game.invite_code
        return None


# --- playing ----------------------------------------------------------------------------------------------
class ActionParamSerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.CharField(help_text="hero, cell, field, choice, token or int")
    # The stubs see a clash with the base class; DRF's metaclass pops declared fields off the class.
    label = serializers.CharField()  # type: ignore[assignment]
    optional = serializers.BooleanField()


class ActionKindSerializer(serializers.Serializer):
    kind = serializers.CharField()
    # The stubs see a clash with the base class; DRF's metaclass pops declared fields off the class.
    label = serializers.CharField(help_text="In the user's language.")  # type: ignore[assignment]
    params = ActionParamSerializer(many=True)


class LegalActionsSerializer(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat (null: you watch and cannot act).")
    version = serializers.IntegerField(help_text="Send it as expected_version with one of these actions.")
    phase = serializers.CharField()
    actions = serializers.ListField(child=ActionField(), help_text="Every action you may submit now.")
    kinds = ActionKindSerializer(many=True, help_text="Label and parameters of each kind offered.")


class EventSerializer(serializers.Serializer):
    kind = serializers.CharField()
    rule = serializers.CharField(help_text="Catalogue ID of the rule (docs/rules/catalogue.md).")
    seat = serializers.IntegerField(allow_null=True)
    # The stubs see a clash with the base class; DRF's metaclass pops declared fields off the class.
    data = serializers.DictField()  # type: ignore[assignment]
    dice = serializers.ListField(child=serializers.IntegerField(), help_text="The dice rolled, if any.")
    visible_to = serializers.ListField(child=serializers.IntegerField(), allow_null=True)


class SubmitResultSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    seat = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The game's version right after this action.")
    action = ActionField()
    events = EventSerializer(many=True, help_text="What happened, as far as you may see it.")
    created_at = UtcDateTimeField()


class LogEntrySerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    action = ActionField()
    events = EventSerializer(many=True)
    taken_back = serializers.BooleanField()
    sealed = serializers.BooleanField(
        allow_null=True,
        help_text="Your own steps only: true when the step used chance or revealed something, so it "
                  "cannot be taken back (ruling R-110); null for the other seats' steps.")
    created_at = UtcDateTimeField()


# --- the engine's view, described (the endpoints return the view unchanged) -------------------------------
class VisibleTokenSerializer(serializers.Serializer):
    id = serializers.CharField(allow_null=True, help_text="null unless you may know this token's face.")
    face = serializers.CharField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    face_up = serializers.BooleanField()
    flipped = serializers.BooleanField()
    border = serializers.ListField(child=serializers.CharField())


class FieldTokenSerializer(VisibleTokenSerializer):
    field = serializers.CharField()


class ViewBoardCellSerializer(serializers.Serializer):
    cell = serializers.IntegerField(help_text="row*5+column of the 5x5 square")
    placed = serializers.BooleanField()
    revealed = serializers.BooleanField()
    letter = serializers.CharField(allow_null=True, help_text="Region letter, only once the card is revealed.")


class HeroViewSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    hero = serializers.CharField(allow_null=True)
    position = serializers.CharField(allow_null=True)
    between = serializers.ListField(child=serializers.CharField(), allow_null=True)
    manor = serializers.CharField(allow_null=True)
    drawn_region = serializers.CharField(allow_null=True)
    lp = serializers.IntegerField()
    lp_max = serializers.IntegerField()
    artificial = serializers.DictField(child=serializers.IntegerField())
    gold = serializers.IntegerField()
    training = serializers.DictField(child=serializers.IntegerField())
    xp = serializers.DictField(child=serializers.IntegerField())
    items = VisibleTokenSerializer(many=True)
    quests = VisibleTokenSerializer(many=True)
    has_deed = serializers.BooleanField()
    gem = serializers.BooleanField()
    deaths = serializers.IntegerField()
    deed = serializers.CharField(allow_null=True, required=False, help_text="Your own hero only.")
    deed_tokens = serializers.ListField(child=serializers.CharField(), required=False,
                                        help_text="Your own hero only.")


class PendingDecisionSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.CharField()
    options = serializers.ListField(child=serializers.JSONField(), required=False,
                                    help_text="Only for your own decisions.")


class PilesSerializer(serializers.Serializer):
    bag = serializers.IntegerField()
    face_down = serializers.IntegerField()
    bazaar = serializers.IntegerField()
    city = serializers.IntegerField()


class TurnStateSerializer(serializers.Serializer):
    begun = serializers.BooleanField()
    mode = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    movement_over = serializers.BooleanField()


class PlayerViewSerializer(serializers.Serializer):
    """The engine's view for your seat. Before the game starts it is only ``{"phase": "lobby", "seats": n}``."""

    phase = serializers.CharField()
    seats = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, required=False)
    content_version = serializers.CharField(required=False)
    current = serializers.IntegerField(required=False)
    turn = serializers.IntegerField(required=False)
    board = ViewBoardCellSerializer(many=True, required=False)
    tokens = FieldTokenSerializer(many=True, required=False)
    waiting = VisibleTokenSerializer(many=True, required=False)
    piles = PilesSerializer(required=False)
    heroes = HeroViewSerializer(many=True, required=False)
    turn_state = TurnStateSerializer(required=False)
    pending = PendingDecisionSerializer(many=True, required=False)
    unwetter = serializers.BooleanField(required=False)
    boat = serializers.CharField(allow_null=True, required=False)
    namenloser_card = serializers.CharField(allow_null=True, required=False)
    dragon_card = serializers.CharField(allow_null=True, required=False)
    winner = serializers.IntegerField(allow_null=True, required=False)
    coop = CoopSerializer(required=False, help_text="Co-op games only (issue 18).")


class HeroesSerializer(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True)
    heroes = HeroViewSerializer(many=True)


class VisibleTokensSerializer(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True)
    on_fields = FieldTokenSerializer(many=True, help_text="Tokens on the board, faces only where you may know them.")
    waiting = VisibleTokenSerializer(many=True, help_text="Open tokens waiting beside the board for their card.")
    items = VisibleTokenSerializer(many=True, help_text="Your hero's items.")
    quests = VisibleTokenSerializer(many=True, help_text="Your hero's quests.")
    deed_tokens = serializers.ListField(child=serializers.CharField(), help_text="Tokens on your deed card.")


# --- content ---------------------------------------------------------------------------------------------
class FieldSerializer(serializers.Serializer):
    code = serializers.CharField()
    number = serializers.IntegerField()
    kind = serializers.CharField()
    x = serializers.FloatField(help_text="0..100 from the card's west edge")
    y = serializers.FloatField(help_text="0..100 from the card's north edge")
    colour = serializers.CharField(allow_null=True)
    target = serializers.IntegerField(allow_null=True)
    site = serializers.CharField(allow_null=True)
    name_de = serializers.CharField()
    name_en = serializers.CharField()


class PathSerializer(serializers.Serializer):
    a = serializers.CharField()
    b = serializers.CharField()
    kind = serializers.CharField()


class EntriesSerializer(serializers.Serializer):
    north = serializers.CharField()
    east = serializers.CharField()
    south = serializers.CharField()
    west = serializers.CharField()


class RegionSerializer(serializers.Serializer):
    letter = serializers.CharField()
    name_de = serializers.CharField()
    name_en = serializers.CharField()
    terrain = serializers.CharField()
    set_aside = serializers.BooleanField()
    entries = serializers.SerializerMethodField()
    # The stubs see a clash with the base class; DRF's metaclass pops declared fields off the class.
    fields = FieldSerializer(many=True)  # type: ignore[assignment]
    paths = PathSerializer(many=True)

    @extend_schema_field(EntriesSerializer)
    def get_entries(self, region) -> dict[str, str]:
        return {direction.value: code for direction, code in region.entries.items()}


class BoardContentSerializer(serializers.Serializer):
    content_version = serializers.CharField()
    rows = serializers.IntegerField()
    columns = serializers.IntegerField()
    regions = RegionSerializer(many=True)


class GameBoardCellSerializer(serializers.Serializer):
    cell = serializers.IntegerField()
    row = serializers.IntegerField()
    column = serializers.IntegerField()
    placed = serializers.BooleanField()
    revealed = serializers.BooleanField()
    letter = serializers.CharField(allow_null=True)
    region = RegionSerializer(allow_null=True, help_text="The card's content, only once it is revealed.")


class GameBoardSerializer(serializers.Serializer):
    content_version = serializers.CharField()
    cells = GameBoardCellSerializer(many=True)


class GamePauseSerializer(StrictSerializer):
    resume = serializers.BooleanField(default=False, help_text="true restarts the clock of a paused game.")


class TakeBackSerializer(StrictSerializer):
    expected_version = serializers.IntegerField(min_value=0, help_text="The game version you saw.")


class TakenBackSerializer(serializers.Serializer):
    sequence = serializers.IntegerField(help_text="The log entry that was taken back (kept, marked).")
    action = serializers.JSONField()
    version = serializers.IntegerField(help_text="The game's new version.")


# --- bots (i14) -----------------------------------------------------------------------------------------
class AddBotSerializer(StrictSerializer):
    level = serializers.ChoiceField(choices=["easy", "normal", "strong"], default="normal",
                                    help_text="How well the bot plays.")


class SuggestionSerializer(serializers.Serializer):
    action = serializers.DictField(help_text="The action the normal bot would submit now, ready to submit.")
    version = serializers.IntegerField(help_text="The game version the suggestion is for.")
    goal = serializers.CharField(allow_null=True, help_text="What the bot is after (for people: a hint).")


class SeatSettingsSerializer(serializers.Serializer):
    """Your seat's standing settings in a game (never a step of the log; ruling R-181)."""

    dice_policy = serializers.ChoiceField(
        choices=["best", "ask"],
        help_text="With more than two experience dice: best = keep the best two automatically; ask = the "
                  "probe waits for you to choose two (keep_dice).")
