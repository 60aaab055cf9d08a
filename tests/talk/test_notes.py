"""Private notes: each seat's own, seen by nobody else, ever."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.errors import NotFound
from games.models import Game
from talk import selectors, services

pytestmark = pytest.mark.django_db

SECRET = "Bert hat den Drachenschatz, glaube ich"


def test_a_player_keeps_his_own_notes(game, anna, bert):
    services.note_save(user=anna, game=game, body=SECRET)
    assert selectors.note_for(user=anna, game=game) == SECRET
    assert selectors.note_for(user=bert, game=game) == ""


def test_spectators_and_strangers_have_no_notes_to_write(game, watcher):
    assert selectors.note_for(user=watcher, game=game) is None
    with pytest.raises(NotFound):
        services.note_save(user=watcher, game=game, body="x")


def test_notes_never_leak_to_other_seats_spectators_or_after_the_end(client, game, anna, bert, watcher):
    services.note_save(user=anna, game=game, body=SECRET)
    services.chat_post(user=anna, game=game, body="hello")
    pages = []
    for reader in (bert, watcher):
        client.force_login(reader)
        pages.append(client.get(reverse("games:detail", args=[game.pk])).content.decode())
        pages.append(client.get(reverse("talk:panel", args=[game.pk])).content.decode())
        pages.append(client.get(reverse("talk:chat", args=[game.pk])).content.decode())
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    for reader in (bert, watcher):
        client.force_login(reader)
        pages.append(client.get(reverse("talk:panel", args=[game.pk])).content.decode())
    for page in pages:
        assert SECRET not in page
    client.force_login(anna)
    assert SECRET in client.get(reverse("talk:panel", args=[game.pk])).content.decode()


def test_the_notes_form_saves_by_htmx(client, game, anna):
    client.force_login(anna)
    response = client.post(reverse("talk:notes", args=[game.pk]), {"body": "plan"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert selectors.note_for(user=anna, game=game) == "plan"


def test_a_seat_that_changes_hands_does_not_hand_over_notes_to_another_user(game, anna, bert):
    services.note_save(user=bert, game=game, body=SECRET)
    game.seats.filter(user=bert).update(dropped=True)
    game.refresh_from_db()  # a request loads the game afresh; this object still holds its seats
    assert selectors.note_for(user=bert, game=game) is None
