"""Who a user is in a club: member, organiser, owner (ruling R-137), and the checks services make of it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.errors import NotAllowed

from ..models import Club, Membership

Role = Membership.Role


def membership_of(club: Club, user) -> Membership | None:
    if user is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


def require_organiser(club: Club, user) -> Membership:
    membership = membership_of(club, user)
    if membership is None or not membership.organises:
        raise NotAllowed(_("Only the club's organisers may do this."))
    return membership


def require_member(club: Club, user) -> Membership:
    membership = membership_of(club, user)
    if membership is None:
        raise NotAllowed(_("Only members of the club may do this."))
    return membership
