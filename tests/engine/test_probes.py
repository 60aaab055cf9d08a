"""Probes ("Proben"), skill values ("Fertigkeiten") and experience dice ("Erfahrung").

The vehicle is a fight against a wolf (fd-01: melee 0, 1 heart) one step from the hero.
"""

from __future__ import annotations

import pytest

from games.engine import view
from games.engine.core import rules as R
from games.engine.core.actions import Fight, KeepDice, Move, SetDicePolicy, UseBoost
from games.engine.core.heroes import dice_count, skill_value
from games.engine.core.state import PILE_CITY

from .helpers import act, begun, empty_bag, give_item, kinds_of, legal, play_state, put_token


def at_wolf(content, hero="krieger", **xp):
    state = play_state(content, [(hero, "A1")])
    empty_bag(state)
    put_token(state, "fd-01", "A2", face_up=True)
    state.heroes[0].xp.update(xp)
    return state


def fight_wolf(content, state, skill="melee", rolls=()):
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    return act(content, state, Fight(token="fd-01", skill=skill), rolls=rolls)


def probe_event(events):
    return next(e for e in events if e.kind == "probe")


@pytest.mark.rule("PROBE-01", "PROBE-02", "PROBE-03", "PROBE-04", "SKILL-01", "SKILL-02")
@pytest.mark.parametrize("rolls,passed", [((3, 4), True), ((4, 4), False), ((1, 1), True), ((6, 2), False)])
def test_a_probe_passes_when_two_dice_are_at_most_the_value(content, rolls, passed):
    state, events = fight_wolf(content, at_wolf(content), rolls=rolls)
    probe = probe_event(events)
    assert probe.dice == rolls and probe.data["target"] == 7 and probe.data["passed"] is passed
    assert probe.rule == (R.PROBE_PASS if passed else R.PROBE_FAIL)


@pytest.mark.rule("SKILL-03", "SKILL-04", "SKILL-06", "XP-01")
def test_only_the_best_item_counts_training_adds_and_eleven_is_the_cap(content):
    state = play_state(content, [("krieger", "A1")])
    hero = state.heroes[0]
    give_item(content, state, 0, "schwert")
    give_item(content, state, 0, "schwert_vom_see")
    assert skill_value(content, state, hero, "melee") == 7 + 2  # not 7 + 1 + 2
    hero.training["melee"] = 1
    assert skill_value(content, state, hero, "melee") == 10
    assert skill_value(content, state, hero, "melee", items=False) == 8
    hero.training["melee"] = 3
    assert skill_value(content, state, hero, "melee") == 11  # 12 is capped
    hero.xp["red"] = 8
    assert skill_value(content, state, hero, "melee") == 11  # experience never changes the value


@pytest.mark.rule("XP-04", "XP-05", "HERO-08", "HERO-20")
@pytest.mark.parametrize("hero,xp,dice", [
    ("krieger", 1, 2), ("krieger", 2, 3), ("krieger", 5, 4), ("krieger", 8, 5),
    ("hobbit", 1, 3), ("hobbit", 4, 4), ("hobbit", 7, 5),
    ("zentaur", 2, 2), ("zentaur", 3, 3), ("zentaur", 6, 4), ("zentaur", 9, 5),
])
def test_the_experience_level_sets_the_number_of_dice(content, hero, xp, dice):
    state = play_state(content, [(hero, "A1")])
    state.heroes[0].xp["red"] = xp
    assert dice_count(content, state.heroes[0], "melee") == dice
    assert dice_count(content, state.heroes[0], "magic") == 2


@pytest.mark.rule("XP-05", "XP-06")
def test_the_policy_best_keeps_the_two_lowest_dice(content):
    state, events = fight_wolf(content, at_wolf(content, red=2), rolls=(6, 1, 2))
    probe = probe_event(events)
    assert probe.dice == (6, 1, 2) and probe.data["kept"] == [1, 2] and probe.data["passed"]
    assert "experience_dice_kept" in kinds_of(events)


@pytest.mark.rule("XP-06")
def test_with_the_policy_ask_the_player_keeps_two_dice_of_his_choice(content):
    state = at_wolf(content, red=2)
    state = begun(content, state)
    assert SetDicePolicy(policy="ask") in legal(content, state)
    state, events = act(content, state, SetDicePolicy(policy="ask"))
    assert state.heroes[0].dice_policy == "ask" and not state.turn_state.action_taken
    assert view(content, state, 0)["heroes"][0]["dice_policy"] == "ask"
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(6, 1, 2))
    assert legal(content, state) == [KeepDice(dice=d) for d in ("1+2", "1+6", "2+6")]
    pending = view(content, state, 0)["pending"][0]
    assert pending["probe"]["dice"] == [6, 1, 2] and pending["probe"]["target"] == 7
    state, events = act(content, state, KeepDice(dice="2+6"))
    assert not probe_event(events).data["passed"] and state.heroes[0].lp == 3


@pytest.mark.rule("XP-07")
def test_lost_experience_lowers_the_level_at_once(content):
    from games.engine.effects.rewards import take_xp

    from .helpers import Ctx_for

    state = play_state(content, [("krieger", "A1")])
    state.heroes[0].xp["red"] = 2
    assert dice_count(content, state.heroes[0], "melee") == 3
    take_xp(Ctx_for(content, state), 0, "red", R.XP_LOST, "test")
    assert dice_count(content, state.heroes[0], "melee") == 2


@pytest.mark.rule("HERO-07")
def test_the_gnom_adds_a_second_skill_value(content):
    state, events = fight_wolf(content, at_wolf(content, hero="gnom"), rolls=(4, 3))
    # melee 1 + the best other value (magic or ranged 3) = 4
    assert probe_event(events).data["target"] == 4
    state = at_wolf(content, hero="gnom")
    state.heroes[0].training.update(magic=8, melee=6)  # 11 and 7: the sum is capped at 11
    state, events = fight_wolf(content, state, rolls=(1, 1))
    assert probe_event(events).data["target"] == 11


@pytest.mark.rule("HERO-17")
def test_the_schamane_adds_one_to_magic_probes(content):
    state, events = fight_wolf(content, at_wolf(content, hero="schamane"), skill="magic", rolls=(4, 3))
    assert probe_event(events).data["target"] == 6 + 1 - 1  # magic 6, +1, the wolf's -1


@pytest.mark.rule("GLOS-68", "SPELL-03", "GLOS-69", "GLOS-67")
def test_a_spruchrolle_gives_the_value_9_once_and_returns_to_the_city(content):
    state = at_wolf(content, hero="gnom")
    tid = give_item(content, state, 0, "spruchrolle_hammer")
    give_item(content, state, 0, "spruchrolle_bogen")  # not for melee
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-01", skill="melee"))
    assert legal(content, state) == [UseBoost(boost="none"), UseBoost(boost=tid)]
    state, events = act(content, state, UseBoost(boost=tid), rolls=(5, 6))
    # 9 replaces the value; the Gnom still adds his second value (capped at 11), the wolf's 0 applies.
    assert probe_event(events).data["target"] == 11 and probe_event(events).data["passed"]
    assert state.tokens[tid].loc == PILE_CITY and tid not in state.heroes[0].items


@pytest.mark.rule("GLOS-21", "GLOS-24", "SPELL-03")
@pytest.mark.parametrize("face,dice", [("erfahrung", 4), ("grosse_erfahrung", 5)])
def test_the_erfahrung_spells_give_four_or_five_dice_once(content, face, dice):
    state = at_wolf(content)
    tid = give_item(content, state, 0, face)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-01", skill="melee"))
    state, events = act(content, state, UseBoost(boost=tid), rolls=(6,) * (dice - 2) + (1, 2))
    assert len(probe_event(events).dice) == dice and probe_event(events).data["passed"]
    assert state.tokens[tid].loc == PILE_CITY


@pytest.mark.rule("GLOS-21")
def test_declining_the_spell_keeps_it(content):
    state = at_wolf(content)
    tid = give_item(content, state, 0, "erfahrung")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-01", skill="melee"))
    state, events = act(content, state, UseBoost(boost="none"), rolls=(1, 2))
    assert tid in state.heroes[0].items and len(probe_event(events).dice) == 2
