"""The #game partial's links and forms (issue 17, twelfth wave, second part): reversed once per process and
script prefix for each game, not by the template's url tags on every first render of a version — and the
same addresses the url tags wrote (tests/perf/test_render_pinned.py holds the bytes)."""

from __future__ import annotations

import re

import django.urls
import pytest
from django.core.cache import cache
from django.urls import reverse

from bench.seeding import seed_game_fast
from games import views

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_seed")]


def _cold_partial(client, game):
    cache.clear()   # nothing kept in the shared cache: the version's first render
    response = client.get(reverse("games:detail", args=[game.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    # The request's own marks (the CSRF token, the forms' idempotency keys) differ on every request.
    return re.sub(r'(name="(?:csrfmiddlewaretoken|idempotency_key)" value=")[^"]*"', r'\1"', response.content.decode())


def test_a_first_render_reverses_none_of_its_games_addresses_again(client, players, monkeypatch):
    game = seed_game_fast(players, 30)
    client.force_login(players[0])
    _cold_partial(client, game)   # tells the story since the last visit, which moves the mark
    first = _cold_partial(client, game)
    reversed_ = []
    for module in (django.urls, views):   # the url tag imports django.urls.reverse as it renders
        original = module.reverse
        monkeypatch.setattr(module, "reverse",
                            lambda name, *a, __o=original, **k: reversed_.append(name) or __o(name, *a, **k))
    again = _cold_partial(client, game)
    assert again == first
    game_pages = {f"games:{name}" for name in ("poll", "pause", "replay", "rematch", "settings", "resign", "log",
                                               "join", "submit", "walk", "take_back")}
    assert [name for name in reversed_ if name in game_pages] == []


def test_the_kept_addresses_are_the_reversed_ones_per_game(players):
    game = seed_game_fast(players, 3)
    other = seed_game_fast(players, 3)
    for g in (game, other):
        urls = views._game_urls(g)
        assert urls == {name: reverse(f"games:{name}", args=[g.pk]) for name in views.GAME_URLS}
