"""Fights ("Kämpfe"), the action phase's first action, and the monsters that take something else.

Board of these tests (tests/engine/helpers.DEFAULT_ORDER), north up:
    A B C D E / F G H I J / K L M N O / P R S T U / V W X Y Z
The Krieger has melee 7, ranged 3, magic 3 and 4 LP.
"""

from __future__ import annotations

import pytest

from games.engine import IllegalActionError
from games.engine.core import rules as R
from games.engine.core.actions import (
    ChooseOption,
    ChooseXp,
    DropItem,
    EndMovement,
    EndTurn,
    Evade,
    Fight,
    FightLightning,
    LoseLp,
    MakeRoom,
    Move,
    PickUp,
)
from games.engine.core.state import BAG, OUT, PILE_CITY, companion_of, held_by

from .helpers import (
    act,
    begun,
    empty_bag,
    give_item,
    into_bag,
    kinds_of,
    legal,
    play_state,
    put_token,
    rules_of,
)


def fight_ready(content, hero="krieger", monster="fd-01", face_up=True, field="A2", start="A1", seats=1):
    """A hero one step from a monster; the bag is empty so victories draw nothing."""
    heroes = [(hero, start), *[("elf", "Z1"), ("zwerg", "Y1"), ("magier", "X1")][:seats - 1]]
    state = play_state(content, heroes)
    empty_bag(state)
    put_token(state, monster, field, face_up=face_up)
    return state


@pytest.mark.rule("TOK-05", "TOK-06", "TOK-07", "TURN-02", "ACT-04", "FIGHT-02", "FIGHT-05", "FIGHT-10")
def test_walking_onto_an_open_monster_forces_the_fight_before_anything_else(content):
    state = begun(content, fight_ready(content))
    state, events = act(content, state, Move(to="A2"))
    assert state.turn_state.forced_fight and state.turn_state.movement_over
    offered = legal(content, state)
    # Only the wolf's three points can be fought; no ending the turn, no other action first.
    assert offered == [Fight(token="fd-01", skill=s) for s in ("magic", "ranged", "melee")]
    with pytest.raises(IllegalActionError, match=r"fight comes first|must be fought first"):
        act(content, state, EndTurn())
    state, events = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(3, 4))
    assert "fight_won" in kinds_of(events)
    probe = next(e for e in events if e.kind == "probe")
    assert probe.data["target"] == 7 and probe.dice == (3, 4)  # melee 7 with the wolf's 0


@pytest.mark.rule("FACEDOWN-01", "TOK-07", "FIGHT-06", "PROBE-05")
def test_revealing_a_monster_forces_the_fight_with_its_modifier(content):
    state = begun(content, fight_ready(content, monster="fd-03", face_up=False))  # Troll: melee -2, 2 hearts
    state, _ = act(content, state, Move(to="A2"))
    assert state.tokens["fd-03"].face_up and state.turn_state.forced_fight
    state, events = act(content, state, Fight(token="fd-03", skill="melee"), rolls=(2, 3, 1, 4))
    targets = [e.data["target"] for e in events if e.kind == "probe"]
    assert targets == [5, 5]  # 7 - 2, once per heart
    assert "fight_won" in kinds_of(events)


@pytest.mark.rule("FIGHT-01", "FIGHT-07", "FIGHT-08", "FIGHT-16", "LP-03", "FIGHT-03")
def test_the_first_failed_probe_is_a_defeat_that_costs_one_lp_and_ends_the_turn(content):
    state = begun(content, fight_ready(content, monster="fd-03"))
    state, _ = act(content, state, Move(to="A2"))
    # The troll has no blue point: it cannot be fought with magic.
    assert Fight(token="fd-03", skill="magic") not in legal(content, state)
    # Only one probe is rolled: the first failure ends the fight (ruling R-15).
    state, events = act(content, state, Fight(token="fd-03", skill="melee"), rolls=(6, 6))
    assert state.heroes[0].lp == 3
    assert R.FIGHT_LP in rules_of(events) and R.FIGHT_ENDS_TURN in rules_of(events)
    assert legal(content, state) == [EndTurn()]
    assert state.tokens["fd-03"].field == "A2"  # the monster stays


@pytest.mark.rule("FIGHT-17", "TOK-06")
def test_starting_a_turn_on_a_monster_forces_nothing(content):
    state = fight_ready(content, field="A1")
    state = begun(content, state)
    offered = legal(content, state)
    assert Fight(token="fd-01", skill="melee") in offered and EndTurn() in offered
    assert any(isinstance(a, Move) for a in offered)
    state, _ = act(content, state, Move(to="A2"))
    assert not state.turn_state.forced_fight


@pytest.mark.rule("TURN-02", "ACT-04", "TURN-03", "ACT-03")
def test_the_fight_is_the_first_action_and_an_action_ends_movement(content):
    state = fight_ready(content, field="A1")
    give_item(content, state, 0, "bogen")
    state = begun(content, state)
    # On the monster's field the fight comes before any other action (ruling R-80): no dropping first.
    assert DropItem(token="baz-01") not in legal(content, state)
    state, events = act(content, state, Fight(token="fd-01", skill="ranged"), rolls=(1, 1))
    while state.pending:
        state, more = act(content, state, legal(content, state)[0])
        events = [*events, *more]
    assert state.turn_state.movement_over and R.ACTION_ENDS_MOVEMENT in rules_of(events)
    offered = legal(content, state)
    assert not any(isinstance(a, (Fight, Move)) for a in offered)
    assert DropItem(token="baz-01") in offered


@pytest.mark.rule("FIGHT-11", "FIGHT-12", "XP-02", "XP-03")
def test_two_dice_with_a_colour_choice_must_differ(content):
    state = begun(content, fight_ready(content, monster="fd-15"))  # Werwolf: 2 hearts, 2 EW of any colour
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-15", skill="melee"), rolls=(1, 1, 1, 2))
    assert state.heroes[0].gold == 1 + 2
    assert legal(content, state) == [ChooseXp(colour=c) for c in ("blue", "green", "red")]
    state, _ = act(content, state, ChooseXp(colour="red"))
    assert legal(content, state) == [ChooseXp(colour="blue"), ChooseXp(colour="green")]
    state, events = act(content, state, ChooseXp(colour="green"))
    assert state.heroes[0].xp == {"blue": 0, "green": 1, "red": 1}


@pytest.mark.rule("TOK-08", "TOK-09", "FIGHT-15", "BAG-01")
def test_a_victory_draws_and_the_monster_without_back_reward_goes_into_the_bag(content):
    state = fight_ready(content)
    into_bag(state, "enc-quelle")  # Quelle des Lebens, printed on A5
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(1, 1), picks=["enc-quelle"])
    assert state.tokens["fd-01"].loc == BAG
    assert state.tokens["enc-quelle"].field == "A5" and state.tokens["enc-quelle"].face_up
    assert R.TOK_MONSTER_DRAW in rules_of(events) and state.turn_state.bag_draws == 1


@pytest.mark.rule("FIGHT-18", "FIGHT-19", "TOK-40", "TOK-41")
def test_diener_are_fought_first_and_leave_the_game(content):
    state = fight_ready(content)
    put_token(state, "srv-01", "A2", face_up=True)  # melee -1, 1 heart, 1 gold, 1 red EW
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert legal(content, state) == [Fight(token="srv-01", skill="melee")]
    state, events = act(content, state, Fight(token="srv-01", skill="melee"), rolls=(2, 2))
    assert state.tokens["srv-01"].loc == OUT and state.heroes[0].xp["red"] == 1
    assert R.TOK_SERVANT_OUT in rules_of(events)


@pytest.mark.rule("FIGHT-18")
def test_of_several_monsters_the_player_chooses_one_and_fights_once(content):
    state = fight_ready(content)
    put_token(state, "fd-02", "A2", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    tokens = {a.token for a in legal(content, state)}
    assert tokens == {"fd-01", "fd-02"}
    state, _ = act(content, state, Fight(token="fd-02", skill="ranged"), rolls=(1, 1))
    assert not any(isinstance(a, Fight) for a in legal(content, state))


@pytest.mark.rule("FIGHT-13", "FIGHT-14", "TOK-09")
def test_the_item_on_the_back_is_won_and_the_token_turns_over(content):
    state = begun(content, fight_ready(content, monster="red-yeti"))  # back: the Yeti's sabre
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="red-yeti", skill="melee"), rolls=(1, 1, 1, 1))
    state, _ = act(content, state, ChooseXp(colour="red"))
    hero = state.heroes[0]
    assert hero.items == ["red-yeti"] and state.tokens["red-yeti"].flipped
    assert state.tokens["red-yeti"].loc == held_by(0)
    assert R.FIGHT_BACK in rules_of(events)


@pytest.mark.rule("FIGHT-13")
def test_gold_on_the_back_is_won_too_and_the_token_leaves(content):
    state = begun(content, fight_ready(content, monster="fd-04"))  # 1 gold, 3 more on the back
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-04", skill="melee"), rolls=(1, 1, 1, 1))
    assert state.heroes[0].gold == 1 + 1 + 3
    assert state.tokens["fd-04"].loc == OUT


@pytest.mark.rule("ITEM-08", "FIGHT-14")
def test_without_room_the_winner_drops_an_item_or_leaves_the_reward_on_the_field(content):
    state = fight_ready(content, monster="red-yeti")
    for face in ("bogen", "stiefel", "seil", "schwert"):
        give_item(content, state, 0, face)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="red-yeti", skill="melee"), rolls=(1, 1, 1, 1))
    state, _ = act(content, state, ChooseXp(colour="green"))
    options = [a.token for a in legal(content, state)]
    assert options == ["baz-01", "baz-06", "baz-17", "baz-04", "leave"]
    left, _ = act(content, state, MakeRoom(token="leave"))
    assert left.tokens["red-yeti"].field == "A2" and left.tokens["red-yeti"].flipped
    assert PickUp(token="red-yeti") not in legal(content, left)  # still no room
    swapped, _ = act(content, state, MakeRoom(token="baz-17"))
    assert "red-yeti" in swapped.heroes[0].items and "baz-17" not in swapped.heroes[0].items


@pytest.mark.rule("GLOS-01", "GLOS-83", "TOK-10")
def test_alp_and_zwergengeist_take_an_experience_die_instead(content):
    state = fight_ready(content, monster="wp-alp")
    # The Alp is part of the lyre: only the holder of its scroll sees it.
    assert not any(isinstance(a, Fight) for a in legal(content, begun(content, state)))
    give_item(content, state, 0, "schriftrolle_lyra")
    state.heroes[0].xp.update(blue=1, green=1)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="wp-alp", skill="ranged"), rolls=(6, 6))
    assert legal(content, state) == [ChooseXp(colour="blue"), ChooseXp(colour="green")]
    state, events = act(content, state, ChooseXp(colour="green"))
    hero = state.heroes[0]
    assert hero.lp == 4 and hero.xp["green"] == 0 and R.ALP in rules_of(events)


@pytest.mark.rule("GLOS-83", "GLOS-01")
def test_without_experience_the_zwergengeist_takes_an_lp(content):
    state = fight_ready(content, monster="wp-zwergengeist")
    give_item(content, state, 0, "schriftrolle_axt")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="wp-zwergengeist", skill="melee"), rolls=(6, 6))
    assert state.heroes[0].lp == 3


@pytest.mark.rule("GLOS-06", "SETUP-07")
def test_the_basilisk_lets_the_left_neighbour_move_the_hero_next_turn(content):
    state = begun(content, fight_ready(content, monster="fd-11", seats=2))
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-11", skill="ranged"), rolls=(6, 6))
    assert state.heroes[0].lp == 4 and state.heroes[0].confused
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    state, _ = act(content, state, EndTurn())  # seat 1's turn
    state = begun(content, state)
    assert state.turn_state.mover == 1
    assert legal(content, state, seat=0) == []
    moves = legal(content, state, seat=1, kind=Move)
    assert moves
    with pytest.raises(IllegalActionError, match="seat 1 decides"):
        act(content, state, Move(to="A1"), seat=0)
    state, _ = act(content, state, Move(to="A1"), seat=1)
    assert state.heroes[0].position == "A1"
    state, _ = act(content, state, EndMovement(), seat=1)
    assert EndTurn() in legal(content, state, seat=0)


@pytest.mark.rule("GLOS-14")
def test_the_doppelgaenger_is_fought_with_the_printed_value_and_two_dice(content):
    state = fight_ready(content, monster="fd-12")
    give_item(content, state, 0, "schwert")
    state.heroes[0].training["melee"] = 2
    state.heroes[0].xp.update(red=5)  # would be four dice elsewhere
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-12", skill="melee"), rolls=(4, 4))
    probe = next(e for e in events if e.kind == "probe")
    assert probe.data["target"] == 7 and len(probe.dice) == 2 and not probe.data["passed"]
    assert state.heroes[0].xp["red"] == 4 and state.heroes[0].lp == 4  # an EW instead of an LP


@pytest.mark.rule("GLOS-65")
def test_the_spider_takes_all_natural_lp_but_one_and_kills_a_hero_with_one(content):
    state = fight_ready(content, monster="fd-10")
    give_item(content, state, 0, "schild")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, events = act(content, state, Fight(token="fd-10", skill="melee"), rolls=(6, 6))
    assert state.heroes[0].lp == 1 and state.heroes[0].artificial == {"baz-13": 1}
    weak = fight_ready(content, monster="fd-10")
    weak.heroes[0].lp = 1
    weak = begun(content, weak)
    weak, _ = act(content, weak, Move(to="A2"))
    weak, events = act(content, weak, Fight(token="fd-10", skill="melee"), rolls=(6, 6))
    assert "hero_died" in kinds_of(events)


@pytest.mark.rule("GLOS-56", "LP-04")
def test_the_schatten_grows_with_every_lp_it_takes_and_pays_1w6_gold(content):
    state = fight_ready(content, monster="red-schatten", hero="magier")  # magic 7, Schatten magic -2
    give_item(content, state, 0, "schild")
    state.heroes[0].lp = state.heroes[0].lp_max = 4
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="red-schatten", skill="magic"), rolls=(6, 6))
    assert legal(content, state) == [LoseLp(source="natural"), LoseLp(source="baz-13")]
    state, events = act(content, state, LoseLp(source="baz-13"))
    assert state.shadow_hearts == {"red-schatten": 1}
    assert state.tokens["baz-13"].loc == "pile:bazaar"  # the shield is destroyed (LP-20)
    state, _ = act(content, state, EndTurn())
    state = begun(content, state)
    state, events = act(content, state, Fight(token="red-schatten", skill="magic"), rolls=(1, 1, 2, 2, 5))
    assert len([e for e in events if e.kind == "probe"]) == 2
    assert state.heroes[0].gold == 3 + 5 and state.shadow_hearts == {}
    # Back into the bag with its printed heart, after the draw (issue 11): the empty bag draws nothing.
    kinds = kinds_of(events)
    assert kinds.index("bag_empty") < kinds.index("monster_back_to_bag") and state.tokens["red-schatten"].loc == BAG


@pytest.mark.rule("GLOS-10")
def test_the_blitzschlag_fights_monsters_without_a_blue_point_with_magic(content):
    state = fight_ready(content, monster="fd-03", hero="magier")  # Troll: no blue point, 2 hearts
    give_item(content, state, 0, "blitzschlag")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert FightLightning(token="fd-03") in legal(content, state)
    won, events = act(content, state, FightLightning(token="fd-03"), rolls=(3, 4, 2, 5))
    assert [e.data["target"] for e in events if e.kind == "probe"] == [7, 7]
    assert "fight_won" in kinds_of(events) and "city-01" in won.heroes[0].items
    lost, events = act(content, state, FightLightning(token="fd-03"), rolls=(6, 6))
    # The spell dissolves; that is all a failure costs (ruling R-81): no LP, but the turn is over.
    assert lost.tokens["city-01"].loc == PILE_CITY and lost.heroes[0].lp == 2
    assert lost.turn_state.turn_over


@pytest.mark.rule("GLOS-74")
def test_the_invisible_hero_walks_past_monsters_and_gets_plus_one_in_melee(content):
    from games.engine.core.actions import CastSpell

    state = fight_ready(content)
    give_item(content, state, 0, "unsichtbarkeit")
    state = begun(content, state)
    state, events = act(content, state, CastSpell(token="city-09"), rolls=(1, 2))
    assert state.turn_state.invisible and not state.turn_state.action_taken
    state, _ = act(content, state, Move(to="A2"))
    assert not state.turn_state.forced_fight and not state.turn_state.movement_over
    state, events = act(content, state, Fight(token="fd-01", skill="melee"), rolls=(4, 4))
    assert next(e for e in events if e.kind == "probe").data["target"] == 8


@pytest.mark.rule("HERO-09")
def test_the_hobbit_may_evade_a_fight_and_walk_on(content):
    state = begun(content, fight_ready(content, hero="hobbit", face_up=False))
    state, _ = act(content, state, Move(to="A2"))
    assert Evade() in legal(content, state) and not state.turn_state.movement_over
    evaded, events = act(content, state, Evade(), rolls=(3,))
    assert not evaded.turn_state.forced_fight
    assert legal(content, evaded, kind=Move)  # one movement point left
    caught, _ = act(content, state, Evade(), rolls=(4,))
    assert all(isinstance(a, Fight) for a in legal(content, caught)) and caught.turn_state.movement_over


@pytest.mark.rule("HERO-09")
def test_the_hobbit_cannot_evade_on_horseback(content):
    state = fight_ready(content, hero="hobbit", face_up=False)
    give_item(content, state, 0, "pferd")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="A2"))
    assert Evade() not in legal(content, state) and state.turn_state.movement_over


@pytest.mark.rule("TOK-44", "TOK-46")
def test_a_defeated_waechter_turns_face_down_again(content):
    state = fight_ready(content, monster="grd-1", field="H5", start="H1")
    state.heroes[0].gem = True
    state = begun(content, state)
    state, _ = act(content, state, Move(to="H5"))
    state, _ = act(content, state, Fight(token="grd-1", skill="melee"), rolls=(1, 1))
    assert state.tokens["grd-1"].field == "H5" and not state.tokens["grd-1"].face_up


@pytest.mark.rule("TOK-50", "TOK-52", "TOK-49")
def test_a_defeated_drachenmensch_goes_back_into_the_bag(content):
    state = fight_ready(content, monster="drachenmensch", field="V10", start="V8", face_up=False)
    into_bag(state, "enc-quelle")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="V10"))
    assert state.tokens["drachenmensch"].face_up
    state, _ = act(content, state, Fight(token="drachenmensch", skill="melee"), rolls=(1, 1, 1, 1),
                   picks=["enc-quelle"])
    assert state.tokens["drachenmensch"].loc == BAG


@pytest.mark.rule("HERO-14", "SKILL-05", "LP-23", "HERO-13")
def test_the_ork_takes_the_monster_ork_along_and_loses_him_with_his_lp(content):
    state = begun(content, fight_ready(content, hero="ork", monster="fd-09"))
    state, _ = act(content, state, Move(to="A2"))
    state, _ = act(content, state, Fight(token="fd-09", skill="melee"), rolls=(1, 1))
    # The Ork may take gold instead of his red EW.
    assert ChooseXp(colour="gold") in legal(content, state)
    state, _ = act(content, state, ChooseXp(colour="gold"))
    assert state.heroes[0].gold == 0 + 1 + 1
    state, _ = act(content, state, ChooseOption(option="take"))
    hero = state.heroes[0]
    assert hero.companion == "fd-09" and state.tokens["fd-09"].loc == companion_of(0)
    assert hero.artificial == {"fd-09": 1}
    from games.engine.core.heroes import skill_value

    assert skill_value(content, state, hero, "melee") == 7  # 6 + the Monsterork
    from games.engine.effects.life import take_lp

    from .helpers import Ctx_for

    ctx = Ctx_for(content, state)
    take_lp(ctx, 0, "fd-09", R.FIGHT_LP, "test")
    assert hero.companion is None and state.tokens["fd-09"].loc == BAG and hero.artificial == {}
