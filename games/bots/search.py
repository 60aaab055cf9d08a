"""The strong bot's search: determinized Monte-Carlo rollouts over a few candidate actions.

At a real decision (fight or not, with which skill, evade, challenge a boss now, rest) each candidate
is played in ``SAMPLES`` states sampled from the seat's view (``sampling.determinize``), then every
seat plays on as the normal bot until the end of the own next turn. The samples and the rollout dice
are the same for every candidate (common random numbers), so the comparison measures the decision,
not the luck of the draw; another candidate replaces the normal plan's choice only where its gain
over the samples clears a margin and its standard error (``choose``). Everything random comes
from the bot's seed, the turn and the decision's number: a game replays exactly.
"""

from __future__ import annotations

import copy
import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine import apply, legal_actions, view
from games.engine.content.model import Content
from games.engine.core.actions import Action
from games.engine.core.dice import SeededDice
from games.engine.core.errors import IllegalActionError
from games.engine.core.state import State
from games.engine.playout import acting_seat

from .knowledge import dice_count, me, total_lp
from .planner import deed_parts_done, tower_chance, weapon_ready, weapon_skills

SAMPLES = 6            # determinizations per decision
ROLLOUT_ACTIONS = 260  # a safety bound on one rollout (a round of two seats takes about 12)
WIN = 400.0            # the value of a finished game, far above any progress
MARGIN = 2.0           # the normal plan's choice keeps its place unless another is clearly better
CONFIDENCE = 1.0       # ... by this many standard errors of the mean difference over the samples


@dataclass
class Budget:
    samples: int = SAMPLES
    horizon_turns: int | None = None   # None: until the end of the own next turn


def hero_progress(content: Content, seen: dict[str, Any]) -> float:
    """How far the seat's hero is along the road to victory, read from that seat's own view.

    The deed's parts and the gem dominate; with the gem, the chance to beat the Namenloser at full
    LP (which experience dice and training raise); a magic weapon stands for the dragon's road. LP
    count, the last ones most, because a hero at one LP spends turns walking home to heal."""
    hero = me(seen)
    value: float = 0.0
    if hero.get("deed"):
        value += 6.0 + 20.0 * deed_parts_done(content, hero)
    if hero["gem"]:
        value += 12.0 + 60.0 * tower_chance(content, seen)
    for skill in ("magic", "ranged", "melee"):
        value += 4.0 * (dice_count(content, hero, skill) - 2) + 2.0 * hero["training"].get(skill, 0)
    value += 0.8 * sum(hero["xp"].values())
    lp = total_lp(hero)
    value += 1.0 * lp + 2.0 * min(lp, 2) + 0.8 * hero["lp_max"]
    value += 0.25 * (hero["gold"] + hero["purse"]) + 1.0 * len(hero["items"]) + 0.5 * len(hero["quests"])
    if weapon_skills(content, hero):
        value += 25.0
    elif weapon_ready(content, hero):
        value += 12.0
    return value - 8.0 * int(hero["deaths"])


def evaluate(content: Content, state: State, seat: int) -> float:
    """The seat's value in a (sampled) state: a win, a loss, or the lead in progress."""
    if state.winner is not None:
        return WIN if state.winner == seat else -WIN
    mine = hero_progress(content, view(content, state, seat))
    others = [hero_progress(content, view(content, state, s)) for s in range(state.seats) if s != seat]
    return mine - (max(others) if others else 0.0) * 0.5


BotFactory = Callable[[int], Any]   # seat -> a bot with ``choose(content, seen, legal)``


def rollout(content: Content, state: State, seat: int, first: Action, bots: dict[int, Any], seed: str,
            end_turn: int) -> float:
    """Apply ``first`` for ``seat``, let every seat play its bot until turn ``end_turn`` begins."""
    state, _ = apply(content, state, seat, first, SeededDice(seed, 0))
    for sequence in range(1, ROLLOUT_ACTIONS):
        if state.phase == "finished" or state.turn >= end_turn:
            break
        acting = acting_seat(state)
        legal = legal_actions(content, state, acting)
        if not legal:
            break
        action = bots[acting].choose(content, view(content, state, acting), legal)
        state, _ = apply(content, state, acting, action, SeededDice(seed, sequence))
    return evaluate(content, state, seat)


def best_action(content: Content, seen: dict[str, Any], legal: list[Action], candidates: list[Action],
                own: Any, make_bot: BotFactory, rng: random.Random, budget: Budget | None = None) -> Action:
    """The candidate with the best mean rollout value; the first candidate (the normal bot's own
    choice) when no sample could play any of them."""
    from .sampling import determinize

    budget = budget or Budget()
    seat: int = seen["seat"]
    end_turn = seen["turn"] + (budget.horizon_turns or seen["seats"] + 1)
    values: list[dict[int, float]] = [{} for _ in candidates]   # candidate -> sample -> rollout value
    for sample in range(budget.samples):
        state = determinize(content, seen, legal, rng)
        sample_legal = set(legal_actions(content, state, seat))
        seed = f"search:{rng.random()}"
        for i, candidate in enumerate(candidates):
            if candidate not in sample_legal:
                continue
            bots = {s: make_bot(s) for s in range(seen["seats"]) if s != seat}
            bots[seat] = copy.deepcopy(own)
            try:
                values[i][sample] = rollout(content, state, seat, candidate, bots, f"{seed}:{sample}", end_turn)
            except IllegalActionError:
                # A sample the view could not pin down exactly (an encounter already used this
                # turn, say): it says nothing about this candidate.
                continue
    return candidates[choose(values)]


def choose(values: list[dict[int, float]]) -> int:
    """The index of the candidate to play, from each candidate's rollout values by sample; the
    first (the normal plan's choice) unless another beats it clearly on the samples both played.

    The samples and dice are shared, so each sample's difference to the first candidate measures
    the decision alone; a candidate wins only if the mean difference clears ``MARGIN`` and
    ``CONFIDENCE`` standard errors of that mean (with six samples, one lucky rollout worth a win
    made the search leave the plan on noise)."""
    if not values[0]:
        played = [i for i, v in enumerate(values) if v]
        return max(played, key=lambda i: (statistics.fmean(values[i].values()), -i)) if played else 0
    best, best_gain = 0, 0.0
    for i, v in enumerate(values[1:], start=1):
        diffs = [v[s] - values[0][s] for s in v if s in values[0]]
        if len(diffs) < 2:
            continue
        gain = statistics.fmean(diffs)
        error = statistics.stdev(diffs) / math.sqrt(len(diffs))
        if gain > MARGIN and gain > CONFIDENCE * error and gain > best_gain:
            best, best_gain = i, gain
    return best
