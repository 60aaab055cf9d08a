"""The cooperative variant's extra-hard monsters (issue 18): the text's worked examples as tests.

"Es muss gegen alle Farbpunkte auf einer Monstermarke gekämpft werden, in der folgenden Reihenfolge:
Magie, Fernkampf, Nahkampf." Probes pass with a sum at most the target; (1, 1) passes and (6, 6)
fails every probe of these heroes. Board: tests/engine/helpers.DEFAULT_ORDER.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engine import IllegalActionError, State
from games.engine.core.actions import Fight, FightLightning, Move
from games.engine.core.coop import CoopState
from games.engine.core.payloads import FightProgress, GroupFight, GroupInvite, RewardProposal
from games.engine.core.state import BAG, OUT, BossFight, Pending
from games.engine.rules.setup import new_game

from .helpers import act, begun, empty_bag, give_item, kinds_of, legal, play_state, put_token

PASS = (1, 1)
FAIL = (6, 6)
ORK = "fd-09"     # magic -2, ranged -1, melee -1, one heart
TROLL = "fd-03"   # ranged -1, melee -2, two hearts, no magic point
WOLF = "fd-01"    # magic -1, ranged -1, melee 0


def coop_fight(content, hero: str, monster: str, lp: int | None = None, melee: int = 0) -> State:
    """A co-op game: the hero one step from an open monster, the bag empty so a victory draws nothing."""
    state = play_state(content, [(hero, "A1")])
    state.coop = CoopState()
    empty_bag(state)
    put_token(state, monster, "A2", face_up=True)
    if lp is not None:
        state.heroes[0].lp = state.heroes[0].lp_max = lp
    state.heroes[0].training["melee"] = melee
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    return state


def probes(events) -> list[tuple[str, bool]]:
    return [(e.data["skill"], e.data["passed"]) for e in events if e.kind == "probe"]


def fight(content, state: State, monster: str, *rolls: tuple[int, int]):
    dice = tuple(d for pair in rolls for d in pair)
    return act(content, state, legal(content, state, kind=Fight)[0], rolls=dice)


@pytest.mark.rule("COOP-01")
def test_example_1_the_magic_probe_kills_the_ork_and_ends_the_fight(content):
    state = coop_fight(content, "magier", ORK)
    assert legal(content, state, kind=Fight) == [Fight(token=ORK, skill="magic")]  # no choice of skill
    state, events = fight(content, state, ORK, PASS)
    assert probes(events) == [("magic", True)]
    assert "fight_won" in kinds_of(events) and state.heroes[0].lp == 2


@pytest.mark.rule("COOP-01")
def test_example_2_a_failed_magic_probe_costs_an_lp_and_ranged_follows(content):
    state = coop_fight(content, "elf", ORK)
    state, events = fight(content, state, ORK, FAIL, PASS)
    assert probes(events) == [("magic", False), ("ranged", True)]
    assert state.heroes[0].lp == 2 and "fight_won" in kinds_of(events)


@pytest.mark.rule("COOP-01")
def test_example_3_three_failed_probes_cost_three_lp_and_lose_the_fight(content):
    state = coop_fight(content, "krieger", ORK)
    state, events = fight(content, state, ORK, FAIL, FAIL, FAIL)
    assert probes(events) == [("magic", False), ("ranged", False), ("melee", False)]
    assert state.heroes[0].lp == 1
    assert "fight_lost" in kinds_of(events) and "fight_won" not in kinds_of(events)
    assert state.turn_state.turn_over and state.tokens[ORK].loc == "field:A2"


@pytest.mark.rule("COOP-02", "COOP-03")
def test_example_4_the_troll_has_no_magic_point_and_its_second_heart_repeats_the_round(content):
    state = coop_fight(content, "krieger", TROLL, lp=6)
    assert legal(content, state, kind=Fight) == [Fight(token=TROLL, skill="ranged")]
    state, events = fight(content, state, TROLL, FAIL, FAIL, FAIL, FAIL)
    assert probes(events) == [("ranged", False), ("melee", False), ("ranged", False), ("melee", False)]
    assert state.heroes[0].lp == 2  # -2, and again -2
    assert "fight_lost" in kinds_of(events)


@pytest.mark.rule("COOP-03")
def test_example_5_the_elf_beats_the_troll_over_two_rounds(content):
    state = coop_fight(content, "elf", TROLL, melee=2)  # "oh Wunder": a trained Elf
    state, events = fight(content, state, TROLL, PASS, FAIL, PASS)
    assert probes(events) == [("ranged", True), ("ranged", False), ("melee", True)]
    assert state.heroes[0].lp == 2 and "fight_won" in kinds_of(events)


@pytest.mark.rule("COOP-03")
def test_a_heart_lost_and_the_next_won_is_still_a_lost_fight(content):
    """Ruling R-220: the monster is beaten only if every heart's round had a passed probe."""
    state = coop_fight(content, "krieger", TROLL, lp=6)
    state, events = fight(content, state, TROLL, FAIL, FAIL, PASS)
    assert probes(events) == [("ranged", False), ("melee", False), ("ranged", True)]
    assert "fight_lost" in kinds_of(events) and state.heroes[0].lp == 4


@pytest.mark.rule("COOP-01")
def test_a_hero_who_dies_in_the_middle_of_the_fight_makes_no_further_probe(content):
    """Ruling R-222: the Magier's 2 LP are gone after two failures; the melee probe never comes."""
    state = coop_fight(content, "magier", ORK)
    state, events = fight(content, state, ORK, FAIL, FAIL)
    assert probes(events) == [("magic", False), ("ranged", False)]
    assert "hero_died" in kinds_of(events) and state.tokens[ORK].loc == "field:A2"


@pytest.mark.rule("COOP-07")
def test_a_beaten_monster_goes_into_the_bag(content):
    state = coop_fight(content, "krieger", WOLF)
    state, events = fight(content, state, WOLF, FAIL, FAIL, PASS)
    assert state.tokens[WOLF].loc == BAG and state.heroes[0].lp == 2


@pytest.mark.rule("COOP-01")
def test_the_blitzschlag_has_no_place_in_the_fixed_order(content):
    """Ruling R-223: the fight runs over the points by itself; a spell choosing the skill is not offered."""
    state = play_state(content, [("magier", "A1")])
    state.coop = CoopState()
    empty_bag(state)
    give_item(content, state, 0, "blitzschlag")
    put_token(state, TROLL, "A2", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert not legal(content, state, kind=FightLightning)
    with pytest.raises(IllegalActionError):
        act(content, state, FightLightning(token=TROLL))


def test_an_ordinary_game_has_no_coop_state_and_no_coop_key_in_its_json(content):
    state = new_game(content, seats=2, seed="x")
    assert state.coop is None and "coop" not in state.to_json()
    assert State.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.rule("COOP-09")
def test_a_coop_game_has_the_namenloser_in_the_bag_from_the_start(content):
    state = new_game(content, seats=2, seed="x", variant="coop")
    namenloser = next(t for t in content.tokens if content.tokens[t].kind.value == "namenloser")
    assert state.tokens[namenloser].loc == BAG
    assert state.coop == CoopState()
    again = State.from_json(state.to_json())
    assert again.coop == state.coop and again.to_json() == state.to_json()
    ordinary = new_game(content, seats=2, seed="x")
    assert ordinary.tokens[namenloser].loc != BAG and ordinary.tokens[namenloser].loc != OUT


def test_an_unknown_variant_is_refused(content):
    with pytest.raises(IllegalActionError):
        new_game(content, seats=2, seed="x", variant="solo")


def test_the_boss_fights_all_skills_mark_is_in_the_json_only_when_set(content):
    """The co-op Namenloser fight (COOP-33) keeps its mark through the state's JSON; an ordinary fight's
    JSON has no such key, so the fights of stored and golden games read and hash as before."""
    state = new_game(content, seats=2, seed="x")
    state.boss_fight = BossFight(seat=0, boss="namenloser", skill="magic", mod=-3, lp=3, double=False, hoard=0,
                                 hits=0, probing=False, shown=False)
    assert "all_skills" not in state.to_json()["flags"]["boss_fight"]
    assert State.from_json(state.to_json()).boss_fight == state.boss_fight
    state.boss_fight = replace(state.boss_fight, all_skills=True)
    assert state.to_json()["flags"]["boss_fight"]["all_skills"] is True
    assert State.from_json(state.to_json()).boss_fight == state.boss_fight


def test_the_coop_decisions_keep_their_records_through_the_json(content):
    state = new_game(content, seats=3, seed="x", variant="coop")
    fight = FightProgress(token=ORK, skill="magic", heart=0, hearts=1, coop=True, leader=0)
    state.pending = [Pending(seat=1, kind="join_group", options=["join", "decline"], context=GroupInvite(0)),
                     Pending(seat=0, kind="group_fighter", options=[0, 1], context=GroupFight(fight)),
                     Pending(seat=2, kind="reward_agree", options=["agree", "refuse"], context=RewardProposal(1))]
    back = State.from_json(state.to_json())
    assert back.pending == state.pending
    assert back.pending[0].payload(GroupInvite).leader == 0
    assert back.pending[2].to_json()["context"] == {"to": 1}
    # The fight's progress keeps the keys the dict had, and an ordinary fight's none of the co-op ones.
    assert back.pending[1].to_json()["context"] == {"fight": {"token": ORK, "skill": "magic", "heart": 0,
                                                              "hearts": 1, "lightning": False, "coop": True,
                                                              "leader": 0}}
    assert FightProgress(token=ORK, skill="melee", heart=1, hearts=2).to_json() == {
        "token": ORK, "skill": "melee", "heart": 1, "hearts": 2, "lightning": False}
