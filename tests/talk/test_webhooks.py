"""Webhooks: encrypted URL, native formats, delivery to a local receiver with a retry and no duplicate."""

from __future__ import annotations

import json

import pytest

from games.errors import InvalidRequest, NotAllowed
from talk import claims, tasks, urlguard, webhooks
from talk.models import DeliveryStatus, Webhook, WebhookDelivery
from tests.talk.helpers import act, play_until_turn

pytestmark = pytest.mark.django_db


def test_the_url_is_stored_encrypted_and_only_its_host_is_shown(game, anna, receiver):
    url = receiver.url + "/api/webhooks/123/very-secret-token"
    hook = webhooks.webhook_create(user=anna, game=game, kind="discord", url=url)
    hook.refresh_from_db()
    assert "very-secret-token" not in hook.url_encrypted and hook.url_host == "127.0.0.1"
    assert webhooks.decrypt_url(hook.url_encrypted) == url


def test_only_the_creator_adds_hooks(game, bert, receiver):
    with pytest.raises(NotAllowed):
        webhooks.webhook_create(user=bert, game=game, kind="slack", url=receiver.url)


@pytest.mark.parametrize("url", [
    "http://example.org/hook",              # not https
    "https://127.0.0.1/hook", "https://10.1.2.3/x", "https://[::1]/x", "https://169.254.169.254/latest",
    "https://user:pw@example.org/x",
])
def test_the_ssrf_guard_refuses_private_and_odd_addresses(url):
    def resolve(host, port, proto):
        return [(2, 1, 6, "", (host.strip("[]"), port))]

    with pytest.raises(InvalidRequest):
        urlguard.check_url(url, resolve=resolve)


def test_the_ssrf_guard_refuses_a_public_name_resolving_to_a_private_address():
    with pytest.raises(InvalidRequest):
        urlguard.check_url("https://hooks.example.org/x", resolve=lambda *a, **k: [(2, 1, 6, "", ("192.168.1.5", 443))])
    assert urlguard.check_url("https://hooks.example.org/x",
                              resolve=lambda *a, **k: [(2, 1, 6, "", ("93.184.216.34", 443))]) == "hooks.example.org"


def test_native_formats(game, anna, receiver):
    texts = {}
    for kind in ("discord", "slack", "matrix"):
        url = receiver.url + f"/{kind}/send/m.room.message"
        hook = webhooks.webhook_create(user=anna, game=game, kind=kind, url=url)
        texts[kind] = webhooks.request_for(hook, url, "Anna <b>", "txn-1")
    assert texts["discord"][0] == "POST" and texts["discord"][2]["allowed_mentions"] == {"parse": []}
    assert texts["slack"][2]["text"].startswith("Anna &lt;b&gt;")
    method, url, body = texts["matrix"]
    assert method == "PUT" and url.endswith("/matrix/send/m.room.message/txn-1") and body["msgtype"] == "m.notice"


def test_a_turn_reaches_the_receiver_once_after_a_retry(game, anna, receiver, eager_retries,
                                                      django_capture_on_commit_callbacks):
    webhooks.webhook_create(user=anna, game=game, kind="slack", url=receiver.url + "/slack")
    play_until_turn(game, 1)
    receiver.statuses = [500]  # the first post fails, the retry succeeds
    with django_capture_on_commit_callbacks(execute=True):
        turn = game.turn_number
        while game.turn_number == turn:
            act(game)
    posts = [json.loads(r["body"]) for r in receiver.requests]
    assert len(posts) == 2 and posts[0] == posts[1]  # the failed try and the retry: one message
    assert "turn now" in posts[-1]["text"]
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == DeliveryStatus.SENT and delivery.attempts == 2
    # the same event again (a repeated signal, a second worker): nothing new is sent
    tasks.webhooks_for_event(game.pk, delivery.key, delivery.payload)
    tasks.send_webhook(delivery.pk)
    assert len(receiver.requests) == 2


def test_a_claimed_delivery_is_not_sent_by_a_second_worker(game, anna, receiver):
    hook = webhooks.webhook_create(user=anna, game=game, kind="discord", url=receiver.url + "/d")
    row = WebhookDelivery.objects.create(webhook=hook, key="turn:1:0", payload={"type": "turn", "turn": 1, "seat": 0})
    assert claims.claim(WebhookDelivery, row.pk) is not None
    assert webhooks.deliver(row.pk) is False  # held by the first worker's lease
    assert receiver.requests == []


def test_a_hook_that_keeps_failing_is_given_up(game, anna, receiver, eager_retries):
    hook = webhooks.webhook_create(user=anna, game=game, kind="discord", url=receiver.url + "/d")
    receiver.statuses = [500] * 20
    rows = webhooks.record_event(game_id=game.pk, key="finished", event={"type": "finished"})
    tasks.send_webhook.delay(rows[0].pk)
    rows[0].refresh_from_db()
    assert rows[0].status == DeliveryStatus.FAILED and len(receiver.requests) == tasks.MAX_RETRIES + 1
    assert Webhook.objects.filter(pk=hook.pk).exists()


def test_webhooks_through_the_api_never_show_the_url(token_client, game, anna, bert, receiver):
    api = token_client(anna)
    created = api.post(f"/api/v1/games/{game.pk}/webhooks/", {"kind": "matrix", "url": receiver.url + "/secret-token"},
                       format="json")
    assert created.status_code == 201 and "secret-token" not in created.content.decode()
    listed = api.get(f"/api/v1/games/{game.pk}/webhooks/")
    assert listed.json()[0]["host"] == "127.0.0.1" and "secret-token" not in listed.content.decode()
    assert token_client(bert).get(f"/api/v1/games/{game.pk}/webhooks/").status_code == 403
    assert api.delete(f"/api/v1/games/{game.pk}/webhooks/{created.json()['id']}/").status_code == 204
    assert not Webhook.objects.exists()


def test_the_creator_manages_hooks_on_a_page(client, game, anna, bert, receiver):
    from django.urls import reverse

    url = reverse("talk:webhooks", args=[game.pk])
    client.force_login(bert)
    assert client.get(url).status_code == 404
    client.force_login(anna)
    response = client.post(url, {"kind": "discord", "url": receiver.url + "/api/webhooks/1/s3cret"})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "127.0.0.1" in page and "s3cret" not in page
    hook = Webhook.objects.get()
    client.post(url, {"delete": hook.pk})
    assert not Webhook.objects.exists()


def test_a_private_address_is_refused_on_the_page(client, game, anna):
    from django.urls import reverse

    client.force_login(anna)
    response = client.post(reverse("talk:webhooks", args=[game.pk]), {"kind": "slack", "url": "https://127.0.0.1/x"})
    assert response.status_code == 200 and "private network" in response.content.decode()
    assert not Webhook.objects.exists()


def test_setup_steps_are_not_posted(game, anna, receiver):
    webhooks.webhook_create(user=anna, game=game, kind="slack", url=receiver.url + "/slack")
    assert webhooks.record_event(game_id=game.pk, key="turn:0:1", event={"type": "turn", "turn": 0, "seat": 1}) == []


def test_the_end_of_a_game_is_told_with_its_winner_or_without_one(game, bert):
    game.title = "Abendrunde"
    assert webhooks.event_text(game, {"type": "finished"}, "en") == "Abendrunde is over."  # no winner (abandoned)
    game.winner_seat = 1
    assert webhooks.event_text(game, {"type": "finished"}, "en") == (
        f"Abendrunde is over: {bert.public_name} has won.")
