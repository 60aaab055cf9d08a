"""Setup ("Vorbereitung des Spiels") as actions of the seats, in turn."""

from __future__ import annotations

import pytest

from games.engine import IllegalActionError, ScriptedDice, apply, legal_actions, new_game
from games.engine.content.model import FieldKind, TokenCategory
from games.engine.core.actions import ChooseAxis, ChooseHero, PlaceManor, PlaceRegion
from games.engine.core.board import orthogonal_cells
from games.engine.core.state import ASIDE, BAG, PILE_BAZAAR, PILE_CITY, PILE_FACE_DOWN, Phase

SET_ASIDE_LETTERS = {"H", "J", "N", "R", "V"}


def fresh(content, seats):
    """A new game whose scripted dice make seat 0 the start player and shuffle nothing."""
    return new_game(content, seats=seats, seed="s", dice=ScriptedDice())


def play(content, state, seat, action, dice=None):
    new, events = apply(content, state, seat, action, dice or ScriptedDice())
    return new, events


def setup_two_players(content, heroes=("krieger", "elf"), cells=(0, 12)):
    state = fresh(content, 2)
    for seat, hero in enumerate(heroes):
        state, _ = play(content, state, seat, ChooseHero(hero=hero))
    for seat, cell in enumerate(cells):
        state, _ = play(content, state, seat, PlaceRegion(cell=cell))
    return state


@pytest.mark.rule("SETUP-01", "SETUP-03", "LP-02")
def test_heroes_start_with_their_printed_lp_and_gold(content):
    state = fresh(content, 2)
    state, events = play(content, state, 0, ChooseHero(hero="zwerg"))
    hero = state.heroes[0]
    assert (hero.lp, hero.lp_max, hero.gold) == (5, 5, 4)
    assert events[0].kind == "hero_chosen" and events[0].rule == "SETUP-01"


@pytest.mark.rule("SETUP-01")
def test_each_hero_can_be_chosen_once(content):
    state = fresh(content, 2)
    state, _ = play(content, state, 0, ChooseHero(hero="zwerg"))
    assert ChooseHero(hero="zwerg") not in legal_actions(content, state, 1)
    with pytest.raises(IllegalActionError, match="already been chosen"):
        play(content, state, 1, ChooseHero(hero="zwerg"))


@pytest.mark.rule("SETUP-01")
def test_all_sixteen_heroes_are_offered(content):
    state = fresh(content, 1)
    offered = {a.hero for a in legal_actions(content, state, 0)}
    assert len(offered) == 16


@pytest.mark.rule("HERO-11")
def test_magier_may_take_a_city_spell_instead_of_three_gold(content):
    state = fresh(content, 1)
    spells = [a for a in legal_actions(content, state, 0) if a.hero == "magier" and a.spell]
    assert spells, "the Magier is offered the city-of-mages spells"
    state, _ = play(content, state, 0, spells[0])
    hero = state.heroes[0]
    assert hero.gold == 0 and hero.items == [spells[0].spell]
    assert content.items[content.tokens[spells[0].spell].face].category == "spell"


def test_only_the_magier_may_take_a_spell(content):
    state = fresh(content, 1)
    spell = next(a.spell for a in legal_actions(content, state, 0) if a.spell)
    with pytest.raises(IllegalActionError, match="only the Magier"):
        play(content, state, 0, ChooseHero(hero="krieger", spell=spell))


def test_seats_choose_in_turn(content):
    state = fresh(content, 2)
    assert legal_actions(content, state, 1) == []
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        play(content, state, 1, ChooseHero(hero="elf"))


@pytest.mark.rule("SETUP-05", "SETUP-06")
def test_players_draw_cards_other_than_the_five_set_aside(content):
    state = fresh(content, 4)
    for seat, hero in enumerate(["krieger", "elf", "zwerg", "magier"]):
        state, events = play(content, state, seat, ChooseHero(hero=hero))
    drawn = [h.drawn_region for h in state.heroes]
    assert len(set(drawn)) == 4
    assert not set(drawn) & SET_ASIDE_LETTERS
    assert state.phase == "setup_region"


@pytest.mark.rule("SETUP-07", "SETUP-08")
def test_drawn_cards_never_touch_along_an_edge(content):
    state = fresh(content, 2)
    for seat, hero in enumerate(["krieger", "elf"]):
        state, _ = play(content, state, seat, ChooseHero(hero=hero))
    state, _ = play(content, state, 0, PlaceRegion(cell=12))
    cells = {a.cell for a in legal_actions(content, state, 1)}
    assert 12 not in cells
    assert not cells & set(orthogonal_cells(12))
    assert {6, 8, 16, 18} <= cells  # diagonal neighbours are allowed
    with pytest.raises(IllegalActionError, match="touches another drawn card"):
        play(content, state, 1, PlaceRegion(cell=13))


@pytest.mark.rule("SETUP-09", "SETUP-10")
def test_manor_goes_beside_a_beige_field_of_the_own_card(content):
    state = setup_two_players(content)
    letter = state.heroes[0].drawn_region
    fields = {a.field for a in legal_actions(content, state, 0)}
    assert fields
    for code in fields:
        assert code[0] == letter
        assert content.regions[letter].field(code).kind is FieldKind.BEIGE
    other = next(f.code for f in content.regions[state.heroes[1].drawn_region].fields)
    with pytest.raises(IllegalActionError, match="not a free beige field of your card"):
        play(content, state, 0, PlaceManor(field=other))


@pytest.mark.rule("SETUP-11")
def test_manor_never_at_s1(content):
    state = fresh(content, 1)
    state, _ = play(content, state, 0, ChooseHero(hero="krieger"))
    state.heroes[0].drawn_region = "S"
    state.phase = Phase.SETUP_MANOR
    fields = {a.field for a in legal_actions(content, state, 0)}
    assert "S1" not in fields


@pytest.mark.rule("SETUP-12", "SETUP-13", "SETUP-14", "SETUP-15", "SETUP-16", "SETUP-17", "SETUP-18")
def test_finishing_setup_fills_the_square_and_lays_out_tokens(content):
    state = setup_two_players(content)
    for seat in (0, 1):
        manor = legal_actions(content, state, seat)[0].field
        state, events = play(content, state, seat, PlaceManor(field=manor))
    assert state.phase == "setup_axis"
    assert sorted(state.grid) == sorted(content.regions)
    assert sum(state.revealed) == 2
    assert legal_actions(content, state, 0) == [ChooseAxis(axis="north_south"), ChooseAxis(axis="east_west")]
    state, _ = play(content, state, 0, ChooseAxis(axis="north_south"))
    state, _ = play(content, state, 1, ChooseAxis(axis="east_west"))
    assert state.phase == "play" and state.current == 0 and state.turn == 1
    for hero in state.heroes:
        assert hero.position == hero.manor
    on_board = [t for t in state.tokens.values() if t.field]
    assert len(on_board) == 4 and all(not t.face_up for t in on_board)
    for seat, axis in ((0, ("north", "south")), (1, ("east", "west"))):
        region = content.regions[state.heroes[seat].drawn_region]
        codes = {t.field for t in on_board if t.field[0] == region.letter}
        assert codes == {region.entries[axis[0]], region.entries[axis[1]]}
    locs = {}
    for tid, ts in state.tokens.items():
        locs.setdefault(ts.loc, set()).add(content.tokens[tid].category)
    assert locs[ASIDE] == {TokenCategory.NAMENLOSER, TokenCategory.GUARDIAN, TokenCategory.SERVANT,
                           TokenCategory.DRACHENMENSCH, TokenCategory.DRAGON_EVENT}
    assert locs[PILE_FACE_DOWN] == {TokenCategory.FACE_DOWN}
    assert locs[PILE_BAZAAR] == {TokenCategory.BAZAAR}
    assert locs[PILE_CITY] == {TokenCategory.CITY}
    assert TokenCategory.DRAGON in locs[BAG]
    assert state.namenloser_card in content.namenlose_cards
    assert state.dragon_card in content.dragon_cards


@pytest.mark.rule("TURN-01")
def test_the_start_player_is_drawn_and_setup_follows_the_seat_order_from_there(content):
    state = new_game(content, seats=3, seed="s", dice=ScriptedDice(picks=[2]))
    assert state.current == 2 and state.first_seat == 2
    state, _ = play(content, state, 2, ChooseHero(hero="krieger"))
    assert state.current == 0
    state, _ = play(content, state, 0, ChooseHero(hero="elf"))
    state, _ = play(content, state, 1, ChooseHero(hero="zwerg"))
    assert state.phase == "setup_region" and state.current == 2
