"""League mails (new round with your table, season finished, club invitation), in the reader's language.

Each is claimed by a ``LeagueMail`` row before it is sent, so a task that runs twice sends once.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from .models import Club, LeagueMail, Round, Season, TableSeat

log = logging.getLogger(__name__)


def _claim(*, user=None, email: str = "", kind: str, key: str) -> bool:
    try:
        with transaction.atomic():
            LeagueMail.objects.create(user=user, email=email, kind=kind, key=key)
    except IntegrityError:
        return False
    return True


def _send(*, to: str, language: str, template: str, context: dict) -> None:
    with translation.override(language):
        subject = render_to_string(f"leagues/mail/{template}_subject.txt", context).strip()
        body = render_to_string(f"leagues/mail/{template}.txt", context)
    EmailMessage(subject=subject, body=body, to=[to]).send(fail_silently=False)


def _url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def send_round(rnd: Round) -> int:
    """New round: every player gets their own table (or their bye) and its game's link."""
    season = rnd.season
    sent = 0
    for seat in TableSeat.objects.filter(round=rnd).select_related("user", "table__game"):
        user = seat.user
        if not user.email or not user.is_active or not _claim(user=user, kind="new_round", key=str(rnd.pk)):
            continue
        opponents = [] if seat.table is None else [
            s.user.public_name for s in seat.table.seats.select_related("user") if s.user_id != user.pk]
        _send(to=user.email, language=user.language, template="new_round", context={
            "user": user, "season": season, "round": rnd, "opponents": opponents, "bye": seat.table is None,
            "game_url": _url(f"/games/{seat.table.game_id}/") if seat.table else "",
            "season_url": _url(reverse("leagues:season", args=[season.pk])),
        })
        sent += 1
    return sent


def send_season_finished(season: Season) -> int:
    from .selectors import season_standings

    standings = season_standings(season)
    sent = 0
    for row in standings:
        user = row.user
        if not user.email or not user.is_active or not _claim(user=user, kind="season_finished", key=str(season.pk)):
            continue
        _send(to=user.email, language=user.language, template="season_finished", context={
            "user": user, "season": season, "row": row, "top": standings[:3],
            "season_url": _url(reverse("leagues:season", args=[season.pk])),
        })
        sent += 1
    return sent


def send_invitation(*, club: Club, email: str, inviter) -> bool:
    if not _claim(email=email.lower(), kind="invitation", key=f"{club.pk}:{club.invite_code}"):
        return False
    _send(to=email, language=club.language, template="invitation", context={
        "club": club, "inviter": inviter,
        "join_url": _url(reverse("leagues:club_join_link", args=[club.pk, club.invite_code])),
    })
    return True
