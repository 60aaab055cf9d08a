"""Random legal playouts (setup and movement) with invariants checked after every action."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import IllegalActionError, ScriptedDice, SeededDice, State, apply, legal_actions, view
from games.engine.content.model import FieldKind
from games.engine.core.actions import ACTION_KINDS
from games.engine.core.heroes import held_items, skill_value
from games.engine.core.payloads import TokenChoice
from games.engine.core.state import (
    ASIDE,
    BAG,
    DRAWN,
    OFFER,
    OUT,
    PILE_BAZAAR,
    PILE_CITY,
    PILE_FACE_DOWN,
    RETURNING,
    WAITING,
    TokenState,
)
from games.engine.core.tokens import exists_for, face_known_to
from games.engine.playout import acting_seat, play_from, random_playout
from games.engine.rules.setup import MAX_SEATS

FIXED_LOCS = {BAG, ASIDE, OUT, WAITING, PILE_FACE_DOWN, PILE_BAZAAR, PILE_CITY, DRAWN, OFFER, RETURNING}


def all_fields(content):
    return {f.code for r in content.regions.values() for f in r.fields}


def check_invariants(content, state: State) -> None:
    fields = all_fields(content)
    # Every token is in exactly one known place.
    assert set(state.tokens) == set(content.tokens)
    for tid, ts in state.tokens.items():
        if ts.loc in FIXED_LOCS:
            continue
        kind, _, where = ts.loc.partition(":")
        assert kind in {"field", "hero", "deed", "quest", "companion"}, ts.loc
        if kind == "field":
            assert where in fields, ts.loc
    drawn = [p.payload(TokenChoice).token for p in state.pending if p.kind == "place_token"]
    assert sorted(drawn) == sorted(state.tokens_at(DRAWN))
    assert sorted(state.turn_state.offers) == sorted(state.tokens_at(OFFER))
    # A token held apart until its draw is made is back in the bag once no decision is open (TOK-09).
    assert sorted(r.token for r in state.returning) == sorted(state.tokens_at(RETURNING))
    assert state.pending or not state.tokens_at(RETURNING)
    assert not state.tokens_at(RETURNING) or any(
        p.kind in ("hellsehen", "bag_search") or p.context.to_json().get("probe", {}).get("purpose") == "hellsehen"
        for p in state.pending)
    # At most one bag draw per turn (BAG-08).
    assert state.turn_state.bag_draws <= 1
    for hero in state.heroes:
        held = {tid for tid, ts in state.tokens.items() if ts.loc == f"hero:{hero.seat}"}
        assert held == set(hero.items), (hero.seat, held, hero.items)
        assert len(hero.items) == len(set(hero.items))
        quests = {tid for tid, ts in state.tokens.items() if ts.loc == f"quest:{hero.seat}"}
        assert quests == set(hero.quests) and len(hero.quests) <= 4
        companions = state.tokens_at(f"companion:{hero.seat}")
        assert companions == ([hero.companion] if hero.companion else [])
        assert set(hero.artificial) <= set(hero.items) | set(companions)
        assert set(hero.charges) <= set(hero.items)
        assert set(hero.found) <= set(hero.quests)
        if hero.hero:
            card = content.heroes[hero.hero]
            assert len(hero.items) <= card.item_slots
            # LP and gold never negative; natural LP never above the maximum.
            assert 0 <= hero.lp <= hero.lp_max, (hero.lp, hero.lp_max)
            assert hero.gold >= 0 and hero.purse >= 0
            assert all(v >= 0 for v in hero.artificial.values())
            assert all(v >= 0 for v in hero.xp.values())
            for skill in ("magic", "ranged", "melee"):
                assert skill_value(content, state, hero, skill) <= 11
                assert getattr(card, skill) + hero.training[skill] <= 11
            # One armour, one shield, one ring, one scroll.
            kinds = [item.category for _, item in held_items(content, state, hero)
                     if item.category in ("armour", "shield", "ring", "scroll")]
            assert len(kinds) == len(set(kinds)), kinds
        if state.phase == "play":
            assert hero.position in fields, hero.position
            if hero.between:
                assert set(hero.between) <= fields
            f = content.regions[hero.position[0]].field(hero.position)
            # Only a gem holder who beat a Wächter stands on the Namenloser (H3).
            assert f.site != "namenloser" or hero.gem
            assert f.kind is not FieldKind.GUARDIAN or hero.gem
    # Only revealed cards are on the board for everybody; the square is a permutation once set up.
    if state.phase == "play":
        assert sorted(state.grid) == sorted(content.regions)
    assert 0 <= state.current < state.seats
    for pending in state.pending:
        assert pending.options, pending
        if pending.kind == "lose_lp":
            # Only what can still lose an LP now is offered, however many losses were queued at once.
            hero = state.heroes[pending.seat]
            assert pending.options == ["natural", *(t for t, left in hero.artificial.items() if left > 0)]
    # A final fight pauses only for a decision; a finished game has a winner and no open decision.
    if state.boss_fight is not None:
        assert state.pending and state.phase == "play"
    if state.phase == "finished":
        assert state.winner is not None and not state.pending
        assert all(legal_actions(content, state, s) == [] for s in range(state.seats))
    for hero in state.heroes:
        assert 0 <= hero.deed_parts <= 3 and (hero.deed is not None or hero.deed_parts == 0)
        assert not hero.gem or hero.deed_parts == 3
    check_someone_can_act(content, state)
    # JSON round trip is lossless.
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


def check_someone_can_act(content, state: State) -> None:
    """No stall (issue 11): while the game runs some seat has a legal action, and every open decision
    is answered by the seat it belongs to (a pending decision by its seat, a forced fight by the hero)."""
    if state.phase == "finished":
        return
    actor = acting_seat(state)
    actions = legal_actions(content, state, actor)
    assert actions, f"stall: seat {actor} is to act but has no legal action ({state.turn_state})"
    if state.pending:
        assert actor == state.pending[0].seat
    elif state.phase == "play" and state.turn_state.forced_fight:
        assert actor == state.current, "a forced fight is the hero's own decision"


def check_every_answer_applies(content, state: State) -> None:
    """Each answer offered to the first open decision applies without a crash (a stale option, such as
    an armour an earlier answer already broke, once raised a KeyError here)."""
    if not state.pending:
        return
    seat = state.pending[0].seat
    for sequence, action in enumerate(legal_actions(content, state, seat)):
        apply(content, state, seat, action, SeededDice("answers", sequence))


class QuestSwapWatch:
    """Fed every step: a quest accepted after one was laid down in the same turn is the swap in two
    steps and draws nothing (ruling R-160). Counts lay-downs from the events, not from the engine."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        self.laid_down = 0
        self.swaps = 0

    def step(self, before: State, after: State, events) -> None:
        turn = (before.turn, before.current)
        if turn != self.turn:
            self.turn, self.laid_down = turn, 0
        for event in events:
            if event.kind == "quest_laid_down" and event.seat == before.current:
                self.laid_down += 1
            elif event.kind == "quest_accepted" and self.laid_down and after.v2:
                self.laid_down -= 1
                self.swaps += 1
                assert after.turn_state.bag_draws == before.turn_state.bag_draws, "a two-step swap drew"
                assert all(e.rule != "QUEST-06" for e in events), [e.kind for e in events]


def check_view_leaks_nothing(content, state: State, seat: int) -> None:
    seen = view(content, state, seat)
    # A bag search lists faces, not ids; a face may spell like an id ("drache"), so it is checked apart.
    scanned = json.loads(json.dumps(seen))
    faces = {t.face for t in content.tokens.values()}
    for entry in scanned["pending"]:
        if entry["kind"] == "bag_search" and "options" in entry:
            assert set(entry.pop("options")) <= faces
    text = json.dumps(scanned)
    for cell, info in enumerate(seen["board"]):
        if not state.revealed[cell]:
            assert info["letter"] is None
    for tid, ts in state.tokens.items():
        if not face_known_to(content, state, seat, tid):
            assert f'"{tid}"' not in text, f"{tid} leaks to seat {seat}"
    # The boss cards stay secret but for a seat that peeked at them (Mäuse) or once revealed.
    for card in ("namenloser", "dragon"):
        if card not in state.known_cards(seat):
            assert seen[f"{card}_card"] is None
    # Pending options and the offer are shown only to the seat concerned.
    for entry in seen["pending"]:
        assert ("options" in entry) == (entry["seat"] == seat)
    if seat != state.current:
        assert seen["turn_state"]["offers"] == []
    # Swapping two hidden things the seat cannot tell apart leaves its view unchanged.
    hidden = [tid for tid, ts in state.tokens.items()
              if ts.field and exists_for(content, state, seat, tid) and not face_known_to(content, state, seat, tid)]
    if len(hidden) >= 2:
        a, b = hidden[0], hidden[-1]
        swapped = state.clone()
        ta, tb = swapped.tokens[a], swapped.tokens[b]
        swapped.tokens[a] = TokenState(tb.loc, tb.face_up, tb.seen_by)
        swapped.tokens[b] = TokenState(ta.loc, ta.face_up, ta.seen_by)
        assert view(content, swapped, seat) == seen
    unrevealed = [c for c in range(25) if state.grid[c] and not state.revealed[c]]
    if len(unrevealed) >= 2:
        swapped = state.clone()
        c1, c2 = unrevealed[0], unrevealed[-1]
        swapped.grid[c1], swapped.grid[c2] = swapped.grid[c2], swapped.grid[c1]
        assert view(content, swapped, seat)["board"] == seen["board"]


BORING = {"set_dice_policy", "end_turn", "end_movement", "drop_item", "drop_quest", "choose_movement"}


class ActionMinded:
    """Picks at random, but prefers the action phase (fights, items, quests, encounters, trades) to
    walking and ending the turn, so that playouts go through fights, quests, trades and deaths."""

    def __init__(self, seed: str, eagerness: float = 0.6) -> None:
        self.rng = random.Random(seed)
        self.eagerness = eagerness

    def choice(self, actions):
        lively = [a for a in actions if a.kind not in BORING and a.kind != "move"]
        if lively and self.rng.random() < self.eagerness:
            return self.rng.choice(lively)
        return self.rng.choice(actions)


def _check_only_the_deciding_seat_acts(content, state: State) -> None:
    actor = acting_seat(state)
    for other in range(state.seats):
        if other != actor and other != state.current:
            assert legal_actions(content, state, other) == [], (other, state.pending[:1])
    if state.pending:
        for other in range(state.seats):
            if other != state.pending[0].seat:
                assert legal_actions(content, state, other) == []


def _check_playouts(content, games: int, steps: int) -> tuple[int, set[str], QuestSwapWatch]:
    """Random legal playouts (every other one action-minded) with every invariant checked after each
    step, and the deciding seat, every answer and the views checked after every 7th."""
    total = 0
    seen_kinds: set[str] = set()
    swaps = QuestSwapWatch()
    for game in range(games):
        seats = 1 + game % MAX_SEATS  # 1 to 6 seats (ruling R-103)
        chooser = ActionMinded(f"prop-{game}") if game % 2 else None
        previous = None
        for state, _seat, _action, events in random_playout(content, seats, f"prop-{game}", steps, chooser=chooser):
            if previous is not None:
                swaps.step(previous, state, events)
            previous = state
            check_invariants(content, state)
            seen_kinds.update(e.kind for e in events)
            if total % 7 == 0:
                _check_only_the_deciding_seat_acts(content, state)
                check_every_answer_applies(content, state)
                for viewer in range(state.seats):
                    check_view_leaks_nothing(content, state, viewer)
            total += 1
    return total, seen_kinds, swaps


@pytest.mark.rule("MOVE-01", "SETUP-01", "BAG-08", "LP-06")
def test_random_legal_actions_keep_every_invariant_short(content):
    """The inner loop's version of the property run below: the openings of six games of 1 to 6 seats."""
    total, _, _ = _check_playouts(content, games=6, steps=70)
    assert total > 300


@pytest.mark.slow
@pytest.mark.rule("MOVE-01", "SETUP-01", "SETUP-05", "BAG-08", "SKILL-06", "ITEM-07", "LP-06")
def test_thousands_of_random_legal_actions_keep_every_invariant(content):
    total, seen_kinds, _ = _check_playouts(content, games=16, steps=500)
    assert total > 6000
    # The playouts went through fights (won and lost), quests, trades, events and deaths.
    # (A Basar is called only on arrival since issue 11, R-84: test_no_stall.py reaches it from near positions.)
    for kind in ("fight_won", "fight_lost", "quest_accepted", "item_taken", "hero_died",
                 "encounter_used", "event", "probe", "face_down_token_placed"):
        assert kind in seen_kinds, kind


def _random_action(rng: random.Random):
    kind = rng.choice(sorted(ACTION_KINDS))
    cls = ACTION_KINDS[kind]
    values = {}
    for p in cls.PARAMS:
        if p.type in ("cell", "int") or p.name == "value":
            values[p.name] = rng.randint(-2, 30)
        else:
            letter = rng.choice("ABCDEFGHIJKLMNOPRSTUVWXYZ")
            values[p.name] = rng.choice([f"{letter}{rng.randint(1, 13)}", f"?{rng.randint(0, 24)}", "natural",
                                         "gold", "krieger", "walk", "broom"])
    return cls(**values)


def _check_no_illegal_action_is_accepted(content, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = None
    for state, _, _, _ in random_playout(content, 1 + seed % 4, f"illegal-{seed}", steps):
        pass
    if state is None:
        return
    seat = acting_seat(state)
    legal = legal_actions(content, state, seat)
    for _ in range(25):
        action = _random_action(rng)
        actor = rng.choice([seat, (seat + 1) % state.seats])
        if actor == seat and action in legal:
            continue
        before = json.dumps(state.to_json(), sort_keys=True)
        with pytest.raises(IllegalActionError):
            apply(content, state, actor, action, ScriptedDice([3] * 20))
        assert json.dumps(state.to_json(), sort_keys=True) == before


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000), steps=st.integers(min_value=0, max_value=60))
def test_no_illegal_action_is_ever_accepted_short(content, seed, steps):
    _check_no_illegal_action_is_accepted(content, seed, steps)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000), steps=st.integers(min_value=0, max_value=120))
def test_no_illegal_action_is_ever_accepted(content, seed, steps):
    _check_no_illegal_action_is_accepted(content, seed, steps)


def test_every_offered_action_applies(content):
    for game in range(6):
        state = None
        for state, _, _, _ in random_playout(content, 2, f"offered-{game}", 150):
            pass
        seat = acting_seat(state)
        for sequence, action in enumerate(legal_actions(content, state, seat)):
            apply(content, state, seat, action, SeededDice("offered", sequence))


def _busy_positions(content) -> list[State]:
    """Starting positions where trades, quests, training and fights are within reach."""
    from .helpers import give_item, play_state, put_token

    states = []
    market = play_state(content, [("krieger", "F2"), ("zwerg", "F2"), ("magier", "F1")])
    put_token(market, "enc-kleiner-basar", "F2", face_up=True)
    for hero in market.heroes:
        hero.gold = 12
    states.append(market)
    city = play_state(content, [("zentaur", "S1"), ("gnom", "S1")])
    for hero in city.heroes:
        hero.gold = 10
    states.append(city)
    quests = play_state(content, [("elf", "W6"), ("ork", "P10"), ("schamane", "E5")])
    for seat, qid in ((0, "fd-44"), (1, "fd-35"), (2, "fd-38"), (2, "fd-45")):
        quests.tokens[qid] = TokenState(loc=f"quest:{seat}", face_up=True)
        quests.heroes[seat].quests.append(qid)
    put_token(quests, "qi-statuette", "P10", face_up=True)
    put_token(quests, "enc-mirabar", "E5", face_up=True)
    put_token(quests, "fd-09", "P11", face_up=True)
    states.append(quests)
    fights = play_state(content, [("hobbit", "A1"), ("barde", "B1"), ("paladin", "C1"), ("flink", "A1")])
    for tid, field in (("fd-01", "A2"), ("fd-03", "B2"), ("fd-10", "C2"), ("red-schatten", "A3"),
                       ("fd-11", "B3"), ("fd-12", "C3"), ("enc-quelle", "A5"), ("fd-46", "B5")):
        put_token(fights, tid, field, face_up=True)
    give_item(content, fights, 1, "schild")
    give_item(content, fights, 2, "ruestung")
    states.append(fights)
    return states


@pytest.mark.slow
@pytest.mark.rule("BUY-08", "QUEST-13", "BAG-08", "LP-05")
def test_random_play_from_busy_positions_keeps_every_invariant(content):
    kinds: set[str] = set()
    steps = 0
    swaps = QuestSwapWatch()
    for index, start in enumerate(_busy_positions(content)):
        for run in range(6):
            chooser = ActionMinded(f"busy-{index}-{run}", eagerness=0.8)
            sequence, previous = 0, start
            for sequence, (state, _, _, events) in enumerate(
                    play_from(content, start, f"busy-{index}-{run}", 159, chooser), start=1):
                kinds.update(e.kind for e in events)
                swaps.step(previous, state, events)
                previous = state
                check_invariants(content, state)
                if sequence % 5 == 0:
                    _check_only_the_deciding_seat_acts(content, state)
                    check_every_answer_applies(content, state)
                    for viewer in range(state.seats):
                        check_view_leaks_nothing(content, state, viewer)
                steps += 1
            assert sequence == 159, "nobody can act"
    assert steps > 3000
    for kind in ("item_bought", "item_sold", "offer_declined", "quest_fulfilled", "fight_won", "fight_lost",
                 "hero_died", "lp_healed", "skill_raised", "quest_laid_down"):
        assert kind in kinds, kind
    assert swaps.swaps > 0, "no playout laid a quest down and accepted another in the same turn"


def _endgame_positions(content) -> list[State]:
    """Positions near the end: a gem holder before the Wächter, deed parts within reach, a hero with
    a magic weapon before the Drachenmensch and one with the rope above the cave."""
    from .helpers import give_item, play_state, put_token

    states = []
    tower = play_state(content, [("krieger", "H1"), ("zwerg", "H2"), ("elf", "H4")])
    tower.namenloser_card = "magier"
    put_token(tower, "namenloser", "H3", face_up=True)
    for tid, field in (("grd-1", "H5"), ("grd-2", "H7"), ("grd-3", "H8"), ("grd-4", "H9")):
        put_token(tower, tid, field)
    for hero, deed in zip(tower.heroes, ("axt_der_zwerge", "goldene_kugel", "befreie_daphne"), strict=True):
        hero.deed, hero.deed_parts, hero.gem = deed, 3, True
        hero.xp = {"blue": 2, "green": 2, "red": 2}
        hero.lp = hero.lp_max = 8
    states.append(tower)
    court = play_state(content, [("krieger", "J5"), ("elf", "J4"), ("zwerg", "D8")])
    for tid, field in (("dp-axt-1", "D8"), ("dp-axt-2", "D2"), ("dp-axt-3", "J3"), ("dp-kugel-1", "J4")):
        put_token(court, tid, field, face_up=True)
    court.heroes[2].deed = "axt_der_zwerge"
    court.heroes[1].deed = "goldene_kugel"
    states.append(court)
    cave = play_state(content, [("krieger", "V8"), ("elf", "V1"), ("magier", "V7")])
    cave.dragon_card = "gruener_drache"
    put_token(cave, "drache", "V9", face_up=True)
    put_token(cave, "drachenmensch", "V10")
    give_item(content, cave, 0, "axt_von_bragg")
    give_item(content, cave, 1, "bogen_der_treffsicherheit")
    give_item(content, cave, 1, "seil")
    cave.heroes[1].xp = {"blue": 0, "green": 4, "red": 0}
    for hero in cave.heroes:
        hero.lp = hero.lp_max = 8
    states.append(cave)
    return states


@pytest.mark.slow
@pytest.mark.rule("GOAL-01", "GOAL-05", "END-07", "END-17")
def test_random_play_from_endgame_positions_keeps_every_invariant(content):
    kinds: set[str] = set()
    finished = 0
    for index, start in enumerate(_endgame_positions(content)):
        for run in range(10):
            chooser = ActionMinded(f"end-{index}-{run}", eagerness=0.85)
            state, sequence = start, 0
            for sequence, (state, _, _, events) in enumerate(
                    play_from(content, start, f"end-{index}-{run}", 119, chooser), start=1):
                kinds.update(e.kind for e in events)
                check_invariants(content, state)
                if sequence % 5 == 0:
                    _check_only_the_deciding_seat_acts(content, state)
                    for viewer in range(state.seats):
                        check_view_leaks_nothing(content, state, viewer)
            if state.phase == "finished":
                assert all(legal_actions(content, state, seat) == [] for seat in range(state.seats))
                finished += 1
            else:
                assert sequence == 119, "nobody can act"
    assert finished >= 3
    for kind in ("deed_chosen", "deed_part_fulfilled", "moved_onto_namenloser", "final_fight_started",
                 "boss_hit", "hero_hit", "game_won"):
        assert kind in kinds, kind
