"""One-click walking: reachable fields with their cost, and a walk made of ordinary logged moves."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import translation

from games import services, walking
from games.engine.content import load_content
from games.models import GameAction
from games.presenters.walk import cost_badge, cost_text
from tests.conftest import UserFactory
from tests.games.test_views_support import first_of, legal, new_game, play_setup, state_of, submit, users_by_seat

pytestmark = pytest.mark.django_db


def _walking_game():
    game = play_setup(new_game(UserFactory(username="alice"), [UserFactory(username="bert")]))
    submit(game, {"kind": "begin_turn"})
    _seat, actions = legal(game)
    if first_of(actions, "choose_movement"):
        submit(game, first_of(actions, "choose_movement"))
    seat, actions = legal(game)
    return game, seat, actions


def test_every_neighbour_and_fields_further_on_are_reachable():
    game, seat, actions = _walking_game()
    routes = walking.reachable(load_content(), state_of(game), seat)
    neighbours = {a.to for a in actions if a.kind == "move"}
    assert neighbours <= set(routes)
    assert all(len(routes[to].steps) == 1 for to in neighbours)
    further = [r for r in routes.values() if len(r.steps) > 1]
    assert further, "a hero with several movement points reaches fields beyond the neighbours"
    for route in further:
        assert route.points >= len(route.steps) - 1 and route.steps[-1] == route.to
        assert not any(routes[step].stops for step in route.steps[:-1]), "a route never passes a stop"


def test_the_chance_of_secret_paths_multiplies():
    assert walking.chance_at_most(7) == Fraction(21, 36)
    route = walking.Route(to="F5", steps=["F4", "F5"], points=2, gold=1, chance=Fraction(21, 36), rolls=1)
    assert cost_badge(route) == "2 · 1G · 58%"
    with translation.override("en"):
        assert cost_text(route) == "2 movement points, 1 gold, 58 % chance (1 secret path roll)"
    with translation.override("de"):
        assert cost_text(route) == "2 Bewegungspunkte, 1 Gold, 58 % Chance (1 Geheimweg-Wurf)"


def test_walk_to_makes_one_logged_move_per_step_and_a_repeat_changes_nothing():
    game, seat, _actions = _walking_game()
    routes = walking.reachable(load_content(), state_of(game), seat)
    route = max(routes.values(), key=lambda r: len(r.steps))
    user = users_by_seat(game)[seat]
    game.refresh_from_db()
    rows = services.walk_to(game=game, user=user, to=route.to, expected_version=game.version, idempotency_key="w1")
    assert [row.action for row in rows] == [{"kind": "move", "to": step} for step in route.steps[:len(rows)]]
    assert all(walking.walk_continues(row.events) for row in rows[:-1])
    if len(rows) == len(route.steps) and walking.walk_continues(rows[-1].events):
        assert state_of(game).heroes[seat].position == route.to
    count = GameAction.objects.filter(game=game).count()
    again = services.walk_to(game=game, user=user, to=route.to, expected_version=0, idempotency_key="w1")
    assert [r.pk for r in again] == [r.pk for r in rows]
    assert GameAction.objects.filter(game=game).count() == count


def test_the_page_offers_the_walks_and_the_walk_view_walks(client):
    game, seat, _actions = _walking_game()
    client.force_login(users_by_seat(game)[seat])
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'data-kind="walk"' in html and "movement points left" in html and 'class="target-cost"' in html
    routes = walking.reachable(load_content(), state_of(game), seat)
    to = next(r.to for r in routes.values() if len(r.steps) > 1)
    game.refresh_from_db()
    before = game.version
    response = client.post(reverse("games:walk", args=[game.pk]),
                           {"to": to, "version": before, "idempotency_key": "k1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version > before


def test_a_walk_click_walks_the_routes_the_page_planned_at_its_version_and_plans_none_again(client, monkeypatch):
    """The routes are kept per version and seat (games.cache.walk_routes): the click on a field the page
    offered walks the route planned for that page (issue 17, eleventh wave: it planned them all again), and
    what is kept for another seat at the same version is never used for the walker."""
    from games import cache as game_cache

    game, seat, _actions = _walking_game()
    planned = []
    plan = walking.reachable
    monkeypatch.setattr(walking, "reachable", lambda *args: planned.append(args[2]) or plan(*args))
    game.refresh_from_db()
    game_cache.walk_routes(game=game, seat=1 - seat, build=dict)   # another seat's (empty) routes, same version
    client.force_login(users_by_seat(game)[seat])
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert planned == [seat]
    routes = plan(load_content(), state_of(game), seat)
    to = next(r.to for r in routes.values() if len(r.steps) > 1)
    before = game.version
    # Without htmx the answer is a redirect: nothing renders the new version in this request.
    response = client.post(reverse("games:walk", args=[game.pk]),
                           {"to": to, "version": before, "idempotency_key": "k-kept"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.version > before, "the walk went on the walker's own routes"
    assert planned == [seat], "the click planned nothing again"
    assert GameAction.objects.filter(game=game, idempotency_key__startswith="k-kept:").exists()
