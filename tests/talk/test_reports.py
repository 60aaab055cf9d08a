"""Reports of chat messages: they reach whoever can hide the message (the game's creator, the club's
organisers for a league game) by the channels each chose, in his language, once per message; the
game page shows moderators the count of open reports and marks the reported messages."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.urls import reverse

from games.errors import NotAllowed, NotFound
from games.models import Game
from leagues import services as league_services
from leagues.models import Club, Membership
from talk import selectors, services, tasks
from talk.models import ChatMessage, ChatReport, DeliveryStatus, PushDelivery, ReportNotice
from tests.conftest import UserFactory
from tests.leagues.conftest import add_members, make_season
from tests.talk.test_push import Browser

pytestmark = pytest.mark.django_db


@pytest.fixture
def tell(django_capture_on_commit_callbacks):
    """Run what a report leaves for after the commit (the task telling the moderators)."""
    def run(**kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return services.chat_report(**kwargs)
    return run


def test_a_report_mails_the_creator_once_in_his_language(game, anna, bert, watcher, tell):
    anna.language = "de"
    anna.save(update_fields=["language"])
    third = UserFactory(username="carla")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)  # both rooms readable by all
    game.refresh_from_db()
    message = services.chat_post(user=bert, game=game, body="Du & ich <b>")
    tell(user=watcher, game=game, message_id=message.pk, reason="unfreundlich")
    [sent] = mail.outbox
    assert sent.to == [anna.email]
    assert "gemeldet" in sent.subject and "Du & ich <b>" in sent.body and "unfreundlich" in sent.body
    assert f"/games/{game.pk}/#talk-message-{message.pk}" in sent.body
    notice = ReportNotice.objects.get()
    assert notice.user == anna and notice.status == DeliveryStatus.SENT
    # a second reader reports the same message, the task runs again: nobody is told twice
    tell(user=third, game=game, message_id=message.pk)
    tasks.report_notices(message.pk, watcher.pk)
    tasks.send_report_mail(notice.pk)
    assert len(mail.outbox) == 1 and ReportNotice.objects.count() == 1
    assert ChatReport.objects.filter(message=message).count() == 2


def test_the_reporter_is_not_told_of_his_own_report(game, anna, bert, tell):
    message = services.chat_post(user=bert, game=game, body="rude")
    tell(user=anna, game=game, message_id=message.pk)  # anna is the creator and reports herself
    assert mail.outbox == [] and not ReportNotice.objects.exists()


def test_a_moderator_without_mail_is_pushed_and_one_without_any_channel_is_not_told(settings, receiver, game,
                                                                                  anna, watcher, tell):
    from talk.vapid import new_key_pair

    settings.VAPID_PRIVATE_KEY, _ = new_key_pair()
    settings.VAPID_SUBJECT = "mailto:admin@example.org"
    services.channels_update(user=anna, notify_by_email=False, notify_by_push=True)
    browser = Browser(receiver.url + "/push/anna")
    browser.subscribe(anna)
    kiebitz = UserFactory(username="kiebitz")
    rude = services.chat_post(user=kiebitz, game=game, body="rude")  # in the spectators' room
    other = services.chat_post(user=kiebitz, game=game, body="also rude")
    tell(user=watcher, game=game, message_id=rude.pk)
    assert mail.outbox == []
    notice = ReportNotice.objects.get()
    assert notice.user == anna and notice.status == DeliveryStatus.SENT and notice.payload == {"channels": ["push"]}
    assert PushDelivery.objects.get(user=anna, key=f"report:{rude.pk}").status == DeliveryStatus.SENT
    [request] = receiver.requests
    pushed = browser.read(request)
    assert "rude" in pushed["body"] and pushed["url"].endswith(f"#talk-message-{rude.pk}")
    # anna turns every channel off: a report of another message tells her nothing
    services.channels_update(user=anna, notify_by_push=False)
    tell(user=watcher, game=game, message_id=other.pk)
    assert ReportNotice.objects.count() == 1 and len(receiver.requests) == 1


@pytest.fixture
def league(db):
    """A public club's league game of a and b, with an organiser who is not at the table."""
    owner = UserFactory(username="owner")
    club = league_services.club_create(user=owner, name="Helden von Gareth")
    organiser, a, b, member = add_members(club, 4)
    league_services.member_set_role(user=owner, club=club, member=organiser, role=Membership.Role.ORGANISER)
    season = make_season(club, owner)
    for user in (a, b):
        league_services.season_enter(user=user, season=season)
    league_services.season_start(season=season, user=owner)
    game = Game.objects.get(seats__user=a)
    return {"club": club, "owner": owner, "organiser": organiser, "a": a, "b": b, "member": member, "game": game}


def test_a_report_in_a_league_game_reaches_the_club_organisers(league, tell):
    game, a, b = league["game"], league["a"], league["b"]
    message = services.chat_post(user=a, game=game, body="cheat!")
    tell(user=b, game=game, message_id=message.pk)
    told = {n.user_id for n in ReportNotice.objects.all()}
    assert told == {league["owner"].pk, league["organiser"].pk} | ({game.creator_id} - {b.pk})
    assert {m.to[0] for m in mail.outbox} == {league["owner"].email, league["organiser"].email}
    assert league["member"].pk not in told


def test_an_organiser_who_is_no_player_sees_only_the_reported_player_messages_and_hides_them(league, tell):
    game, a, b, organiser = league["game"], league["a"], league["b"], league["organiser"]
    services.chat_post(user=a, game=game, body="private plan")
    rude = services.chat_post(user=a, game=game, body="rude words")
    assert [m.body for m in selectors.chat_messages(user=organiser, game=game)] == []
    tell(user=b, game=game, message_id=rude.pk)
    assert [m.body for m in selectors.chat_messages(user=organiser, game=game)] == ["rude words"]
    assert selectors.open_report_count(user=organiser, game=game) == 1
    assert selectors.open_report_count(user=league["member"], game=game) == 0
    services.chat_hide(user=organiser, game=game, message_id=rude.pk)
    assert selectors.open_report_count(user=organiser, game=game) == 0
    assert [m.body for m in selectors.chat_messages(user=b, game=game)] == ["private plan"]
    with pytest.raises(NotAllowed):
        services.chat_hide(user=league["member"], game=game, message_id=rude.pk)


def test_a_private_clubs_organiser_reaches_the_reported_message_on_the_page(client, tell):
    owner = UserFactory(username="boss")
    club = league_services.club_create(user=owner, name="Geheimbund", visibility=Club.Visibility.PRIVATE)
    a, b, member = add_members(club, 3, prefix="p")
    season = make_season(club, owner)
    for user in (a, b):
        league_services.season_enter(user=user, season=season)
    league_services.season_start(season=season, user=owner)
    game = Game.objects.get(seats__user=a)
    assert game.visibility == Game.Visibility.PRIVATE
    rude = services.chat_post(user=a, game=game, body="rude words")
    services.chat_post(user=a, game=game, body="not reported")
    tell(user=b, game=game, message_id=rude.pk)
    client.force_login(owner)
    html = client.get(reverse("talk:panel", args=[game.pk])).content.decode()
    assert "rude words" in html and "not reported" not in html and "reported-message" in html
    client.force_login(member)  # a member who does not organise sees no talk of a private game
    assert client.get(reverse("talk:panel", args=[game.pk])).status_code == 404


def test_the_game_page_shows_moderators_the_open_reports_and_a_dismissal_closes_them(client, game, anna, bert,
                                                                                     tell):
    message = services.chat_post(user=anna, game=game, body="hallo")
    services.chat_post(user=bert, game=game, body="fine")
    # a spectator cannot report the players' message he does not read
    with pytest.raises(NotFound):
        services.chat_report(user=UserFactory(), game=game, message_id=message.pk)
    watcher_message = services.chat_post(user=UserFactory(username="kiebitz"), game=game, body="psst")
    assert watcher_message.room == "spectators"
    rude = ChatMessage.objects.get(body="fine")
    tell(user=anna, game=game, message_id=rude.pk)  # anna reports bert's message (she may hide it, too)
    client.force_login(anna)
    chat = reverse("talk:chat", args=[game.pk])
    html = client.get(chat).content.decode()
    assert "1 reported message to judge" in html and f'id="talk-message-{rude.pk}"' in html
    assert "reported-message" in html and "Dismiss the report" in html
    client.force_login(bert)
    html = client.get(chat).content.decode()
    assert "reported message" not in html and "reported-message" not in html and "Dismiss" not in html
    client.force_login(anna)
    html = client.post(reverse("talk:hide", args=[game.pk, rude.pk]), {"hidden": "0"},
                       headers={"HX-Request": "true"}).content.decode()
    assert "reported message to judge" not in html and "reported-message" not in html
    assert not ChatReport.objects.filter(resolved_at__isnull=True).exists()


def test_open_reports_through_the_api(token_client, game, anna, bert, tell):
    rude = services.chat_post(user=bert, game=game, body="rude")
    services.chat_post(user=bert, game=game, body="fine")
    api = token_client(anna)
    assert api.post(f"/api/v1/games/{game.pk}/chat/{rude.pk}/report/", {"reason": "x"},
                    format="json").status_code == 204
    listed = api.get(f"/api/v1/games/{game.pk}/chat/?reported=true").json()
    assert [(m["body"], m["open_reports"]) for m in listed["results"]] == [("rude", 1)]
    theirs = token_client(bert).get(f"/api/v1/games/{game.pk}/chat/").json()["results"]
    assert {m["open_reports"] for m in theirs} == {0}
    shown = api.post(f"/api/v1/games/{game.pk}/chat/{rude.pk}/hide/", {"hidden": False}, format="json")
    assert shown.status_code == 200 and json.loads(shown.content)["hidden"] is False
    assert api.get(f"/api/v1/games/{game.pk}/chat/?reported=true").json()["results"] == []


def test_a_broker_problem_does_not_fail_the_report(game, anna, bert, watcher, tell, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.report_notices, "delay", down)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    message = services.chat_post(user=bert, game=game, body="rude")
    assert tell(user=watcher, game=game, message_id=message.pk).pk
    assert ChatReport.objects.filter(message=message).exists() and mail.outbox == []
