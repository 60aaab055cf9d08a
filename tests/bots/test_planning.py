"""The bot's plan towards the win: the final fight's odds, the Hellseherin, no parking on useless fields."""

from __future__ import annotations

import pytest

from games.bots import Bot
from games.bots.answers import _wanted_face
from games.bots.knowledge import fight_chance, probe_chance, race_chance
from games.bots.planner import awaited_in_bag, card_chances, choose_goal, tower_chance, tower_threshold
from games.bots.player import EXPLORE_START
from games.engine import view
from games.engine.content import load_content
from games.engine.core.actions import ChooseDeed
from games.engine.core.state import TokenState
from tests.engine.helpers import begun, cell_of_letter, legal, play_state, put_token


def test_race_chance_is_exact():
    # One hit needed, one LP: a single probe decides.
    assert race_chance(0.3, 1, 1) == pytest.approx(0.3)
    # Two hits before two failures: p^2 + 2 p^2 (1 - p).
    p = 0.6
    assert race_chance(p, 2, 2) == pytest.approx(p * p + 2 * p * p * (1 - p))
    # Double damage halves the hero's LP in failures.
    assert race_chance(p, 2, 2, damage=2) == pytest.approx(p * p)
    assert race_chance(0.0, 3, 5) == 0.0 and race_chance(1.0, 3, 1) == 1.0


def test_more_experience_dice_make_the_namenloser_beatable():
    content = load_content()
    state = play_state(content, [("krieger", "A1")])
    hero = state.heroes[0]
    hero.gem = True
    weak = tower_chance(content, view(content, state, 0))
    hero.xp = {"red": 8, "green": 0, "blue": 0}
    strong = tower_chance(content, view(content, state, 0))
    assert weak < 0.1 < 0.5 < strong
    assert race_chance(probe_chance(7 - 3, 5), 7, 4) < strong


def test_the_wanted_odds_fall_as_the_game_runs_out():
    content = load_content()
    seen = view(content, play_state(content, [("krieger", "A1")]), 0)
    seen["turn"] = 1
    early = tower_threshold(seen)
    seen["turn"] = 140
    assert early == pytest.approx(0.55, abs=0.01) and tower_threshold(seen) == pytest.approx(0.15)
    seen["seats"], seen["turn"] = 3, 1   # from three seats on, the earlier odds
    assert tower_threshold(seen) == pytest.approx(0.45, abs=0.01)


def test_the_bag_search_takes_the_deeds_next_part_first():
    content = load_content()
    state = play_state(content, [("krieger", "A1")])
    state.heroes[0].deed = "goldene_kugel"
    seen = view(content, state, 0)
    faces = ["drache", "namenloser", "orchan", "prinzessin_liliane", "froschkoenig"]
    assert _wanted_face(content, seen, faces) == "froschkoenig"
    assert _wanted_face(content, seen, faces[:4]) == "prinzessin_liliane"
    # Before part 1 is done the Namenloser is no use yet.
    assert _wanted_face(content, seen, ["orchan", "namenloser"]) == "orchan"


def test_a_waiting_bot_walks_to_the_hellseherin():
    content = load_content()
    state = play_state(content, [("krieger", "A1")])
    state.heroes[0].deed = "goldene_kugel"
    state.heroes[0].gold = 2
    state = begun(content, state)
    put_token(state, "fd-48", "A8", face_up=True)   # the Hellseherin, open
    seen = view(content, state, 0)
    bot = Bot("normal", 1)
    goal, dist = bot._goal_distances(content, seen)
    assert goal.name.startswith("draw")
    assert dist["A8"] == 0.0


def test_a_field_idled_on_is_no_target_for_a_while():
    content = load_content()
    state = play_state(content, [("krieger", "A1")])
    state.heroes[0].deed = "goldene_kugel"
    state.heroes[0].gold = 2
    state = begun(content, state)
    put_token(state, "fd-48", "A8", face_up=True)
    put_token(state, "fd-01", "A3")   # something else to forage: a face-down token
    seen = view(content, state, 0)
    bot = Bot("normal", 1)
    bot.blocked["A8"] = seen["turn"] + 5
    dist = bot._goal_distances(content, seen)[1]
    assert dist["A3"] == 0.0 and dist["A8"] > 0.0
    seen["turn"] += 5
    assert bot._goal_distances(content, seen)[1]["A8"] == 0.0


def test_a_bot_waiting_for_the_bag_turns_the_face_down_card_beside_it():
    """Traced solo: a bot waiting for its deed's part walked the board's far side for face-down tokens
    while card J (the royal court), card H (the tower) and the cards its drawn tokens waited for lay face
    down beside it; some games lost 25-50 turns finding card H after the Namenloser was drawn. Turning
    a card is nearly free while the plan only waits: the card beside the hero now counts as a target
    not much worse than a token to take (EXPLORE_START), ahead of a token far away."""
    content = load_content()
    state = play_state(content, [("krieger", "A1")], hidden="B")
    state.heroes[0].deed = "goldene_kugel"
    state = begun(content, state)
    put_token(state, "fd-01", "Z1")   # the one thing to forage: a face-down token on the far corner
    seen = view(content, state, 0)
    goal, dist = Bot("normal", 1)._goal_distances(content, seen)
    assert goal.name.startswith("draw")
    card_b = f"?{cell_of_letter('B')}"
    assert dist[card_b] == EXPLORE_START
    assert dist["A1"] < 10, dist["A1"]   # the way to card B beside him, not to Z1 across the board


def _zentaur_with_the_kristall_quest():
    """A Zentaur with the gem and the Kristall quest, the Wesen aus der Tiefe (ranged starred) known, the
    Namenloser on H3 and the Kristall open on C8."""
    content = load_content()
    state = play_state(content, [("zentaur", "A1")])
    hero = state.heroes[0]
    hero.gem = True
    hero.quests = ["fd-33"]   # Aufgabe: Der Kristall
    state.tokens["fd-33"] = TokenState(loc="quest:0", face_up=True)
    state.namenloser_card = "wesen_aus_der_tiefe"
    state.revealed_cards = ["namenloser"]
    put_token(state, "namenloser", "H3", face_up=True)
    put_token(state, "qi-kristall", "C8", face_up=True)
    return content, state, hero


def test_a_gem_holder_whose_best_skill_the_card_parries_fetches_the_cards_weapon():
    """Rulebook "Der Kampf gegen den Namenlosen": a star means that skill cannot attack him unless the
    hero carries the weapon the card names, then at -3; the Kristall brought to the Feen (G5) gives the
    Elfenbogen. Traced solo: a Zentaur who knew the Wesen aus der Tiefe (ranged starred) held the
    Kristall quest and foraged at 0.00 odds until the turn limit ("grow stronger for the Namenloser")."""
    content, state, hero = _zentaur_with_the_kristall_quest()
    seen = view(content, state, 0)
    assert max(card_chances(content, seen, healed=True).values()) < tower_threshold(seen)
    goal = choose_goal(content, seen)
    assert goal.name == "fetch the elfenbogen" and goal.targets == {"C8"}
    # With the Kristall in hand: to the Feen.
    state.tokens["qi-kristall"] = TokenState(loc="hero:0", face_up=True)
    hero.items = ["qi-kristall"]
    goal = choose_goal(content, view(content, state, 0))
    assert goal.name.startswith("fetch the elfenbogen") and goal.targets == {"G5"}
    # The Kristall still in the bag: wait for it as for a deed's part (the Hellseherin, the bag search).
    hero.items = []
    state.tokens["qi-kristall"] = TokenState(loc="bag", face_up=True)
    seen = view(content, state, 0)
    assert choose_goal(content, seen).name == "draw the kristall for the elfenbogen"
    assert _wanted_face(content, seen, ["drache", "kristall"]) == "kristall"


def test_a_bot_at_the_hellseherin_fetches_its_deeds_later_tokens_before_walking_on():
    """Traced solo: the Hellseherin fetched the deed's first token, and the bot walked off to it and
    later waited many turns for the next part's tokens to be drawn by luck (one draw a turn at most,
    a bag of some fifty tokens). Standing at her with gold, it now fetches every token its deed still
    needs from the bag, one a turn, before it walks on (rulebook "Hellseherin")."""
    content = load_content()
    state = play_state(content, [("krieger", "A8")])
    state.heroes[0].deed = "goldene_kugel"
    state.heroes[0].gold = 3
    put_token(state, "fd-48", "A8", face_up=True)        # the Hellseherin, here
    put_token(state, "dp-kugel-1", "B8", face_up=True)   # part 1 already out; parts 2 and 3 in the bag
    state = begun(content, state)
    seen = view(content, state, 0)
    assert choose_goal(content, seen).name == "token dp-kugel-1"
    action = Bot("normal", 1).choose(content, seen, legal(content, state, 0))
    assert action.kind == "use_encounter" and action.token == "fd-48", action
    # Nothing of the deed left in the bag (and part 1 not done, so the Namenloser is not in it yet):
    # the Hellseherin would fetch nothing the plan wants, and the bot walks on to its token.
    put_token(state, "dp-kugel-2", "I3", face_up=True)
    put_token(state, "dp-kugel-3", "L10", face_up=True)
    seen = view(content, state, 0)
    assert awaited_in_bag(content, seen) == []
    action = Bot("normal", 1).choose(content, seen, legal(content, state, 0))
    assert action.kind != "use_encounter", action


def test_a_token_under_a_monster_the_hero_would_lose_to_waits_until_he_is_stronger():
    """Rulebook "Kampf ist immer die erste Aktion nach der Bewegung": on a field with an open monster
    the fight comes first, whatever the hero came for. Traced at 2 seats: a Krieger walked onto the
    Oger (melee -3, two hearts: 3 % for him) lying on his deed's first token six times, healing at home
    after each lost fight; a Zentaur did the same for the Kristall under a monster for 60 turns. Now
    such a token is a target only behind foraging and training ("grow stronger ..."), and a fair
    fight there is no obstacle."""
    content = load_content()
    state = play_state(content, [("krieger", "A8")])
    state.heroes[0].deed = "goldene_kugel"
    put_token(state, "dp-kugel-1", "B8", face_up=True)
    assert choose_goal(content, view(content, state, 0)).name == "token dp-kugel-1"
    put_token(state, "fd-18", "B8", face_up=True)   # the Oger, on the same field
    goal = choose_goal(content, view(content, state, 0))
    assert goal.name == "grow stronger for token dp-kugel-1" and goal.forage
    assert goal.targets == {"B8"} and goal.starts["B8"] > 0
    state.heroes[0].training = {"melee": 4}   # melee 11: the Oger is beatable now
    assert choose_goal(content, view(content, state, 0)).name == "token dp-kugel-1"


def test_the_weapon_under_a_monster_the_hero_would_lose_to_waits_until_he_is_stronger():
    content, state, hero = _zentaur_with_the_kristall_quest()
    put_token(state, "fd-18", "C8", face_up=True)   # the Oger: ranged -1, melee -3, two hearts
    goal = choose_goal(content, view(content, state, 0))
    assert goal.name == "grow stronger to fetch the elfenbogen" and goal.forage and goal.targets == {"C8"}
def test_at_the_court_the_zentaur_takes_the_deed_with_fewer_tokens_from_the_bag():
    """Traced solo: the Zentaur chose the Kelch des Eremiten (four persons, places and items to come out
    of the bag, a draw at most once a turn) whenever the Axt der Zwerge's Höhlentroll was a hard fight,
    and those games took a median 71 turns from the court to the gem against 37 for the Axt. Each of a
    deed's tokens now counts as the draws it costs; the Axt (three tokens) wins while its fight is
    within reach, the Goldene Kugel (three) does not, as the Zentaur cannot pass its magic probe."""
    content = load_content()
    state = play_state(content, [("zentaur", "J5")])
    state = begun(content, state)
    seen = view(content, state, 0)
    offered = legal(content, state, 0, ChooseDeed)
    assert {a.deed for a in offered} == set(content.deeds)
    action = Bot("normal", 1).choose(content, seen, legal(content, state, 0))
    assert action == ChooseDeed(deed="axt_der_zwerge"), action
    # From three seats on (where it finished fewer games) the tokens are not counted: the Kelch, as before.
    state = begun(content, play_state(content, [("zentaur", "J5"), ("krieger", "A1"), ("zwerg", "B1")]))
    action = Bot("normal", 1).choose(content, view(content, state, 0), legal(content, state, 0))
    assert action == ChooseDeed(deed="kelch_des_eremiten"), action


def test_the_zentaur_fights_the_hoehlentroll_at_once_instead_of_growing_stronger_first():
    """With two dice the Zentaur (ranged 7) beats the Höhlentroll (ranged -1, two hearts) one time in six.
    Below 0.25 the bot foraged for a third experience die first ("grow stronger for part 1", a median 15
    turns where it happened); from 0.15 it walks to the troll and fights him."""
    content = load_content()
    state = play_state(content, [("zentaur", "D5")])
    state.heroes[0].deed = "axt_der_zwerge"
    put_token(state, "dp-axt-1", "D8", face_up=True)
    state = begun(content, state)
    seen = view(content, state, 0)
    assert 0.15 <= fight_chance(content, seen["heroes"][0], "dp-axt-1", "ranged") < 0.25
    assert choose_goal(content, seen).name == "token dp-axt-1"


def test_early_in_the_game_a_gem_holder_at_even_odds_grows_stronger_before_the_tower():
    """The Axt der Zwerge with its troll fought at once brings the gem sooner, with fewer experience dice:
    at 0.45 early odds a fifth more heroes died in the tower and lost their experience (docs/benchmarks.md,
    "Bots: twelfth round"). Early in the game the bot now wants 0.55 before it goes; the wanted odds still
    fall to 0.15 by the turn limit."""
    content = load_content()
    state = play_state(content, [("krieger", "A1")])
    hero = state.heroes[0]
    hero.gem = True
    hero.xp = {"red": 8}
    state.namenloser_card = "koenig_der_finsternis"
    state.revealed_cards = ["namenloser"]
    put_token(state, "namenloser", "H3", face_up=True)
    seen = view(content, state, 0)
    assert 0.45 < tower_chance(content, seen) < 0.55
    assert choose_goal(content, seen).name == "grow stronger for the Namenloser"
    seen["turn"] = 60   # sixty rounds on, 0.35 is wanted
    assert choose_goal(content, seen).name == "guardian"
