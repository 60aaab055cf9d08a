"""Groups in the cooperative variant (issue 18).

"Der Priester, der Krieger und der Zwerg bilden eine Gruppe. Da der Zwerg ein Paar Stiefel hat, zieht
die Gruppe jedes Mal drei Felder weit. Hätte der Zwerg keine Stiefel, könnte die Gruppe sogar nur zwei
Felder weit ziehen." Priester and Krieger walk 4, the Zwerg 2. Board: tests/engine/helpers.DEFAULT_ORDER.
"""

from __future__ import annotations

import pytest

from games.engine.core.actions import ChooseOption, ChooseSeat, EndMovement, EndTurn, FormGroup, Move
from games.engine.core.coop import CoopState
from games.engine.core.errors import IllegalActionError

from .helpers import act, begun, empty_bag, give_item, kinds_of, legal, neighbours_in_card, play_state


def trio(content, field="A1", boots=False, grouped=True):
    state = play_state(content, [("priester", field), ("krieger", field), ("zwerg", field)])
    state.coop = CoopState(groups=[[0, 1, 2]] if grouped else [])
    state.first_seat = 0
    empty_bag(state)
    if boots:
        give_item(content, state, 2, "stiefel")
    return state


@pytest.mark.rule("COOP-04")
def test_heroes_on_one_field_form_a_group_as_an_action_that_the_other_player_answers(content):
    state = trio(content, grouped=False)
    state.heroes[2].position = "A2"
    state = begun(content, state)
    assert legal(content, state, kind=FormGroup) == [FormGroup(seat=1)]  # the Zwerg stands elsewhere
    state, _ = act(content, state, FormGroup(seat=1))
    assert state.turn_state.action_taken and state.turn_state.movement_over  # forming a group is an action
    assert legal(content, state, seat=0) == []  # the Krieger's player answers first
    assert legal(content, state, seat=1) == [ChooseOption(option="join"), ChooseOption(option="decline")]
    state, events = act(content, state, ChooseOption(option="join"), seat=1)
    assert state.coop.groups == [[0, 1]] and "group_formed" in kinds_of(events)


@pytest.mark.rule("COOP-04")
def test_a_player_may_decline_and_a_group_has_at_most_three(content):
    state = begun(content, trio(content, grouped=False))
    state, _ = act(content, state, FormGroup(seat=2))
    state, events = act(content, state, ChooseOption(option="decline"), seat=2)
    assert state.coop.groups == [] and "group_declined" in kinds_of(events)
    full = play_state(content, [("priester", "A1"), ("krieger", "A1"), ("zwerg", "A1"), ("elf", "A1")])
    full.coop = CoopState(groups=[[1, 2, 3]])
    assert legal(content, begun(content, full), kind=FormGroup) == []


def test_no_groups_in_an_ordinary_game(content):
    state = trio(content, grouped=False)
    state.coop = None
    assert legal(content, begun(content, state), kind=FormGroup) == []


@pytest.mark.rule("COOP-05")
@pytest.mark.parametrize(("boots", "points"), [(True, 3), (False, 2)])
def test_the_group_walks_at_its_slowest_members_pace_items_counted(content, boots, points):
    state = begun(content, trio(content, boots=boots))
    assert state.turn_state.points == points


@pytest.mark.rule("COOP-05")
def test_the_group_follows_the_walker_on_each_members_turn(content):
    state = begun(content, trio(content))
    step = sorted(neighbours_in_card(content, "A1"))[0]
    state, _ = act(content, state, Move(to=step))
    state, events = act(content, state, EndMovement())
    assert [h.position for h in state.heroes] == [step] * 3
    assert kinds_of(events).count("group_follows") == 2
    state, _ = act(content, state, EndTurn())
    # The Krieger's turn: the group moves again, with him walking.
    state = begun(content, state)
    nxt = next(f for f in sorted(neighbours_in_card(content, step)) if f != "A1")
    state, _ = act(content, state, Move(to=nxt))
    state, _ = act(content, state, EndMovement())
    assert [h.position for h in state.heroes] == [nxt] * 3


def test_a_group_that_does_not_move_stays_together_where_it_is(content):
    state = begun(content, trio(content))
    state, _ = act(content, state, EndTurn())
    assert [h.position for h in state.heroes] == ["A1"] * 3 and state.coop.groups == [[0, 1, 2]]


@pytest.mark.rule("COOP-41")
def test_the_hexenbesen_carries_only_its_rider_who_leaves_the_group(content):
    from games.engine.core.actions import ChooseMovement, Fly

    state = trio(content)
    give_item(content, state, 0, "hexenbesen")
    state = begun(content, state)
    state, _ = act(content, state, ChooseMovement(mode="broom"))
    state, _ = act(content, state, Fly(to="B2"), rolls=(4,))
    if not state.turn_state.movement_over:
        state, _ = act(content, state, EndMovement())
    assert state.heroes[0].position == "B2"
    assert [h.position for h in state.heroes[1:]] == ["A1", "A1"]
    assert state.coop.groups == [[1, 2]]


def test_a_member_who_is_no_longer_beside_the_walker_leaves_the_group(content):
    state = trio(content)
    state.heroes[2].position = "A3"  # e.g. his heir begins at the manor
    state = begun(content, state)
    step = sorted(neighbours_in_card(content, "A1"))[0]
    state, _ = act(content, state, Move(to=step))
    state, events = act(content, state, EndMovement())
    assert state.heroes[2].position == "A3" and state.coop.groups == [[0, 1]]
    assert "group_left" in kinds_of(events)


def group_meets(content, heroes, monster):
    from .helpers import put_token

    state = play_state(content, [(h, "A1") for h in heroes])
    state.coop = CoopState(groups=[list(range(len(heroes)))])
    state.first_seat = 0
    empty_bag(state)
    put_token(state, monster, "A2", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, EndMovement()) if not state.turn_state.movement_over else (state, [])
    return state


def probes(events):
    return [(e.seat, e.data["skill"], e.data["passed"]) for e in events if e.kind == "probe"]


@pytest.mark.rule("COOP-06")
def test_group_example_1_the_wizard_fails_magic_and_the_elf_kills_the_ork_with_ranged(content):
    from games.engine.core.actions import Fight

    state = group_meets(content, ["magier", "zwerg", "elf"], "fd-09")  # Ork
    assert [h.position for h in state.heroes] == ["A2"] * 3
    lp = [h.lp for h in state.heroes]
    state, _ = act(content, state, Fight(token="fd-09", skill="magic"))
    assert legal(content, state) == [ChooseSeat(seat=0), ChooseSeat(seat=1), ChooseSeat(seat=2)]
    state, _ = act(content, state, ChooseSeat(seat=0), rolls=(6, 6))  # the Magier fails magic
    state, events = act(content, state, ChooseSeat(seat=2), rolls=(1, 1))  # the Elf passes ranged
    assert probes(events) == [(2, "ranged", True)] and "reward_to_agree" in kinds_of(events)
    assert [h.lp for h in state.heroes] == [lp[0] - 1, lp[1], lp[2]]  # the Zwerg need not fight


@pytest.mark.rule("COOP-06")
def test_group_example_2_the_dwarf_fails_twice_and_the_warrior_beats_the_wolf(content):
    from games.engine.core.actions import Fight

    state = group_meets(content, ["krieger", "zwerg"], "fd-01")  # Wolf
    lp = [h.lp for h in state.heroes]
    state, _ = act(content, state, Fight(token="fd-01", skill="magic"))
    state, _ = act(content, state, ChooseSeat(seat=1), rolls=(6, 6))
    state, _ = act(content, state, ChooseSeat(seat=1), rolls=(6, 6))
    state, events = act(content, state, ChooseSeat(seat=0), rolls=(1, 1))
    assert probes(events) == [(0, "melee", True)] and "reward_to_agree" in kinds_of(events)
    assert [h.lp for h in state.heroes] == [lp[0], lp[1] - 2]


@pytest.mark.rule("COOP-38")
def test_one_member_rests_in_the_white_village_and_every_member_heals_one_lp(content):
    from games.engine.core.actions import Rest

    state = trio(content, field="I5")
    for hero in state.heroes:
        hero.manor = "A1"
        hero.lp = hero.lp_max - 2
    state = begun(content, state)
    state, events = act(content, state, Rest())
    assert [h.lp_max - h.lp for h in state.heroes] == [1, 1, 1]
    assert kinds_of(events).count("companion_rests") == 2


@pytest.mark.rule("COOP-40")
def test_at_the_manor_the_home_hero_heals_all_and_his_companions_one_lp(content):
    from games.engine.core.actions import Rest

    state = trio(content, field="A1")
    for hero in state.heroes:
        hero.lp = hero.lp_max - 2
    state.heroes[1].manor = state.heroes[2].manor = "B1"
    state = begun(content, state)
    state, _ = act(content, state, Rest())
    assert [h.lp_max - h.lp for h in state.heroes] == [0, 1, 1]


def test_a_rest_is_offered_when_only_a_companion_is_hurt(content):
    from games.engine.core.actions import Rest

    state = trio(content, field="I5")
    for hero in state.heroes:
        hero.manor = "A1"
    state.heroes[2].lp -= 1
    state = begun(content, state)
    assert Rest() in legal(content, state)
    state, _ = act(content, state, Rest())
    assert state.heroes[2].lp == state.heroes[2].lp_max


@pytest.mark.rule("COOP-36")
def test_a_basar_sale_inside_the_group_earns_no_commission(content):
    from games.engine.core.actions import AnswerOffer, CallBazaar, OfferItem

    from .helpers import put_token

    state = play_state(content, [("krieger", "F2"), ("zwerg", "F2"), ("magier", "Z1")])
    state.coop = CoopState(groups=[[0, 1]])
    empty_bag(state)
    put_token(state, "enc-kleiner-basar", "F2", face_up=True)
    state = begun(content, state)
    state.turn_state.moved = True  # as if he came onto the field this turn
    state.heroes[1].gold = state.heroes[2].gold = 2
    state, _ = act(content, state, CallBazaar(), picks=["baz-06", "baz-13", "baz-10"])  # boots for 2 gold
    assert OfferItem(token="baz-06", seat=1) in legal(content, state)  # 2 gold is enough inside the group
    assert OfferItem(token="baz-06", seat=2) not in legal(content, state)  # outside it 2 + 1 are needed
    seller_gold = state.heroes[0].gold
    state, _ = act(content, state, OfferItem(token="baz-06", seat=1))
    state, events = act(content, state, AnswerOffer(answer="buy"), seat=1)
    assert state.heroes[1].gold == 0 and state.heroes[0].gold == seller_gold
    sold = next(e for e in events if e.kind == "item_sold")
    assert sold.data["commission"] == 0 and sold.rule == "COOP-36"


@pytest.mark.rule("COOP-45")
def test_the_whole_group_uses_the_teleporter(content):
    from games.engine.core.actions import UseTeleporter

    state = play_state(content, [("krieger", "S7"), ("priester", "S7")])
    state.coop = CoopState(groups=[[0, 1]])
    empty_bag(state)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="S3"))
    state, events = act(content, state, UseTeleporter(), rolls=(1,))
    assert [h.position for h in state.heroes] == ["S1", "S1"] and state.coop.groups == [[0, 1]]
    assert "group_follows" in kinds_of(events)


@pytest.mark.rule("COOP-49")
def test_an_item_is_handed_to_a_group_member_as_an_action(content):
    from games.engine.core.actions import HandItem

    state = trio(content)
    boots = give_item(content, state, 0, "stiefel")
    state = begun(content, state)
    offered = legal(content, state, kind=HandItem)
    assert HandItem(token=boots, seat=1) in offered and HandItem(token=boots, seat=2) in offered
    state, events = act(content, state, HandItem(token=boots, seat=2))
    assert boots in state.heroes[2].items and boots not in state.heroes[0].items
    assert state.tokens[boots].loc == "hero:2" and state.turn_state.action_taken  # it is an action
    assert "item_handed" in kinds_of(events)


def test_no_handing_over_outside_the_group_or_the_field(content):
    from games.engine.core.actions import HandItem

    state = trio(content, grouped=False)
    give_item(content, state, 0, "stiefel")
    assert legal(content, begun(content, state), kind=HandItem) == []
    state = trio(content)
    give_item(content, state, 0, "stiefel")
    state.heroes[1].position = "A2"
    assert [a.seat for a in legal(content, begun(content, state), kind=HandItem)] == [2]


def test_handing_armour_over_repairs_nothing(content):
    from games.engine.core.actions import HandItem

    state = trio(content)
    key = next(k for k, item in sorted(content.items.items()) if item.artificial_lp >= 2 and item.category == "armour")
    armour = give_item(content, state, 0, key)
    state.heroes[0].artificial[armour] = 1  # worn
    state = begun(content, state)
    takers = [a.seat for a in legal(content, state, kind=HandItem) if a.token == armour]
    state, _ = act(content, state, HandItem(token=armour, seat=takers[0]))
    assert state.heroes[takers[0]].artificial.get(armour) in (1, None)
    assert armour not in state.heroes[0].artificial


@pytest.mark.rule("COOP-59")
def test_a_hero_cannot_join_a_group_that_has_completed_its_deed(content):
    state = trio(content, grouped=False)
    state.coop.groups = [[1, 2]]
    state.heroes[1].gem = state.heroes[2].gem = True  # the Krieger and the Zwerg hold the gem
    assert legal(content, begun(content, state), kind=FormGroup) == []
    state.heroes[1].gem = state.heroes[2].gem = False
    assert legal(content, begun(content, state), kind=FormGroup) == [FormGroup(seat=1), FormGroup(seat=2)]


@pytest.mark.rule("COOP-48")
def test_a_quest_is_handed_to_a_group_member_as_an_action(content):
    from games.engine.core.actions import HandQuest
    from games.engine.core.state import TokenState

    state = trio(content)
    quest = next(t for t in sorted(content.tokens) if content.tokens[t].quest is not None
                 and content.tokens[t].quest.type in (1, 2))
    state.tokens[quest] = TokenState(loc="quest:0", face_up=True)
    state.heroes[0].quests.append(quest)
    state = begun(content, state)
    assert {a.seat for a in legal(content, state, kind=HandQuest)} == {1, 2}
    state, events = act(content, state, HandQuest(token=quest, seat=1))
    assert state.heroes[1].quests == [quest] and state.heroes[0].quests == []
    assert state.tokens[quest].loc == "quest:1" and "quest_handed" in kinds_of(events)
    assert state.turn_state.action_taken


@pytest.mark.rule("COOP-51")
def test_one_member_finds_the_secret_path_and_the_others_follow_without_rolling(content):
    # A7 is a yellow secret path with target 8, reached from A6 (tests/engine/test_movement.py).
    state = trio(content, field="A6")
    state = begun(content, state)
    state, events = act(content, state, Move(to="A7"), rolls=(4, 4))
    assert sum(1 for e in events if e.kind == "secret_path_search") == 1  # only the walker searches
    state, events = act(content, state, EndMovement())
    assert [h.position for h in state.heroes] == ["A7"] * 3


@pytest.mark.rule("COOP-57")
def test_the_reward_of_a_quest_goes_to_the_member_who_accepted_it(content):
    from games.engine.core.actions import ChooseXp, FulfilQuest
    from games.engine.core.state import TokenState

    state = trio(content, field="W6")
    state.tokens["fd-44"] = TokenState(loc="quest:0", face_up=True)  # the oasis: 1 gold, 1 EW
    state.heroes[0].quests.append("fd-44")
    gold = [h.gold for h in state.heroes]
    state = begun(content, state)
    state, _ = act(content, state, FulfilQuest(token="fd-44"))
    state, _ = act(content, state, ChooseXp(colour="green"))
    assert [h.gold for h in state.heroes] == [gold[0] + 1, gold[1], gold[2]]
    assert [h.xp["green"] for h in state.heroes] == [1, 0, 0]


def _ork_beaten_by_the_trio(content):
    from games.engine.core.actions import Fight

    state = group_meets(content, ["magier", "zwerg", "elf"], "fd-09")  # Ork: 1 gold, 1 red EW
    state, _ = act(content, state, Fight(token="fd-09", skill="magic"))
    state, _ = act(content, state, ChooseSeat(seat=0), rolls=(1, 1))
    return state


@pytest.mark.rule("COOP-08")
def test_the_group_agrees_who_receives_the_reward(content):
    state = _ork_beaten_by_the_trio(content)
    gold = [h.gold for h in state.heroes]
    assert legal(content, state, seat=0) == [ChooseSeat(seat=0), ChooseSeat(seat=1), ChooseSeat(seat=2)]
    state, _ = act(content, state, ChooseSeat(seat=1), seat=0)  # the Zwerg, proposed
    # Each other member answers; nothing is paid before both agree.
    assert legal(content, state, seat=1) == [ChooseOption(option="agree"), ChooseOption(option="refuse")]
    state, _ = act(content, state, ChooseOption(option="agree"), seat=1)
    assert state.heroes[1].gold == gold[1]
    state, events = act(content, state, ChooseOption(option="agree"), seat=2)
    assert "fight_won" in kinds_of(events) and state.heroes[1].gold == gold[1] + 1
    assert state.heroes[0].gold == gold[0] and state.coop.reward is None


@pytest.mark.rule("COOP-08")
def test_the_members_agree_in_any_order(content):
    """Ruling R-253: every member's agreement is open at once; the last member asked may answer first,
    and only the agreements stand side by side (the proposal itself waits for the fighter's player)."""
    state = _ork_beaten_by_the_trio(content)
    gold = [h.gold for h in state.heroes]
    assert legal(content, state, seat=1) == [] and legal(content, state, seat=2) == []
    with pytest.raises(IllegalActionError):
        act(content, state, ChooseSeat(seat=1), seat=2)
    state, _ = act(content, state, ChooseSeat(seat=1), seat=0)
    assert legal(content, state, seat=2) == [ChooseOption(option="agree"), ChooseOption(option="refuse")]
    state, events = act(content, state, ChooseOption(option="agree"), seat=2)  # before seat 1
    assert "reward_agreed" in kinds_of(events) and state.heroes[1].gold == gold[1]
    assert legal(content, state, seat=2) == [] and legal(content, state, seat=0) == []
    state, events = act(content, state, ChooseOption(option="agree"), seat=1)
    assert "fight_won" in kinds_of(events) and state.heroes[1].gold == gold[1] + 1


@pytest.mark.rule("COOP-08")
def test_a_refusal_asks_for_another_proposal_and_at_the_end_the_fighter_s_player_takes_it(content):
    state = _ork_beaten_by_the_trio(content)
    gold = [h.gold for h in state.heroes]
    state, _ = act(content, state, ChooseSeat(seat=1), seat=0)
    state, _ = act(content, state, ChooseOption(option="agree"), seat=1)
    state, events = act(content, state, ChooseOption(option="refuse"), seat=2)
    assert "reward_refused" in kinds_of(events)
    assert legal(content, state, seat=0) == [ChooseSeat(seat=0), ChooseSeat(seat=2)]
    state, _ = act(content, state, ChooseSeat(seat=2), seat=0)
    state, events = act(content, state, ChooseOption(option="refuse"), seat=1)
    assert legal(content, state, seat=2) == []  # the proposal is off: no one else is asked
    state, _ = act(content, state, ChooseSeat(seat=0), seat=0)
    state, events = act(content, state, ChooseOption(option="refuse"), seat=1)
    assert "fight_won" in kinds_of(events) and state.heroes[0].gold == gold[0] + 1  # all refused: R-237
