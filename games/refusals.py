"""The fixed sentences with which the games' services refuse a request, listed for translation.

The services raise them in English (the API answers in English); the web pages show them in the
reader's language by looking each one up (``games.views._report``). Listing them here with
``gettext_noop`` keeps ``makemessages`` from dropping their translations; a test checks that every
fixed sentence raised in ``games/`` is listed. Sentences built from values stay English.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

REFUSALS = (
    gettext_noop("A die was rolled in that step; it cannot be taken back."),
    gettext_noop("A game needs a name."),
    gettext_noop("A rematch is offered once the game is over."),
    gettext_noop("All seats of this game are taken."),
    gettext_noop("Bots join before the game starts."),
    gettext_noop("Bots may take any seat but the creator's."),
    gettext_noop("Every player sits at one seat only."),
    gettext_noop("Every submission needs an idempotency key of 1 to 60 characters."),
    gettext_noop("Every submission needs an idempotency key of 1 to 64 characters."),
    gettext_noop("It is not your move."),
    gettext_noop("Only a player of this game can ask for a rematch."),
    gettext_noop("Only a player of this game has settings in it."),
    gettext_noop("Only a running game can be resigned."),
    gettext_noop("Only the creator of a game adds bots."),
    gettext_noop("Only the game's creator can pause it."),
    gettext_noop("Only the game's creator can resume it."),
    gettext_noop("Rated and league games give no suggestions."),
    gettext_noop("Something was revealed in that step; it cannot be taken back."),
    gettext_noop("Steps can only be taken back while the game is being played."),
    gettext_noop("That step belongs to an earlier turn; it cannot be taken back."),
    gettext_noop("That step used chance or revealed something; it cannot be taken back."),
    gettext_noop("The creator cannot leave; delete the game instead."),
    gettext_noop("The experience-dice policy is 'best' or 'ask'."),
    gettext_noop("The turn deadline must lie between 1 hour and 14 days."),
    gettext_noop("There is no step of yours in this turn to take back."),
    gettext_noop("There is no such game, or it is private."),
    gettext_noop("This game is not being played."),
    gettext_noop("This game is not open for new players."),
    gettext_noop("This private game needs its invitation link."),
    gettext_noop("You already have a seat in this game."),
    gettext_noop("You can only leave a game before it starts."),
    gettext_noop("You can only take back steps of your own turn."),
    gettext_noop("You have no seat in this game."),
)
