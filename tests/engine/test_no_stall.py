"""No game can stall (issue 11): over many playouts, while the game runs some seat can act, and every
open decision is answered by the seat it belongs to (``check_someone_can_act`` after every step).

Random play from a new game seldom reaches the end of a game, so most playouts start from positions
near the end (issue 11's list): a confused Hobbit beside open monsters, heroes at low LP (deaths), a
gem holder before the Wächter and the Namenloser, a hero before the dragon, a Basar ready to offer to
other seats, dice kept by hand; the dice are seeded, the choices lean towards actions.
"""

from __future__ import annotations

import random

import pytest

from games.engine.content.model import FieldKind
from games.engine.core.state import TokenState, at_field
from games.engine.playout import play_from, random_playout
from games.engine.rules.setup import MAX_SEATS

from .helpers import give_item, play_state
from .test_properties import ActionMinded, check_invariants, check_someone_can_act

MONSTERS = ("basilisk", "raeuber", "troll", "riesenspinne", "schatten", "alp", "doppelgaenger", "wolf")
SPOTS = ("A1", "A2", "A3", "J5", "H1", "H2", "H4", "V10", "V8", "L2", "Y1", "E2", "N3", "R2", "F1", "F3", "J1")


def _fields(content, kind: FieldKind) -> list[str]:
    return sorted(f.code for r in content.regions.values() for f in r.fields if f.kind is kind)


def near_end(content, rng: random.Random, seats: int, walked_hobbit: bool = False):
    """A play position with the interesting things of the end of a game close to the heroes."""
    keys = sorted(content.heroes)
    heroes = rng.sample(keys, seats)
    if "hobbit" in heroes:
        heroes.remove("hobbit")
        heroes.insert(rng.randrange(seats), "hobbit")
    elif rng.random() < 0.5:
        heroes[0] = "hobbit"
    beige = _fields(content, FieldKind.BEIGE)
    spots = [s for s in SPOTS if s in beige] or beige
    places = [rng.choice(spots) for _ in heroes]
    if walked_hobbit:
        # Issue 11's stall: the confused Hobbit beside an open monster, his neighbour to move him.
        heroes[0], places[0] = "hobbit", "A2"
    state = play_state(content, list(zip(heroes, places, strict=True)))
    state.current = 0 if walked_hobbit else rng.randrange(seats)
    state.namenloser_card = rng.choice(sorted(content.namenlose_cards))
    state.dragon_card = rng.choice(sorted(content.dragon_cards))
    state.tokens["namenloser"] = TokenState(loc=at_field("H3"), face_up=True)
    for tid, field in (("grd-1", "H5"), ("grd-2", "H7"), ("grd-3", "H8"), ("grd-4", "H9")):
        state.tokens[tid] = TokenState(loc=at_field(field))
    # The two Basar tokens, for offers to the other seats (a Basar is called on arrival, R-84).
    state.tokens["enc-kleiner-basar"] = TokenState(loc=at_field("F2"), face_up=True)
    state.tokens["enc-grosser-basar"] = TokenState(loc=at_field("J2"), face_up=True)
    if rng.random() < 0.5:
        state.tokens["drache"] = TokenState(loc=at_field("V9"), face_up=True)
    for hero in state.heroes:
        card = content.heroes[hero.hero]
        hero.lp = rng.randint(1, card.lp)
        hero.gold = rng.randint(0, 12)
        hero.confused = rng.random() < 0.3
        hero.dice_policy = rng.choice(("best", "ask"))
        hero.xp = {c: rng.randint(0, 6) for c in hero.xp}
        if rng.random() < 0.3:
            hero.deed = rng.choice(sorted(content.deeds))
            hero.deed_parts, hero.gem = 3, True
    # Open monsters on and around the heroes' fields.
    free = [tid for tid in sorted(content.tokens) if state.tokens[tid].field is None
            and content.tokens[tid].face in MONSTERS]
    rng.shuffle(free)
    if walked_hobbit:
        state.heroes[0].confused = True
        state.tokens[free.pop()] = TokenState(loc=at_field("A1"), face_up=True)
    for tid in free[: rng.randint(2, 8)]:
        state.tokens[tid] = TokenState(loc=at_field(rng.choice(spots)), face_up=True)
    gifts = ["zauberstab", "roter_heiltrank", "bogen", "schwert", "pegasus", "blitzschlag"]
    rng.shuffle(gifts)
    for seat in range(seats):
        if gifts and rng.random() < 0.4:
            give_item(content, state, seat, gifts.pop())
    return state


def _playouts(content, count: int, steps: int, label: str) -> dict[str, int]:
    seen: dict[str, int] = {}
    for n in range(count):
        rng = random.Random(f"{label}-{n}")
        seats = 1 + n % MAX_SEATS
        if n % 5 == 0:
            walk = random_playout(content, seats, f"{label}-{n}", steps * 3, chooser=ActionMinded(f"{label}-{n}"))
        else:
            start = near_end(content, rng, seats, walked_hobbit=seats > 1 and n % 3 == 1)
            check_someone_can_act(content, start)
            walk = play_from(content, start, f"{label}-{n}", steps, ActionMinded(f"{label}-{n}", 0.7))
        for state, _seat, _action, events in walk:
            check_someone_can_act(content, state)
            if n % 10 == 1:
                check_invariants(content, state)
            for e in events:
                seen[e.kind] = seen.get(e.kind, 0) + 1
    return seen


@pytest.mark.rule("GLOS-06", "HERO-09", "TURN-01")
def test_no_stall_short(content):
    seen = _playouts(content, 40, 60, "nostall")
    for kind in ("fight_won", "fight_lost", "confused_by_basilisk", "movement_decided_by_neighbour",
                 "bazaar_called"):
        assert seen.get(kind), kind


@pytest.mark.slow
@pytest.mark.rule("GLOS-06", "HERO-09", "TURN-01", "END-01", "END-12")
def test_no_stall_over_two_thousand_playouts(content):
    seen = _playouts(content, 2000, 40, "nostall-slow")
    for kind in ("fight_won", "fight_lost", "confused_by_basilisk", "movement_decided_by_neighbour",
                 "evade_roll", "hero_died", "item_offered", "experience_dice_kept", "guardian_revived",
                 "final_fight_started", "killed_by_dragon"):
        assert seen.get(kind), kind
