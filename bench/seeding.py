"""Games with a log of a given length, for the HTTP benchmark and the query-count tests.

``seed_game`` plays through the services, every step a real ``action_submit`` chosen by the bot (what
the benchmark measures against). ``seed_game_fast`` plays the same bot with the engine alone and writes
the outcome in one go — the same rows a played game has (state rows, one log row per step with its
events), in a fraction of the time, for tests that need a log of 1,500 actions.
"""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model
from django.db import transaction

from games import services
from games.bots import Bot
from games.engine import apply, dice_for, legal_actions, view
from games.engine.content import load_content
from games.engine.content.model import TokenCategory
from games.engine.playout import acting_seat
from games.models import Game, GameAction
from games.persistence import apply_game_fields, load_state, write_changes


def bench_users(count: int, prefix: str = "bench") -> list:
    """``count`` users ``<prefix>0`` ... (created once; no usable password: the benchmark makes their
    sessions directly, and hashing thousands of passwords would take minutes)."""
    User = get_user_model()
    names = [f"{prefix}{i}" for i in range(count)]
    existing = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    User.objects.bulk_create([User(username=name, email=f"{name}@example.org", password="!") for name in names
                              if name not in existing])
    by_name = {user.username: user for user in User.objects.filter(username__in=names)}
    return [by_name[name] for name in names]


def _new_game(players: list, title: str) -> Game:
    game = services.game_create(creator=players[0], title=title, seat_count=len(players))
    for other in players[1:]:
        services.game_join(game=game, user=other)
    game.refresh_from_db()
    return game


# The final fights: a seeded game must still be running after its 1,500 steps, and the normal bot now
# wins many games well before that (issue 14), so seeding never challenges the Namenloser or the dragon,
# nor steps onto their fields (where the fight is forced at the next turn's start).
FINAL_FIGHTS = ("challenge_namenloser", "challenge_dragon")
# A won Wächter or Drachenmensch moves the hero before his boss, whom he must fight next turn: the
# seeded games keep off their fields too (the tenth-round bots reached them within 1,500 steps).
BOSSES = (TokenCategory.NAMENLOSER, TokenCategory.DRAGON, TokenCategory.GUARDIAN, TokenCategory.DRACHENMENSCH)


def _towards_a_boss(content, state, action) -> bool:
    fields = {ts.loc.removeprefix("field:") for tid, ts in state.tokens.items()
              if ts.loc.startswith("field:") and content.tokens[tid].category in BOSSES}
    return action.kind in FINAL_FIGHTS or any(value in fields for value in action.params().values()
                                              if isinstance(value, str))


def choose_action(content, state, seat: int, legal: list, rng: random.Random):
    """The normal bot's choice for ``seat``, from the seat's own view (a fresh bot per step: seeding
    needs plausible games, not the bot's memory within a turn), never a final fight while another step
    is possible."""
    offered = [a for a in legal if not _towards_a_boss(content, state, a)] or legal
    # The bot seeds itself from the text of the seed: the float's text keeps the games seeded as before.
    return Bot("normal", str(rng.random())).choose(content, view(content, state, seat), offered)


def _steps(content, state, seed: str, first_sequence: int, count: int, dice_version: int):
    """The bot's next ``count`` steps from ``state``: (seat, action, state after, events)."""
    rng = random.Random(f"{seed}:{first_sequence}")
    for sequence in range(first_sequence, first_sequence + count):
        seat = acting_seat(state)
        actions = legal_actions(content, state, seat)
        if not actions:
            return
        action = choose_action(content, state, seat, actions, rng)
        state, events = apply(content, state, seat, action, dice_for(dice_version, seed, sequence))
        yield seat, action, state, events


ATTEMPTS = 5  # games a seeding may start before one runs long enough (a forced final fight can end one)


def seed_game(players: list, actions: int, title: str = "bench") -> Game:
    """A game between ``players`` with ``actions`` bot-chosen steps, each submitted through the services;
    one that ends before (a hero made to fight the Namenloser on his own field, and winning) is deleted
    and another one seeded."""
    for _ in range(ATTEMPTS - 1):
        game = _seed_game_once(players, actions, title)
        if game.status != Game.Status.FINISHED:
            return game
        game.delete()
    return _seed_game_once(players, actions, title)


def _seed_game_once(players: list, actions: int, title: str) -> Game:
    game = _new_game(players, title)
    users = {seat.index: seat.user for seat in game.seats.select_related("user")}
    content = load_content()
    rng = random.Random(f"{game.seed}:bench")
    for _ in range(actions):
        game.refresh_from_db()
        if game.status not in (Game.Status.SETUP, Game.Status.RUNNING):
            break
        state = load_state(game)
        seat = acting_seat(state)
        legal = legal_actions(content, state, seat)
        if not legal:
            break
        action = choose_action(content, state, seat, legal, rng)
        services.action_submit(game=game, user=users[seat], action=action.to_json(), expected_version=game.version,
                               idempotency_key=f"seed:{game.version}")
    game.refresh_from_db()
    return game


def seed_game_fast(players: list, actions: int, title: str = "bench") -> Game:
    """The same kind of game, played by the engine and written at once (rows as ``seed_game`` leaves them);
    like ``seed_game``, a game that ends too soon gives way to another one."""
    content = load_content()
    for attempt in range(ATTEMPTS):
        game = _new_game(players, title)
        start = load_state(game)
        steps = list(_steps(content, start, game.seed, game.version + 1, actions, game.dice_version))
        if attempt == ATTEMPTS - 1 or not steps or steps[-1][2].phase != "finished":
            break
        game.delete()
    users = {seat.index: seat.user for seat in game.seats.select_related("user")}
    rows: list[GameAction] = []
    state = start
    for seat, action, after, events in steps:
        state = after
        sequence = game.version + 1 + len(rows)
        rows.append(GameAction(game=game, sequence=sequence, seat=seat, actor=users[seat], action=action.to_json(),
                               events=[e.to_json() for e in events], idempotency_key=f"seed:{sequence}",
                               request_hash=services.request_hash(seat, action.to_json())))
    with transaction.atomic():
        write_changes(game, start, state)
        fields = apply_game_fields(game, state)
        game.version += len(rows)
        if not state.phase.startswith("setup"):
            game.status = Game.Status.FINISHED if state.phase == "finished" else Game.Status.RUNNING
        game.save(update_fields=[*fields, "version", "status"])
        GameAction.objects.bulk_create(rows, batch_size=500)
    game.refresh_from_db()
    return game
