"""Bots in the co-op variant (issue 18): every co-op decision answered from a real position, the villain seat
played (the automatic march; a villain player leading the Diener to the fires), and a whole bot-only game."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bots import Bot, bot_action
from games.engine import apply, legal_actions, new_game, seat_count
from games.engine.content import load_content
from games.engine.core.actions import (
    ChallengeNamenloser,
    ChooseOption,
    ChooseSeat,
    EndTurn,
    Fight,
    FormGroup,
    MarchServants,
    MoveServant,
    UseEncounter,
)
from games.engine.core.dice import SeededDice
from games.engine.playout import acting_seat
from tests.engine.helpers import act, begun, give_item, put_token
from tests.engine.test_coop_groups import group_meets, trio
from tests.engine.test_coop_servants import place_servants
from tests.engine.test_coop_special_cases import group, trio_at_the_namenloser
from tests.engine.test_coop_villain import to_villain, villain_board

CONTENT = load_content()


@pytest.fixture
def content():
    return CONTENT


def bot(state, seat):
    action = bot_action(CONTENT, state, seat, Bot("normal", 1))
    assert action in legal_actions(CONTENT, state, seat)
    return action


@pytest.mark.rule("COOP-04")
def test_the_bot_joins_a_group(content):
    state = begun(content, trio(content, grouped=False))
    state, _ = act(content, state, FormGroup(seat=1))
    assert state.pending[0].kind == "join_group"
    assert bot(state, 1) == ChooseOption(option="join")


@pytest.mark.rule("COOP-06")
def test_the_bot_names_the_member_with_most_lp_for_the_groups_probe(content):
    state = group_meets(content, ["magier", "zwerg", "elf"], "fd-09")  # Ork
    state, _ = act(content, state, Fight(token="fd-09", skill="magic"))
    assert state.pending[0].kind == "group_fighter"
    assert bot(state, 0) == ChooseSeat(seat=1)  # the Zwerg: 5 LP


@pytest.mark.rule("COOP-08")
def test_the_bot_proposes_and_agrees_on_the_reward(content):
    state = group_meets(content, ["magier", "zwerg", "elf"], "fd-09")
    state, _ = act(content, state, Fight(token="fd-09", skill="magic"))
    state, _ = act(content, state, ChooseSeat(seat=0), rolls=(1, 1))
    assert state.pending[0].kind == "reward_to"
    proposal = bot(state, 0)
    assert isinstance(proposal, ChooseSeat)
    state, _ = act(content, state, proposal, seat=0)
    assert state.pending[0].kind == "reward_agree"
    assert bot(state, state.pending[0].seat) == ChooseOption(option="agree")


@pytest.mark.rule("COOP-33", "COOP-34")
def test_the_bot_names_the_namenloser_fighter_and_drinks_when_low(content):
    state = trio_at_the_namenloser(content)
    give_item(content, state, 0, "violetter_heiltrank")
    state.heroes[0].lp = 1
    state, _ = act(content, state, ChallengeNamenloser(skill="magic"))
    assert state.pending[0].kind == "boss_fighter"
    fighter = bot(state, 0)
    assert fighter == ChooseSeat(seat=2)  # the Zwerg has the most LP left
    state, _ = act(content, state, ChooseSeat(seat=1))
    assert state.pending[0].kind == "coop_potion"
    assert bot(state, 0).option != "none"


@pytest.mark.rule("COOP-43")
def test_the_bot_takes_the_groups_lesson(content):
    state = group(content, ["krieger", "elf"], field="E5")
    put_token(state, "enc-mirabar", "E5", face_up=True)
    state, _ = act(content, begun(content, state), UseEncounter(token="enc-mirabar"), rolls=(6, 6))
    assert state.pending[0].kind == "group_lesson"
    assert bot(state, 1) == ChooseOption(option="train")


@pytest.mark.rule("COOP-25")
def test_the_bot_on_the_automatic_villain_seat_marches(content):
    state = villain_board(content, "automatic")
    place_servants(state, "I1")
    state = to_villain(content, state)
    assert bot(state, 1) == MarchServants()


@pytest.mark.rule("COOP-18")
def test_the_bot_villain_player_leads_the_diener_to_the_fires_then_ends_its_turn(content):
    state = villain_board(content, "player")
    place_servants(state, "I1")
    state = to_villain(content, state)
    steps = 0
    while (action := bot(state, 1)) != EndTurn():
        assert isinstance(action, MoveServant)
        state, _ = act(content, state, action, seat=1)
        steps += 1
    assert steps == 3  # at most three points for one Diener, each one nearer to a free fire


@pytest.mark.slow
@pytest.mark.rule("COOP-18", "COOP-25")
def test_a_two_hero_coop_game_with_bots_on_every_seat_runs_to_its_end():
    state = new_game(CONTENT, 2, "coop-bots-2", variant="coop", villain="player")
    seats = seat_count(state)
    bots = [Bot("normal", f"2:{i}") for i in range(seats)]
    kinds: Counter[str] = Counter()
    sequence = 0
    while state.phase != "finished" and state.turn <= 60 * seats:
        seat = acting_seat(state)
        assert legal_actions(CONTENT, state, seat), (state.phase, state.turn, seat)
        action = bot_action(CONTENT, state, seat, bots[seat])
        kinds[action.kind] += 1
        sequence += 1
        state, _ = apply(CONTENT, state, seat, action, SeededDice("s2", sequence))
    assert state.phase == "finished" or state.turn > 60 * seats
    assert kinds["move_servant"] > 0  # the Namenloser came, and the bot on the villain seat moved his Diener
