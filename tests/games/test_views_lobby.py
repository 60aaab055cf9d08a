"""The lobby: lists, creating a game, joining one (publicly or by invitation), and the login wall."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game, Seat
from tests.conftest import UserFactory
from tests.games.test_views_support import detail_url, new_game

pytestmark = pytest.mark.django_db

GOOD = {
    "title": "Freitagsrunde", "seat_count": "3", "deadline_hours": "48", "deadline_consequence": "skip",
    "missed_turn_limit": "3", "visibility": "public",
}


@pytest.mark.parametrize("name,args", [
    ("games:lobby", []), ("games:detail", [1]), ("games:poll", [1]), ("games:replay", [1]), ("games:log", [1]),
])
def test_the_game_pages_need_a_login(client, name, args):
    url = reverse(name, args=args)
    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login")) and "next=" in response.url


@pytest.mark.parametrize("name,args", [
    ("games:create", []), ("games:join", [1]), ("games:submit", [1]), ("games:take_back", [1]),
])
def test_posting_needs_a_login(client, name, args):
    response = client.post(reverse(name, args=args), {})
    assert response.status_code == 302 and reverse("accounts:login") in response.url
    assert not Game.objects.exists()


def test_the_lobby_lists_my_games_your_turn_first_open_and_finished_games(logged_in_client, user, other_user):
    third = UserFactory()
    waiting = new_game(user, seat_count=3, title="Wartet")
    mine = new_game(user, [other_user], title="Laufend")
    open_other = new_game(third, seat_count=2, title="Offen")
    new_game(third, seat_count=2, title="Geheim", visibility=Game.Visibility.PRIVATE)
    done = new_game(third, [user], title="Vorbei")
    Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED)
    response = logged_in_client.get(reverse("games:lobby"))
    assert response.status_code == 200
    html = response.content.decode()
    for game in (waiting, mine, open_other, done):
        assert detail_url(game) in html
    assert "Geheim" not in html  # somebody else's private game is nobody's business
    assert reverse("games:join", args=[open_other.pk]) in html
    my_games = list(response.context["my_games"])
    assert [g.pk for g in my_games if g.pk in (waiting.pk, mine.pk)]
    assert response.context["finished_games"][0] == done
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_creating_a_game_seats_the_creator_and_opens_its_page(logged_in_client, user):
    response = logged_in_client.post(reverse("games:create"), GOOD)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == detail_url(game)
    assert game.title == "Freitagsrunde" and game.seat_count == 3 and game.deadline_hours == 48
    assert list(game.seats.values_list("user", flat=True)) == [user.pk]
    page = logged_in_client.get(response.url).content.decode()
    assert "Freitagsrunde" in page and "1 of 3 seats taken" in page


def test_creating_with_htmx_redirects_the_client(logged_in_client):
    response = logged_in_client.post(reverse("games:create"), GOOD, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Redirect"] == detail_url(Game.objects.get())


@pytest.mark.parametrize("change,field", [
    ({"title": "   "}, "title"),
    ({"seat_count": "7"}, "seat_count"),
    ({"deadline_hours": "0"}, "deadline_hours"),
    ({"deadline_hours": "400"}, "deadline_hours"),
    ({"deadline_consequence": "explode"}, "deadline_consequence"),
    ({"visibility": "secret"}, "visibility"),
])
def test_a_bad_game_form_shows_errors_and_creates_nothing(logged_in_client, change, field):
    response = logged_in_client.post(reverse("games:create"), {**GOOD, **change})
    assert response.status_code == 400
    assert response.context["form"].errors[field]
    assert not Game.objects.exists()
    htmx = logged_in_client.post(reverse("games:create"), {**GOOD, **change}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200 and 'id="create-game"' in htmx.content.decode()
    assert "errorlist" in htmx.content.decode()
    assert not Game.objects.exists()


def test_a_private_game_shows_its_invitation_link_to_the_creator_only(client, user, other_user):
    game = new_game(user, seat_count=2, visibility=Game.Visibility.PRIVATE)
    link = reverse("games:join_invite", args=[game.pk, game.invite_code])
    client.force_login(user)
    assert link in client.get(reverse("games:lobby")).content.decode()
    assert link in client.get(detail_url(game)).content.decode()
    client.force_login(other_user)
    assert link not in client.get(reverse("games:lobby")).content.decode()
    assert client.get(detail_url(game)).status_code == 404


def test_strangers_get_404_for_a_private_game(client, user, other_user):
    game = new_game(user, [other_user], visibility=Game.Visibility.PRIVATE)
    client.force_login(UserFactory())
    for name in ("games:detail", "games:poll", "games:replay", "games:log"):
        assert client.get(reverse(name, args=[game.pk])).status_code == 404
    assert client.post(reverse("games:submit", args=[game.pk]), {}).status_code == 404
    assert client.get(reverse("games:join_invite", args=[game.pk, "wrong-code"])).status_code == 404
    assert client.get(reverse("games:detail", args=[999999])).status_code == 404


def test_joining_a_public_game(client, user, other_user):
    game = new_game(user, seat_count=2)
    client.force_login(other_user)
    response = client.post(reverse("games:join", args=[game.pk]))
    assert response.status_code == 302 and response.url == detail_url(game)
    game.refresh_from_db()
    assert game.status == Game.Status.SETUP
    assert Seat.objects.filter(game=game, user=other_user, index=1).exists()
    assert "You joined" in client.get(response.url).content.decode()


def test_joining_twice_or_a_full_game_gives_a_message_not_an_error(client, user, other_user):
    game = new_game(user, seat_count=2)
    client.force_login(user)
    response = client.post(reverse("games:join", args=[game.pk]), follow=True)
    assert response.status_code == 200 and "already have a seat" in response.content.decode()
    new_game(user, [other_user])  # an unrelated full game
    full = new_game(user, [other_user], title="Voll")
    client.force_login(UserFactory())
    response = client.post(reverse("games:join", args=[full.pk]), follow=True)
    assert response.status_code == 200 and "not open for new players" in response.content.decode()
    assert full.seats.count() == 2


def test_joining_a_private_game_needs_the_invitation(client, user, other_user):
    game = new_game(user, seat_count=2, visibility=Game.Visibility.PRIVATE)
    client.force_login(other_user)
    assert client.post(reverse("games:join", args=[game.pk])).status_code == 404
    invitation = reverse("games:join_invite", args=[game.pk, game.invite_code])
    page = client.get(invitation)
    assert page.status_code == 200 and "Take a seat" in page.content.decode()
    response = client.post(invitation)
    assert response.status_code == 302 and response.url == detail_url(game)
    assert game.seats.filter(user=other_user).exists()


def test_an_invitation_link_sends_a_logged_out_visitor_to_the_login(client, user):
    game = new_game(user, seat_count=2, visibility=Game.Visibility.PRIVATE)
    invitation = reverse("games:join_invite", args=[game.pk, game.invite_code])
    response = client.get(invitation)
    assert response.status_code == 302 and "next=" in response.url


def test_the_home_page_links_to_the_lobby(logged_in_client):
    assert reverse("games:lobby") in logged_in_client.get(reverse("home")).content.decode()
