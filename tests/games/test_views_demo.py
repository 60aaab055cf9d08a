"""The demo game of a fresh installation: created once by seed_demo, alive, and shown to its players."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.demo import ensure_demo_game
from games.models import Game

pytestmark = pytest.mark.django_db


def test_seed_demo_creates_a_living_demo_game_once(client, capsys):
    call_command("seed_demo")
    call_command("seed_demo")
    game = Game.objects.get(title="Demo")
    assert f"/games/{game.pk}/" in capsys.readouterr().out
    assert game.status == Game.Status.RUNNING and game.turn_number > 1
    assert game.actions.count() > 10
    call_command("verify_games", game.pk)
    alrik = game.seats.get(index=0).user
    client.force_login(alrik)
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert ensure_demo_game() == game
