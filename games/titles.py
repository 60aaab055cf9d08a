"""The board games the site hosts, each reached through one interface (issue 12, "Titles").

Models, services, pages and the API ask ``title_of(game)`` for a game's rules instead of importing an
engine: its content, ``new_game``, ``legal_actions``, ``apply``, ``view``, ``winner`` and the helpers the
site needs around them (the acting seat, what a step shows each seat, whether a step may be taken back),
and the package of its presenters. Die Rückkehr der Helden is the only title for now; a second one adds
an entry to ``TITLES`` with its own engine and presenters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

import games.engine as rueckkehr
from games.engine.content import load_content
from games.engine.content.authored import sections as authored_sections
from games.engine.core.state import HeroState, State, TokenState
from games.engine.draws import replay_draws
from games.engine.playout import acting_seat, skip_action, turn_begin_action
from games.engine.rules.setup import MAX_SEATS
from games.engine.visibility import action_for, events_for, sealed


@dataclass(frozen=True)
class StateCodec:
    """How the site keeps a title's state in rows (games.persistence): the state's own codec decides the
    JSON; the site asks it for the state from the parts it stores apart (the global JSON on the game
    row, each hero's sheet on his seat, each token in a row of its own)."""

    from_parts: Callable[..., Any]               # (global JSON, heroes=[...], tokens={...}) -> the state
    hero_from_json: Callable[[dict[str, Any]], Any]
    token: Callable[..., Any]                    # (loc, face_up, seen_by, flipped) -> a token's state


@dataclass(frozen=True)
class Title:
    key: str
    name: Promise
    max_seats: int
    content: Callable[[], Any]
    new_game: Callable[..., Any]
    legal_actions: Callable[..., Any]
    apply: Callable[..., Any]
    view: Callable[..., Any]
    winner: Callable[..., Any]
    parse_action: Callable[..., Any]
    illegal_action_error: type[Exception]   # what apply and parse_action raise for a refused action
    dice_for: Callable[..., Any]
    acting_seat: Callable[..., Any]
    turn_begin_action: Callable[[Any], Any]   # state -> the action a turn start applies by itself, or None
    skip_action: Callable[[Any], Any]         # legal actions -> the step a skipped turn takes
    replay_draws: Callable[..., list[list[int]]]  # the dice check page: every draw of a game's log
    authored_values: Callable[[Any], list[tuple[str, list[Any]]]]  # content -> the values we chose, by section
    events_for: Callable[..., Any]
    action_for: Callable[..., Any]
    sealed: Callable[..., Any]
    action_kinds: Any
    presenters: str       # the dotted path of the package that draws and words it
    codec: StateCodec


RUECKKEHR = Title(
    key="rueckkehr",
    name=_("Die Rückkehr der Helden"),
    max_seats=MAX_SEATS,
    content=load_content,
    new_game=rueckkehr.new_game,
    legal_actions=rueckkehr.legal_actions,
    apply=rueckkehr.apply,
    view=rueckkehr.view,
    winner=rueckkehr.winner,
    parse_action=rueckkehr.parse_action,
    illegal_action_error=rueckkehr.IllegalActionError,
    dice_for=rueckkehr.dice_for,
    acting_seat=acting_seat,
    turn_begin_action=turn_begin_action,
    skip_action=skip_action,
    replay_draws=replay_draws,
    authored_values=authored_sections,
    events_for=events_for,
    action_for=action_for,
    sealed=sealed,
    action_kinds=rueckkehr.ACTION_KINDS,
    presenters="games.presenters",
    codec=StateCodec(from_parts=State.from_parts, hero_from_json=HeroState.from_json, token=TokenState),
)

TITLES: dict[str, Title] = {RUECKKEHR.key: RUECKKEHR}
DEFAULT_TITLE = RUECKKEHR.key


class UnknownTitle(LookupError):
    pass


def title_named(key: str) -> Title:
    try:
        return TITLES[key]
    except KeyError:
        raise UnknownTitle(key) from None


def default_title() -> Title:
    """The title of a new game, and of the pages that belong to no game (content, rules, action kinds)."""
    return TITLES[DEFAULT_TITLE]


def title_of(game: Any) -> Title:
    """The rules a stored game is played by (its ``title_key``)."""
    return title_named(game.title_key)
