"""The services' refusals read in the reader's language on the web pages, and never as engine jargon
(issue 16: "errors in plain words, never engine jargon ('seat 0 decides this movement')").
The words themselves live in games/presenters/errors.py (one message per error code)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from tests.games.test_views_support import legal, new_game, post_action, users_by_seat


@pytest.mark.django_db
def test_a_refused_action_is_told_in_plain_german_without_the_engines_reason(client, user, other_user):
    game = new_game(user, [other_user])
    seat, _ = legal(game)
    waiting = users_by_seat(game)[1 - seat]
    waiting.language = "de"
    waiting.save(update_fields=["language"])
    client.force_login(waiting)
    page = post_action(client, game, {"kind": "choose_hero", "hero": "elf"}, htmx=True).content.decode()
    assert "Zuerst ist ein anderer Spieler am Zug." in page or "Dieser Zug ist jetzt nicht möglich." in page
    assert "decides this movement" not in page and "not seat" not in page


@pytest.mark.django_db
def test_a_services_refusal_is_told_in_the_readers_language(client, user, other_user):
    game = new_game(user, [other_user])
    assert game.status == Game.Status.SETUP
    user.language = "de"
    user.save(update_fields=["language"])
    client.force_login(user)
    response = client.post(reverse("games:resign", args=[game.pk]), follow=True)
    assert "Aufgeben kann man nur eine laufende Partie." in response.content.decode()
