"""The game page: setup, the legal actions as forms, submitting, errors, polling, the log and rules."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils.html import escape

from games import services
from games.engine.content import load_content
from games.errors import IllegalAction
from games.models import Game, GameAction
from tests.conftest import UserFactory
from tests.games.test_views_support import (
    detail_url,
    first_of,
    legal,
    new_game,
    play_setup,
    post_action,
    state_of,
    submit,
    users_by_seat,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(user, other_user):
    return new_game(user, [other_user])


def client_for(client, game, seat):
    client.force_login(users_by_seat(game)[seat])
    return client


def acting_client(client, game):
    seat, _actions = legal(game)
    return client_for(client, game, seat)


def test_a_waiting_game_shows_its_seats_and_a_join_button_for_others(client, user, other_user):
    game = new_game(user, seat_count=3)
    client.force_login(other_user)
    html = client.get(detail_url(game)).content.decode()
    assert "1 of 3 seats taken" in html and reverse("games:join", args=[game.pk]) in html


def test_the_hero_choice_lists_every_free_hero_with_its_values(client, game):
    content = load_content()
    html = unescape(acting_client(client, game).get(detail_url(game)).content.decode())
    for hero in content.heroes.values():
        assert hero.name_en in html
        assert html.count(f'"hero":"{hero.key}"') >= 1
    magier = content.heroes["magier"]
    assert magier.ability_en.splitlines()[0] in html
    assert "Spell instead of 3 gold (Mage)" in html  # the Magier's spell option
    # One hero, one card: the values as printed.
    card = re.search(r"<h3>Elf</h3>.*?</dl>", html, re.S).group(0)
    elf = content.heroes["elf"]
    for value in (elf.lp, elf.gold, elf.movement, elf.magic, elf.ranged, elf.melee):
        assert f"<dd>{value}</dd>" in card


def test_a_chosen_hero_is_not_offered_again(client, game):
    seat, actions = legal(game)
    submit(game, first_of(actions, "choose_hero"))
    chosen = state_of(game).heroes[seat].hero
    html = unescape(acting_client(client, game).get(detail_url(game)).content.decode())
    assert f'"hero":"{chosen}"' not in html


def test_the_other_player_waits_during_the_hero_choice(client, game):
    seat, _ = legal(game)
    html = client_for(client, game, 1 - seat).get(detail_url(game)).content.decode()
    assert "Nothing to do for you right now" in html and 'name="kind"' not in html


def _to_phase(game, phase):
    for _ in range(30):
        if state_of(game).phase == phase:
            return
        _seat, actions = legal(game)
        submit(game, actions[0])
    raise AssertionError(phase)


def test_placing_a_region_card_highlights_the_legal_squares_on_the_board(client, game):
    _to_phase(game, "setup_region")
    _seat, actions = legal(game)
    cells = sorted(a.cell for a in actions)
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    svg = re.search(r"<svg.*?</svg>", html[html.index('class="board-scroll'):], re.S).group(0)
    assert svg.count('class="board-target"') == len(cells)
    assert "Your region card" in html
    # Clicking a square submits the same form as the button: the link names the button.
    option = re.search(r'data-option="(v\d+-place_region-\d+)"', svg).group(1)
    assert f'id="{option}"' in html


def test_placing_the_manor_highlights_beige_fields_and_the_axis_is_a_choice(client, game):
    _to_phase(game, "setup_manor")
    _seat, actions = legal(game)
    html = unescape(acting_client(client, game).get(detail_url(game)).content.decode())
    for action in actions:
        assert f'"field":"{action.field}"' in html
    assert html.count('class="board-target"') == len(actions)
    _to_phase(game, "setup_axis")
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    assert "north and south" in html and "east and west" in html


def test_submitting_a_form_applies_the_action_and_redirects(client, game):
    _seat, actions = legal(game)
    response = post_action(acting_client(client, game), game, actions[0])
    assert response.status_code == 302 and response.url == detail_url(game)
    game.refresh_from_db()
    assert game.version == 1 and GameAction.objects.get(game=game).action == actions[0].to_json()


def test_submitting_with_htmx_answers_with_the_fresh_game(client, game):
    _seat, actions = legal(game)
    response = post_action(acting_client(client, game), game, actions[0], htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="game"') and "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_submit_with_stale_version_shows_a_message_and_the_fresh_page(client, game):
    _seat, actions = legal(game)
    c = acting_client(client, game)
    submit(game, actions[0])  # somebody (here: the same seat via another tab) acted first
    response = post_action(c, game, actions[1], version=0, key="late")
    assert response.status_code == 302
    page = c.get(response.url)
    assert page.status_code == 200 and "Someone else acted first" in page.content.decode()
    htmx = post_action(c, game, actions[1], version=0, key="later", htmx=True)
    assert htmx.status_code == 200 and "Someone else acted first" in htmx.content.decode()
    game.refresh_from_db()
    assert game.version == 1


def test_an_illegal_action_is_refused_with_a_message(client, game):
    seat, _ = legal(game)
    c = client_for(client, game, 1 - seat)  # not this seat's turn
    response = post_action(c, game, {"kind": "choose_hero", "hero": "elf"}, htmx=True)
    assert response.status_code == 200
    # The same plain words as the API's message; the engine's reason ("... seat 0 ...") is not shown.
    assert "Another player has to act first." in response.content.decode()
    with pytest.raises(IllegalAction) as refused:
        services.action_submit(game=game, user=users_by_seat(game)[1 - seat],
                               action={"kind": "choose_hero", "hero": "elf"}, expected_version=0,
                               idempotency_key="probe")
    assert refused.value.reason and escape(refused.value.reason) not in response.content.decode()
    assert not GameAction.objects.exists()
    bogus = post_action(c, game, {"kind": "fly_to_the_moon"}, htmx=True)
    assert bogus.status_code == 200 and "incomplete or damaged" in bogus.content.decode()
    broken = c.post(reverse("games:submit", args=[game.pk]), {"kind": "move", "params": "{not json",
                                                              "version": 0, "idempotency_key": "x"})
    assert broken.status_code == 302
    assert not GameAction.objects.exists()


def test_a_double_submit_with_the_same_key_applies_once(client, game):
    _seat, actions = legal(game)
    c = acting_client(client, game)
    first = post_action(c, game, actions[0], version=0, key="same-click")
    second = post_action(c, game, actions[0], version=0, key="same-click")
    assert first.status_code == second.status_code == 302
    game.refresh_from_db()
    assert game.version == 1 and GameAction.objects.filter(game=game).count() == 1
    other = post_action(c, game, actions[1], version=0, key="same-click", htmx=True)
    assert "already used for another action" in other.content.decode()


def test_every_form_carries_the_version_and_a_fresh_idempotency_key(client, game):
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    keys = re.findall(r'name="idempotency_key" value="([0-9a-f]{32})"', html)
    assert keys and len(keys) == len(set(keys)) == html.count('name="kind"')
    assert html.count('name="version" value="0"') == len(keys)
    again = client.get(detail_url(game)).content.decode()
    assert set(keys).isdisjoint(re.findall(r'name="idempotency_key" value="([0-9a-f]{32})"', again))


def test_begin_turn_is_offered_as_the_only_button_at_the_start_of_a_turn(client, game):
    play_setup(game)
    c = acting_client(client, game)
    html = c.get(detail_url(game)).content.decode()
    assert "Begin your turn" in html and html.count('name="kind"') == 1
    assert 'value="begin_turn"' in html
    response = post_action(c, game, {"kind": "begin_turn"}, htmx=True)
    assert response.status_code == 200 and "Begin your turn" not in response.content.decode()


def test_moves_are_buttons_and_clickable_fields_on_the_board(client, game):
    play_setup(game)
    submit(game, {"kind": "begin_turn"})
    _seat, actions = legal(game)
    if first_of(actions, "choose_movement"):
        submit(game, first_of(actions, "choose_movement"))
        _seat, actions = legal(game)
    moves = [a for a in actions if a.kind == "move"]
    assert moves
    html = unescape(acting_client(client, game).get(detail_url(game)).content.decode())
    for move in moves:
        assert f'"to":"{move.to}"' in html
    # Every neighbour, and every field further on that a one-click walk reaches (issue 16).
    assert html.count('class="board-target"') >= len(moves)
    assert "End the turn" in html


def test_the_poll_answers_204_until_the_game_changes(client, game):
    c = acting_client(client, game)
    page = c.get(detail_url(game))
    stamp = page.context["stamp"]
    assert f"?stamp={stamp}" in page.content.decode() and 'hx-trigger="every 5s"' in page.content.decode()
    poll = reverse("games:poll", args=[game.pk])
    unchanged = c.get(poll, {"stamp": stamp}, HTTP_HX_REQUEST="true")
    assert unchanged.status_code == 204
    _seat, actions = legal(game)
    submit(game, actions[0])
    changed = c.get(poll, {"stamp": stamp}, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and changed.content.decode().lstrip().startswith('<div id="game"')
    assert changed.context["stamp"] != stamp
    assert "no-cache" in changed["Cache-Control"] or "max-age=0" in changed["Cache-Control"]


def test_a_full_poll_files_the_stamp_the_view_served_and_keeps_it_no_longer(client, game):
    from django.core.cache import cache

    from games import poll

    c = acting_client(client, game)
    cache.delete(poll.stamp_key(game.pk))
    answer = c.get(reverse("games:poll", args=[game.pk]), {"stamp": "0-open-2"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert cache.get(poll.stamp_key(game.pk)) == answer.context["stamp"]
    assert poll.SERVED_STAMP.get() is None  # the view's stamp does not outlive its request


def test_the_poll_notices_a_player_joining(client, user, other_user):
    game = new_game(user, seat_count=3)
    client.force_login(user)
    stamp = client.get(detail_url(game)).context["stamp"]
    from games import services

    services.game_join(game=game, user=other_user)
    assert client.get(reverse("games:poll", args=[game.pk]), {"stamp": stamp}).status_code == 200


def test_a_spectator_of_a_public_game_sees_the_board_but_no_actions(client, game):
    play_setup(game)
    client.force_login(UserFactory())
    response = client.get(detail_url(game))
    assert response.status_code == 200
    html = response.content.decode()
    assert "you are watching" in html and 'name="kind"' not in html and "<svg" in html


def test_the_log_links_every_event_to_its_rule(client, game):
    play_setup(game)
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    assert reverse("games:rule", args=["SETUP-07"]) in html
    response = client.get(reverse("games:rule", args=["SETUP-07"]))
    assert response.status_code == 200 and "5x5 square" in response.content.decode()
    inline = client.get(reverse("games:rule", args=["SETUP-07"]), HTTP_HX_REQUEST="true")
    assert "<html" not in inline.content.decode() and "SETUP-07" in inline.content.decode()
    assert client.get(reverse("games:rule", args=["NOPE-99"])).status_code == 404


def test_the_log_shows_each_die(client, game):
    play_setup(game)
    GameAction.objects.filter(game=game).order_by("-sequence").first()
    row = GameAction.objects.filter(game=game).order_by("-sequence").first()
    row.events = [*row.events, {"kind": "secret_path_search", "rule": "SECRET-02", "seat": 0,
                                "data": {"field": "A7", "target": 8, "found": True}, "dice": [3, 5],
                                "visible_to": None}]
    row.save(update_fields=["events"])
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    assert "⚂" in html and "⚄" in html and "(needs 8 or less): found" in html


def test_the_whole_log_page_and_the_replay(client, game):
    play_setup(game)
    c = acting_client(client, game)
    log = c.get(reverse("games:log", args=[game.pk]))
    assert log.status_code == 200 and "#1" in log.content.decode()
    replay = c.get(reverse("games:replay", args=[game.pk]), {"step": 0})
    assert replay.status_code == 200
    assert replay.context["view"]["phase"] == "setup_hero" and "before the first step" in replay.content.decode()
    step3 = c.get(reverse("games:replay", args=[game.pk]), {"step": 3}, HTTP_HX_REQUEST="true")
    assert step3.status_code == 200 and step3.context["step"] == 3 and "<html" not in step3.content.decode()
    assert step3.context["previous"] == 2 and step3.context["next"] == 4
    last = c.get(reverse("games:replay", args=[game.pk]), {"step": "junk"})
    assert last.context["step"] == GameAction.objects.filter(game=game).count()


def test_a_finished_game_shows_the_winner_and_reveals_its_seed(client, game):
    play_setup(game)
    c = acting_client(client, game)
    assert game.seed not in c.get(detail_url(game)).content.decode()
    state = state_of(game)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, phase="finished", winner_seat=1,
                                           global_state={**game.global_state, "winner": 1})
    html = c.get(detail_url(game)).content.decode()
    assert game.seed in html and game.seed_commitment in html
    winner = users_by_seat(game)[1].public_name
    assert f"{winner} has won the game!" in html
    assert reverse("games:replay", args=[game.pk]) in html
    # The page's own stamp (read from its HTML: a page answered from the kept shell has no template context).
    stamp = re.search(r'data-stamp="([^"]+)"', c.get(detail_url(game)).content.decode()).group(1)
    poll = c.get(reverse("games:poll", args=[game.pk]), {"stamp": stamp})
    assert poll.status_code == 286  # htmx: stop polling
    assert state.phase == "play"


def test_the_seed_commitment_is_shown_from_the_start(client, game):
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    assert game.seed_commitment in html and game.seed not in html


def test_the_game_page_in_german(client, user, other_user):
    for player in (user, other_user):
        player.language = "de"
        player.save()
    game = new_game(user, [other_user])
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    assert '<html lang="de">' in html
    assert "Spielplan als Text" in html and "Faire Würfel" in html and "Heldenwahl" in html
    assert "Held wählen" in html and "Zwerg wählen" in html and "Nahkampf" in html  # engine labels, heroes
    assert client.get(reverse("games:lobby")).content.decode().count("Partie erstellen") >= 1


def test_the_board_has_a_text_alternative(client, game):
    play_setup(game)
    html = acting_client(client, game).get(detail_url(game)).content.decode()
    text = html[html.index('<details class="board-text">'):]
    text = text[:text.index("</details>")]
    state = state_of(game)
    for hero in state.heroes:
        assert f"on {hero.position}" in text
    assert "face-down token" in text and "face-down card" in text


def test_the_creator_pauses_and_resumes_a_running_game(client, user, other_user):
    from tests.tasks.helpers import game_in_play

    game = game_in_play(user, other_user)
    client.force_login(other_user)
    client.post(f"/games/{game.pk}/pause/")
    game.refresh_from_db()
    assert not game.paused, "only the creator may pause"
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/")
    assert b"/pause/" in page.content
    client.post(f"/games/{game.pk}/pause/")
    game.refresh_from_db()
    assert game.paused
    client.post(f"/games/{game.pk}/pause/", {"resume": "1"})
    game.refresh_from_db()
    assert not game.paused and game.turn_deadline_at is not None
