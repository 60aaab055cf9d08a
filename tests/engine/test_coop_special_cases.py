"""The co-op variant's list of special cases and its last rules (issue 18, "Jetzt müssen noch ein paar
Sonderfälle geklärt werden"): potions, the spring, the coach, trainers, the boat, gold/EW/LP, the deed back
to the king, four players, and a group fighting the Namenloser. Board: tests/engine/helpers.DEFAULT_ORDER.
"""

from __future__ import annotations

import pytest

from games.engine.core.actions import (
    ChallengeNamenloser,
    ChooseOption,
    ChooseSeat,
    EndMovement,
    FormGroup,
    HandItem,
    KeepItem,
    Move,
    UseEncounter,
    UseItem,
)
from games.engine.core.coop import CoopState, outcome
from games.engine.core.errors import DiceExhaustedError
from games.engine.effects.life import die
from games.engine.rules.groups import group_points

from .helpers import Ctx_for, act, begun, empty_bag, give_item, kinds_of, legal, play_state, put_token

PASS = (1, 1)
FAIL = (6, 6)


def group(content, heroes, field="A1", villain=None):
    state = play_state(content, [(key, field) for key in heroes])
    state.coop = CoopState(groups=[list(range(len(heroes)))], villain=villain, automatic=villain != "player")
    state.first_seat = 0
    empty_bag(state)
    return state


# --- the fight against the Namenloser as a group ------------------------------------------------------------
def trio_at_the_namenloser(content, villain=None):
    """"Eine Gruppe aus Magier, Elfin und Zwerg kämpfen gegen den König der Finsternis" (the text's example),
    every skill trained to 11 so that (1, 1) passes and (6, 6) fails against -3."""
    state = group(content, ["magier", "elf", "zwerg"], field="H3", villain=villain)
    for hero in state.heroes:
        hero.gem = True
        card = content.heroes[hero.hero]
        hero.training = {s: 11 - getattr(card, s) for s in ("magic", "ranged", "melee")}
    state.namenloser_card = "koenig_der_finsternis"
    put_token(state, "namenloser", "H3", face_up=True)
    for tid, field in (("grd-1", "H5"), ("grd-2", "H7"), ("grd-3", "H8"), ("grd-4", "H9")):
        put_token(state, tid, field)
    return begun(content, state)


@pytest.mark.rule("COOP-33", "COOP-34", "COOP-06", "R-245", "R-246")
def test_the_group_names_each_probes_fighter_and_who_does_not_fight_may_drink_a_potion(content):
    state = trio_at_the_namenloser(content)
    potion = give_item(content, state, 0, "violetter_heiltrank")
    state.heroes[0].lp = 1
    state, _ = act(content, state, ChallengeNamenloser(skill="magic"))
    assert legal(content, state, seat=0) == [ChooseSeat(seat=0), ChooseSeat(seat=1), ChooseSeat(seat=2)]
    # "Zuerst versucht der Magier sein Glück gegen den Namenlosen. Die Probe gelingt."
    state, events = act(content, state, ChooseSeat(seat=0), rolls=PASS)
    assert [(e.seat, e.data["skill"]) for e in events if e.kind == "probe"] == [(0, "magic")]
    # "In der Fernkampfrunde der Elfin kämpft der Magier nicht und könnte einen Heiltrank zu sich nehmen."
    state, _ = act(content, state, ChooseSeat(seat=1))
    assert legal(content, state, seat=0) == [ChooseOption(option="none"), ChooseOption(option=potion)]
    state, events = act(content, state, ChooseOption(option=potion), seat=0, rolls=PASS)
    assert "potion_while_not_fighting" in kinds_of(events)
    assert state.heroes[0].lp == state.heroes[0].lp_max and potion not in state.heroes[0].items
    assert [(e.seat, e.data["skill"]) for e in events if e.kind == "probe"] == [(1, "ranged")]
    # The Zwerg fails melee: he, not the challenger, loses the LP.
    lp = state.heroes[2].lp
    state, events = act(content, state, ChooseSeat(seat=2), rolls=FAIL)
    assert state.heroes[2].lp == lp - 1 and state.heroes[0].lp == state.heroes[0].lp_max


@pytest.mark.rule("COOP-60", "R-245")
def test_a_group_of_three_beaten_by_the_namenloser_loses_the_whole_game(content):
    state = trio_at_the_namenloser(content)
    state.heroes[2].lp = 1
    state, _ = act(content, state, ChallengeNamenloser(skill="magic"))
    state, events = act(content, state, ChooseSeat(seat=2), rolls=FAIL)
    assert "hero_died" in kinds_of(events) and "coop_trio_beaten" in kinds_of(events)
    assert state.phase == "finished" and state.winner is None and state.coop.lost and outcome(state) == "lost"
    assert state.pending == [] and state.boss_fight is None


@pytest.mark.rule("COOP-60", "COOP-14")
def test_with_a_villain_player_the_beaten_group_of_three_is_his_win(content):
    state = trio_at_the_namenloser(content, villain="player")
    state.heroes[1].lp = 1
    state, _ = act(content, state, ChallengeNamenloser(skill="magic"))
    state, _ = act(content, state, ChooseSeat(seat=1), rolls=FAIL)
    assert state.phase == "finished" and state.winner == 3 and outcome(state) == "villain"


@pytest.mark.rule("COOP-60")
def test_a_group_of_two_beaten_by_the_namenloser_only_heals_him(content):
    state = trio_at_the_namenloser(content)
    state.coop.groups = [[0, 1]]
    state.heroes[2].position = "A1"
    state.heroes[1].lp = 1
    state, _ = act(content, state, ChallengeNamenloser(skill="magic"))
    assert legal(content, state, seat=0) == [ChooseSeat(seat=0), ChooseSeat(seat=1)]
    state, events = act(content, state, ChooseSeat(seat=1), rolls=FAIL)
    assert "boss_heals" in kinds_of(events) and "coop_trio_beaten" not in kinds_of(events)
    assert state.phase == "play" and state.boss_fight is None


@pytest.mark.rule("COOP-35", "R-49")
def test_the_standard_rules_go_on_and_beating_the_namenloser_wins_the_coop_game_for_the_heroes(content):
    """Ruling R-49: all standard rules apply unless a COOP row changes them; the heroes win by beating the
    Namenloser, and the victor's seat is the winner."""
    state = trio_at_the_namenloser(content)
    state.coop.groups = []
    state, _ = act(content, state, ChallengeNamenloser(skill="magic"), rolls=PASS * 7)
    assert state.phase == "finished" and state.winner == 0 and outcome(state) == "heroes"


# --- potions, gold, EW and LP inside the group ---------------------------------------------------------------
@pytest.mark.rule("COOP-37", "R-244")
def test_a_healing_potion_heals_only_the_one_who_drinks_it(content):
    state = group(content, ["krieger", "elf"])
    potion = give_item(content, state, 0, "violetter_heiltrank")
    for hero in state.heroes:
        hero.lp = 1
    state = begun(content, state)
    state, _ = act(content, state, UseItem(token=potion))
    assert state.heroes[0].lp == state.heroes[0].lp_max and state.heroes[1].lp == 1


@pytest.mark.rule("COOP-46", "COOP-47", "COOP-50", "R-244")
def test_gold_ew_and_lp_never_pass_between_group_members(content):
    state = group(content, ["krieger", "elf"])
    purse = give_item(content, state, 0, "goldbeutel")
    sword = give_item(content, state, 0, "schwert")
    state.heroes[0].xp = {"blue": 2, "green": 1, "red": 1}
    state.heroes[0].lp = 2
    state = begun(content, state, rolls=(6,))  # the Goldbeutel's roll: no coin
    hands = legal(content, state, kind=HandItem)
    assert HandItem(token=sword, seat=1) in hands and all(h.token != purse for h in hands)
    before = [(h.gold, dict(h.xp), h.lp) for h in state.heroes]
    after, _ = act(content, state, HandItem(token=sword, seat=1))
    assert [(h.gold, dict(h.xp), h.lp) for h in after.heroes] == before
    # No action of the group's turn moves gold, EW or LP to the other member.
    for action in legal(content, state):
        if action.kind in ("end_turn", "set_dice_policy"):
            continue
        try:
            moved, _ = act(content, state, action, rolls=PASS * 4)
        except DiceExhaustedError:
            continue  # an action that needs more dice than given proves nothing here
        other = moved.heroes[1]
        assert (other.gold, dict(other.xp), other.lp) == before[1], action


# --- the spring, trainers, the coach and the boat --------------------------------------------------------------
@pytest.mark.rule("COOP-39", "R-251")
def test_every_member_on_the_spring_rolls_for_himself(content):
    state = group(content, ["krieger", "elf", "zwerg"], field="A5")
    put_token(state, "enc-quelle", "A5", face_up=True)
    for hero in state.heroes:
        hero.lp = 1
    state = begun(content, state)
    state, events = act(content, state, UseEncounter(token="enc-quelle"), rolls=(2, 3, 1))
    assert [(e.seat, e.dice) for e in events if e.kind == "spring_roll"] == [(0, (2,)), (1, (3,)), (2, (1,))]
    assert [h.lp for h in state.heroes] == [3, 3, 2]


@pytest.mark.rule("COOP-39")
def test_a_member_elsewhere_does_not_roll_at_the_spring(content):
    state = group(content, ["krieger", "elf"], field="A5")
    state.heroes[1].position = "A1"
    put_token(state, "enc-quelle", "A5", face_up=True)
    state.heroes[0].lp = state.heroes[1].lp = 1
    state, events = act(content, begun(content, state), UseEncounter(token="enc-quelle"), rolls=(2,))
    assert [e.seat for e in events if e.kind == "spring_roll"] == [0] and state.heroes[1].lp == 1


@pytest.mark.rule("COOP-43", "R-252")
def test_whoever_meets_the_trainer_every_member_may_take_a_lesson(content):
    state = group(content, ["krieger", "elf", "zwerg"], field="E5")
    put_token(state, "enc-mirabar", "E5", face_up=True)
    gold = [h.gold for h in state.heroes]
    state = begun(content, state)
    # A training probe raises the skill when it fails (TRAIN-02): the Krieger's fails, the Elf's passes.
    state, _ = act(content, state, UseEncounter(token="enc-mirabar"), rolls=FAIL)
    assert state.heroes[0].training["magic"] == 1 and state.heroes[0].gold == gold[0] - 1
    assert legal(content, state, seat=1) == [ChooseOption(option="train"), ChooseOption(option="decline")]
    state, _ = act(content, state, ChooseOption(option="train"), seat=1, rolls=PASS)
    assert state.heroes[1].gold == gold[1] - 1 and state.heroes[1].training["magic"] == 0
    state, events = act(content, state, ChooseOption(option="decline"), seat=2)
    assert "group_lesson_declined" in kinds_of(events) and state.heroes[2].gold == gold[2]


@pytest.mark.rule("COOP-42", "R-248")
def test_the_coach_carries_two_members_at_its_pace_not_three(content):
    pair = group(content, ["zwerg", "krieger"])
    give_item(content, pair, 1, "kutsche")
    assert group_points(content, pair, 0) == content.items["kutsche"].movement_set  # the Zwerg rides along
    trio = group(content, ["zwerg", "krieger", "magier"])
    give_item(content, trio, 1, "kutsche")
    # The coach takes the slower of the two others (Zwerg 2, Magier 3); the Magier walks at his own 3.
    assert group_points(content, trio, 0) == content.heroes["magier"].movement


@pytest.mark.rule("COOP-44", "R-249")
def test_the_whole_group_takes_the_boat_but_not_with_a_coach_or_a_horse(content):
    state = group(content, ["krieger", "elf"], field="L4")
    state.boat = "L4"
    moved, _ = act(content, begun(content, state), Move(to="L2"))
    moved, events = act(content, moved, EndMovement())
    assert [h.position for h in moved.heroes] == ["L2", "L2"] and [h.gold for h in moved.heroes] == [1, 2]
    give_item(content, state, 1, "pferd")
    assert "L2" not in [a.to for a in legal(content, begun(content, state), kind=Move)]
    alone = play_state(content, [("krieger", "L4"), ("elf", "L4")])
    alone.coop = CoopState()
    alone.boat = "L4"
    give_item(content, alone, 0, "pferd")
    assert "L2" in [a.to for a in legal(content, begun(content, alone), kind=Move)]  # a hero alone: as ever


# --- deaths and four players -------------------------------------------------------------------------------------
@pytest.mark.rule("COOP-56", "R-247")
def test_the_deed_goes_back_to_the_king_when_the_whole_group_has_died(content):
    state = group(content, ["krieger", "elf"])
    state.heroes[0].deed = "befreie_daphne"
    ctx = Ctx_for(content, state)
    die(ctx, 1, "DEATH-01", "test")  # the Elf dies first: he leaves the group, the deed stays
    assert state.coop.groups == [] and state.heroes[0].deed == "befreie_daphne"
    state.pending = []
    die(ctx, 0, "DEATH-01", "test")
    assert state.heroes[0].deed is None and "deed_returned" in kinds_of(ctx.events)


@pytest.mark.rule("COOP-56")
def test_a_deed_holder_who_dies_beside_a_living_member_keeps_the_deed_for_his_heir(content):
    state = group(content, ["krieger", "elf"])
    state.heroes[0].deed = "befreie_daphne"
    ctx = Ctx_for(content, state)
    die(ctx, 0, "DEATH-01", "test")
    if state.pending and state.pending[0].kind == "keep_item":
        act(content, state, KeepItem(token=state.pending[0].options[0]), seat=0)
    assert state.heroes[0].deed == "befreie_daphne" and "deed_returned" not in kinds_of(ctx.events)


@pytest.mark.rule("COOP-58", "R-250")
def test_with_four_heroes_two_groups_form_and_a_trio_needs_a_villain_player(content):
    state = play_state(content, [("priester", "A1"), ("krieger", "A1"), ("zwerg", "A1"), ("elf", "A1")])
    state.coop = CoopState(groups=[[0, 1]])
    state.first_seat = 0
    assert legal(content, begun(content, state), kind=FormGroup) == []  # no third member without a villain
    state.coop.groups = [[1, 2]]
    assert legal(content, begun(content, state), kind=FormGroup) == [FormGroup(seat=3)]
    state.coop = CoopState(groups=[[0, 1]], villain="player", automatic=False)
    assert FormGroup(seat=2) in legal(content, begun(content, state), kind=FormGroup)


def test_the_groups_namenloser_fight_survives_the_json_and_an_ordinary_fight_keeps_its_keys(content):
    from games.engine.core.state import BossFight, State

    state = trio_at_the_namenloser(content)
    state, _ = act(content, state, ChallengeNamenloser(skill="magic"))
    state, _ = act(content, state, ChooseSeat(seat=1), rolls=FAIL)  # the Elf fails: the next probe is to name
    fight = state.boss_fight
    assert fight.group == [0, 1, 2] and fight.fighter == 1 and not fight.named and fight.prober() == 1
    assert state.pending[0].kind == "boss_fighter"
    assert State.from_json(state.to_json()).boss_fight == fight
    alone = BossFight(seat=0, boss="dragon", skill="magic", mod=0, lp=5, double=False, hoard=0, hits=0,
                      probing=False)
    assert set(alone.to_json()) == {"seat", "boss", "skill", "mod", "lp", "double", "hoard", "hits", "probing",
                                    "shown"}
