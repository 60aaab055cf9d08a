"""Complete co-op games, from new_game through the setup to their end, every step through apply (issue 18).

The friendly dice of tests/engine/guided.py roll 1s and lay the cards out; here they also draw the wanted
tokens strictly in order (the Namenloser is in the bag from the start, COOP-09, and must come last, or once
the heroes hold the quests that bring his Diener). No state is touched after new_game.
"""

from __future__ import annotations

import pytest

from games.bots.villain import choose as villain_move
from games.engine import new_game, view, villain_seat, winner
from games.engine.core.actions import (
    AcceptQuest,
    ChooseAxis,
    ChooseHero,
    PlaceRegion,
)
from games.engine.core.coop import outcome
from games.engine.rules.servants import fire_fields

from .guided import FriendlyDice, Game, Goal, play
from .test_full_games import OTHER_CARD, OTHER_CELL, golden_ball_goals, layout, setup_policy


class CoopDice(FriendlyDice):
    """Friendly dice that draw the wanted tokens in the order given; the Namenloser only once ``ready``
    says so of the state the step works on (``bind``, called by apply)."""

    def __init__(self, *args, ready=lambda state: True, quests_first=False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.picked: set[str] = set()
        self.ready = ready
        self.quests_first = quests_first
        self.state = None

    def bind(self, state) -> None:
        self.state = state

    def pick(self, options):
        options = list(options)
        if options and all(isinstance(o, str) and o in self.content.tokens for o in options):
            for tid in self.wanted:
                if tid in self.picked:
                    continue
                if tid in options and (tid != "namenloser" or self.ready(self.state)):
                    self.picked.add(tid)
                    return tid
            rest = [o for o in options if o not in self.wanted]
            if rest:
                return min(rest, key=self._harm)
        return super().pick(options)

    def _harm(self, tid):
        token = self.content.tokens[tid]
        if self.quests_first and token.kind.value == "quest" and token.category.value == "face_down" \
                and not token.deed:
            return (-1, tid)  # quests first: each one held brings a Diener with the Namenloser (BAG-07)
        return super()._harm(tid)


@pytest.mark.rule("COOP-09", "COOP-10", "COOP-33", "COOP-54", "GOAL-01")
def test_a_coop_game_from_the_setup_to_the_heroes_victory_over_the_namenloser(content):
    # The Elf at B; the Golden Ball (one of the three co-op deeds): Frog King B8, Princess I3, Old Queen L10.
    cells = {0: "B", 1: "J", 2: "I", 3: "L", 8: "H", OTHER_CELL: OTHER_CARD}
    wanted = ["dp-kugel-1", "dp-kugel-2", "dp-kugel-3", "namenloser"]
    dice = CoopDice(content, layout(cells), drawn=["B", OTHER_CARD], wanted=wanted,
                    boss_cards=["daemon", "gruener_drache"])
    state = new_game(content, seats=2, seed="coop-win", dice=dice, variant="coop")
    assert state.tokens["namenloser"].loc == "bag"
    game = Game(content, state, dice, letters="BJILH", setup=setup_policy("elf", 0, "B3"))
    goals = golden_ball_goals(content)
    all_skills = []
    play(game, goals, fight_skill="magic",
         observe=lambda g, events: all_skills.extend(e.data["skill"] for e in events
                                                     if e.kind == "probe" and e.data.get("purpose") == "final_fight"))
    state = game.state
    assert state.phase == "finished" and winner(state) == 0 and outcome(state) == "heroes"
    assert not state.coop.lost and state.heroes[0].gem
    assert all_skills[:3] == ["magic", "ranged", "melee"]  # every probe, whether the first passed (COOP-33)


def four_heroes_around_the_temple(content, villain, seed):
    """Four heroes draw K, M, O and T, the cards around the temple's N; the Elf (seat 0) takes four quests,
    and the Namenloser drawn then brings four Diener, one on each hero's card (K3, M8, O7, T2)."""
    cells = {7: "K", 11: "M", 13: "O", 17: "T", 12: "N"}
    dice = CoopDice(content, layout(cells), drawn=["K", "M", "O", "T"],
                    wanted=["namenloser", "srv-08", "srv-09", "srv-10", "srv-12"],
                    ready=lambda state: sum(len(h.quests) for h in state.heroes) >= 4, quests_first=True)
    state = new_game(content, seats=4, seed=seed, dice=dice, variant="coop", villain=villain)
    heroes, own = ["elf", "krieger", "zwerg", "magier"], [7, 11, 13, 17]

    def setup(seat, legal):
        kind = type(legal[0])
        if kind is ChooseHero:
            return ChooseHero(hero=heroes[seat])
        if kind is PlaceRegion:
            return PlaceRegion(cell=own[seat])
        if kind is ChooseAxis:
            return ChooseAxis(axis="east_west")
        return legal[-1]  # the manors at the far side of each card, off the Diener's ways

    game = Game(content, state, dice, letters="KNM", setup=setup)

    def quest_field(state):
        return next((ts.field for tid, ts in sorted(state.tokens.items()) if ts.field and ts.field[0] in "KM"
                     and content.tokens[tid].kind.value == "quest" and not content.tokens[tid].deed), None)

    goals = [
        Goal("four quests", lambda s: len(s.heroes[0].quests) >= 4, quest_field, lambda a: isinstance(a, AcceptQuest)),
        Goal("wait while the Diener march", lambda s: False, lambda s: None),
    ]
    return game, goals


@pytest.mark.rule("COOP-14", "COOP-17", "COOP-25", "COOP-28", "COOP-12")
def test_a_coop_game_from_the_setup_lost_to_the_automatic_diener(content):
    game, goals = four_heroes_around_the_temple(content, "automatic", "coop-loss")
    marches = []
    play(game, goals, fight_skill="ranged", max_steps=600,
         observe=lambda g, events: marches.extend(e for e in events if e.kind == "villain_marches"))
    state = game.state
    assert state.phase == "finished" and winner(state) is None and outcome(state) == "lost"
    assert sorted(ts.field for tid, ts in state.tokens.items() if tid.startswith("srv") and ts.field) == \
        sorted(fire_fields(content))
    assert marches and all(e.seat == 4 for e in marches)  # the villain seat's one action, round after round


@pytest.mark.rule("COOP-13", "COOP-14", "COOP-18")
def test_a_coop_game_from_the_setup_won_by_the_villain_player(content):
    game, goals = four_heroes_around_the_temple(content, "player", "coop-villain")
    moves = []

    def villain(game, seat, legal):
        if seat != villain_seat(game.state):
            return None
        action = villain_move(content, view(content, game.state, seat), legal)
        moves.append(action)
        return action

    play(game, goals, fight_skill="ranged", max_steps=800, others=villain)
    state = game.state
    assert state.phase == "finished" and winner(state) == 4 and outcome(state) == "villain"
    assert sum(1 for m in moves if m.kind == "move_servant") >= 4
