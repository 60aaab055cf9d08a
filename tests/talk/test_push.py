"""Web push: subscriptions, a real encrypted push received and decrypted by a local endpoint,
expired subscriptions removed, and "your turn" reaching a player once by the channels he chose."""

from __future__ import annotations

import base64
import json
import os
import time

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core import mail
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from accounts import activity
from games import notifications
from games.models import Game, Notification
from talk import push, services, tasks
from talk.models import DeliveryStatus, PushDelivery, PushSubscription
from talk.vapid import new_key_pair
from tests.talk.helpers import act, play_until_turn
from tests.tasks.helpers import game_in_play

pytestmark = pytest.mark.django_db


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Browser:
    """What a browser's PushManager keeps: the subscription's key pair and auth secret."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint
        self.p256dh = b64(self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                             serialization.PublicFormat.UncompressedPoint))

    def subscribe(self, user) -> PushSubscription:
        return push.subscription_save(user=user, endpoint=self.endpoint, p256dh=self.p256dh, auth=b64(self.auth))

    def read(self, request) -> dict:
        plain = http_ece.decrypt(request["body"], private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        return json.loads(plain)


@pytest.fixture
def vapid(settings):
    settings.VAPID_PRIVATE_KEY, _ = new_key_pair()
    settings.VAPID_SUBJECT = "mailto:admin@example.org"
    return settings


@pytest.fixture
def push_user(bert):
    services.channels_update(user=bert, notify_by_push=True)
    return bert


def test_a_push_is_delivered_encrypted_and_signed_to_the_endpoint(receiver, vapid, push_user, game):
    browser = Browser(receiver.url + "/push/abc")
    browser.subscribe(push_user)
    row = PushDelivery.objects.create(user=push_user, key="test:1", payload={"title": "Hallo", "body": "Test",
                                                                             "url": "http://x/"})
    assert push.deliver(row.pk) is True
    [request] = receiver.requests
    assert request["path"] == "/push/abc" and request["headers"]["content-encoding"] == "aes128gcm"
    assert request["headers"]["authorization"].startswith("vapid t=")
    assert push.vapid_public_key() in request["headers"]["authorization"]
    assert browser.read(request) == {"title": "Hallo", "body": "Test", "url": "http://x/"}
    row.refresh_from_db()
    assert row.status == DeliveryStatus.SENT
    assert push.deliver(row.pk) is False and len(receiver.requests) == 1  # never twice


def test_an_expired_subscription_is_removed(receiver, vapid, push_user):
    Browser(receiver.url + "/gone").subscribe(push_user)
    receiver.statuses = [410]
    row = PushDelivery.objects.create(user=push_user, key="test:2", payload={"title": "x", "body": "y"})
    assert push.deliver(row.pk) is True
    assert PushSubscription.objects.count() == 0


def test_your_turn_reaches_a_player_once_by_each_chosen_channel(receiver, vapid, anna, bert, game,
                                                                 django_capture_on_commit_callbacks):
    browsers = {}
    for player in (anna, bert):
        services.channels_update(user=player, notify_by_push=True)
        browsers[player.pk] = Browser(receiver.url + f"/push/{player.username}")
        browsers[player.pk].subscribe(player)
    play_until_turn(game, 1)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        turn = game.turn_number
        while game.turn_number == turn:
            act(game)
    game.refresh_from_db()
    mover = game.seats.get(index=game.current_seat).user
    assert Notification.objects.filter(kind="your_turn", turn=game.turn_number, user=mover).count() == 1

    def heard():
        mails = [m for m in mail.outbox if m.to == [mover.email]]
        pushes = [browsers[mover.pk].read(r) for r in receiver.requests if r["path"] == f"/push/{mover.username}"]
        return mails, pushes

    mails, pushes = heard()
    assert len(mails) == 1 and len(pushes) == 1
    assert pushes[0]["title"] == "Your turn" and game.title in pushes[0]["body"]
    assert len(receiver.requests) == 1  # the other player is not told of somebody else's turn
    # the turn-start task again (a retry, a second worker): nobody hears of it twice
    from games.tasks import begin_turn

    with django_capture_on_commit_callbacks(execute=True):
        begin_turn(game.pk, game.turn_number)
    assert tuple(map(len, heard())) == (1, 1)


def test_push_only_players_get_no_mail_but_the_row_claims_the_event(vapid, anna, game):

    services.channels_update(user=anna, notify_by_email=False, notify_by_push=True)
    assert notifications.notify(user=anna, game=game, turn=5, kind="your_turn") is None  # no mail to send
    assert Notification.objects.get(user=anna, turn=5).status == Notification.Status.SKIPPED
    services.channels_update(user=anna, notify_by_push=False)
    assert notifications.notify(user=anna, game=game, turn=6, kind="your_turn") is None
    assert not Notification.objects.filter(user=anna, turn=6).exists()


def test_a_mention_is_pushed_to_the_mentioned_reader(receiver, vapid, push_user, anna, game,
                                                     django_capture_on_commit_callbacks):
    browser = Browser(receiver.url + "/push/bert")
    browser.subscribe(push_user)
    with django_capture_on_commit_callbacks(execute=True):
        services.chat_post(user=anna, game=game, body="@Bert schau mal")
        services.chat_post(user=anna, game=game, body="no mention")
    [request] = receiver.requests
    assert browser.read(request)["body"] == "@Bert schau mal"


def test_subscribing_from_the_channels_page(client, receiver, vapid, push_user):
    client.force_login(push_user)
    page = client.get(reverse("talk:channels")).content.decode()
    assert push.vapid_public_key() in page and ".ics" in page
    browser = Browser(receiver.url + "/push/page")
    body = {"endpoint": browser.endpoint, "keys": {"p256dh": browser.p256dh, "auth": b64(browser.auth)}}
    response = client.post(reverse("talk:push_subscribe"), body, content_type="application/json")
    assert response.status_code == 204
    assert PushSubscription.objects.get().user == push_user
    response = client.post(reverse("talk:push_unsubscribe"), {"endpoint": browser.endpoint},
                           content_type="application/json")
    assert response.status_code == 204 and PushSubscription.objects.count() == 0


def test_push_subscriptions_through_the_api(token_client, receiver, vapid, push_user):
    api = token_client(push_user)
    browser = Browser(receiver.url + "/push/api")
    created = api.post("/api/v1/me/push-subscriptions/", {"endpoint": browser.endpoint, "keys": {
        "p256dh": browser.p256dh, "auth": b64(browser.auth)}}, format="json")
    assert created.status_code == 201
    listed = api.get("/api/v1/me/push-subscriptions/").json()
    assert [s["id"] for s in listed] == [created.json()["id"]] and "auth" not in listed[0]
    assert api.get("/api/v1/me/push-subscriptions/").json()[0]["endpoint_host"] == "127.0.0.1"
    assert api.delete(f"/api/v1/me/push-subscriptions/{created.json()['id']}/").status_code == 204
    assert PushSubscription.objects.count() == 0


def _on_site(user, seconds_ago=0):
    cache.set(activity.KEY.format(user.pk), time.time() - seconds_ago)


@pytest.mark.rule("R-200")
def test_no_your_turn_push_while_the_player_is_on_the_site_it_waits_until_he_leaves(
        receiver, vapid, user, other_user, django_capture_on_commit_callbacks):
    game = game_in_play(user, other_user)
    services.channels_update(user=user, notify_by_push=True)
    browser = Browser(receiver.url + "/push/held")
    browser.subscribe(user)
    _on_site(user)
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify(user=user, game=game, turn=game.turn_number, kind="your_turn")
    row = PushDelivery.objects.get(user=user)
    assert receiver.requests == [] and row.status == DeliveryStatus.PENDING
    assert row.claimed_until > timezone.now() and row.pk not in push.stale()
    assert tasks.sweep_push() == 0  # still on the site: nobody sends it yet
    # He leaves; when his window has passed, beat's sweep hands the held message out and it is sent.
    _on_site(user, seconds_ago=3600)
    PushDelivery.objects.filter(pk=row.pk).update(claimed_until=timezone.now() - timezone.timedelta(seconds=1))
    assert push.stale() == [row.pk]
    tasks.sweep_push()
    [request] = receiver.requests
    assert browser.read(request)["title"] == "Your turn"
    row.refresh_from_db()
    assert row.status == DeliveryStatus.SENT and push.stale() == []


@pytest.mark.rule("R-200")
def test_a_held_push_is_dropped_when_the_player_took_his_turn_meanwhile(
        receiver, vapid, user, other_user, django_capture_on_commit_callbacks):
    game = game_in_play(user, other_user)
    services.channels_update(user=user, notify_by_push=True)
    Browser(receiver.url + "/push/dropped").subscribe(user)
    _on_site(user)
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify(user=user, game=game, turn=game.turn_number, kind="your_turn")
    row = PushDelivery.objects.get(user=user)
    Game.objects.filter(pk=game.pk).update(turn_number=game.turn_number + 1)
    _on_site(user, seconds_ago=3600)
    PushDelivery.objects.filter(pk=row.pk).update(claimed_until=None)
    assert push.deliver(row.pk) is False
    row.refresh_from_db()
    assert row.status == DeliveryStatus.SKIPPED and receiver.requests == []


@pytest.mark.rule("R-200")
def test_a_mention_is_pushed_even_while_the_reader_is_on_the_site(receiver, vapid, push_user, anna, game,
                                                                  django_capture_on_commit_callbacks):
    # Only "your turn" waits: the open game page shows the turn, but a mention in another game's chat
    # is news the reader would not see otherwise.
    browser = Browser(receiver.url + "/push/mention")
    browser.subscribe(push_user)
    _on_site(push_user)
    with django_capture_on_commit_callbacks(execute=True):
        services.chat_post(user=anna, game=game, body="@Bert hier")
    [request] = receiver.requests
    assert browser.read(request)["body"] == "@Bert hier"
