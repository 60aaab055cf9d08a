"""A bot answers every kind of pending decision the rules can ask (one case per kind)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from games.bots import Bot, bot_action
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.core.payloads import (
    PAYLOADS,
    DragonRound,
    DragonStep,
    FightProgress,
    GroupFight,
    HeirChoice,
    Payload,
    Probe,
    ProbeStep,
    RobberyChoice,
)
from games.engine.core.state import Pending
from games.engine.registry import HOOKS
from tests.engine.helpers import begun, play_state

OPTIONS = {
    "choose_die": [2, 5],
    "choose_gift": ["gold", "vision"],
    "lose_lp": ["natural", "fd-1"],
    "broken_armour": ["keep", "drop"],
    "keep_item": ["fd-1", "fd-2"],
    "death_field": ["H1", "H2", "H4", "H6"],
    "hellsehen": ["draw", "hellsehen"],
    "bag_search": ["namenloser", "orchan"],
    "place_token": ["A1", "A2"],
    "probe_boost": ["none", "city-04"],
    "keep_dice": ["1+2", "5+6"],
    "dragon_robbery": ["gold", "item"],
    "attack_skill": ["magic", "melee"],
    "attack_loss": ["lp", "xp"],
    "swap_first": [3, 4],
    "swap_second": [5, 6],
    "teleport_to": ["A1", "A2"],
    "companion": ["keep", "leave"],
    "offer": ["decline", "buy"],
    "make_room": ["fd-1", "leave"],
    "choose_xp": ["blue", "green", "red"],
    "lose_xp": ["blue", "red"],
    # The co-op variant's decisions (issue 18): bots take the first option, the answer that keeps the game going.
    "join_group": ["join", "decline"],
    "group_fighter": [0, 1],
    "reward_to": [0, 1],
    "reward_agree": ["agree", "refuse"],
    "boss_fighter": [0, 1],
    "coop_potion": ["none", "fd-1"],
    "group_lesson": ["train", "decline"],
}


def test_every_registered_kind_is_covered():
    assert set(HOOKS.handlers.answer_class) <= set(OPTIONS)


def _payload(kind: str, probe: Probe) -> Payload:
    """The kind's record with a probe where it has one, the dragon's round where it has one, and blank
    values elsewhere (bots read the view)."""
    cls = PAYLOADS[kind]
    if cls is ProbeStep:
        return ProbeStep(probe)
    if cls is DragonStep:
        return DragonStep(DragonRound((0,), token=""))
    if cls is RobberyChoice:
        return RobberyChoice(DragonRound((0,)), "")
    if cls is GroupFight:
        return GroupFight(FightProgress(token="", skill="melee", heart=0, hearts=1, coop=True, leader=0))
    blank = {"str": "", "int": 0, "bool": False}
    return cls(**{f.name: blank.get(str(f.type), [] if str(f.type).startswith("list") else {}) for f in fields(cls)})


@pytest.mark.parametrize("kind", sorted(OPTIONS))
def test_the_bot_answers(kind):
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    probe = Probe(seat=0, skill="melee", mod=0, purpose="fight")
    state.pending = [Pending(seat=0, kind=kind, options=list(OPTIONS[kind]), context=_payload(kind, probe))]
    legal = legal_actions(content, state, 0)
    assert legal
    for level in ("easy", "normal", "strong"):
        assert bot_action(content, state, 0, Bot(level, 1)) in legal


@pytest.mark.parametrize(("options", "kept"), [(["fd-1", "gem"], "gem"), (["fd-1", "dp-axt-1", "fd-2"], "dp-axt-1")])
def test_the_heir_keeps_the_gem_then_the_deed(options, kept):
    """A bot that dies keeps the gem, else its deed's item: keeping the first item lost the gem in
    the tower and with it the whole deed."""
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    state.pending = [Pending(seat=0, kind="keep_item", options=options, context=HeirChoice("A1"))]
    action = bot_action(content, state, 0, Bot("normal", 1))
    assert next(iter(action.params().values())) == kept
