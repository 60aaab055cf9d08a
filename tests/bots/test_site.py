"""Bots on the site: the lobby form's bot seats, bot moves as tasks, the API, suggestions."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engine import legal_actions
from games.engine.content import load_content
from games.models import Game, GameAction
from games.persistence import load_state
from games.presenters.seats import seat_name
from games.services import add_bot, create_with_bots, game_create

pytestmark = pytest.mark.django_db


def _humans_turn(game: Game, user) -> bool:
    state = load_state(game)
    seat = game.seats.get(user=user).index
    return bool(legal_actions(load_content(), state, seat))


def test_the_lobby_form_starts_a_game_against_two_bots_and_the_bots_move(client, user,
                                                                          django_capture_on_commit_callbacks):
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:create"), {
            "title": "Solo", "seat_count": 3, "deadline_hours": 24, "deadline_consequence": "skip",
            "missed_turn_limit": 3, "visibility": "public", "bots": 2, "bot_level": "normal"})
    assert response.status_code == 302
    game = Game.objects.get(title="Solo")
    seats = list(game.seats.order_by("index"))
    assert [s.is_bot for s in seats] == [False, True, True]
    assert [s.bot_level for s in seats[1:]] == ["normal", "normal"]
    assert game.status == Game.Status.SETUP
    # The bots chose before the player if they came first; now it is the player's move.
    assert _humans_turn(game, user)
    page = client.get(reverse("games:detail", args=[game.pk]))
    assert "Bot (normal)" in page.content.decode()


def test_bots_play_until_it_is_the_players_move_again(user, django_capture_on_commit_callbacks):
    from games import services

    with django_capture_on_commit_callbacks(execute=True):
        game = create_with_bots(creator=user, bots=2, bot_level="normal", title="Duel", seat_count=3)
    content = load_content()
    for step in range(60):
        game.refresh_from_db()
        state = load_state(game)
        if state.phase == "play" and state.turn > 6:
            break
        seat = game.seats.get(user=user).index
        legal = legal_actions(content, state, seat)
        assert legal, f"step {step}: the bots stopped before the player's move ({state.phase})"
        with django_capture_on_commit_callbacks(execute=True):
            services.action_submit(game=game, user=user, action=legal[-1].to_json() if state.phase == "play"
                                   else legal[0].to_json(), expected_version=game.version,
                                   idempotency_key=f"t{step}")
    bot_actions = GameAction.objects.filter(game=game, idempotency_key__startswith="bot:")
    assert bot_actions.filter(seat=1).exists() and bot_actions.filter(seat=2).exists()
    assert bot_actions.filter(action__kind="move").exists() or bot_actions.filter(action__kind="end_turn").exists()


def test_only_the_creator_adds_bots_to_an_open_game(user, other_user):
    from games.errors import NotAllowed

    game = game_create(creator=user, title="Open", seat_count=3)
    with pytest.raises(NotAllowed):
        add_bot(game=game, user=other_user)
    seat = add_bot(game=game, user=user, level="strong")
    assert seat.is_bot and seat.bot_level == "strong" and seat.user is None
    assert str(seat_name(seat)) == "Bot (strong)"


def test_api_adds_a_bot_and_refuses_suggestions_in_rated_games(user, other_user, token_client,
                                                               django_capture_on_commit_callbacks):
    api = token_client(user)
    game = game_create(creator=user, title="Api", seat_count=2)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(f"/api/v1/games/{game.pk}/bots/", {"level": "easy"}, format="json")
    assert response.status_code == 201, response.content
    assert [s["is_bot"] for s in response.json()["seats"]] == [False, True]
    game.refresh_from_db()
    state = load_state(game)
    seat = game.seats.get(user=user).index
    if legal_actions(load_content(), state, seat):
        answer = api.get(f"/api/v1/games/{game.pk}/suggestion/")
        assert answer.status_code == 200, answer.content
        assert answer.json()["action"] in [a.to_json() for a in legal_actions(load_content(), state, seat)]
    Game.objects.filter(pk=game.pk).update(options={"rated": True})
    assert api.get(f"/api/v1/games/{game.pk}/suggestion/").status_code == 403
    other = token_client(other_user)
    assert other.post(f"/api/v1/games/{game.pk}/bots/", {}, format="json").status_code in (403, 404)


def test_a_bot_step_files_the_next_versions_log_tail(user, django_capture_on_commit_callbacks):
    """A bot's step goes onto the cached tail of the log as a person's does (issue 17): the version's
    first reader then reads no log row."""
    from django.core.cache import cache

    from games import selectors, services
    from games.services.bot_seats import bot_seat

    game = create_with_bots(creator=user, bots=1, bot_level="normal", title="Tail", seat_count=2)
    content = load_content()
    for step in range(20):  # the person's moves until the bot is to move (no task runs the bot meanwhile)
        game.refresh_from_db()
        if bot_seat(game) is not None:
            if game.version > 0:  # an empty log has no tail to go on from
                break
            services.play_step(game_id=game.pk, version=game.version)
            continue
        seat = game.seats.get(user=user).index
        legal = legal_actions(content, load_state(game), seat)
        services.action_submit(game=game, user=user, action=legal[0].to_json(), expected_version=game.version,
                               idempotency_key=f"t{step}")
    game.refresh_from_db()
    version = game.version
    selectors.log_tail(game=game, seat_index=0)  # files the tail of this version
    assert services.play_step(game_id=game.pk, version=version)
    tail = cache.get(selectors._tail_key(game, version + 1))
    assert tail is not None and tail.rows[-1].sequence == version + 1 and tail.total == version + 1
