"""The services' refusals read in the reader's language on the web pages, and never as engine jargon
(issue 16: "errors in plain words, never engine jargon ('seat 0 decides this movement')")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games import refusals
from games.models import Game
from tests.games.test_views_support import legal, new_game, post_action, users_by_seat

GAMES = Path(__file__).resolve().parents[2] / "games"
RAISED = re.compile(r'raise (?:NotAllowed|InvalidRequest|NotFound)\(\s*"([^"]+)"\s*\)')


def _raised() -> set[str]:
    return {m for path in GAMES.glob("*.py") for m in RAISED.findall(path.read_text(encoding="utf-8"))}


def test_every_fixed_refusal_of_the_games_is_listed_for_translation():
    assert _raised() and _raised() <= set(refusals.REFUSALS)


def test_every_listed_refusal_has_a_german_sentence():
    with translation.override("de"):
        untranslated = [m for m in refusals.REFUSALS if translation.gettext(m) == m]
    assert untranslated == []


@pytest.mark.django_db
def test_a_refused_action_is_told_in_plain_german_without_the_engines_reason(client, user, other_user):
    game = new_game(user, [other_user])
    seat, _ = legal(game)
    waiting = users_by_seat(game)[1 - seat]
    waiting.language = "de"
    waiting.save(update_fields=["language"])
    client.force_login(waiting)
    page = post_action(client, game, {"kind": "choose_hero", "hero": "elf"}, htmx=True).content.decode()
    assert "Das ist in dieser Stellung nicht (mehr) möglich" in page
    assert "decides this movement" not in page and "not seat" not in page


@pytest.mark.django_db
def test_a_services_refusal_is_told_in_the_readers_language(client, user, other_user):
    game = new_game(user, [other_user])
    assert game.status == Game.Status.SETUP
    user.language = "de"
    user.save(update_fields=["language"])
    client.force_login(user)
    response = client.post(reverse("games:resign", args=[game.pk]), follow=True)
    assert "Nur ein laufendes Spiel kann aufgegeben werden." in response.content.decode()
