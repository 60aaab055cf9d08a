"""The league services: every write of the leagues app goes through one of these functions.

One module per concern; this package's names are their public API (``from leagues import services``):

``membership``  who a user is in a club, and the checks of it (R-137)
``clubs``       founding clubs, joining, invitations, leaving, roles
``entries``     entering and withdrawing from seasons (a withdrawn seat goes to the stand-in, R-134)
``seasons``     creating and starting seasons, and the beat that advances them
``rounds``      drawing rounds, recording results, finishing rounds and seasons, their mails
``divisions``   the next seasons of all divisions, with promotion and relegation (R-138)

Like the games' services they never import the tasks: mails go out by task name (``games.queue``).
"""

from .clubs import (
    club_create,
    club_join_by_link,
    club_update,
    invite_link_renew,
    join_request_create,
    join_request_decide,
    member_invite_email,
    member_leave,
    member_remove,
    member_set_role,
)
from .divisions import promotion, season_successors
from .entries import season_enter, season_withdraw
from .membership import membership_of, require_member, require_organiser
from .rounds import record_result, round_draw, round_mail, season_finish, season_finished_mail
from .seasons import advance_seasons, season_create, season_start, validate_season

__all__ = [
    "advance_seasons",
    "club_create",
    "club_join_by_link",
    "club_update",
    "invite_link_renew",
    "join_request_create",
    "join_request_decide",
    "member_invite_email",
    "member_leave",
    "member_remove",
    "member_set_role",
    "membership_of",
    "promotion",
    "record_result",
    "require_member",
    "require_organiser",
    "round_draw",
    "round_mail",
    "season_create",
    "season_enter",
    "season_finish",
    "season_finished_mail",
    "season_start",
    "season_successors",
    "season_withdraw",
    "validate_season",
]
