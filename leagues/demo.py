"""The demo club of a fresh installation: Alrik's club with Brida and two more players, a season running."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.demo import ensure_demo_accounts

from . import services
from .models import Club, Season

DEMO_CLUB = "Heldenrunde Gareth"
DEMO_SEASON = "Demo-Saison"
EXTRA_PLAYERS = {"calla": "Calla", "dorin": "Dorin"}  # no password: they only fill the tables


def ensure_demo_club() -> Club:
    """Create the demo club with a running season unless it exists; returns it."""
    club = Club.objects.filter(name=DEMO_CLUB).first()
    if club is not None:
        return club
    alrik, brida = ensure_demo_accounts()
    User = get_user_model()
    players = [alrik, brida]
    for username, name in EXTRA_PLAYERS.items():
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User(username=username, display_name=name, language="de", email=f"{username}@example.org")
            user.set_unusable_password()
            user.save()
        players.append(user)
    club = services.club_create(user=alrik, name=DEMO_CLUB, language="de",
                                description="Der Demo-Club: jeden Monat eine Saison, Tische zu zweit.")
    for user in players[1:]:
        services.club_join_by_link(user=user, club=club, code=club.invite_code)
    season = services.season_create(user=alrik, club=club, name=DEMO_SEASON, starts_at=timezone.now(),
                                    table_size=2, rounds=3, deadline_hours=72)
    for user in players:
        services.season_enter(user=user, season=season)
    services.season_start(season=season, user=alrik)
    assert Season.objects.get(pk=season.pk).status == Season.Status.RUNNING
    return club
