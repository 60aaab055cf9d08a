"""Chat permissions: players vs spectators vs strangers, hidden and reported messages, limits."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.errors import InvalidRequest, NotAllowed, NotFound
from games.models import Game
from talk import access, selectors, services
from talk.models import ChatMessage, ChatReport

pytestmark = pytest.mark.django_db


def bodies(user, game):
    return [m.body for m in selectors.chat_messages(user=user, game=game)]


def test_players_write_and_read_the_players_room(game, anna, bert):
    services.chat_post(user=anna, game=game, body="Hallo Bert")
    services.chat_post(user=bert, game=game, body="Hallo Anna")
    assert bodies(anna, game) == bodies(bert, game) == ["Hallo Anna", "Hallo Bert"][::-1]
    assert set(ChatMessage.objects.values_list("room", flat=True)) == {"players"}


def test_spectators_talk_among_themselves_and_players_do_not_see_it_during_play(game, anna, watcher):
    services.chat_post(user=anna, game=game, body="players only")
    services.chat_post(user=watcher, game=game, body="go left, Anna!")
    assert bodies(anna, game) == ["players only"]
    assert bodies(watcher, game) == ["go left, Anna!"]


def test_after_the_end_everybody_reads_both_rooms(game, anna, watcher):
    services.chat_post(user=anna, game=game, body="players only")
    services.chat_post(user=watcher, game=game, body="spectator talk")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    assert bodies(anna, game) == bodies(watcher, game) == ["players only", "spectator talk"]


def test_strangers_of_a_private_game_neither_read_nor_write(private_game, anna, watcher):
    services.chat_post(user=anna, game=private_game, body="secret plans")
    assert access.role_of(watcher, private_game) is access.Role.STRANGER
    assert bodies(watcher, private_game) == []
    with pytest.raises(NotFound):
        services.chat_post(user=watcher, game=private_game, body="hi")


def test_a_dropped_player_is_no_longer_a_player(game, bert):
    game.seats.filter(user=bert).update(dropped=True)
    assert access.role_of(bert, game) is access.Role.SPECTATOR


def test_empty_and_too_long_messages_are_refused(game, anna):
    with pytest.raises(InvalidRequest):
        services.chat_post(user=anna, game=game, body="   ")
    with pytest.raises(InvalidRequest):
        services.chat_post(user=anna, game=game, body="x" * (ChatMessage.MAX_LENGTH + 1))


def test_posting_is_rate_limited_in_the_shared_cache(game, anna, settings):
    settings.TALK_CHAT_RATE = (3, 60)
    for i in range(3):
        services.chat_post(user=anna, game=game, body=f"m{i}")
    with pytest.raises(NotAllowed):
        services.chat_post(user=anna, game=game, body="one too many")
    assert ChatMessage.objects.count() == 3


def test_the_creator_hides_a_message_and_only_moderators_still_see_it(game, anna, bert):
    message = services.chat_post(user=bert, game=game, body="rude")
    services.chat_hide(user=anna, game=game, message_id=message.pk)
    assert bodies(bert, game) == []
    assert bodies(anna, game) == ["rude"]  # the moderator sees it, marked hidden
    services.chat_hide(user=anna, game=game, message_id=message.pk, hidden=False)
    assert bodies(bert, game) == ["rude"]


def test_a_player_who_is_not_the_creator_cannot_hide(game, anna, bert):
    message = services.chat_post(user=anna, game=game, body="hello")
    with pytest.raises(NotAllowed):
        services.chat_hide(user=bert, game=game, message_id=message.pk)


def test_a_registered_moderation_hook_lets_a_club_organiser_hide(game, bert, watcher, settings):
    settings.TALK_MODERATION_HOOKS = ["tests.talk.test_chat.organiser_hook"]
    message = services.chat_post(user=bert, game=game, body="spam")
    services.chat_hide(user=watcher, game=game, message_id=message.pk)
    assert ChatMessage.objects.get(pk=message.pk).is_hidden


def organiser_hook(user, game):
    return user.username == "watcher"


def test_a_message_is_reported_once_per_reader_and_not_by_its_author(game, anna, bert):
    message = services.chat_post(user=anna, game=game, body="hm")
    services.chat_report(user=bert, game=game, message_id=message.pk, reason="spoiler")
    services.chat_report(user=bert, game=game, message_id=message.pk, reason="again")
    assert ChatReport.objects.count() == 1
    with pytest.raises(InvalidRequest):
        services.chat_report(user=anna, game=game, message_id=message.pk)


def test_spectators_cannot_report_what_they_cannot_read(game, anna, watcher):
    message = services.chat_post(user=anna, game=game, body="players only")
    with pytest.raises(NotFound):
        services.chat_report(user=watcher, game=game, message_id=message.pk)


# --- the pages ------------------------------------------------------------------------------------------
def test_the_game_page_loads_the_panel_and_the_panel_shows_the_chat(client, game, anna, bert):
    services.chat_post(user=bert, game=game, body="<script>alert(1)</script>")
    client.force_login(anna)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert reverse("talk:panel", args=[game.pk]) in page
    panel = client.get(reverse("talk:panel", args=[game.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in panel and "<script>alert" not in panel
    assert 'name="body"' in panel and "talk-notes" in panel


def test_posting_by_htmx_answers_the_fresh_chat(client, game, anna):
    client.force_login(anna)
    response = client.post(reverse("talk:chat", args=[game.pk]), {"body": "Moin"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Moin" in response.content.decode()


def test_a_stranger_gets_404_from_every_talk_page(client, private_game, watcher):
    client.force_login(watcher)
    for name in ("talk:panel", "talk:chat"):
        assert client.get(reverse(name, args=[private_game.pk])).status_code == 404
    assert client.post(reverse("talk:chat", args=[private_game.pk]), {"body": "x"}).status_code == 404


def test_the_spectator_is_listed_and_counted(client, game, anna, watcher):
    client.force_login(watcher)
    client.get(reverse("talk:panel", args=[game.pk]))
    client.force_login(anna)
    chat = client.get(reverse("talk:chat", args=[game.pk])).content.decode()
    assert "1 spectator watching" in chat and "watcher" in chat


def test_the_moderator_sees_how_often_a_message_was_reported(client, game, anna, bert, watcher):
    message = services.chat_post(user=anna, game=game, body="hm")
    services.chat_report(user=bert, game=game, message_id=message.pk)
    client.force_login(anna)
    assert "reported once" in client.get(reverse("talk:chat", args=[game.pk])).content.decode()
    client.force_login(bert)
    assert "reported once" not in client.get(reverse("talk:chat", args=[game.pk])).content.decode()


def test_a_watching_spectator_is_written_at_most_once_per_interval(game, watcher):
    from datetime import timedelta

    from django.core.cache import cache
    from django.utils import timezone

    from talk.models import Spectator

    services.spectator_seen(user=watcher, game=game)
    long_ago = timezone.now() - timedelta(days=1)
    Spectator.objects.update(last_seen=long_ago)
    services.spectator_seen(user=watcher, game=game)  # the next poll, 5 seconds later: no write
    assert Spectator.objects.get().last_seen == long_ago
    cache.delete(f"talk:seen:{game.pk}:{watcher.pk}")  # the interval is over
    services.spectator_seen(user=watcher, game=game)
    assert Spectator.objects.get().last_seen != long_ago


def _poll_url(html: str) -> str:
    import re

    return re.search(r'class="talk-poller" hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")


def test_the_chat_poll_answers_nothing_new_until_somebody_writes(client, game, anna, bert,
                                                                 django_assert_max_num_queries):
    client.force_login(bert)
    html = client.get(reverse("talk:chat", args=[game.pk])).content.decode()
    poll = _poll_url(html)
    with django_assert_max_num_queries(2):  # the session's user at most: no game, no messages
        assert client.get(poll).status_code == 204
    services.chat_post(user=anna, game=game, body="news")
    response = client.get(poll)
    assert response.status_code == 200 and "news" in response.content.decode()
    poll = _poll_url(response.content.decode())
    assert client.get(poll).status_code == 204
    message = ChatMessage.objects.get()
    services.chat_hide(user=anna, game=game, message_id=message.pk)
    response = client.get(poll)
    assert response.status_code == 200 and "news" not in response.content.decode()


def test_the_chat_poll_renders_again_after_a_while_and_never_for_another_user(client, game, anna, bert, watcher):
    from django.core.cache import cache

    client.force_login(bert)
    poll = _poll_url(client.get(reverse("talk:chat", args=[game.pk])).content.decode())
    cache.delete(f"talk:{game.pk}:chat-fresh:{bert.pk}")  # the fresh window is over
    assert client.get(poll).status_code == 200
    client.force_login(watcher)  # another reader with a stamp he was not shown: a full answer, his own
    response = client.get(poll)
    assert response.status_code == 200 and "1 spectator watching" in response.content.decode()
