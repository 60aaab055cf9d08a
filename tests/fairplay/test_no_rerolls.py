"""No re-rolls through take-backs (issue 13, ruling R-110), through the web page and the API.

A game is played with legal actions, preferring the kinds of step that use chance (dice, bag,
piles, offers, quest draws). After every step the player tries to take it back: a sealed step (it
used chance or revealed something) is refused and nothing changes; an unsealed one comes back and
the same step, submitted again, gives the same state. For the first step of every chance kind the
seal is lifted by force (the pre-fix world) and the step is redone: dice v2 derive from the game's
chance-draw counter, so the redo draws exactly what the first try drew.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from games.engine.playout import acting_seat
from games.models import GameAction
from games.persistence import load_state
from games.services import take_back
from tests.games.test_views_support import legal, new_game, play_setup, state_of, users_by_seat

pytestmark = pytest.mark.django_db

CHANCE_KINDS = {"move", "fight", "accept_quest", "pick_up", "use_encounter", "roll_labyrinth",
                "use_teleporter", "cast_spell", "call_bazaar", "evade"}
_keys = itertools.count(1)


class WebDriver:
    def __init__(self, game):
        self.game = game
        self.clients = {}
        for seat, user in users_by_seat(game).items():
            self.clients[seat] = Client()
            self.clients[seat].force_login(user)

    def submit(self, seat, action):
        data = action.to_json()
        kind = data.pop("kind")
        self.game.refresh_from_db()
        response = self.clients[seat].post(reverse("games:submit", args=[self.game.pk]), {
            "kind": kind, "params": json.dumps(data), "version": self.game.version,
            "idempotency_key": f"web-{next(_keys)}"})
        assert response.status_code in (200, 302), response.status_code

    def take_back(self, seat) -> bool:
        self.game.refresh_from_db()
        before = self.game.version
        response = self.clients[seat].post(reverse("games:take_back", args=[self.game.pk]),
                                           {"version": self.game.version})
        assert response.status_code == 302
        self.game.refresh_from_db()
        return self.game.version != before


class ApiDriver:
    def __init__(self, game):
        self.game = game
        self.clients = {}
        for seat, user in users_by_seat(game).items():
            self.clients[seat] = APIClient()
            self.clients[seat].force_authenticate(user)

    def submit(self, seat, action):
        self.game.refresh_from_db()
        response = self.clients[seat].post(
            f"/api/v1/games/{self.game.pk}/actions/",
            {"action": action.to_json(), "expected_version": self.game.version},
            format="json", HTTP_IDEMPOTENCY_KEY=f"api-{next(_keys)}")
        assert response.status_code == 201, response.json()

    def take_back(self, seat) -> bool:
        self.game.refresh_from_db()
        response = self.clients[seat].post(f"/api/v1/games/{self.game.pk}/take-back/",
                                           {"expected_version": self.game.version}, format="json")
        assert response.status_code in (200, 403), response.json()
        return response.status_code == 200


def last_row(game):
    return GameAction.objects.filter(game=game, taken_back=False).order_by("-sequence").first()


def choose(rng, actions, covered):
    wanted = [a for a in actions if a.kind in CHANCE_KINDS - covered]
    return rng.choice(wanted or actions)


# A long playout through the whole site: in `make test` and CI, not in the inner loop.
@pytest.mark.slow
@pytest.mark.parametrize("driver_class", [WebDriver, ApiDriver], ids=["web", "api"])
def test_no_take_back_and_no_redo_changes_a_chance_step(driver_class, user, other_user, monkeypatch):
    game = play_setup(new_game(user, [other_user], seed="no-rerolls"))
    driver = driver_class(game)
    rng = random.Random(13)
    covered: set[str] = set()
    refused = allowed = 0
    for _ in range(160):
        state = state_of(game)
        seat, actions = legal(game)
        if not actions:
            break
        action = choose(rng, actions, covered)
        driver.submit(seat, action)
        row = last_row(game)
        after = state_of(game)
        assert row.action == action.to_json()
        used_chance = after.chance_draws != state.chance_draws
        if used_chance:
            assert row.sealed, row.action
        if row.sealed:
            assert not driver.take_back(seat), row.action
            assert state_of(game).to_json() == after.to_json()
            refused += 1
            if used_chance and action.kind in CHANCE_KINDS - covered and row.seat == after.current == state.current:
                covered.add(action.kind)
                redo_by_force(game, driver, seat, action, row, after, monkeypatch)
        elif row.seat == after.current and after.turn == state.turn and action.kind != "begin_turn" \
                and not state.pending and not after.pending:
            assert driver.take_back(seat), row.action
            assert state_of(game).to_json() == state.to_json()
            driver.submit(seat, action)
            assert state_of(game).to_json() == after.to_json()
            allowed += 1
    assert refused and allowed
    assert {"move", "fight", "accept_quest"} <= covered, covered


def redo_by_force(game, driver, seat, action, row, after, monkeypatch):
    """Lift the seal (as before the fix), take the step back and do it again: the same draw."""
    with monkeypatch.context() as patch:
        patch.setattr(take_back, "check_not_sealed", lambda row: None)
        game.refresh_from_db()
        services.action_take_back(game=game, user=users_by_seat(game)[seat])
    game.refresh_from_db()
    assert acting_seat(load_state(game)) == seat
    driver.submit(seat, action)
    redo = last_row(game)
    assert redo.pk != row.pk
    assert redo.events == row.events
    assert state_of(game).to_json() == after.to_json()


def test_a_game_stored_with_dice_v1_keeps_replaying_with_v1(user, other_user):
    from django.core.management import call_command

    from games.models import Game

    game = services.game_create(creator=user, title="Alt", seat_count=2)
    Game.objects.filter(pk=game.pk).update(dice_version=1)
    services.game_join(game=game, user=other_user, invite_code=game.invite_code)
    game.refresh_from_db()
    play_setup(game)
    rng = random.Random(1)
    for _ in range(40):
        seat, actions = legal(game)
        driver_seat_user = users_by_seat(game)[seat]
        game.refresh_from_db()
        services.action_submit(game=game, user=driver_seat_user, action=rng.choice(actions).to_json(),
                               expected_version=game.version, idempotency_key=f"v1-{next(_keys)}")
    assert state_of(game).chance_draws == 0  # v1 counts nothing in the state
    call_command("verify_games", game.pk)
