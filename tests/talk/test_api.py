"""The talk through /api/v1/: chat with paging, notes, spectating, channels."""

from __future__ import annotations

import pytest

from games.models import Game
from talk import services

pytestmark = pytest.mark.django_db


def test_players_chat_through_the_api_with_paging(token_client, game, anna, bert):
    a, b = token_client(anna), token_client(bert)
    for i in range(3):
        assert a.post(f"/api/v1/games/{game.pk}/chat/", {"body": f"m{i}"}, format="json").status_code == 201
    page = b.get(f"/api/v1/games/{game.pk}/chat/?page_size=2").json()
    assert page["count"] == 3 and [m["body"] for m in page["results"]] == ["m0", "m1"]
    first = page["results"][0]["id"]
    newer = b.get(f"/api/v1/games/{game.pk}/chat/?after={first}").json()
    assert [m["body"] for m in newer["results"]] == ["m1", "m2"]
    assert newer["results"][0]["author"] == "anna"


def test_spectators_and_strangers_through_the_api(token_client, game, private_game, anna, watcher):
    services.chat_post(user=anna, game=game, body="players only")
    w = token_client(watcher)
    assert w.get(f"/api/v1/games/{game.pk}/chat/").json()["results"] == []
    assert w.post(f"/api/v1/games/{game.pk}/chat/", {"body": "hi"}, format="json").json()["room"] == "spectators"
    assert w.get(f"/api/v1/games/{private_game.pk}/chat/").status_code == 404
    assert w.get(f"/api/v1/games/{game.pk}/notes/").status_code == 404


def test_unknown_fields_and_empty_messages_are_refused(token_client, game, anna):
    a = token_client(anna)
    assert a.post(f"/api/v1/games/{game.pk}/chat/", {"body": "x", "room": "spectators"},
                  format="json").status_code == 400
    assert a.post(f"/api/v1/games/{game.pk}/chat/", {"body": " "}, format="json").status_code == 400


def test_hide_and_report_through_the_api(token_client, game, anna, bert):
    message = services.chat_post(user=bert, game=game, body="rude")
    b = token_client(bert)
    assert b.post(f"/api/v1/games/{game.pk}/chat/{message.pk}/hide/", {}, format="json").status_code == 403
    a = token_client(anna)
    assert a.post(f"/api/v1/games/{game.pk}/chat/{message.pk}/report/", {"reason": "rude"},
                  format="json").status_code == 204
    assert a.post(f"/api/v1/games/{game.pk}/chat/{message.pk}/hide/", {}, format="json").json()["hidden"] is True
    assert b.get(f"/api/v1/games/{game.pk}/chat/").json()["count"] == 0


def test_notes_through_the_api_are_the_seats_own(token_client, game, anna, bert):
    a, b = token_client(anna), token_client(bert)
    assert a.put(f"/api/v1/games/{game.pk}/notes/", {"body": "mine"}, format="json").json() == {"body": "mine"}
    assert a.get(f"/api/v1/games/{game.pk}/notes/").json() == {"body": "mine"}
    assert b.get(f"/api/v1/games/{game.pk}/notes/").json() == {"body": ""}


def test_spectating_through_the_api(token_client, game, anna, watcher):
    w = token_client(watcher)
    data = w.get(f"/api/v1/games/{game.pk}/spectate/").json()
    assert data["role"] == "spectator" and data["spectator_count"] == 1 and data["spectators"] == [{"name": "watcher"}]
    assert game.seed not in str(data)
    assert w.put(f"/api/v1/games/{game.pk}/spectate/settings/", {"delay": 1}, format="json").status_code == 403
    a = token_client(anna)
    assert a.put(f"/api/v1/games/{game.pk}/spectate/settings/", {"delay": 1}, format="json").json() == {"delay": 1}
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    assert w.get(f"/api/v1/games/{game.pk}/spectate/").status_code == 404


def test_channels_through_the_api(token_client, anna):
    a = token_client(anna)
    assert a.get("/api/v1/me/channels/").json() == {
        "notify_by_email": True, "notify_by_push": False, "notify_chat_mentions": True}
    assert a.patch("/api/v1/me/channels/", {"notify_by_push": True}, format="json").json()["notify_by_push"] is True
    anna.refresh_from_db()
    assert anna.notify_by_push and anna.notify_by_email


def test_the_channels_page_saves_the_choice(client, anna):
    from django.urls import reverse

    client.force_login(anna)
    response = client.post(reverse("talk:channels"), {"notify_by_push": "on", "notify_chat_mentions": "on"})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.notify_by_push and not anna.notify_by_email
    assert "talk/channels/" in client.get(reverse("accounts:profile")).content.decode()
