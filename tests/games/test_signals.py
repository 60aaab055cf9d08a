"""games.signals: other apps learn of passed turns and finished games after the commit."""

from __future__ import annotations

import pytest

from games import signals
from tests.games.test_services import play_first_legal, two_player_game

pytestmark = pytest.mark.django_db


def test_turn_passed_is_sent_after_the_commit_with_the_seat_to_act(
        user, other_user, django_capture_on_commit_callbacks):
    game = two_player_game(user, other_user)
    heard = []

    def receiver(sender, **kwargs):
        heard.append(kwargs)

    signals.turn_passed.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            play_first_legal(game, times=1)
        assert heard == []  # nothing before the commit
        for callback in callbacks:
            callback()
    finally:
        signals.turn_passed.disconnect(receiver)
    game.refresh_from_db()
    assert heard and heard[-1]["game_id"] == game.pk
    assert heard[-1]["seat"] == game.current_seat
