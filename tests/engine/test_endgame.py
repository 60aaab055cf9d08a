"""Rules engine III: Heldentaten, the Namenloser, the dragon and the end of the game."""

from __future__ import annotations

import pytest

from games.engine import legal_actions, view, winner
from games.engine.core.actions import (
    BeginTurn,
    ChallengeDragon,
    ChallengeNamenloser,
    ChooseDeed,
    ChooseField,
    ChooseXp,
    EndTurn,
    Fight,
    FulfilDeed,
    KeepItem,
    LoseLp,
    Move,
    UseEncounter,
)
from games.engine.core.state import BAG, OUT, Phase, TokenState
from games.engine.playout import acting_seat

from .helpers import act, begun, empty_bag, give_item, kinds_of, legal, play_state, put_token

PASS = (1, 1)
FAIL = (6, 6)


def settle(content, state, rolls=()):
    """Answer any open decision with its first option (colour choices, keeping, ...)."""
    while state.pending:
        state, _ = act(content, state, legal(content, state)[0], rolls)
    return state


def end_turn(content, state):
    state, _ = act(content, state, EndTurn())
    return state


def pass_turn(content, state):
    """Begin and end the turn of the current seat (another player's turn in between)."""
    return end_turn(content, begun(content, state))


def put_on_deed_card(content, state, seat, tid, flipped=False):
    state.tokens[tid] = TokenState(loc=f"deed:{seat}", face_up=True, flipped=flipped)
    return tid


def with_namenloser(content, state, card="koenig_der_finsternis"):
    state.namenloser_card = card
    put_token(state, "namenloser", "H3", face_up=True)
    for tid, field in (("grd-1", "H5"), ("grd-2", "H7"), ("grd-3", "H8"), ("grd-4", "H9")):
        put_token(state, tid, field)
    return state


def with_dragon(content, state, card="gruener_drache"):
    state.dragon_card = card
    put_token(state, "drache", "V9", face_up=True)
    return state


# --- Heldentaten -------------------------------------------------------------------------------------------
@pytest.mark.rule("DEED-01", "DEED-02", "DEED-04", "GOAL-05")
def test_a_deed_is_chosen_at_the_royal_court_one_per_hero(content):
    state = play_state(content, [("krieger", "J5"), ("elf", "J5")])
    state.heroes[1].deed = "goldene_kugel"
    scroll = give_item(content, state, 0, "schriftrolle_axt")
    state = begun(content, state)
    offered = legal(content, state, kind=ChooseDeed)
    assert ChooseDeed(deed="goldene_kugel") not in offered  # held by another player
    assert ChooseDeed(deed="axt_der_zwerge") in offered and len(offered) == 4
    state, events = act(content, state, ChooseDeed(deed="axt_der_zwerge"))
    assert state.heroes[0].deed == "axt_der_zwerge" and "deed_chosen" in kinds_of(events)
    # Choosing is an action: the movement is over; he holds a scroll besides, but no second deed.
    assert state.turn_state.movement_over and scroll in state.heroes[0].items
    assert legal(content, state, kind=ChooseDeed) == []
    elsewhere = play_state(content, [("krieger", "J3")])
    assert legal(content, begun(content, elsewhere), kind=ChooseDeed) == []


@pytest.mark.rule("DEED-03", "DEED-05", "DEED-06", "DEED-07", "DEED-10", "DEED-11", "TOK-25")
def test_the_first_part_by_an_encounter_puts_the_namenloser_into_the_bag(content):
    state = play_state(content, [("magier", "B8"), ("elf", "B8")])
    empty_bag(state)
    state.heroes[0].deed = "goldene_kugel"
    put_token(state, "dp-kugel-1", "B8", face_up=True)
    state = begun(content, state)
    # Only the deed's owner sees the Froschkönig.
    assert "dp-kugel-1" in str(view(content, state, 0)) and "dp-kugel-1" not in str(view(content, state, 1))
    assert legal(content, state, kind=FulfilDeed) == [FulfilDeed(skill="magic")]
    failed, _ = act(content, state, FulfilDeed(skill="magic"), FAIL)
    assert failed.heroes[0].deed_parts == 0 and failed.tokens["namenloser"].loc != BAG
    state, events = act(content, state, FulfilDeed(skill="magic"), PASS)
    assert state.tokens["dp-kugel-1"].loc == "deed:0" and state.tokens["dp-kugel-1"].flipped
    assert state.heroes[0].deed_parts == 1
    # Into the bag, and (the bag being otherwise empty) drawn at once by the part's draw onto H3.
    assert "namenloser_into_bag" in kinds_of(events) and state.turn_state.bag_draws == 1
    assert state.tokens["namenloser"].field == "H3" and "namenloser_arrives" in kinds_of(events)
    # The deed stays with the player when his hero dies (DEED-03).
    from .helpers import Ctx_for

    ctx = Ctx_for(content, state)
    from games.engine.effects.life import die

    die(ctx, 0, "DEATH-01", cause="test")
    state = settle(content, ctx.state)
    assert state.heroes[0].deed == "goldene_kugel" and state.heroes[0].deed_parts == 1
    # He kept the deed item for his heir (else it would lie where he died, for him to pick up again).
    assert state.tokens["dp-kugel-1"].loc == "deed:0" and state.heroes[0].deaths == 1


@pytest.mark.rule("DEED-07", "DEED-08", "DEED-09", "GLOS-16", "GOAL-02")
def test_the_three_parts_of_the_dwarves_axe_earn_the_gem(content):
    state = play_state(content, [("krieger", "D8")])
    empty_bag(state)
    state.heroes[0].deed = "axt_der_zwerge"
    put_token(state, "dp-axt-1", "D8", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, Fight(token="dp-axt-1", skill="melee"), (1, 1, 1, 1))
    state = settle(content, state)
    assert state.tokens["dp-axt-1"].loc == "deed:0" and state.heroes[0].deed_parts == 1
    state = end_turn(content, state)
    # Part 2: the axe to King Barrim (D2); the warrant on the back of his token goes onto the card.
    state.heroes[0].position = "D2"
    assert legal(content, begun(content, state), kind=FulfilDeed) == []  # Barrim not yet on the board
    put_token(state, "dp-axt-2", "D2", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, FulfilDeed())
    assert state.tokens["dp-axt-1"].loc == OUT
    assert state.tokens["dp-axt-2"].loc == "deed:0" and state.tokens["dp-axt-2"].flipped
    assert state.heroes[0].deed_parts == 2 and not state.heroes[0].gem
    state = end_turn(content, state)
    # Part 3: the warrant to the chancellor (J3): the gem.
    state.heroes[0].position = "J3"
    put_token(state, "dp-axt-3", "J3", face_up=True)
    state = begun(content, state)
    state, events = act(content, state, FulfilDeed())
    assert state.heroes[0].gem and state.heroes[0].deed_parts == 3
    assert "gem_earned" in kinds_of(events) and state.tokens["dp-axt-2"].loc == OUT
    assert legal(content, state, kind=FulfilDeed) == []


@pytest.mark.rule("DEED-07")
def test_kuno_can_be_fought_only_with_the_dungeon_key(content):
    state = play_state(content, [("krieger", "Z7")])
    empty_bag(state)
    state.heroes[0].deed = "befreie_daphne"
    put_token(state, "dp-daphne-2", "Z8", face_up=True)
    state = begun(content, state)
    walked, _ = act(content, state, Move(to="Z8")) if Move(to="Z8") in legal(content, state) else (None, None)
    if walked is not None:
        assert not walked.turn_state.forced_fight and legal(content, walked, kind=Fight) == []
    state.heroes[0].position = "Z8"
    put_on_deed_card(content, state, 0, "dp-daphne-1")
    assert Fight(token="dp-daphne-2", skill="melee") in legal(content, state, kind=Fight)
    state, _ = act(content, state, Fight(token="dp-daphne-2", skill="melee"), (1, 1, 1, 1))
    state = settle(content, state)
    # The key is used up; Daphne lies on the deed card.
    assert state.tokens["dp-daphne-2"].loc == "deed:0" and state.tokens["dp-daphne-1"].loc == OUT
    assert state.heroes[0].deed_parts == 1


# --- The Namenloser ----------------------------------------------------------------------------------------
def _gem_holder_before_a_guardian(content, card="koenig_der_finsternis", hero="krieger"):
    state = play_state(content, [(hero, "H1"), ("elf", "A1")])
    empty_bag(state)
    state.heroes[0].gem = True
    return with_namenloser(content, state, card)


@pytest.mark.rule("END-01", "END-02", "END-03", "TOK-45", "TOK-28", "END-04")
def test_the_victor_over_a_guardian_moves_onto_the_namenloser_and_fights_him_next_turn(content):
    state = _gem_holder_before_a_guardian(content)
    state = begun(content, state)
    state, _ = act(content, state, Move(to="H5"))
    assert state.turn_state.forced_fight
    state, events = act(content, state, Fight(token="grd-1", skill="melee"), PASS)
    assert state.heroes[0].position == "H3" and "moved_onto_namenloser" in kinds_of(events)
    assert state.tokens["grd-1"].field == "H5" and not state.tokens["grd-1"].face_up
    assert legal(content, state, kind=ChallengeNamenloser) == []  # one fight per turn: next turn
    state = end_turn(content, state)
    state = pass_turn(content, state)
    state = begun(content, state)
    # Now the fight is due and nothing else is possible (no movement first).
    assert legal(content, state) == [ChallengeNamenloser(skill=s) for s in ("magic", "ranged", "melee")]
    assert view(content, state, 0)["namenloser_card"] is None


@pytest.mark.rule("END-05", "END-06", "END-07", "END-09", "GOAL-01", "GLOS-16")
def test_the_namenloser_fight_goes_on_until_one_side_is_dead_and_victory_ends_the_game(content):
    state = _gem_holder_before_a_guardian(content)
    state.heroes[0].position = "H3"
    state = begun(content, state)
    lp = state.heroes[0].lp
    card_lp = content.namenlose_cards["koenig_der_finsternis"].lp
    # Hit, miss, then hits until he is dead: all in one action, in this one turn.
    rolls = PASS + FAIL + PASS * (card_lp - 1)
    state, events = act(content, state, ChallengeNamenloser(skill="melee"), rolls)
    assert state.heroes[0].lp == lp - 1
    assert kinds_of(events).count("boss_hit") == card_lp and kinds_of(events).count("hero_hit") == 1
    assert state.phase == "finished" and winner(state) == 0 and state.winner == 0
    assert all(legal_actions(content, state, s) == [] for s in range(state.seats))
    seen = view(content, state, 1)
    assert seen["winner"] == 0 and seen["namenloser_card"] == "koenig_der_finsternis"
    assert seen["dragon_card"] == state.dragon_card


@pytest.mark.rule("END-08", "GLOS-17", "GLOS-20", "GLOS-62")
def test_a_star_skill_needs_the_named_weapon_and_then_counts_minus_three(content):
    state = _gem_holder_before_a_guardian(content, card="magier")
    state.heroes[0].position = "H3"
    state = begun(content, state)
    assert [a.skill for a in legal(content, state, kind=ChallengeNamenloser)] == ["magic", "ranged"]
    give_item(content, state, 0, "schwert_vom_see")
    assert [a.skill for a in legal(content, state, kind=ChallengeNamenloser)] == ["magic", "ranged", "melee"]
    state, events = act(content, state, ChallengeNamenloser(skill="melee"), PASS * 5)
    started = next(e for e in events if e.kind == "boss_card_revealed")
    assert started.data["modifier"] == -3
    # Krieger melee 7 + 2 (Schwert vom See) - 3.
    assert next(e for e in events if e.kind == "probe").data["target"] == 6
    assert state.phase == "finished"


@pytest.mark.rule("GLOS-02", "GLOS-34", "END-06")
def test_double_damage_in_magic_unless_the_amulett_or_the_kreuz_protects(content):
    for card, item in (("daemon", "amulett"), ("sechsarmige_goettin", "kreuz")):
        state = _gem_holder_before_a_guardian(content, card=card, hero="magier")
        state.heroes[0].position = "H3"
        state.heroes[0].lp = state.heroes[0].lp_max = 5
        state = begun(content, state)
        hit, events = act(content, state, ChallengeNamenloser(skill="magic"), FAIL + PASS * 6)
        assert hit.heroes[0].lp == 3 and next(e for e in events if e.kind == "hero_hit").data["lp_lost"] == 2
        give_item(content, state, 0, item)
        hit, events = act(content, state, ChallengeNamenloser(skill="magic"), FAIL + PASS * 6)
        assert hit.heroes[0].lp == 4 and hit.phase == "finished"


@pytest.mark.rule("END-10", "END-11", "END-06")
def test_a_dead_challenger_drops_his_things_on_a_field_he_chooses_and_the_namenloser_heals(content):
    state = _gem_holder_before_a_guardian(content)
    hero = state.heroes[0]
    hero.position = "H3"
    hero.lp = 2
    ring = give_item(content, state, 0, "schild")
    sword = give_item(content, state, 0, "schwert")
    state = begun(content, state)
    # One hit on him, then a miss: he chooses which LP (the shield's), then two more misses.
    state, _ = act(content, state, ChallengeNamenloser(skill="melee"), PASS + FAIL)
    assert state.pending[0].kind == "lose_lp"
    state, _ = act(content, state, LoseLp(source=ring), FAIL + FAIL)
    assert state.pending[0].kind == "death_field"
    assert legal(content, state) == [ChooseField(field=f) for f in ("H1", "H2", "H4", "H6")]
    state, _ = act(content, state, ChooseField(field="H4"))
    state, _ = act(content, state, KeepItem(token=sword))
    assert state.tokens[ring].field == "H4" or state.tokens[ring].loc != "hero:0"
    assert state.heroes[0].position == state.heroes[0].manor and state.boss_fight is None
    assert state.phase == "play"
    # The next challenger finds him whole again.
    state = end_turn(content, state)
    state.heroes[1].gem = True
    state.heroes[1].position = "H3"
    state = begun(content, state)
    card_lp = content.namenlose_cards["koenig_der_finsternis"].lp
    state, events = act(content, state, ChallengeNamenloser(skill="ranged"), PASS * card_lp)
    assert kinds_of(events).count("boss_hit") == card_lp and state.winner == 1


# --- The dragon --------------------------------------------------------------------------------------------
@pytest.mark.rule("TOK-32", "END-14", "GOAL-03", "END-19")
def test_entering_the_cave_without_a_magic_weapon_kills_and_drops_on_v11(content):
    state = with_dragon(content, play_state(content, [("krieger", "V10")]))
    sword = give_item(content, state, 0, "schwert")
    state = begun(content, state)
    state, events = act(content, state, Move(to="V9"))
    assert "killed_by_dragon" in kinds_of(events)
    state = settle(content, state)
    assert state.heroes[0].position == state.heroes[0].manor and state.heroes[0].deaths == 1
    assert state.tokens[sword].loc in ("pile:bazaar", "hero:0")  # bazaar goods go back (DEATH-05)


@pytest.mark.rule("END-12", "END-13", "END-15", "END-16", "END-17", "END-18", "GOAL-01")
def test_the_dragon_fight_costs_the_hoard_in_ew_and_uses_the_weapons_skill(content):
    state = with_dragon(content, play_state(content, [("elf", "V10"), ("krieger", "A1")]), card="roter_drache")
    give_item(content, state, 0, "bogen_der_treffsicherheit")
    state.heroes[0].xp = {"blue": 1, "green": 2, "red": 0}
    state = begun(content, state)
    state, _ = act(content, state, Move(to="V9"))
    assert legal(content, state) == [ChallengeDragon(skill="ranged")]
    # Hoard 2: he pays two EW of his choice, then fights with 2 dice (no EW left in ranged).
    state, events = act(content, state, ChallengeDragon(skill="ranged"))
    # The card stays hidden until the hoard is paid (END-16, issue 11).
    assert state.pending[0].kind == "lose_xp" and view(content, state, 1)["dragon_card"] is None
    assert "boss_card_revealed" not in kinds_of(events)
    state, _ = act(content, state, ChooseXp(colour="green"))
    card_lp = content.dragon_cards["roter_drache"].lp
    state, events = act(content, state, ChooseXp(colour="green"), PASS * card_lp)
    assert kinds_of(events).index("experience_lost") < kinds_of(events).index("boss_card_revealed")
    assert state.heroes[0].xp == {"blue": 1, "green": 0, "red": 0}
    probes = [e for e in events if e.kind == "probe"]
    assert all(p.data["skill"] == "ranged" for p in probes) and len(probes) == card_lp
    # Elf ranged 7 + 1 (bow) - 3 (red dragon).
    assert probes[0].data["target"] == 5
    assert state.phase == "finished" and state.winner == 0


@pytest.mark.rule("END-15", "END-19", "END-20")
def test_a_poor_challenger_cannot_challenge_and_a_dead_one_drops_on_v11(content):
    state = with_dragon(content, play_state(content, [("elf", "V9"), ("krieger", "A1")]), card="goldener_drache")
    bow = give_item(content, state, 0, "bogen_der_treffsicherheit")
    hoard = content.dragon_cards["goldener_drache"].hoard_gold
    state.heroes[0].xp = {"blue": 0, "green": hoard - 1, "red": 0}
    state.heroes[0].lp = 1
    # Fewer EW than gold in the hoard: no challenge (ruling R-78), and no forced fight either.
    assert legal(content, begun(content, state), kind=ChallengeDragon) == []
    state.heroes[0].xp["green"] = hoard
    state = begun(content, state)
    assert legal(content, state) == [ChallengeDragon(skill="ranged")]  # begun on V9: forced
    state, events = act(content, state, ChallengeDragon(skill="ranged"), FAIL)
    assert "experience_lost" in kinds_of(events) and state.heroes[0].xp["green"] == 0
    state = settle(content, state)
    assert state.heroes[0].deaths == 1 and state.boss_fight is None
    assert state.tokens[bow].loc == "hero:0" or state.tokens[bow].field == "V11"


@pytest.mark.rule("TOK-51", "GLOS-63", "REGION-19")
def test_the_victor_over_the_drachenmensch_goes_on_to_the_dragon_only_with_a_weapon(content):
    for weapon in (None, "axt_von_bragg"):
        state = with_dragon(content, play_state(content, [("krieger", "V7"), ("elf", "A1")]))
        empty_bag(state)
        put_token(state, "drachenmensch", "V10")
        if weapon:
            give_item(content, state, 0, weapon)
        state = begun(content, state)
        state, _ = act(content, state, Move(to="V10"))
        state.heroes[0].xp["blue"] = 5  # enough to pay the hoard (ruling R-78)
        state, events = act(content, state, Fight(token="drachenmensch", skill="melee"), PASS + PASS)
        state = settle(content, state)
        assert "drachenmensch_back_to_bag" in kinds_of(events)
        if weapon is None:
            # He must move on to the dragon at once, and unarmed he dies there (ruling R-79).
            assert "killed_by_dragon" in kinds_of(events) and state.heroes[0].deaths == 1
            continue
        assert state.heroes[0].position == "V9" and legal(content, state, kind=ChallengeDragon) == []
        state = pass_turn(content, end_turn(content, state))
        state = begun(content, state)
        assert legal(content, state) == [ChallengeDragon(skill="melee")]


@pytest.mark.rule("GLOS-03")
def test_robbed_gold_goes_into_the_hoard(content):
    from games.engine.rules.events_tokens import _robbed

    from .helpers import Ctx_for

    state = play_state(content, [("krieger", "A1")])
    ctx = Ctx_for(content, state)
    _robbed(ctx, 0)
    assert state.hoard_extra == 1


# --- Whole games -------------------------------------------------------------------------------------------
@pytest.mark.rule("GOAL-01", "GOAL-02", "DEED-09", "END-03", "END-09")
def test_a_game_from_the_last_deed_part_to_the_victory_over_the_namenloser(content):
    state = play_state(content, [("krieger", "H1"), ("elf", "A1")])
    empty_bag(state)
    with_namenloser(content, state)
    hero = state.heroes[0]
    hero.deed, hero.deed_parts = "banner_der_ahnen", 2
    put_on_deed_card(content, state, 0, "dp-banner-2", flipped=True)  # the mended banner (Ahnenbanner)
    state = begun(content, state)
    state, events = act(content, state, FulfilDeed())            # manor H1: the gem
    assert state.heroes[0].gem and state.heroes[0].deed_parts == 3
    state = pass_turn(content, end_turn(content, state))
    state = begun(content, state)
    state, _ = act(content, state, Move(to="H5"))                 # the guardian's field: revealed
    state, _ = act(content, state, Fight(token="grd-1", skill="melee"), PASS)
    assert state.heroes[0].position == "H3"
    state = pass_turn(content, end_turn(content, state))
    state = begun(content, state)
    card_lp = content.namenlose_cards["koenig_der_finsternis"].lp
    state, events = act(content, state, ChallengeNamenloser(skill="melee"), PASS * card_lp)
    assert state.phase == "finished" and winner(state) == 0
    assert acting_seat(state) == state.current and legal_actions(content, state, 0) == []


@pytest.mark.rule("GOAL-04", "WEAPON-07", "END-12", "END-18")
def test_a_game_from_the_scroll_to_the_victory_over_the_dragon(content):
    state = play_state(content, [("magier", "B5"), ("elf", "A1")])
    empty_bag(state)
    with_dragon(content, state, card="gruener_drache")
    state.heroes[0].xp = {"blue": 1, "green": 0, "red": 0}
    put_token(state, "wp-einhorn", "B5", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="wp-einhorn"), (1, 1, 1))   # the Lyra's scroll
    assert state.tokens["wp-einhorn"].loc == "hero:0"
    state = pass_turn(content, end_turn(content, state))
    # The road is long: the hero is set beside the Alp, which guards the bone.
    state.heroes[0].position = "K8"
    put_token(state, "wp-alp", "K8", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, Fight(token="wp-alp", skill="magic"), (1, 1, 1))
    state = settle(content, state)
    assert state.tokens["wp-alp"].loc == "hero:0"
    state = pass_turn(content, end_turn(content, state))
    state.heroes[0].position = "R8"
    put_token(state, "wp-orpheus", "R8", face_up=True)
    state = begun(content, state)
    state, _ = act(content, state, UseEncounter(token="wp-orpheus"))
    assert state.tokens["wp-orpheus"].loc == "hero:0" and state.tokens["wp-einhorn"].loc == OUT
    state = pass_turn(content, end_turn(content, state))
    state.heroes[0].position = "V8"
    put_token(state, "drachenmensch", "V10")
    state = begun(content, state)
    state, _ = act(content, state, Move(to="V10"))
    state, _ = act(content, state, Fight(token="drachenmensch", skill="magic"), (1, 1, 1, 1, 1, 1))
    assert state.heroes[0].position == "V9"
    state = pass_turn(content, end_turn(content, state))
    state = begun(content, state)
    assert legal(content, state) == [ChallengeDragon(skill="magic")]
    hoard = content.dragon_cards["gruener_drache"].hoard_gold
    card_lp = content.dragon_cards["gruener_drache"].lp
    state, events = act(content, state, ChallengeDragon(skill="magic"), (1, 1, 1) * card_lp)
    assert kinds_of(events).count("experience_lost") == hoard
    assert state.phase == "finished" and winner(state) == 0
    assert legal_actions(content, state, 1) == [] and view(content, state, 1)["winner"] == 0


def test_begin_turn_is_refused_after_the_end(content):
    state = _gem_holder_before_a_guardian(content)
    state.phase = Phase.FINISHED
    assert legal_actions(content, state, 0) == []
    from games.engine import IllegalActionError

    with pytest.raises(IllegalActionError):
        act(content, state, BeginTurn(), seat=0)
