"""Vacations, pausing and taking back through the API: everything a person can do on the site."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Vacation
from games.models import Game, GameAction
from tests.tasks.helpers import game_in_play, users_by_seat

pytestmark = pytest.mark.django_db


def test_vacations_can_be_booked_listed_and_cancelled(token_client, user, other_user):
    client = token_client(user)
    year = timezone.localdate().year + 1
    created = client.post("/api/v1/me/vacations/", {"starts_on": f"{year}-07-01", "ends_on": f"{year}-07-05"},
                          format="json")
    assert created.status_code == 201 and created.json()["days"] == 5
    assert [v["id"] for v in client.get("/api/v1/me/vacations/").json()] == [created.json()["id"]]
    too_long = client.post("/api/v1/me/vacations/", {"starts_on": f"{year}-08-01", "ends_on": f"{year}-09-30"},
                           format="json")
    assert too_long.status_code == 400 and too_long.json()["code"] == "invalid_request"
    stranger = token_client(other_user)
    assert stranger.delete(f"/api/v1/me/vacations/{created.json()['id']}/").status_code == 404
    assert client.delete(f"/api/v1/me/vacations/{created.json()['id']}/").status_code == 204
    assert not Vacation.objects.exists()


def test_only_the_creator_pauses_and_resumes(token_client, user, other_user):
    game = game_in_play(user, other_user)
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=timezone.now() + timedelta(hours=5))
    denied = token_client(other_user).post(f"/api/v1/games/{game.pk}/pause/", {}, format="json")
    assert denied.status_code == 403
    paused = token_client(user).post(f"/api/v1/games/{game.pk}/pause/", {}, format="json")
    assert paused.status_code == 200 and paused.json()["paused"] is True
    resumed = token_client(user).post(f"/api/v1/games/{game.pk}/pause/", {"resume": True}, format="json")
    assert resumed.status_code == 200 and resumed.json()["paused"] is False


def test_a_step_without_dice_can_be_taken_back_and_a_stale_version_cannot(token_client, user, other_user):
    from games import services

    game = game_in_play(user, other_user)
    mover = users_by_seat(game)[game.current_seat]
    services.turn_begin(game=game, turn=game.turn_number)
    game.refresh_from_db()
    client = token_client(mover)
    actions = client.get(f"/api/v1/games/{game.pk}/actions/").json()
    end = next(a for a in actions["actions"] if a["kind"] == "end_movement")
    done = client.post(f"/api/v1/games/{game.pk}/actions/", {"action": end, "expected_version": game.version},
                       format="json", HTTP_IDEMPOTENCY_KEY="end-move")
    assert done.status_code in (200, 201), done.json()
    game.refresh_from_db()
    stale = client.post(f"/api/v1/games/{game.pk}/take-back/", {"expected_version": game.version - 1}, format="json")
    assert stale.status_code == 409
    back = client.post(f"/api/v1/games/{game.pk}/take-back/", {"expected_version": game.version}, format="json")
    assert back.status_code == 200 and back.json()["action"]["kind"] == "end_movement"
    assert GameAction.objects.get(game=game, action__kind="end_movement").taken_back
    again = client.post(f"/api/v1/games/{game.pk}/take-back/", {"expected_version": back.json()["version"]},
                        format="json")
    assert again.status_code == 403, "the turn's beginning cannot be taken back"
