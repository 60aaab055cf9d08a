"""Fourth round of issue 14: the solo bot loses fewer LP and turns on the way to the gem.

Each test states the traced game situation it guards against; REGION-21 is the desert's toll.
"""

from __future__ import annotations

from games.bots import Bot
from games.bots.planner import DEATH_COST, choose_goal, forage_targets, monster_fields, quest_targets, training_skill
from games.bots.player import DESERT_PENALTY, LOST_FIGHT_PENALTY, SEER_LEAD, desert_fields
from games.engine import legal_actions, view
from games.engine.content import load_content
from games.engine.core.actions import EndMovement, Move
from games.engine.core.state import TokenState
from tests.engine.helpers import begun, give_item, play_state, put_token, token_with_face


def test_a_turned_over_monster_is_an_item_to_take_not_a_fight():
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    tid = token_with_face(content, state, "roter_ritter")
    put_token(state, tid, "A3", face_up=True)
    seen = view(content, state, 0)
    hopeless = monster_fields(content, seen)
    state.tokens[tid] = TokenState(loc=state.tokens[tid].loc, face_up=True, flipped=True)   # beaten: its back
    seen = view(content, state, 0)
    assert "A3" in hopeless and "A3" not in monster_fields(content, seen)
    assert "A3" in forage_targets(content, seen)


def test_a_monster_that_beat_the_hero_costs_more_to_pass_again():
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    tid = token_with_face(content, state, "roter_ritter")
    put_token(state, tid, "A3", face_up=True)
    seen = view(content, state, 0)
    bot = Bot("normal", 1)
    before = bot._penalties(content, seen)["A3"]
    bot.fought[tid] = 2
    assert bot._penalties(content, seen)["A3"] == before + 2 * LOST_FIGHT_PENALTY
    # Beaten and turned over, it is the item on its back: no toll any more.
    state.tokens[tid] = TokenState(loc=state.tokens[tid].loc, face_up=True, flipped=True)
    assert "A3" not in bot._penalties(content, view(content, state, 0))


def test_the_last_point_does_not_end_the_movement_in_the_desert():
    """REGION-21: ending the movement on W (but W1, W6) costs an LP, so the bot waits at the edge."""
    content = load_content()
    assert desert_fields(content, view(content, play_state(content, [("krieger", "A1")]), 0)) == {
        "W2", "W3", "W4", "W5", "W7", "W8", "W9"}
    state = play_state(content, [("krieger", "W1")])
    state.heroes[0].manor = "A1"
    state = begun(content, state)
    put_token(state, "fd-01", "W4")        # something to forage beyond the desert field W2/W3
    state.turn_state.points = 1
    seen = view(content, state, 0)
    legal = legal_actions(content, state, 0)
    steps = [a for a in legal if isinstance(a, Move)]
    assert steps and all(a.to in desert_fields(content, seen) for a in steps)
    action = Bot("normal", 1).choose(content, seen, legal)
    assert not isinstance(action, Move)
    assert isinstance(action, EndMovement) or action.kind == "end_turn"
    assert DESERT_PENALTY > 0


def test_the_hellseherin_comes_before_a_nearer_forage_field():
    content = load_content()
    state = play_state(content, [("krieger", "A1")])
    state.heroes[0].deed = "goldene_kugel"
    state.heroes[0].gold = 2
    state = begun(content, state)
    put_token(state, "fd-48", "A8", face_up=True)   # the Hellseherin, open
    put_token(state, "fd-01", "A2")                 # a face-down token next door
    seen = view(content, state, 0)
    goal, dist = Bot("normal", 1)._goal_distances(content, seen)
    assert goal.name.startswith("draw")
    # The face-down token is no target of its own any more (it would be, at 0, without her): the
    # distance there is the walk on to her, or the lead she has.
    assert dist["A8"] == 0.0 and 0.0 < dist["A2"] <= SEER_LEAD


def test_a_quest_that_can_be_fulfilled_is_a_target():
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    oasis = token_with_face(content, state, "q_oase")          # type 1: go to W6
    state.heroes[0].quests = [oasis]
    state.tokens[oasis] = TokenState(loc="quest:0", face_up=True)
    seen = view(content, state, 0)
    assert quest_targets(content, seen) == {"W6"}
    assert "W6" in forage_targets(content, seen)


def test_a_gem_holder_who_knows_the_sorcerer_trains_ranged_not_melee():
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    state.heroes[0].gem = True
    seen = view(content, state, 0)
    assert training_skill(content, seen) == "melee"
    seen["namenloser_card"] = "magier"          # he parries every melee blow
    assert training_skill(content, seen) == "ranged"


def test_a_hopeless_gem_holder_grows_stronger_instead_of_healing_for_the_tower():
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    hero = state.heroes[0]
    hero.gem = True
    hero.lp = hero.lp_max - 1
    put_token(state, token_with_face(content, state, "namenloser"), "H3", face_up=True)
    give_item(content, state, 0, "sandalen")
    seen = view(content, state, 0)
    assert choose_goal(content, seen).name == "grow stronger for the Namenloser"
    hero.xp = {"red": 8, "green": 0, "blue": 0}      # five dice: now the last LP is worth healing
    seen = view(content, state, 0)
    assert choose_goal(content, seen).name in ("heal before the tower", "guardian")


def test_a_bot_growing_stronger_goes_to_its_teacher_again_and_again():
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    hero = state.heroes[0]
    hero.gem = True
    hero.gold = 5
    put_token(state, token_with_face(content, state, "namenloser"), "H3", face_up=True)
    put_token(state, "enc-gasconier", "A8", face_up=True)   # lessons in melee, the Krieger's skill
    put_token(state, "fd-01", "A2")                          # a face-down token next door
    seen = view(content, state, 0)
    bot = Bot("normal", 1)
    bot.tries["enc-gasconier"] = 5                           # taught five times already
    goal, dist = bot._goal_distances(content, seen)
    assert goal.name == "grow stronger for the Namenloser"
    assert dist["A8"] == 0.0 and dist["A2"] > 0.0


# --- fifth round: the 4-seat deaths ----------------------------------------------------------------------
def test_at_the_last_lp_a_monster_field_and_the_desert_cost_like_a_death():
    """Traced at 4 seats: heroes at 1 LP walked to a healer through a monster's field (a lost fight is a
    death) or ended a move in the desert (REGION-21, the toll kills)."""
    content = load_content()
    state = begun(content, play_state(content, [("krieger", "A1")]))
    tid = token_with_face(content, state, "roter_ritter")
    put_token(state, tid, "A3", face_up=True)
    bot = Bot("normal", 1)
    healthy = bot._penalties(content, view(content, state, 0))
    state.heroes[0].lp = 1
    dying = bot._penalties(content, view(content, state, 0))
    assert dying["A3"] > 4 * healthy["A3"]
    assert dying["W2"] > 10 * healthy["W2"]
    # The drifted trail takes 2 LP: deadly at 2 LP already.
    state.heroes[0].lp = 2
    two = bot._penalties(content, view(content, state, 0))
    assert two["W5"] >= DEATH_COST and two["W2"] < DEATH_COST



def test_at_the_last_lp_the_step_onto_a_monster_counts_its_penalty():
    """Traced at 3 seats (issue 14, eighth round): at his last LP a Krieger on his way to heal stepped
    onto the Schatten beside him (distances_to charges a penalty on the step into a field, so the
    field's own distance left it out), died, and dropped his Heldentat's Kelch there, out of his
    reach for the rest of the game."""
    content = load_content()
    state = play_state(content, [("krieger", "A6")])
    state.heroes[0].manor = "A1"
    state.heroes[0].lp = 1
    state = begun(content, state)
    bot = Bot("normal", 1)
    legal = legal_actions(content, state, 0)
    goal, dist = bot._goal_distances(content, view(content, state, 0))
    assert goal.name == "heal"
    steps = [a for a in legal if isinstance(a, Move)]
    first = min(steps, key=lambda a: (dist.get(a.to, float("inf")), a.to)).to
    assert first not in goal.targets   # home is no step away: the bot walks through a neighbour
    put_token(state, "fd-17", first, face_up=True)    # the Irrlicht (magic only) on the best step
    seen = view(content, state, 0)
    action = bot.choose(content, seen, legal_actions(content, state, 0))
    assert not (isinstance(action, Move) and action.to == first)
    assert bot.entry_penalty[first] >= DEATH_COST / 2
    # With LP to spare a lost fight is no death: the step is chosen as before.
    state.heroes[0].lp = 4
    rested = Bot("normal", 1)
    rested._goal_distances(content, view(content, state, 0))
    assert rested.entry_penalty == {}
