"""The dice check page (docs/dice.md): the draws it hands the browser are the game's, and they
follow from the seed; the seed stays hidden before the end."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from games import services
from games.engine.core.dice import uniform_below
from games.models import Game
from games.views_dice import recorded_draws
from tests.conftest import UserFactory
from tests.games.test_views_support import legal, new_game, play_setup, users_by_seat

pytestmark = pytest.mark.django_db


def played_game(user, other_user, steps=30, others=(), **options):
    game = play_setup(new_game(user, [other_user, *others], seed="dice-page-seed", **options))
    rng = random.Random(3)
    for i in range(steps):
        seat, actions = legal(game)
        game.refresh_from_db()
        services.action_submit(game=game, user=users_by_seat(game)[seat], action=rng.choice(actions).to_json(),
                               expected_version=game.version, idempotency_key=f"dice-{i}")
    game.refresh_from_db()
    return game


def test_the_recorded_draws_are_the_games_and_follow_from_the_seed(user, other_user):
    _check_draws(played_game(user, other_user))


@pytest.mark.rule("COOP-09", "COOP-13")
def test_a_coop_game_replays_as_a_coop_game_on_the_dice_page(user, other_user):
    """The check replays the variant with its villains' seat (the Namenloser in the bag from the start):
    replayed as an ordinary game its draws would not be the game's."""
    game = played_game(user, other_user, steps=40, others=[UserFactory(username="villain")], variant="coop",
                       villain="person")
    assert game.variant == "coop"
    _check_draws(game)


def _check_draws(game):
    draws = recorded_draws(game)
    assert draws[0][0] == 0
    for (start, n, value, after), following in zip(draws, [*draws[1:], None], strict=True):
        assert uniform_below(game.seed, start, n) == (value, after)
        if following:
            assert following[0] == after  # no gaps: every counter value is accounted for
    assert draws[-1][3] == game.global_state["chance_draws"]
    rolled = [d for row in game.actions.all() for e in row.events for d in e["dice"]]
    sixes = [value + 1 for _start, n, value, _after in draws if n == 6]
    assert all(d in sixes for d in rolled)


def test_the_page_hides_the_seed_until_the_end(client, user, other_user):
    game = played_game(user, other_user, steps=3)
    url = reverse("games:dice_check", args=[game.pk])
    page = client.get(url).content.decode()
    assert game.seed_commitment in page and game.seed not in page and "dice-data" not in page
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    page = client.get(url).content.decode()
    assert game.seed in page and 'id="dice-data"' in page and "js/dice_check.js" in page
    assert client.get(reverse("games:dice_check", args=[999999])).status_code == 404
