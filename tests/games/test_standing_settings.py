"""The experience-dice policy as a standing setting of the seat: any time, never a step (ruling R-181)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from django.urls import reverse

from games import replay, selectors, services, standing
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.core.actions import Fight, KeepDice, Move
from games.errors import NotAllowed
from games.models import Game, GameAction, Seat
from games.persistence import load_state
from tests.engine.helpers import act, begun, legal
from tests.engine.test_probes import at_wolf
from tests.tasks.helpers import game_in_play, submit_first_legal

pytestmark = pytest.mark.rule("R-181")


@pytest.mark.rule("XP-06")
def test_the_engine_asks_for_the_dice_when_the_seat_setting_says_ask():
    content = load_content()
    state = begun(content, at_wolf(content, red=2))
    state, changes = standing.on_state(state, [SimpleNamespace(index=0, dice_policy="ask")])
    assert changes == {"dice_policy": {"0": "ask"}}
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(6, 1, 2))
    assert legal(content, state) == [KeepDice(dice=d) for d in ("1+2", "1+6", "2+6")]
    # Unchanged settings change nothing and record nothing.
    assert standing.on_state(state, [SimpleNamespace(index=0, dice_policy="ask")])[1] == {}


@pytest.mark.django_db
def test_changing_the_setting_on_the_page_is_no_step_and_works_out_of_turn(client, user, other_user):
    game = game_in_play(user, other_user)
    version, steps = game.version, GameAction.objects.filter(game=game).count()
    for player in (user, other_user):  # one of them is not the one to move
        client.force_login(player)
        response = client.post(reverse("games:settings", args=[game.pk]), {"dice_policy": "ask"})
        assert response.status_code == 302
        assert Seat.objects.get(game=game, user=player).dice_policy == "ask"
    game.refresh_from_db()
    assert game.version == version and GameAction.objects.filter(game=game).count() == steps
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert 'name="dice_policy" value="ask" checked' in page


@pytest.mark.django_db
def test_the_next_step_carries_the_setting_into_the_state_and_the_replay_agrees(user, other_user):
    game = game_in_play(user, other_user)
    standing.set_dice_policy(game=game, user=user, policy="ask")
    seat = Seat.objects.get(game=game, user=user).index
    submit_first_legal(game)
    game.refresh_from_db()
    row = GameAction.objects.filter(game=game).order_by("-sequence").first()
    assert row.settings == {"dice_policy": {str(seat): "ask"}}
    state = load_state(game)
    assert state.heroes[seat].dice_policy == "ask"
    assert replay.differences(replay.replay_state(game, snapshots=False), state) == []
    # The following step records nothing more: the setting did not change.
    submit_first_legal(game)
    assert GameAction.objects.filter(game=game).order_by("-sequence").first().settings == {}


@pytest.mark.django_db
def test_the_policy_is_no_longer_a_move(user, other_user):
    game = game_in_play(user, other_user)
    game.refresh_from_db()
    for seat in game.seats.all():
        assert all(a.kind != "set_dice_policy" for a in selectors.legal_actions_for(game=game, seat_index=seat.index))
    # A client that still sends the old action sets the standing setting with it.
    mover = next(s for s in game.seats.select_related("user") if s.index == game.current_seat)
    if not any(a.kind == "set_dice_policy" for a in legal_actions(load_content(), load_state(game), mover.index)):
        return
    services.action_submit(game=game, user=mover.user, action={"kind": "set_dice_policy", "policy": "ask"},
                           expected_version=game.version, idempotency_key="policy")
    assert Seat.objects.get(pk=mover.pk).dice_policy == "ask"


@pytest.mark.django_db
def test_only_players_of_a_game_being_played_have_settings(user, other_user):
    from tests.conftest import UserFactory

    game = game_in_play(user, other_user)
    with pytest.raises(NotAllowed):
        standing.set_dice_policy(game=game, user=UserFactory(), policy="ask")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    with pytest.raises(NotAllowed):
        standing.set_dice_policy(game=game, user=user, policy="ask")


@pytest.mark.django_db
def test_the_api_reads_and_changes_the_setting_without_a_step(user, other_user):
    from rest_framework.test import APIClient

    from tests.conftest import UserFactory

    game = game_in_play(user, other_user)
    steps = GameAction.objects.filter(game=game).count()
    api = APIClient()
    api.force_authenticate(user)
    url = f"/api/v1/games/{game.pk}/settings/"
    assert api.get(url).json() == {"dice_policy": "best"}
    assert api.put(url, {"dice_policy": "ask"}, format="json").json() == {"dice_policy": "ask"}
    assert api.put(url, {"dice_policy": "sometimes"}, format="json").status_code == 400
    game.refresh_from_db()
    assert Seat.objects.get(game=game, user=user).dice_policy == "ask"
    assert GameAction.objects.filter(game=game).count() == steps
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    assert stranger.get(url).status_code in (403, 404)


@pytest.mark.django_db
def test_an_old_clients_policy_step_shows_the_new_setting_in_the_htmx_answer(client, user, other_user):
    """The htmx answer is rendered from the seats read before the step (a step does not change them),
    except that an old client's set_dice_policy step does: the answer shows the setting it made."""
    game = game_in_play(user, other_user)

    def offered() -> bool:  # the engine offers the step in the action phase, after the move
        return any(a.kind == "set_dice_policy"
                   for a in legal_actions(load_content(), load_state(game), game.current_seat))
    for _ in range(30):
        if offered():
            break
        submit_first_legal(game)
        game.refresh_from_db()
    assert offered()
    mover = next(s for s in game.seats.select_related("user") if s.index == game.current_seat)
    client.force_login(mover.user)
    response = client.post(reverse("games:submit", args=[game.pk]),
                           {"kind": "set_dice_policy", "params": json.dumps({"policy": "ask"}),
                            "version": game.version, "idempotency_key": "old-client-policy"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert Seat.objects.get(pk=mover.pk).dice_policy == "ask"
    assert 'name="dice_policy" value="ask" checked' in response.content.decode()
