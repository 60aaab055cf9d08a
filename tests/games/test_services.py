"""The game services: lobby, submitting actions, idempotency, versions, replay."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games import services
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.errors import IdempotencyConflict, IllegalAction, InvalidRequest, NotAllowed, StaleVersion
from games.models import Game, GameAction, TokenPosition
from games.persistence import load_state
from tests.conftest import UserFactory
from tests.refusals import refused

pytestmark = pytest.mark.django_db


def two_player_game(creator, other):
    game = services.game_create(creator=creator, title="Test", seat_count=2)
    services.game_join(game=game, user=other)
    game.refresh_from_db()
    return game


def users_by_seat(game):
    return {seat.index: seat.user for seat in game.seats.all()}


def play_first_legal(game, times=1):
    """Submit the first legal action of whoever must act, ``times`` times."""
    content = load_content()
    for i in range(times):
        game.refresh_from_db()
        state = load_state(game)
        seat = acting_seat(state)
        action = legal_actions(content, state, seat)[0]
        services.action_submit(game=game, user=users_by_seat(game)[seat], action=action.to_json(),
                               expected_version=game.version, idempotency_key=f"k-{game.version}")


def test_creating_a_game_seats_the_creator(user):
    game = services.game_create(creator=user, title="Abend", seat_count=3)
    assert game.status == Game.Status.OPEN
    assert list(game.seats.values_list("index", "user")) == [(0, user.pk)]
    assert len(game.seed_commitment) == 64 and game.seed not in game.seed_commitment


@pytest.mark.parametrize("kwargs,message", [
    ({"seat_count": 7}, "1 to 6 seats"),
    ({"seat_count": 0}, "1 to 6 seats"),
    ({"seat_count": 2, "deadline_hours": 0}, "deadline"),
    ({"seat_count": 2, "title": "  "}, "needs a name"),
])
def test_bad_game_settings_are_refused(user, kwargs, message):
    kwargs.setdefault("title", "x")
    with refused(InvalidRequest, message):
        services.game_create(creator=user, **kwargs)
    assert not Game.objects.exists()


def test_the_last_join_starts_the_setup(user, other_user):
    game = two_player_game(user, other_user)
    assert game.status == Game.Status.SETUP and game.phase == "setup_hero"
    assert TokenPosition.objects.filter(game=game).count() == len(load_content().tokens)


def test_joining_twice_or_a_full_game_is_refused(user, other_user):
    game = services.game_create(creator=user, title="t", seat_count=2)
    with refused(NotAllowed, "already have a seat"):
        services.game_join(game=game, user=user)
    services.game_join(game=game, user=other_user)
    with refused(NotAllowed, "not open"):
        services.game_join(game=game, user=UserFactory())


def test_a_private_game_needs_its_invitation(user, other_user):
    game = services.game_create(creator=user, title="t", seat_count=2, visibility=Game.Visibility.PRIVATE)
    with refused(NotAllowed, "invitation"):
        services.game_join(game=game, user=other_user)
    services.game_join(game=game, user=other_user, invite_code=game.invite_code)


def test_submitting_applies_logs_and_advances_the_version(user, other_user):
    game = two_player_game(user, other_user)
    play_first_legal(game)
    game.refresh_from_db()
    assert game.version == 1
    row = GameAction.objects.get(game=game)
    assert row.sequence == 1 and row.action["kind"] == "choose_hero" and row.events


def test_the_same_idempotency_key_applies_nothing_twice(user, other_user):
    game = two_player_game(user, other_user)
    state = load_state(game)
    seat_user = users_by_seat(game)[state.current]
    action = legal_actions(load_content(), state, state.current)[0].to_json()
    first = services.action_submit(game=game, user=seat_user, action=action, expected_version=0,
                                   idempotency_key="click")
    again = services.action_submit(game=game, user=seat_user, action=action, expected_version=0,
                                   idempotency_key="click")
    assert again.replayed and again.action.pk == first.action.pk
    game.refresh_from_db()
    assert game.version == 1 and GameAction.objects.count() == 1
    other = legal_actions(load_content(), state, state.current)[1].to_json()
    with pytest.raises(IdempotencyConflict):
        services.action_submit(game=game, user=seat_user, action=other, expected_version=0, idempotency_key="click")


def test_a_stale_version_is_refused(user, other_user):
    game = two_player_game(user, other_user)
    play_first_legal(game)
    game.refresh_from_db()
    state = load_state(game)
    action = legal_actions(load_content(), state, state.current)[0].to_json()
    with pytest.raises(StaleVersion):
        services.action_submit(game=game, user=users_by_seat(game)[state.current], action=action,
                               expected_version=0, idempotency_key="late")


def test_an_illegal_action_is_refused_and_changes_nothing(user, other_user):
    game = two_player_game(user, other_user)
    state = load_state(game)
    not_to_move = users_by_seat(game)[(state.current + 1) % 2]
    with refused(IllegalAction, "turn"):
        services.action_submit(game=game, user=not_to_move, action={"kind": "choose_hero", "hero": "elf"},
                               expected_version=0, idempotency_key="x")
    with refused(IllegalAction, "unknown action kind"):
        services.action_submit(game=game, user=not_to_move, action={"kind": "fly_away"},
                               expected_version=0, idempotency_key="y")
    game.refresh_from_db()
    assert game.version == 0 and not GameAction.objects.exists()


def test_a_stranger_cannot_act(user, other_user):
    game = two_player_game(user, other_user)
    with refused(NotAllowed, "no seat"):
        services.action_submit(game=game, user=UserFactory(), action={"kind": "choose_hero", "hero": "elf"},
                               expected_version=0, idempotency_key="x")


def test_verify_games_agrees_after_a_setup_and_some_turns(user, other_user, capsys):
    game = two_player_game(user, other_user)
    play_first_legal(game, times=40)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    call_command("verify_games")
    assert "all games agree" in capsys.readouterr().out


def test_verify_games_reports_a_tampered_row(user, other_user):
    game = two_player_game(user, other_user)
    play_first_legal(game, times=10)
    TokenPosition.objects.filter(game=game).update(loc="out")
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="differ"):
        call_command("verify_games")


def test_every_part_of_the_engine_state_has_a_home_in_the_rows(user, other_user):
    """The state's own JSON is split between columns, rows of their own and ``global_state``: nothing is
    lost on the way (a state read from the rows equals the replay of the log) and nothing lies twice."""
    from games.persistence import COLUMN_KEYS, ROW_KEYS, load_state_for_update
    from games.replay import replay_state

    game = two_player_game(user, other_user)
    play_first_legal(game, times=10)
    game.refresh_from_db()
    state = load_state_for_update(game)
    assert state == replay_state(game, snapshots=False)
    assert set(state.to_json()) == set(COLUMN_KEYS) | set(ROW_KEYS) | set(game.global_state)
    assert not (set(COLUMN_KEYS) | set(ROW_KEYS)) & set(game.global_state)


def test_the_seats_that_peeked_at_a_token_are_read_back_for_a_write(user, other_user):
    """``seen_by`` is read as its JSON text and decoded only when someone peeked (issue 17): one seat,
    two seats and nobody come back as they were written."""
    from games.persistence import load_state_for_update

    game = two_player_game(user, other_user)
    play_first_legal(game, times=10)
    rows = list(TokenPosition.objects.filter(game=game).order_by("token_id")[:3])
    for row, seen in zip(rows, ([1], [0, 1], []), strict=True):
        row.seen_by = seen
        row.save(update_fields=["seen_by"])
    game.refresh_from_db()
    state = load_state_for_update(game)
    assert [state.tokens[row.token_id].seen_by for row in rows] == [(1,), (0, 1), ()]


def test_my_games_lists_your_turn_first(user, other_user):
    from games import selectors

    games = [two_player_game(user, other_user) for _ in range(4)]
    listed = list(selectors.my_games(user))
    assert sorted(g.pk for g in listed) == sorted(g.pk for g in games)
    flags = [users_by_seat(g)[g.current_seat] == user for g in listed]
    assert flags == sorted(flags, reverse=True)


def test_games_on_my_turn_are_the_running_games_whose_current_seat_is_mine(user, other_user):
    from games import selectors

    games = [two_player_game(user, other_user) for _ in range(4)]
    mine = {g.pk for g in games if users_by_seat(g)[g.current_seat] == user}
    theirs = {g.pk for g in games} - mine
    assert {g.pk for g in selectors.games_on_my_turn(user)} == mine
    assert {g.pk for g in selectors.games_on_my_turn(other_user)} == theirs
    finished = next(iter(games))
    Game.objects.filter(pk=finished.pk).update(status=Game.Status.FINISHED)
    assert finished.pk not in {g.pk for g in selectors.games_on_my_turn(user)}
    assert finished.pk not in {g.pk for g in selectors.games_on_my_turn(other_user)}


def test_a_seat_its_player_left_is_not_his_turn(user, other_user):
    """A resigned (dropped) player keeps his row in the game, but the turn at that seat is not his: the
    lobby's order, the API's your_turn filter and the header's count agree."""
    from games import selectors, visits

    game = two_player_game(user, other_user)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.RUNNING, current_seat=1)
    assert users_by_seat(game)[1] == other_user
    assert [g.pk for g in selectors.games_on_my_turn(other_user)] == [game.pk]
    game.seats.filter(index=1).update(dropped=True)
    assert list(selectors.games_on_my_turn(other_user)) == []
    assert [g.my_turn for g in selectors.my_games(other_user)] == [False]
    assert visits.games_waiting_for(other_user) == 0


def test_a_private_game_is_not_found_for_strangers(user, other_user):
    from games import selectors
    from games.errors import NotFound

    game = services.game_create(creator=user, title="t", seat_count=2, visibility=Game.Visibility.PRIVATE)
    with pytest.raises(NotFound):
        selectors.game_get_for_user(user=other_user, game_id=game.pk)
    assert selectors.game_get_for_user(user=other_user, game_id=game.pk, invite_code=game.invite_code) == game
    assert selectors.game_get_for_user(user=user, game_id=game.pk) == game
