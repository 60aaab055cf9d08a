"""The words of the game services' refusals: one message per error code, in gettext, rendered at the edge.

A service raises ``NotAllowed("no_seat")`` or ``InvalidRequest("seats_out_of_range", max=6)`` — a code
and its parameters, like Django's ``ValidationError`` — and the web page, the API and the mails turn it
into a sentence in the reader's language with ``error_text``. An illegal action keeps the engine's own
English explanation only as the error's ``reason`` (the API's ``details.reason``): a player reads the
plain message of its code, never "seat 0 decides this movement".

``tests/games/test_error_texts.py`` proves that every code raised in the games app is listed here and
has its German text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from games.errors import clip

if TYPE_CHECKING:
    from games.errors import GameServiceError

ERROR_TEXTS: dict[str, Promise] = {
    # Finding a game
    "no_such_game": gettext_lazy("There is no such game, or it is private."),
    # Creating and joining games
    "name_missing": gettext_lazy("A game needs a name."),
    "seats_out_of_range": gettext_lazy("A game has 1 to %(max)s seats."),
    "deadline_out_of_range": gettext_lazy("The turn deadline must lie between 1 hour and 14 days."),
    "one_seat_each": gettext_lazy("Every player sits at one seat only."),
    "game_not_open": gettext_lazy("This game is not open for new players."),
    "invitation_needed": gettext_lazy("This private game needs its invitation link."),
    "already_seated": gettext_lazy("You already have a seat in this game."),
    "seats_taken": gettext_lazy("All seats of this game are taken."),
    "leave_after_start": gettext_lazy("You can only leave a game before it starts."),
    "no_seat": gettext_lazy("You have no seat in this game."),
    "creator_cannot_leave": gettext_lazy("The creator cannot leave; delete the game instead."),
    "variant_unknown": gettext_lazy("There is no variant “%(variant)s”; leave it empty or choose “coop”."),
    "villain_without_coop": gettext_lazy("Only the co-op variant has a villains' seat."),
    "villain_unknown": gettext_lazy(
        "“%(villain)s” is no way to lead the villains: a player (“person”) or nobody (“automatic”)."),
    "villain_needs_a_hero": gettext_lazy("With a player for the villains the game needs a second seat for a hero."),
    # Bots
    "bot_level_unknown": gettext_lazy("A bot plays at one of the levels %(levels)s."),
    "bots_by_creator_only": gettext_lazy("Only the creator of a game adds bots."),
    "bots_before_start": gettext_lazy("Bots join before the game starts."),
    "bot_seat_of_creator": gettext_lazy("Bots may take any seat but the creator's."),
    "no_suggestions_in_rated_games": gettext_lazy("Rated and league games give no suggestions."),
    "not_your_move": gettext_lazy("It is not your move."),
    # Playing
    "not_being_played": gettext_lazy("This game is not being played."),
    "idempotency_key_missing": gettext_lazy(
        "Every submission needs an idempotency key of 1 to %(max)s characters."),
    "idempotency_conflict": gettext_lazy("This idempotency key was already used for a different action."),
    "version_moved_on": gettext_lazy(
        "The game has moved on (version %(version)s, you sent %(sent)s); reload it."),
    "simultaneous_action": gettext_lazy("Another action was applied at the same moment; reload the game."),
    "illegal_action": gettext_lazy("This move is not possible now."),
    "not_your_turn": gettext_lazy("Another player has to act first."),
    "malformed_action": gettext_lazy("This action was not understood."),
    "not_reachable_on_foot": gettext_lazy("%(field)s cannot be reached on foot this turn."),
    # Taking steps back
    "step_sealed": gettext_lazy("That step used chance or revealed something; it cannot be taken back."),
    "step_rolled": gettext_lazy("A die was rolled in that step; it cannot be taken back."),
    "step_revealed": gettext_lazy("Something was revealed in that step; it cannot be taken back."),
    "take_back_outside_play": gettext_lazy("Steps can only be taken back while the game is being played."),
    "take_back_not_your_turn": gettext_lazy("You can only take back steps of your own turn."),
    "nothing_to_take_back": gettext_lazy("There is no step of yours in this turn to take back."),
    "step_of_earlier_turn": gettext_lazy("That step belongs to an earlier turn; it cannot be taken back."),
    # Pausing, settings, the end of a game
    "pause_by_creator_only": gettext_lazy("Only the game's creator can pause it."),
    "resume_by_creator_only": gettext_lazy("Only the game's creator can resume it."),
    "dice_policy_unknown": gettext_lazy("The experience-dice policy is “best” or “ask”."),
    "settings_for_players_only": gettext_lazy("Only a player of this game has settings in it."),
    "resign_running_only": gettext_lazy("Only a running game can be resigned."),
    "rematch_after_end": gettext_lazy("A rematch is offered once the game is over."),
    "rematch_by_player_only": gettext_lazy("Only a player of this game can ask for a rematch."),
}


def render(code: str | Promise, params: dict[str, Any]) -> str:
    """The message of ``code`` in the active language; a key not listed here is a message of its own
    (the leagues and table talk raise their texts ready-made, as lazy translations)."""
    if isinstance(code, Promise):
        text = str(code)
    else:
        template = ERROR_TEXTS.get(code)
        text = str(template) if template is not None else gettext(code) if code else ""
    if params:
        try:
            return text % params
        except (KeyError, TypeError, ValueError):
            return text
    return text


def error_text(exc: GameServiceError, language: str | None = None) -> str:
    """A service error as the reader reads it, in ``language`` (default: the active one), cut to the
    errors' ``MESSAGE_LIMIT``."""
    if language is None:
        return str(clip(render(exc.key, exc.params)))
    with translation.override(language):
        return str(clip(render(exc.key, exc.params)))
