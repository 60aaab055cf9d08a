"""Two complete games, from new_game through the setup to a victory, every step through apply.

No state is touched after new_game: the friendly dice (tests/engine/guided.py) lay the cards out,
choose what is drawn from the bag and roll 1s, and a goal-directed policy chooses among the legal
actions. After every step the state must survive a JSON round trip.
"""

from __future__ import annotations

import pytest

from games.engine import new_game, winner
from games.engine.core.actions import (
    ChooseAxis,
    ChooseDeed,
    ChooseHero,
    Fight,
    FulfilDeed,
    PickUp,
    PlaceManor,
    PlaceRegion,
    UseEncounter,
)
from games.engine.core.board import letter_of
from games.engine.core.state import BAG

from .guided import FriendlyDice, Game, Goal, play

LETTERS = "ABCDEFGHIJKLMNOPRSTUVWXYZ"
OTHER_CARD, OTHER_CELL = "A", 24


def layout(cells: dict[int, str]) -> str:
    """25 letters, one per square: the given ones where given, the rest in alphabetical order."""
    rest = iter(sorted(set(LETTERS) - set(cells.values())))
    return "".join(cells.get(cell) or next(rest) for cell in range(25))


def setup_policy(hero: str, card_cell: int, manor: str):
    def choose(seat, legal):
        wanted = {
            ChooseHero: ChooseHero(hero=hero) if seat == 0 else ChooseHero(hero="krieger"),
            PlaceRegion: PlaceRegion(cell=card_cell if seat == 0 else OTHER_CELL),
            PlaceManor: PlaceManor(field=manor) if seat == 0 else legal[0],
            ChooseAxis: ChooseAxis(axis="east_west"),
        }[type(legal[0])]
        assert wanted in legal
        return wanted
    return choose


def start(content, hero, cells, letters, manor, wanted, boss_cards, seed):
    grid = layout(cells)
    own = cells[0]
    dice = FriendlyDice(content, grid, drawn=[own, OTHER_CARD], wanted=wanted, boss_cards=boss_cards)
    state = new_game(content, seats=2, seed=seed, dice=dice)
    game = Game(content, state, dice, letters=letters, setup=setup_policy(hero, 0, manor))
    return game


def placed(tid):
    """The token was drawn and lies on the board (or waits beside it)."""
    return lambda state: state.tokens[tid].loc != BAG


def taken(tid):
    """The token left the board: onto the hero's sheet, his deed card, or out of the game."""
    return lambda state: state.tokens[tid].loc != BAG and state.tokens[tid].field is None \
        and not state.tokens[tid].loc.startswith("waiting")


def find_field(content, letters):
    """The field of an item lying on the hero's cards (to pick it up: a bag draw)."""
    def where(state):
        for tid, ts in sorted(state.tokens.items()):
            token = content.tokens[tid]
            if ts.field and letter_of(ts.field) in letters and token.kind.value == "item" and not ts.flipped \
                    and not token.deed and not token.weapon and token.category.value == "face_down":
                return ts.field
        raise AssertionError("no item to pick up on the hero's cards")
    return where


def at(field):
    return lambda state: field


def golden_ball_goals(content) -> list[Goal]:
    """The Golden Ball's way for seat 0's Elf on the board ``BJILH``: the Frog King from the bag at B, the
    deed at the court (J5), its three parts (B8, I3, L10), a guardian from H5, then the Namenloser at H3."""
    return [
        Goal("pick up an item: a bag draw brings the Frog King", placed("dp-kugel-1"), find_field(content, "B"),
             lambda a: isinstance(a, PickUp)),
        Goal("choose the deed at the royal court", lambda s: s.heroes[0].deed is not None, at("J5"),
             lambda a: a == ChooseDeed(deed="goldene_kugel")),
        Goal("part 1: the Frog King's magic probe", lambda s: s.heroes[0].deed_parts >= 1, at("B8"),
             lambda a: a == FulfilDeed(skill="magic")),
        Goal("part 2: the ball to Princess Liliane", lambda s: s.heroes[0].deed_parts >= 2, at("I3"),
             lambda a: a == FulfilDeed()),
        Goal("part 3: the brooch to the old queen", lambda s: s.heroes[0].deed_parts >= 3, at("L10"),
             lambda a: a == FulfilDeed()),
        Goal("a guardian's field", lambda s: s.heroes[0].position == "H3", at("H5"),
             lambda a: isinstance(a, Fight)),
        Goal("the Namenloser", lambda s: False, at("H3")),
    ]


@pytest.mark.rule("GOAL-01", "GOAL-02", "GOAL-05", "DEED-01", "DEED-05", "DEED-06", "DEED-07", "DEED-08",
                  "DEED-09", "DEED-10", "END-01", "END-02", "END-03", "END-05", "END-09", "BAG-07")
def test_a_whole_game_won_against_the_namenloser(content):
    # Elf (magic 4, ranged 7) at B; the Golden Ball: Frog King B8, Princess I3, Old Queen L10.
    cells = {0: "B", 1: "J", 2: "I", 3: "L", 8: "H", OTHER_CELL: OTHER_CARD}
    wanted = ["dp-kugel-1", "dp-kugel-2", "dp-kugel-3", "namenloser"]
    game = start(content, "elf", cells, "BJILH", "B3", wanted, ["daemon", "gruener_drache"], "namenloser-game")
    hero = game.state.heroes[0]
    seen = {"deed": False, "gem": False, "guardian": False, "final": False}

    def observe(game, events):
        kinds = [e.kind for e in events]
        h = game.state.heroes[0]
        if "deed_chosen" in kinds:
            assert h.deed == "goldene_kugel" and h.position == "J5"
            seen["deed"] = True
        if "gem_earned" in kinds:
            assert h.gem and h.deed_parts == 3 and h.position == "L10"
            seen["gem"] = True
        if "moved_onto_namenloser" in kinds:
            assert h.position == "H3" and game.state.tokens["namenloser"].field == "H3"
            seen["guardian"] = True
        if "final_fight_started" in kinds:
            seen["final"] = True

    goals = golden_ball_goals(content)
    assert game.state.phase == "setup_hero" and hero.hero is None
    play(game, goals, fight_skill="ranged", observe=observe)
    state = game.state
    assert all(seen.values()), seen
    assert state.phase == "finished" and winner(state) == 0
    assert state.heroes[0].hero == "elf" and state.heroes[0].gem


@pytest.mark.rule("GOAL-01", "GOAL-04", "WEAPON-03", "WEAPON-07", "WEAPON-09", "END-12", "END-13", "END-15",
                  "END-18", "TOK-32")
def test_a_whole_game_won_against_the_dragon(content):
    # Magier at B: the Unicorn (B5), the Alp (K8), Orpheus (R8), the dragon's cave (V).
    cells = {0: "B", 1: "K", 2: "R", 3: "V", OTHER_CELL: OTHER_CARD}
    # The Hinweis auf den Gral (2 EW) lies on his card: the hoard must be paid in full (ruling R-78).
    wanted = ["wp-einhorn", "wp-alp", "wp-orpheus", "drache", "fd-21"]
    game = start(content, "magier", cells, "BKRV", "B3", wanted, ["gruener_drache", "daemon"], "dragon-game")
    assert game.state.phase == "setup_hero"
    seen = {"scroll": False, "bone": False, "weapon": False, "final": False}

    def observe(game, events):
        kinds = [e.kind for e in events]
        state = game.state
        if state.tokens["wp-einhorn"].loc == "hero:0":
            seen["scroll"] = True
        if state.tokens["wp-alp"].loc == "hero:0":
            seen["bone"] = True
        if "magic_weapon_made" in kinds:
            assert state.tokens["wp-orpheus"].loc == "hero:0" and state.heroes[0].position == "R8"
            seen["weapon"] = True
        if "final_fight_started" in kinds:
            assert state.heroes[0].position == "V9" and state.tokens["drache"].field == "V9"
            seen["final"] = True
        if "boss_card_revealed" in kinds:
            # The hoard (1 gold for the green dragon) was paid in EW before the card is shown (R-78, END-16).
            assert sum(state.heroes[0].xp.values()) == 1

    goals = [
        Goal("pick up an item: a bag draw brings the Unicorn", placed("wp-einhorn"), find_field(content, "B"),
             lambda a: isinstance(a, PickUp)),
        Goal("the Unicorn: Lyra's scroll", taken("wp-einhorn"), at("B5"),
             lambda a: isinstance(a, UseEncounter) and a.token == "wp-einhorn"),
        Goal("the Alp: the great bone", taken("wp-alp"), at("K8"),
             lambda a: isinstance(a, Fight) and a.token == "wp-alp"),
        Goal("Orpheus forges the lyre", taken("wp-orpheus"), at("R8"),
             lambda a: isinstance(a, UseEncounter) and a.token == "wp-orpheus"),
        Goal("the dragon", lambda s: False, at("V9")),
    ]
    play(game, goals, fight_skill="magic", observe=observe)
    state = game.state
    assert all(seen.values()), seen
    assert state.phase == "finished" and winner(state) == 0
    assert state.heroes[0].hero == "magier" and state.tokens["wp-orpheus"].loc == "hero:0"
