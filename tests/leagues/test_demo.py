"""`make run`'s demo data includes a club with a running season."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from leagues.demo import DEMO_CLUB
from leagues.models import Club, Season

pytestmark = pytest.mark.django_db


def test_seed_demo_creates_a_club_with_a_running_season_once(client, capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    club = Club.objects.get(name=DEMO_CLUB)
    assert f"/clubs/{club.pk}/" in capsys.readouterr().out
    season = club.seasons.get()
    assert season.status == Season.Status.RUNNING and season.round_set.get().tables.count() == 2
    alrik = club.memberships.get(role="owner").user
    client.force_login(alrik)
    page = client.get(reverse("leagues:club", args=[club.pk])).content.decode()
    assert season.name in page
