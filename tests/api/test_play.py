"""Playing through the API: the view, legal actions, submitting (idempotency, versions), the log."""

from __future__ import annotations

import pytest

from games import selectors
from games.engine.content import load_content
from games.models import Game, GameAction

from .helpers import acting, create_game, game_url, play_first_legal, start_two_player_game, submit

pytestmark = pytest.mark.django_db

SETUP = 8  # hero, region card, manor and axis for each of two seats


@pytest.fixture
def game_id(api_a, api_b):
    return start_two_player_game(api_a, api_b, seed="api-play-tests")


@pytest.fixture
def clients(api_a, api_b):
    return {0: api_a, 1: api_b}


def legal(client, game_id) -> dict:
    response = client.get(game_url(game_id, "actions"))
    assert response.status_code == 200
    return response.json()


# --- the view -------------------------------------------------------------------------------------------------
def test_state_is_exactly_the_engine_view_for_the_requesters_seat(game_id, clients, api_c):
    play_first_legal(game_id, clients, times=SETUP + 3)
    game = Game.objects.get(pk=game_id)
    for seat, client in clients.items():
        assert client.get(game_url(game_id, "state")).json() == selectors.player_view(game=game, seat_index=seat)
    spectator = api_c.get(game_url(game_id, "state")).json()
    assert spectator == selectors.player_view(game=game, seat_index=None) and spectator["seat"] is None


def test_state_of_a_game_waiting_for_players_is_the_lobby(api_a):
    game = create_game(api_a)
    assert api_a.get(game_url(game["id"], "state")).json() == {"phase": "lobby", "seats": 2}


def test_heroes_are_the_heroes_of_the_view(game_id, clients):
    play_first_legal(game_id, clients, times=2)
    game = Game.objects.get(pk=game_id)
    body = clients[1].get(game_url(game_id, "heroes")).json()
    assert body == {"seat": 1, "heroes": selectors.player_view(game=game, seat_index=1)["heroes"]}
    assert all(h["hero"] for h in body["heroes"])


def test_tokens_are_those_of_the_view_plus_own_items(game_id, clients):
    play_first_legal(game_id, clients, times=SETUP)
    game = Game.objects.get(pk=game_id)
    view = selectors.player_view(game=game, seat_index=0)
    body = clients[0].get(game_url(game_id, "tokens")).json()
    assert body["seat"] == 0
    assert body["on_fields"] == view["tokens"] and body["waiting"] == view["waiting"]
    assert body["items"] == view["heroes"][0]["items"] and body["quests"] == view["heroes"][0]["quests"]
    # Four face-down tokens lie on the two cards; nobody knows their faces yet.
    hidden = [t for t in body["on_fields"] if t["id"] is None]
    assert len(hidden) == 4 and all(t["face"] is None for t in hidden)


def test_the_game_board_gives_the_content_of_revealed_cards_only(game_id, clients):
    play_first_legal(game_id, clients, times=SETUP)
    body = clients[0].get(game_url(game_id, "board")).json()
    assert len(body["cells"]) == 25
    revealed = [c for c in body["cells"] if c["revealed"]]
    assert len(revealed) == 2  # the two drawn cards; the rest lie face down
    for cell in body["cells"]:
        assert cell["row"] * 5 + cell["column"] == cell["cell"]
        if cell["revealed"]:
            assert cell["region"]["letter"] == cell["letter"] and cell["region"]["fields"]
        else:
            assert cell["letter"] is None and cell["region"] is None


def test_the_content_board_describes_every_region_card(api_a):
    body = api_a.get("/api/v1/content/board/").json()
    content = load_content()
    assert body["rows"] == body["columns"] == 5 and body["content_version"] == content.version
    assert [r["letter"] for r in body["regions"]] == sorted(content.regions)
    region = next(r for r in body["regions"] if r["letter"] == "A")
    assert set(region["entries"]) == {"north", "east", "south", "west"}
    assert {"code", "number", "kind", "x", "y"} <= set(region["fields"][0])
    assert {"a", "b", "kind"} == set(region["paths"][0])


# --- legal actions -----------------------------------------------------------------------------------------------
def test_legal_actions_come_ready_to_submit_with_labels_and_params(game_id, clients, anna):
    seat, client = acting(game_id, clients)
    body = legal(client, game_id)
    assert body["seat"] == seat and body["version"] == 0 and body["phase"] == "setup_hero"
    assert {a["kind"] for a in body["actions"]} == {"choose_hero"}
    kind = body["kinds"][0]
    assert kind["kind"] == "choose_hero" and kind["label"] == "Choose your hero"
    assert [p["name"] for p in kind["params"]] == ["hero", "spell"]
    assert kind["params"][1]["optional"] is True
    other = legal(clients[1 - seat], game_id)
    assert other["seat"] == 1 - seat and other["actions"] == [] and other["kinds"] == []


def test_labels_follow_the_users_language(game_id, clients, anna, ben):
    for user in (anna, ben):
        user.language = "de"
        user.save()
    seat, client = acting(game_id, clients)
    kind = legal(client, game_id)["kinds"][0]
    assert kind["label"] == "Held wählen" and kind["params"][0]["label"] == "Held"


def test_a_spectator_is_offered_nothing(game_id, api_c):
    body = legal(api_c, game_id)
    assert body["seat"] is None and body["actions"] == []


# --- submitting --------------------------------------------------------------------------------------------------
def test_submitting_a_legal_action_applies_it(game_id, clients):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    response = submit(client, game_id, action, 0, key="first")
    assert response.status_code == 201
    body = response.json()
    assert body["sequence"] == 1 and body["version"] == 1 and body["seat"] == seat and body["action"] == action
    assert body["events"][0]["kind"] == "hero_chosen" and body["created_at"].endswith("Z")
    assert Game.objects.get(pk=game_id).version == 1


def test_a_submission_without_idempotency_key_is_refused(game_id, clients):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    response = client.post(game_url(game_id, "actions"), {"action": action, "expected_version": 0}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "idempotency_key_missing"
    assert not GameAction.objects.exists()


def test_an_overlong_idempotency_key_is_refused(game_id, clients):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    response = submit(client, game_id, action, 0, key="k" * 65)
    assert response.status_code == 400 and response.json()["code"] == "invalid_request"


def test_repeating_a_submission_returns_the_first_answer_and_applies_nothing(game_id, clients):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    first = submit(client, game_id, action, 0, key="tap")
    again = submit(client, game_id, action, 0, key="tap")
    assert again.status_code == first.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true" and not first.has_header("Idempotent-Replayed")
    assert Game.objects.get(pk=game_id).version == 1 and GameAction.objects.count() == 1


def test_a_replay_still_answers_after_the_game_moved_on(game_id, clients):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    first = submit(client, game_id, action, 0, key="early")
    play_first_legal(game_id, clients, times=3)
    late = submit(client, game_id, action, 0, key="early")
    assert late.status_code == 201 and late.json() == first.json()


def test_the_same_key_with_another_action_is_a_conflict(game_id, clients):
    seat, client = acting(game_id, clients)
    first, second = legal(client, game_id)["actions"][:2]
    assert submit(client, game_id, first, 0, key="k").status_code == 201
    conflict = submit(client, game_id, second, 0, key="k")
    assert conflict.status_code == 409 and conflict.json()["code"] == "idempotency_conflict"
    assert Game.objects.get(pk=game_id).version == 1


def test_another_player_cannot_replay_your_key_to_read_your_answer(game_id, clients):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    assert submit(client, game_id, action, 0, key="mine").status_code == 201
    stolen = submit(clients[1 - seat], game_id, action, 0, key="mine")
    assert stolen.status_code == 409 and stolen.json()["code"] == "idempotency_conflict"
    assert "events" not in stolen.json()


def test_a_stale_version_is_a_conflict_naming_the_current_version(game_id, clients):
    play_first_legal(game_id, clients, times=2)
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    stale = submit(client, game_id, action, 1)
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_version" and stale.json()["details"]["current_version"] == 2
    assert Game.objects.get(pk=game_id).version == 2


def test_an_illegal_action_says_what_was_wrong(game_id, clients):
    seat, client = acting(game_id, clients)
    response = submit(client, game_id, {"kind": "place_region", "cell": 3}, 0)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "illegal_action" and body["message"] == "This move is not possible now."
    assert "setup" in body["details"]["reason"] or "not possible" in body["details"]["reason"]


@pytest.mark.parametrize("action,words", [
    ({"kind": "fly_away"}, "unknown action kind"),
    ({"kind": "choose_hero"}, "required"),
    ({"kind": "choose_hero", "hero": "krieger", "seat": 1}, "unknown parameter"),
])
def test_a_malformed_action_is_refused_with_the_reason(game_id, clients, action, words):
    seat, client = acting(game_id, clients)
    response = submit(client, game_id, action, 0)
    assert response.status_code == 400 and response.json()["code"] == "illegal_action"
    assert response.json()["message"] == "This action was not understood."
    assert words in response.json()["details"]["reason"]


@pytest.mark.parametrize("body,field", [
    ({"expected_version": 0}, "action"),
    ({"action": {"kind": "end_turn"}}, "expected_version"),
    ({"action": "end_turn", "expected_version": 0}, "action"),
    ({"action": {"kind": "end_turn"}, "expected_version": -1}, "expected_version"),
    ({"action": {"kind": "end_turn"}, "expected_version": 0, "seat": 1}, "seat"),
])
def test_a_malformed_submission_is_refused_with_the_field(game_id, clients, body, field):
    seat, client = acting(game_id, clients)
    response = client.post(game_url(game_id, "actions"), body, format="json", HTTP_IDEMPOTENCY_KEY="x")
    assert response.status_code == 400 and response.json()["code"] == "invalid_request"
    assert field in response.json()["details"]


def test_nobody_can_act_for_another_seat(game_id, clients):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    response = submit(clients[1 - seat], game_id, action, 0)
    assert response.status_code == 400 and response.json()["code"] == "illegal_action"
    # The engine's reason is for programs; the player reads plain words without seat numbers.
    assert f"seat {seat}'s turn" in response.json()["details"]["reason"]
    assert response.json()["message"] == "Another player has to act first."
    assert response.json()["details"]["error"] == "not_your_turn"
    assert Game.objects.get(pk=game_id).version == 0


def test_a_spectator_cannot_act(game_id, clients, api_c):
    seat, client = acting(game_id, clients)
    action = legal(client, game_id)["actions"][0]
    response = submit(api_c, game_id, action, 0)
    assert response.status_code == 403 and response.json()["code"] == "not_allowed"


def test_a_game_waiting_for_players_cannot_be_played(api_a):
    game = create_game(api_a)
    response = submit(api_a, game["id"], {"kind": "choose_hero", "hero": "krieger"}, 0)
    assert response.status_code == 403 and response.json()["code"] == "not_allowed"


def test_setup_and_a_first_turn_are_played_like_any_other_action(game_id, clients):
    kinds = [a["action"]["kind"] for a in play_first_legal(game_id, clients, times=SETUP)]
    assert kinds == ["choose_hero"] * 2 + ["place_region"] * 2 + ["place_manor"] * 2 + ["choose_axis"] * 2
    detail = clients[0].get(game_url(game_id)).json()
    assert detail["status"] == "running" and detail["phase"] == "play"
    begin = play_first_legal(game_id, clients, kind="begin_turn")[0]
    assert begin["events"][0]["kind"] == "turn_begun"


# --- the log -------------------------------------------------------------------------------------------------------
def test_the_log_is_paginated_with_events_and_dice(game_id, clients):
    play_first_legal(game_id, clients, times=SETUP + 1)
    body = clients[0].get(game_url(game_id, "log"), {"page_size": 5}).json()
    assert body["count"] == SETUP + 1 and len(body["results"]) == 5 and body["next"]
    entry = body["results"][0]
    assert entry["sequence"] == 1 and entry["action"]["kind"] == "choose_hero" and entry["created_at"].endswith("Z")
    assert {"kind", "rule", "seat", "data", "dice", "visible_to"} <= set(entry["events"][0])
    everything = clients[0].get(game_url(game_id, "log"), {"page_size": 100}).json()["results"]
    assert [e["sequence"] for e in everything] == list(range(1, SETUP + 2))


def test_the_log_after_a_sequence_number_gives_only_newer_entries(game_id, clients):
    play_first_legal(game_id, clients, times=4)
    body = clients[0].get(game_url(game_id, "log"), {"after": 2}).json()
    assert [e["sequence"] for e in body["results"]] == [3, 4]
    assert clients[0].get(game_url(game_id, "log"), {"after": "x"}).status_code == 400


def test_the_log_is_exactly_the_visible_log_of_each_seat(game_id, clients):
    play_first_legal(game_id, clients, times=SETUP + 6)
    game = Game.objects.get(pk=game_id)
    for seat, client in clients.items():
        entries = client.get(game_url(game_id, "log"), {"page_size": 100}).json()["results"]
        expected = selectors.visible_log(game=game, seat_index=seat)
        assert [e["events"] for e in entries] == [e["events"] for e in expected]


def test_events_hidden_from_a_seat_are_left_out_of_its_log(game_id, clients):
    play_first_legal(game_id, clients, times=SETUP)
    row = GameAction.objects.filter(game_id=game_id).order_by("sequence").last()
    secret = {"kind": "peeked", "rule": "TEST", "seat": row.seat, "data": {"token": "x"}, "dice": [],
              "visible_to": [row.seat]}
    GameAction.objects.filter(pk=row.pk).update(events=[*row.events, secret])
    own = clients[row.seat].get(game_url(game_id, "log"), {"after": row.sequence - 1}).json()["results"][0]
    other = clients[1 - row.seat].get(game_url(game_id, "log"), {"after": row.sequence - 1}).json()["results"][0]
    assert secret in own["events"] and secret not in other["events"]
