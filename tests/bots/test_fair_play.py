"""The bot sees only its seat's view: swapping what that seat cannot know changes none of its choices."""

from __future__ import annotations

import copy
import random

import pytest

from games.bots import Bot, bot_action
from games.engine import apply, legal_actions, new_game, view
from games.engine.content import load_content
from games.engine.core.dice import SeededDice
from games.engine.core.state import BAG, State, TokenState
from games.engine.playout import acting_seat


def hide_differently(content, state: State, seat: int, rng: random.Random) -> State:
    """The same game as ``seat`` knows it, with every hidden thing shuffled: face-down region cards,
    face-down tokens the seat has not seen, the bag's contents and the two boss cards."""
    other = state.clone()
    other.grid = list(state.grid)
    other.tokens = dict(state.tokens)
    hidden_cells = [c for c in range(len(other.grid)) if not other.revealed[c] and other.grid[c] is not None]
    letters = [other.grid[c] for c in hidden_cells]
    rng.shuffle(letters)
    for cell, letter in zip(hidden_cells, letters, strict=False):
        other.grid[cell] = letter
    # Face-down tokens on the board (unseen by the seat) swap places with each other and the bag.
    unseen = [tid for tid, ts in other.tokens.items()
              if ts.field and not ts.face_up and seat not in ts.seen_by
              and content.tokens[tid].category.value == "face_down"]
    pool = unseen + [tid for tid, ts in other.tokens.items()
                     if ts.loc == BAG and content.tokens[tid].category.value == "face_down"]
    locations = [other.tokens[t] for t in unseen]
    chosen = rng.sample(pool, len(unseen))
    olds = {t: other.tokens[t] for t in chosen}
    for tid in chosen:
        other.tokens[tid] = TokenState(BAG)
    for tid in unseen:
        if tid not in chosen:
            other.tokens[tid] = TokenState(BAG)
    for tid, loc in zip(chosen, locations, strict=False):
        other.tokens[tid] = TokenState(loc.loc, False, (), False)
    del olds
    revealed = state.revealed_cards
    if "namenloser" not in revealed and content.namenlose_cards:
        other.namenloser_card = rng.choice(sorted(content.namenlose_cards))
    if "dragon" not in revealed and content.dragon_cards:
        other.dragon_card = rng.choice(sorted(content.dragon_cards))
    return other


# The inner loop plays the opening of one game; the full suite plays three whole games (700 steps each).
@pytest.mark.parametrize("games,steps,least", [
    pytest.param(1, 150, 120, id="one-opening"),
    pytest.param(3, 700, 100, id="three-games", marks=pytest.mark.slow),
])
def test_hidden_things_do_not_change_the_bots_choices(games, steps, least):
    content = load_content()
    rng = random.Random(14)
    for game in range(games):
        seed = f"fair-{game}"
        state = new_game(content, 2, seed)
        bots = [Bot("normal", f"{seed}:{i}") for i in range(2)]
        compared = 0
        for sequence in range(1, steps):
            if state.phase == "finished":
                break
            seat = acting_seat(state)
            if state.phase == "play":
                twin = hide_differently(content, state, seat, rng)
                assert view(content, twin, seat) == view(content, state, seat)
                if legal_actions(content, twin, seat) == legal_actions(content, state, seat):
                    a = bot_action(content, state, seat, copy.deepcopy(bots[seat]))
                    b = bot_action(content, twin, seat, copy.deepcopy(bots[seat]))
                    assert a == b, f"hidden state changed the bot's choice at step {sequence}"
                    compared += 1
            action = bot_action(content, state, seat, bots[seat])
            state, _ = apply(content, state, seat, action, SeededDice(seed, sequence))
        assert compared > least


def test_a_bot_game_replays_exactly():
    content = load_content()

    def play() -> list:
        state = new_game(content, 2, "replay")
        bots = [Bot("normal", f"replay:{i}") for i in range(2)]
        actions = []
        for sequence in range(1, 400):
            seat = acting_seat(state)
            action = bot_action(content, state, seat, bots[seat])
            actions.append(action)
            state, _ = apply(content, state, seat, action, SeededDice("replay", sequence))
        return actions

    assert play() == play()
