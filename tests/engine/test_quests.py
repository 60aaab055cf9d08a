"""Quests ("Aufgaben"): accepting, laying down, swapping, and fulfilling all six types."""

from __future__ import annotations

import pytest

from games.engine.core import rules as R
from games.engine.core.actions import AcceptQuest, ChooseXp, DropQuest, EndTurn, FulfilQuest, Move, PickUp
from games.engine.core.heroes import skill_value
from games.engine.core.state import OUT, PILE_BAZAAR, TokenState

from .helpers import act, begun, empty_bag, give_item, into_bag, legal, play_state, put_token, rules_of


def questing(content, hero="krieger", field="A1", seats=1):
    heroes = [(hero, field), *[("elf", "Z1"), ("zwerg", "Y1")][:seats - 1]]
    state = play_state(content, heroes)
    empty_bag(state)
    return state


def holding(state, seat, *quests):
    for qid in quests:
        state.tokens[qid] = TokenState(loc=f"quest:{seat}", face_up=True)
        state.heroes[seat].quests.append(qid)
    return state


@pytest.mark.rule("QUEST-01", "QUEST-05", "QUEST-06", "QUEST-08", "TOK-16", "TOK-17", "TOK-18")
def test_accepting_a_quest_is_an_action_with_a_draw(content):
    state = questing(content)
    put_token(state, "fd-44", "A2")
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert AcceptQuest(token="fd-44") in legal(content, state)
    state, events = act(content, state, AcceptQuest(token="fd-44"))
    assert state.heroes[0].quests == ["fd-44"] and state.tokens["fd-44"].loc == "quest:0"
    assert state.tokens["enc-quelle"].field == "A5" and R.QUEST_DRAW in rules_of(events)
    assert state.turn_state.movement_over


@pytest.mark.rule("QUEST-09", "QUEST-10", "QUEST-11")
def test_at_four_quests_one_is_laid_down_with_its_items_and_nothing_is_drawn(content):
    state = questing(content)
    holding(state, 0, "fd-30", "fd-35", "fd-44", "fd-45")
    statuette = give_item(content, state, 0, "statuette")
    state.heroes[0].found.append("fd-35")
    put_token(state, "fd-41", "A1", face_up=True)
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    offered = legal(content, state, kind=AcceptQuest)
    assert offered == [AcceptQuest(token="fd-41", swap=q) for q in ("fd-30", "fd-35", "fd-44", "fd-45")]
    state, events = act(content, state, AcceptQuest(token="fd-41", swap="fd-35"))
    assert state.tokens["fd-35"].field == "A1" and state.tokens[statuette].field == "A1"
    assert "fd-41" in state.heroes[0].quests and state.heroes[0].found == []
    assert state.turn_state.bag_draws == 0 and R.QUEST_SWAP in rules_of(events)


@pytest.mark.rule("QUEST-09", "QUEST-12")
def test_a_quest_may_be_laid_down_face_up_and_is_open_for_anyone(content):
    state = questing(content, seats=2)
    holding(state, 0, "fd-44")
    state = begun(content, state)
    state, events = act(content, state, DropQuest(token="fd-44"))
    assert state.tokens["fd-44"].field == "A1" and state.tokens["fd-44"].face_up
    assert state.turn_state.bag_draws == 0


@pytest.mark.rule("QUEST-13", "QUEST-07", "QUEST-12")
def test_type_1_visit_a_place(content):
    state = questing(content, field="W6")
    holding(state, 0, "fd-44")  # the oasis: 1 gold, 1 EW of any colour
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, events = act(content, state, FulfilQuest(token="fd-44"))
    state, _ = act(content, state, ChooseXp(colour="green"))
    hero = state.heroes[0]
    assert hero.gold == 2 and hero.xp["green"] == 1 and hero.quests == []
    assert state.tokens["fd-44"].loc == OUT and state.turn_state.bag_draws == 1
    assert R.QUEST_TYPE[1] in rules_of(events) and R.QUEST_DONE in rules_of(events)
    elsewhere = begun(content, holding(questing(content, field="W7"), 0, "fd-44"))
    assert FulfilQuest(token="fd-44") not in legal(content, elsewhere)


@pytest.mark.rule("QUEST-14", "TRAIN-07", "TRAIN-08")
@pytest.mark.parametrize("hero,gain", [("krieger", 2), ("magier", 1)])
def test_type_2_find_a_person_finde_mirabar_raises_magic_by_2_or_1(content, hero, gain):
    state = questing(content, hero=hero, field="E5")
    holding(state, 0, "fd-38")
    put_token(state, "enc-mirabar", "E5", face_up=True)
    state = begun(content, state)
    before = skill_value(content, state, state.heroes[0], "magic", items=False)
    state, events = act(content, state, FulfilQuest(token="fd-38"))
    assert skill_value(content, state, state.heroes[0], "magic", items=False) == before + gain
    assert R.TRAIN_QUEST in rules_of(events)


@pytest.mark.rule("QUEST-15")
def test_type_3_a_bought_item_brought_to_a_place(content):
    state = questing(content, field="I5")
    holding(state, 0, "fd-43")
    potion = give_item(content, state, 0, "roter_heiltrank")
    state = begun(content, state)
    state, _ = act(content, state, FulfilQuest(token="fd-43"))
    state, _ = act(content, state, ChooseXp(colour="blue"))
    state, _ = act(content, state, ChooseXp(colour="red"))
    assert state.tokens[potion].loc == PILE_BAZAAR and state.heroes[0].items == []
    assert state.heroes[0].gold == 2 and state.heroes[0].xp == {"blue": 1, "green": 0, "red": 1}


@pytest.mark.rule("QUEST-16", "GLOS-78")
def test_type_4_a_bought_item_brought_to_a_person(content):
    state = questing(content, field="I5")
    holding(state, 0, "fd-41")  # boots for the Waldläufer
    boots = give_item(content, state, 0, "stiefel")
    assert FulfilQuest(token="fd-41") not in legal(content, begun(content, state))
    put_token(state, "enc-waldlaeufer", "I5", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, FulfilQuest(token="fd-41"))
    state, _ = act(content, state, ChooseXp(colour="red"))
    assert state.tokens[boots].loc == PILE_BAZAAR and state.heroes[0].gold == 3


@pytest.mark.rule("QUEST-16", "WATER-04", "WATER-05", "GLOS-82")
def test_the_wand_in_the_boat(content):
    state = questing(content, field="L4")
    holding(state, 0, "fd-42")
    give_item(content, state, 0, "zauberstab")
    put_token(state, "enc-kahn", "L4", face_up=True)
    state.boat = "L4"
    state = begun(content, state)
    state, _ = act(content, state, FulfilQuest(token="fd-42"))
    assert state.boat == "staff" and state.heroes[0].items == []


@pytest.mark.rule("QUEST-17", "QUEST-18", "QUEST-04", "GLOS-70", "GLOS-02")
def test_type_5_find_the_item_for_its_gold_then_bring_it_and_it_turns_into_the_reward(content):
    state = questing(content, field="P10")
    holding(state, 0, "fd-35")  # the statuette: 2 gold when found, the Amulett at the royal court
    put_token(state, "qi-statuette", "P10", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, PickUp(token="qi-statuette"))
    assert state.heroes[0].gold == 3 and state.heroes[0].found == ["fd-35"]
    assert R.QUEST_FOUND[5] in rules_of(events)
    assert FulfilQuest(token="fd-35") not in legal(content, state)
    state, _ = act(content, state, EndTurn())
    state.heroes[0].position = "J5"
    state = begun(content, state)
    state, events = act(content, state, FulfilQuest(token="fd-35"))
    assert state.tokens["qi-statuette"].flipped and state.heroes[0].items == ["qi-statuette"]
    assert state.heroes[0].gold == 3 and state.tokens["fd-35"].loc == OUT
    from games.engine.core.heroes import has_flag

    assert has_flag(content, state, state.heroes[0], "amulet_secret_paths")


@pytest.mark.rule("QUEST-17")
def test_the_found_reward_is_paid_once(content):
    state = questing(content, field="P10")
    holding(state, 0, "fd-35")
    put_token(state, "qi-statuette", "P10", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, PickUp(token="qi-statuette"))
    from games.engine.core.actions import DropItem

    state, _ = act(content, state, DropItem(token="qi-statuette"))
    state, _ = act(content, state, PickUp(token="qi-statuette"))
    assert state.heroes[0].gold == 3


@pytest.mark.rule("QUEST-19", "QUEST-20", "GLOS-41", "GLOS-23")
def test_type_6_the_biscuits_to_the_confused_healer_give_the_goldbeutel(content):
    state = questing(content, field="M5")
    holding(state, 0, "fd-37")
    biscuits = give_item(content, state, 0, "maronenkekse")
    state.heroes[0].found.append("fd-37")
    put_token(state, "enc-verwirrter-heiler", "M5", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, FulfilQuest(token="fd-37"))
    assert state.tokens[biscuits].flipped and state.heroes[0].purse == 1
    assert R.QUEST_TYPE[6] in rules_of(events)


@pytest.mark.rule("QUEST-21", "TOK-22")
def test_only_the_quest_holder_sees_the_underlined_item(content):
    state = questing(content, seats=2)
    put_token(state, "qi-kristall", "A2", face_up=True)
    holding(state, 1, "fd-33")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert PickUp(token="qi-kristall") not in legal(content, state)


@pytest.mark.rule("R-160", "QUEST-09", "QUEST-11", "BAG-08")
@pytest.mark.parametrize("take", ["fd-41", "fd-45"])
def test_laying_a_quest_down_and_then_accepting_one_is_a_swap_without_a_draw(content, take):
    # Found by bots playing full games: at four quests, "drop" then "accept" drew a token, where the
    # one-step swap draws none. Taking back the quest just laid down draws nothing either.
    state = questing(content)
    holding(state, 0, "fd-30", "fd-35", "fd-44", "fd-45")
    put_token(state, "fd-41", "A1", face_up=True)
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, DropQuest(token="fd-45"))
    assert AcceptQuest(token=take) in legal(content, state)
    state, events = act(content, state, AcceptQuest(token=take))
    assert take in state.heroes[0].quests and len(state.heroes[0].quests) == 4
    assert state.turn_state.bag_draws == 0 and state.tokens["enc-quelle"].loc == "bag"
    assert R.QUEST_SWAP in rules_of(events) and R.QUEST_DRAW not in rules_of(events)


@pytest.mark.rule("R-160", "QUEST-06")
def test_each_laid_down_quest_excuses_one_acceptance(content):
    state = questing(content)
    holding(state, 0, "fd-44")
    put_token(state, "fd-41", "A1", face_up=True)
    put_token(state, "fd-30", "A1", face_up=True)
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, DropQuest(token="fd-44"))
    state, events = act(content, state, AcceptQuest(token="fd-41"))
    assert state.turn_state.bag_draws == 0 and state.turn_state.laid_down == []
    state, events = act(content, state, AcceptQuest(token="fd-30"))
    assert state.turn_state.bag_draws == 1 and R.QUEST_DRAW in rules_of(events)
