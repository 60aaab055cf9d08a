"""The demo game of a fresh installation: Alrik and Brida, set up and a few turns into play."""

from __future__ import annotations

import random

from accounts.demo import ensure_demo_accounts
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat

from . import services
from .models import Game
from .persistence import load_state

DEMO_TITLE = "Demo"
DEMO_TURNS = 6
MAX_STEPS = 200


def _choose(actions, rng: random.Random):
    """Random legal actions, with a liking for walking on so the board comes alive."""
    for kind in ("choose_movement", "move"):
        walking = [a for a in actions if a.kind == kind and getattr(a, "mode", "walk") == "walk"]
        if walking and rng.random() < 0.85:
            return rng.choice(walking)
    return rng.choice(actions)


def ensure_demo_game() -> Game:
    """Create the demo game between the demo accounts unless it exists; returns it."""
    alrik, brida = ensure_demo_accounts()
    game = Game.objects.filter(title=DEMO_TITLE, creator=alrik).first()
    if game is not None:
        return game
    game = services.game_create(creator=alrik, title=DEMO_TITLE, seat_count=2)
    services.game_join(game=game, user=brida)
    users = {seat.index: seat.user for seat in game.seats.select_related("user")}
    content = load_content()
    rng = random.Random("heldenweb-demo")
    for _step in range(MAX_STEPS):
        game.refresh_from_db()
        if game.status != Game.Status.SETUP and game.turn_number > DEMO_TURNS:
            break
        state = load_state(game)
        seat = acting_seat(state)
        actions = legal_actions(content, state, seat)
        if not actions:
            break
        services.action_submit(game=game, user=users[seat], action=_choose(actions, rng).to_json(),
                               expected_version=game.version, idempotency_key=f"demo:{game.version}")
    game.refresh_from_db()
    return game
