"""Steering whole games through the public API only: friendly dice and a goal-directed policy.

Nothing here touches a state: every step is ``games.engine.apply`` with a legal action. The dice
decide what chance decides (the card layout through ``shuffle``, the bag draws through ``pick``,
all probes by rolling 1s), and the policy walks the hero from goal to goal.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.engine import State, apply, legal_actions
from games.engine.content.model import Content, FieldKind, PathKind
from games.engine.core.actions import (
    Action,
    BeginTurn,
    ChallengeDragon,
    ChallengeNamenloser,
    ChooseMovement,
    EndMovement,
    EndTurn,
    Fight,
    Move,
)
from games.engine.core.board import board_for, letter_of
from games.engine.playout import acting_seat

# Face-down tokens the dice lay out on entry fields: harmless finds first, monsters last.
GOOD_FINDS = ("sandalen", "heilkraeuter", "goldschatz", "schleuder", "hinweis_gral")
BAD_KINDS = {"monster", "servant", "guardian", "drachenmensch", "event", "dragon_event", "dragon", "namenloser"}


class FriendlyDice:
    """Rolls 1s (every probe and secret path succeeds), lays the cards out as ``layout`` says, and
    picks the wanted tokens (in the order of ``wanted``) whenever they are among the options."""

    def __init__(self, content: Content, layout: str, drawn: Sequence[str], wanted: Sequence[str] = (),
                 boss_cards: Sequence[str] = ()) -> None:
        self.content = content
        self.layout = layout
        self.drawn = list(drawn)
        self.wanted = list(wanted)
        self.boss_cards = list(boss_cards)
        self.letter_shuffles = 0

    def d6(self) -> int:
        return 1

    def shuffle(self, items: list) -> None:
        if not items or not all(isinstance(i, str) and i in self.content.regions for i in items):
            return
        self.letter_shuffles += 1
        if self.letter_shuffles == 1:
            # The region stack: the drawn cards first, in seat order.
            def key(letter):
                return (0, self.drawn.index(letter)) if letter in self.drawn else (1, self.layout.index(letter))
        else:
            # The rest fills the empty squares in order.
            def key(letter):
                return (0, self.layout.index(letter))
        items.sort(key=key)

    def pick(self, options: Sequence):
        options = list(options)
        if not options:
            raise ValueError("nothing to pick from")
        if all(isinstance(o, int) for o in options):
            return options[0]
        for card in self.boss_cards:
            if card in options:
                return card
        tokens = self.content.tokens
        if not all(isinstance(o, str) and o in tokens for o in options):
            return options[0]
        for tid in self.wanted:
            if tid in options:
                return tid
        return min(options, key=self._harm)

    def _harm(self, tid: str) -> tuple[int, str]:
        token = self.content.tokens[tid]
        kind = token.kind.value
        if token.face in GOOD_FINDS:
            rank = GOOD_FINDS.index(token.face)
        elif token.category.value == "face_down" and kind == "quest":
            rank = 10
        elif kind == "item" and token.face != "hexenbesen" and not token.deed and not token.weapon:
            rank = 20
        elif kind in ("encounter", "quest") and not token.deed and not token.weapon:
            rank = 30
        elif kind in BAD_KINDS or token.deed or token.weapon:
            rank = 90
        else:
            rank = 50
        return rank, tid


@dataclass
class Goal:
    """Walk to ``field`` (a function of the state, or None to stay), then take the first legal action
    ``act`` accepts; the goal is reached when ``done`` says so."""

    name: str
    done: Callable[[State], bool]
    field: Callable[[State], str | None]
    act: Callable[[Action], bool] = lambda action: False


@dataclass
class Game:
    content: Content
    state: State
    dice: FriendlyDice
    letters: str                       # the cards the hero may walk on
    setup: Callable[[int, list[Action]], Action] | None = None
    hero_seat: int = 0
    steps: int = 0
    log: list[str] = field(default_factory=list)

    def do(self, action: Action) -> list:
        seat = acting_seat(self.state)
        self.state, events = apply(self.content, self.state, seat, action, self.dice)
        self.steps += 1
        self.log.append(f"{seat}: {action}")
        again = State.from_json(json.loads(json.dumps(self.state.to_json())))
        assert again == self.state, f"the state does not survive JSON after {action}"
        return events

    # --- walking ------------------------------------------------------------------------------------
    def walkable(self, code: str, goal: str) -> bool:
        if letter_of(code) not in self.letters:
            return False
        f = self.content.regions[letter_of(code)].field(code)
        if code == goal:
            return True
        if f.kind in (FieldKind.CITY, FieldKind.LABYRINTH, FieldKind.WATER, FieldKind.GUARDIAN,
                      FieldKind.TELEPORTER, FieldKind.DUMP):
            return False
        return f.site not in ("namenloser",) and code not in ("V9", "V11")

    def next_step(self, origin: str, goal: str) -> str | None:
        """The first field on a shortest way from origin to goal over the whole (known) grid."""
        board = board_for(self.content, self.state.grid)
        before = {origin: None}
        queue = deque([origin])
        while queue:
            here = queue.popleft()
            if here == goal:
                break
            for link in board.links.get(here, ()):
                if link.kind is not PathKind.PATH or link.to in before or not self.walkable(link.to, goal):
                    continue
                before[link.to] = here
                queue.append(link.to)
        if goal not in before:
            return None
        step = goal
        while before[step] != origin:
            step = before[step]
        return step

    def move_towards(self, goal: str, legal: list[Action]) -> Action | None:
        hero = self.state.heroes[self.hero_seat]
        step = self.next_step(hero.position, goal)
        if step is None:
            return None
        board = board_for(self.content, self.state.grid)
        cell = board.cell_of_field(step)
        label = step if self.state.revealed[cell] else f"?{cell}"
        action = Move(to=label)
        return action if action in legal else None


def answer(legal: list[Action]) -> Action:
    """A sensible answer to an open decision: no spell spent, nothing left lying, else the first."""
    for action in legal:
        values = set(action.params().values())
        if values & {"none", "leave", "decline", "gold"}:
            return action
    return legal[0]


def play(game: Game, goals: list[Goal], fight_skill: str, max_steps: int = 1500,
         observe: Callable[[Game, list], None] | None = None,
         others: Callable[[Game, int, list[Action]], Action | None] | None = None) -> None:
    """Play until the game is finished: the hero pursues the goals in order, the others pass (or do what
    ``others`` chooses for them, where it chooses anything: a co-op game's villain seat)."""
    content = game.content
    while game.state.phase != "finished":
        assert game.steps < max_steps, f"no victory after {max_steps} steps:\n" + "\n".join(game.log[-40:])
        state = game.state
        seat = acting_seat(state)
        legal = legal_actions(content, state, seat)
        assert legal, f"seat {seat} has nothing to do"
        if state.phase.startswith("setup") or state.pending or seat != game.hero_seat:
            chosen = others(game, seat, legal) if others is not None and not state.pending else None
            action = _other(legal) if seat != game.hero_seat and not state.pending else answer(legal)
            action = chosen or action
            if state.phase.startswith("setup"):
                action = legal[0] if game.setup is None else game.setup(seat, legal)
            events = game.do(action)
            if observe:
                observe(game, events)
            continue
        events = game.do(_hero_action(game, goals, legal, fight_skill))
        if observe:
            observe(game, events)


def _other(legal: list[Action]) -> Action:
    for action in (BeginTurn(), EndTurn()):
        if action in legal:
            return action
    return answer(legal)


def _hero_action(game: Game, goals: list[Goal], legal: list[Action], fight_skill: str) -> Action:
    state = game.state
    if BeginTurn() in legal:
        return BeginTurn()
    finals = [a for a in legal if isinstance(a, (ChallengeNamenloser, ChallengeDragon))]
    if finals:
        return next((a for a in finals if a.skill == fight_skill), finals[0])
    fights = [a for a in legal if isinstance(a, Fight)]
    if fights and state.turn_state.forced_fight:
        return next((a for a in fights if a.skill == fight_skill), fights[0])
    if ChooseMovement(mode="walk") in legal:
        return ChooseMovement(mode="walk")
    goal = next(g for g in goals if not g.done(state))
    target = goal.field(state)
    hero = state.heroes[game.hero_seat]
    if target is not None and hero.position != target and not state.turn_state.movement_over:
        step = game.move_towards(target, legal)
        if step is not None:
            return step
    if target is None or hero.position == target:
        for action in legal:
            if goal.act(action):
                return action
    if EndMovement() in legal and target is not None and hero.position == target:
        return EndMovement()
    return EndTurn()
