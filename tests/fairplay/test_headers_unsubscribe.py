"""Mail and headers (issue 13): RFC 8058 one-click unsubscribe without cookie or CSRF token, the
Content-Security-Policy without inline scripts, no-store on game pages and private API reads, and
a Permissions-Policy."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import notifications
from tests.games.test_views_support import new_game, play_setup, users_by_seat

pytestmark = pytest.mark.django_db


def test_one_click_unsubscribe_works_without_cookie_or_csrf_token(user, other_user):
    game = play_setup(new_game(user, [other_user]))
    mail.outbox.clear()
    row = notifications.notify(user=user, game=game, turn=50, kind="your_turn")
    notifications.deliver(row.pk)
    message = mail.outbox[0]
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = message.extra_headers["List-Unsubscribe"].strip("<>")
    path = url.split("localhost:8000", 1)[1]
    strict = Client(enforce_csrf_checks=True)  # a mail program: no session, no CSRF cookie
    response = strict.post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.notify_my_turn is False
    # A forged token is refused, with or without CSRF.
    assert strict.post(path[:-3] + "xyz/", {"List-Unsubscribe": "One-Click"}).status_code == 400


def test_pages_carry_a_csp_without_inline_scripts_and_a_permissions_policy(client):
    for url in ("/", reverse("accounts:login"), "/api/docs/"):
        response = client.get(url)
        assert response.status_code == 200, url
        csp = response["Content-Security-Policy"]
        script_src = next(d for d in csp.split(";") if d.strip().startswith("script-src"))
        assert "'self'" in script_src and "unsafe-inline" not in script_src and "unsafe-eval" not in script_src
        assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
        assert "camera=()" in response["Permissions-Policy"]
        assert "<script>" not in response.content.decode()  # nothing inline that the CSP would block


def no_store(response) -> bool:
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    return {"private", "no-store"} <= directives and "public" not in directives


def test_game_pages_partials_and_private_api_reads_are_not_stored(user, other_user, token_client):
    game = play_setup(new_game(user, [other_user]))
    seat_user = users_by_seat(game)[0]
    web = Client()
    web.force_login(seat_user)
    for name in ("games:detail", "games:log", "games:replay", "games:poll"):
        response = web.get(reverse(name, args=[game.pk]))
        assert response.status_code in (200, 204), name
        assert no_store(response), name
    api = token_client(seat_user)
    for part in ("state", "log", "actions"):
        response = api.get(f"/api/v1/games/{game.pk}/{part}/")
        assert response.status_code == 200
        assert no_store(response), part
    assert "no-store" not in web.get(reverse("games:lobby")).get("Cache-Control", "")
