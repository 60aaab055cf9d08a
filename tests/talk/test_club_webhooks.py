"""Club webhooks: managed by the club's organisers; a league game's events reach them once, after a retry."""

from __future__ import annotations

import json

import pytest
from django.db import IntegrityError
from django.urls import reverse

from games.errors import NotAllowed
from games.models import Game
from leagues import services as league_services
from leagues.models import Club, Membership
from talk import tasks, webhooks
from talk.models import DeliveryStatus, Webhook, WebhookDelivery
from tests.conftest import UserFactory
from tests.leagues.conftest import add_members, make_season
from tests.talk.conftest import two_player_game
from tests.talk.helpers import act, play_until_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db):
    return UserFactory(username="owner")


@pytest.fixture
def club(owner):
    return league_services.club_create(user=owner, name="Helden von Gareth")


@pytest.fixture
def people(club, owner):
    """An organiser, two members entered in a season, and a stranger."""
    organiser, a, b = add_members(club, 3)
    league_services.member_set_role(user=owner, club=club, member=organiser, role=Membership.Role.ORGANISER)
    return {"organiser": organiser, "a": a, "b": b, "stranger": UserFactory(username="stranger")}


@pytest.fixture
def league_game(club, owner, people):
    season = make_season(club, owner)
    for user in (people["a"], people["b"]):
        league_services.season_enter(user=user, season=season)
    league_services.season_start(season=season, user=owner)
    return Game.objects.get(seats__user=people["a"])


def test_a_hook_has_exactly_one_scope(club, owner, receiver):
    hook = webhooks.club_webhook_create(user=owner, club=club, kind="slack", url=receiver.url + "/s")
    assert hook.club_id == club.pk and hook.game_id is None
    game = two_player_game(owner, UserFactory())
    with pytest.raises(IntegrityError):
        Webhook.objects.filter(pk=hook.pk).update(game=game)


def test_organisers_manage_club_hooks_and_members_and_strangers_do_not(club, owner, people, receiver):
    for user in (owner, people["organiser"]):
        webhooks.club_webhook_create(user=user, club=club, kind="discord", url=receiver.url + "/d")
    for user in (people["a"], people["stranger"]):
        with pytest.raises(NotAllowed):
            webhooks.club_webhook_create(user=user, club=club, kind="discord", url=receiver.url + "/d")
        with pytest.raises(NotAllowed):
            webhooks.club_webhooks_of(user=user, club=club)
        with pytest.raises(NotAllowed):
            webhooks.club_webhook_delete(user=user, club=club, webhook_id=Webhook.objects.first().pk)
    assert Webhook.objects.filter(club=club).count() == 2


def test_the_club_page_shows_the_hooks_to_organisers_only(client, club, owner, people, receiver):
    url = reverse("talk:club_webhooks", args=[club.pk])
    page = reverse("leagues:club", args=[club.pk])
    client.force_login(people["organiser"])
    assert client.post(url, {"kind": "discord", "url": receiver.url + "/api/webhooks/1/s3cret"}).status_code == 302
    hook = Webhook.objects.get(club=club)
    html = client.get(page).content.decode()
    assert "127.0.0.1" in html and "s3cret" not in html and url in html
    for user in (people["a"], people["stranger"]):
        client.force_login(user)
        html = client.get(page).content.decode()
        assert url not in html and "127.0.0.1" not in html
        assert client.post(url, {"delete": hook.pk}).status_code == 404
        assert client.post(url, {"kind": "slack", "url": receiver.url + "/x"}).status_code == 404
    client.force_login(owner)
    assert client.post(url, {"delete": hook.pk}).status_code == 302
    assert not Webhook.objects.exists()


def test_a_private_address_is_refused_on_the_club_page(client, club, owner):
    client.force_login(owner)
    response = client.post(reverse("talk:club_webhooks", args=[club.pk]),
                           {"kind": "slack", "url": "https://127.0.0.1/x"}, follow=True)
    assert "private network" in response.content.decode() and not Webhook.objects.exists()


def test_club_hooks_through_the_api(token_client, club, owner, people, receiver):
    base = f"/api/v1/clubs/{club.pk}/webhooks/"
    api = token_client(people["organiser"])
    created = api.post(base, {"kind": "matrix", "url": receiver.url + "/secret-token"}, format="json")
    assert created.status_code == 201 and "secret-token" not in created.content.decode()
    assert created.json()["language"] == club.language
    listed = api.get(base)
    assert [h["host"] for h in listed.json()] == ["127.0.0.1"] and "secret-token" not in listed.content.decode()
    for user in (people["a"], people["stranger"]):
        other = token_client(user)
        assert other.get(base).status_code == 403
        assert other.post(base, {"kind": "slack", "url": receiver.url + "/x"}, format="json").status_code == 403
        assert other.delete(f"{base}{created.json()['id']}/").status_code == 403
    assert api.delete(f"{base}{created.json()['id']}/").status_code == 204
    assert not Webhook.objects.exists()


def test_a_private_club_is_not_found_for_strangers(token_client, owner, people, receiver):
    secret = league_services.club_create(user=owner, name="Geheimbund", visibility=Club.Visibility.PRIVATE)
    base = f"/api/v1/clubs/{secret.pk}/webhooks/"
    assert token_client(people["stranger"]).get(base).status_code == 404
    assert token_client(owner).get(base).status_code == 200


def test_a_league_games_turn_reaches_the_club_hook_once_after_a_retry(
        club, owner, league_game, receiver, eager_retries, django_capture_on_commit_callbacks):
    webhooks.club_webhook_create(user=owner, club=club, kind="slack", url=receiver.url + "/club")
    webhooks.webhook_create(user=league_game.creator, game=league_game, kind="discord", url=receiver.url + "/game")
    play_until_turn(league_game, 1)
    receiver.statuses = [500]  # the first post (to the game's hook) fails, its retry succeeds
    with django_capture_on_commit_callbacks(execute=True):
        turn = league_game.turn_number
        while league_game.turn_number == turn:
            act(league_game)
    by_path: dict[str, list] = {}
    for request in receiver.requests:
        by_path.setdefault(request["path"], []).append(json.loads(request["body"]))
    assert sorted(by_path) == ["/club", "/game"]
    assert len(by_path["/game"]) + len(by_path["/club"]) == 3  # one failed try, its retry, one post
    club_post = by_path["/club"][-1]["text"]
    assert league_game.title in club_post and f"/games/{league_game.pk}/" in club_post
    club_row = WebhookDelivery.objects.get(webhook__club=club)
    assert club_row.status == DeliveryStatus.SENT and club_row.key.startswith(f"game:{league_game.pk}:")
    assert WebhookDelivery.objects.filter(status=DeliveryStatus.SENT).count() == 2
    assert WebhookDelivery.objects.filter(attempts=2).count() == 1
    # the same event again (a repeated signal, a second worker): nothing new is sent
    sent = len(receiver.requests)
    tasks.webhooks_for_event(league_game.pk, "turn:{turn}:{seat}".format(**club_row.payload), club_row.payload)
    tasks.send_webhook(club_row.pk)
    assert len(receiver.requests) == sent


def test_a_club_hook_does_not_hear_other_games(club, owner, receiver):
    webhooks.club_webhook_create(user=owner, club=club, kind="slack", url=receiver.url + "/club")
    game = two_player_game(owner, UserFactory())  # the organiser's own game, not a league game
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert webhooks.record_event(game_id=game.pk, key="finished", event={"type": "finished"}) == []


def test_a_club_hook_keeps_the_events_of_two_games_apart(club, owner, people, receiver):
    season = make_season(club, owner, table_size=2)
    more = add_members(club, 2, prefix="n")
    for user in (people["a"], people["b"], *more):
        league_services.season_enter(user=user, season=season)
    league_services.season_start(season=season, user=owner)
    games = list(Game.objects.filter(league_table__round__season=season))
    assert len(games) == 2
    webhooks.club_webhook_create(user=owner, club=club, kind="slack", url=receiver.url + "/club")
    for game in games:
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
        assert len(webhooks.record_event(game_id=game.pk, key="finished", event={"type": "finished"})) == 1
    assert WebhookDelivery.objects.count() == 2
