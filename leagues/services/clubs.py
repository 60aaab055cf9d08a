"""Clubs and their members: founding, joining by link or request, invitations, leaving, roles (R-137).

Only the owner changes roles; the owner cannot leave or be removed (hand the club over first)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.errors import InvalidRequest, NotAllowed

from .. import mails
from ..models import Club, JoinRequest, Membership, new_code
from .entries import withdraw_everywhere
from .membership import Role, membership_of, require_member, require_organiser


def club_create(*, user, name: str, description: str = "", visibility: str = Club.Visibility.PUBLIC,
                language: str = "de") -> Club:
    name = name.strip()
    if not name:
        raise InvalidRequest(_("A club needs a name."))
    if Club.objects.filter(name__iexact=name).exists():
        raise InvalidRequest(_("A club of this name exists already."))
    with transaction.atomic():
        club = Club.objects.create(name=name, description=description.strip(), visibility=visibility,
                                   language=language)
        Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return club


def club_update(*, user, club: Club, **fields) -> Club:
    require_organiser(club, user)
    for name in ("name", "description", "visibility", "language"):
        if name in fields:
            setattr(club, name, fields[name])
    club.save()
    return club


def _add_member(club: Club, user) -> Membership:
    membership, _created = Membership.objects.get_or_create(club=club, user=user)
    JoinRequest.objects.filter(club=club, user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.ACCEPTED)
    return membership


def club_join_by_link(*, user, club: Club, code: str) -> Membership:
    if code != club.invite_code:
        raise NotAllowed(_("This invitation link is not valid (any more)."))
    return _add_member(club, user)


def join_request_create(*, user, club: Club, message: str = "") -> JoinRequest:
    if membership_of(club, user) is not None:
        raise InvalidRequest(_("You are a member of this club already."))
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(club=club, user=user, message=message[:300])
    except IntegrityError as exc:
        raise InvalidRequest(_("You have asked to join this club already.")) from exc


def join_request_decide(*, user, request: JoinRequest, accept: bool) -> JoinRequest:
    require_organiser(request.club, user)
    if request.status != JoinRequest.Status.PENDING:
        raise InvalidRequest(_("This request was decided already."))
    with transaction.atomic():
        if accept:
            _add_member(request.club, request.user)
            request.status = JoinRequest.Status.ACCEPTED
        else:
            request.status = JoinRequest.Status.DECLINED
        request.save(update_fields=["status"])
    return request


def member_invite_email(*, user, club: Club, email: str) -> None:
    """Send the club's invitation link to an address (a friend need not have an account yet)."""
    require_organiser(club, user)
    mails.send_invitation(club=club, email=email, inviter=user)


def invite_link_renew(*, user, club: Club) -> str:
    require_organiser(club, user)
    club.invite_code = new_code()
    club.save(update_fields=["invite_code"])
    return club.invite_code


def member_leave(*, user, club: Club) -> None:
    membership = require_member(club, user)
    if membership.role == Role.OWNER:
        raise NotAllowed(_("The owner cannot leave the club; make someone else owner first."))
    withdraw_everywhere(club, user)
    membership.delete()


def member_remove(*, user, club: Club, member) -> None:
    acting = require_organiser(club, user)
    target = membership_of(club, member)
    if target is None:
        raise InvalidRequest(_("This person is not a member of the club."))
    if target.role == Role.OWNER or (target.role == Role.ORGANISER and acting.role != Role.OWNER):
        raise NotAllowed(_("Only the owner may remove an organiser, and nobody the owner."))
    withdraw_everywhere(club, member)
    target.delete()


def member_set_role(*, user, club: Club, member, role: str) -> Membership:
    acting = require_member(club, user)
    if acting.role != Role.OWNER:
        raise NotAllowed(_("Only the owner may change roles."))
    target = membership_of(club, member)
    if target is None:
        raise InvalidRequest(_("This person is not a member of the club."))
    if role not in Role.values:
        raise InvalidRequest(_("There is no such role."))
    with transaction.atomic():
        if role == Role.OWNER:  # handing the club over: the old owner becomes an organiser
            acting.role = Role.ORGANISER
            acting.save(update_fields=["role"])
        target.role = role
        target.save(update_fields=["role"])
    return target
