"""The bot's memory between decisions (issue 14): the site builds a bot afresh for every step (a Celery
task per step, the stand-in of an overdue seat) and keeps what it learnt on the seat. A bot rebuilt from
``memory()`` — through JSON, as the database keeps it — must decide exactly as one bot object kept for the
whole game, or the site's bots are not the bots the completion benchmark measures."""

from __future__ import annotations

import json

import pytest

from games.bots import Bot, bot_action
from games.engine import apply, new_game
from games.engine.content import load_content
from games.engine.core.dice import SeededDice
from games.engine.playout import acting_seat


@pytest.mark.parametrize(("seats", "level"), [(2, "normal"), (1, "normal"), (3, "easy")])
def test_a_bot_rebuilt_from_its_memory_decides_as_the_kept_bot(seats, level):
    content = load_content()
    seed = f"memory-{seats}-{level}"
    kept = [Bot(level, f"{seed}:{i}") for i in range(seats)]
    state = new_game(content, seats, seed)
    remembered = 0
    for sequence in range(1, 1500):
        if state.phase == "finished":
            break
        seat = acting_seat(state)
        bot = kept[seat]
        memory = json.loads(json.dumps(bot.memory()))
        remembered += bool(memory["tries"] or memory["fought"] or memory["blocked"])
        rebuilt = Bot(level, f"{seed}:{seat}").remember(memory)
        rebuilt.rng.setstate(bot.rng.getstate())
        action = bot_action(content, state, seat, bot)
        assert bot_action(content, state, seat, rebuilt) == action, (sequence, action)
        assert rebuilt.memory() == bot.memory()
        state, _ = apply(content, state, seat, action, SeededDice(seed, sequence))
    assert remembered > 100, "the game gave the bots something to remember"


def test_an_empty_memory_is_a_new_bot():
    assert Bot("normal", 1).remember({}).memory() == Bot("normal", 1).memory()
    assert Bot("normal", 1).remember(None).memory() == Bot("normal", 1).memory()


@pytest.mark.django_db
def test_each_bot_step_on_the_site_starts_from_what_the_seats_last_step_kept(user, other_user, monkeypatch):
    """Both paths that play a bot on the site — the stand-in's system turn and the bot seat's Celery step —
    build the bot afresh and hand it the memory its seat kept after its last step (through the database)."""
    from games import services
    from games.models import BotMemory
    from games.services import bot_memory, bot_seats, bots, turns
    from tests.tasks.helpers import game_in_play

    kept: dict[int, dict] = {}
    handed: list[tuple[int, dict, dict]] = []

    def remembering(bot, *, game, seat_index):
        bot = bot_memory.remembering(bot, game=game, seat_index=seat_index)
        handed.append((seat_index, json.loads(json.dumps(bot.memory())), kept.get(seat_index, Bot().memory())))
        return bot

    def keep(bot, *, game, seat_index):
        kept[seat_index] = json.loads(json.dumps(bot.memory()))
        bot_memory.keep(bot, game=game, seat_index=seat_index)

    for module in (bots, turns):
        monkeypatch.setattr(module, "remembering", remembering)
        monkeypatch.setattr(module, "keep", keep)

    game = game_in_play(user, other_user)
    game.seats.update(is_bot=True, bot_level="normal", user=None)   # seats of bots (as a dropped player's)
    for _ in range(8):   # the stand-in plays whole turns
        game.refresh_from_db()
        services.play_system_turn(game=game, seat_index=game.current_seat, turn=game.turn_number, reason="bot",
                                  policy="bot")
    for _ in range(60):  # then bot steps, one task each (the turn's start is the begin_turn task's)
        game.refresh_from_db()
        if bot_seats.bot_seat(game) is None:
            services.turn_begin(game=game, turn=game.turn_number)
            continue
        services.play_step(game_id=game.pk, version=game.version)
    assert len(handed) > 60 and any(index == 1 for index, _, _ in handed[40:])
    assert all(given == expected for _, given, expected in handed), "a step's bot started from another memory"
    assert sum(1 for _, given, _ in handed if given["tries"] or given["stays"] or given["fought"]) > 10
    rows = {m.seat.index: m.data for m in BotMemory.objects.filter(seat__game=game)}
    assert rows == kept and set(rows) == {0, 1}
