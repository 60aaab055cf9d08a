"""The stand-in bot: legal, sensible turns for a seat whose player is gone, so a game can finish.

It sees only what its seat's view shows (it plays fair) and picks among the engine's legal actions:
home to heal when low on LP, otherwise toward the nearest token worth having, exploring when there
is nothing in sight; in the action phase it takes what helps (items, quests, fights it can probably
win) and ends the turn.
"""

from __future__ import annotations

import random
from collections import deque

from games.engine.actions import Action, BeginTurn, ChooseMovement, EndMovement, EndTurn, Fight, LoseLp, Move
from games.engine.board import board_for
from games.engine.content.model import Content
from games.engine.heroes import skill_value
from games.engine.state import State
from games.engine.view import view

# Action kinds of the action phase the bot likes, best first (substrings of the kind names). Fights are
# chosen separately, by their chance.
PREFERRED_KINDS = ("fulfil", "complete", "pick_up", "take_item", "accept", "take_quest", "heal", "rest",
                   "buy", "use_encounter")
WORTH_A_FIGHT = 0.5   # a fight the bot may avoid is taken only with at least this chance to win
AVOIDED_KINDS = ("drop", "decline", "take_back")


def choose_action(content: Content, state: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if not legal:
        raise ValueError("no legal action to choose from")
    pending = state.pending[0] if state.pending and state.pending[0].seat == seat else None
    if pending is not None:
        return _answer(pending.kind, legal, state, seat)
    for action in legal:
        if isinstance(action, BeginTurn):
            return action
    walk = next((a for a in legal if isinstance(a, ChooseMovement) and a.mode == "walk"), None)
    if walk is not None:
        return walk
    fights = [a for a in legal if isinstance(a, Fight)]
    forced = bool(fights) and not any(isinstance(a, (EndTurn, EndMovement, Move)) for a in legal)
    if fights:
        best, chance = max(((f, win_chance(content, state, seat, f)) for f in fights), key=lambda fc: fc[1])
        if forced or chance >= WORTH_A_FIGHT:
            return best
    move = _best_move(content, state, seat, [a for a in legal if isinstance(a, Move)])
    if move is not None:
        return move
    for wanted in PREFERRED_KINDS:
        for action in legal:
            if wanted in action.kind and not any(bad in action.kind for bad in AVOIDED_KINDS):
                return action
    for cls in (EndMovement, EndTurn):
        for action in legal:
            if isinstance(action, cls):
                return action
    return rng.choice(legal)


def _two_dice_chance(target: int) -> float:
    """P(2W6 <= target)."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= target)
    return hits / 36


def win_chance(content: Content, state: State, seat: int, fight: Fight) -> float:
    """The chance to beat the monster with this skill: one probe per heart, all must succeed (two
    dice; the bot's own experience dice only make it better, so this errs on the side of caution)."""
    token = content.tokens[fight.token]
    value = skill_value(content, state, state.heroes[seat], fight.skill) + token.skills.get(fight.skill, 0)
    return _two_dice_chance(min(value, 12)) ** max(1, token.hearts)


def _answer(kind: str, legal: list[Action], state: State, seat: int) -> Action:
    if kind == "lose_lp":
        # Give an artificial LP before a natural one: the natural ones are the hero's life.
        artificial = [a for a in legal if isinstance(a, LoseLp) and a.source != "natural"]
        return artificial[0] if artificial else legal[0]
    return legal[0]


def _best_move(content: Content, state: State, seat: int, moves: list[Move]) -> Move | None:
    if not moves:
        return None
    hero = state.heroes[seat]
    seen = view(content, state, seat)
    if hero.lp * 2 <= hero.lp_max and hero.position != hero.manor:
        targets = {hero.manor}
    else:
        targets = {t["field"] for t in seen["tokens"]
                   if t["field"] != hero.position and (t["kind"] in {"item", "quest", "encounter"} or t["id"] is None)}
    if not targets:
        explore = [m for m in moves if m.to.startswith("?")]
        return explore[0] if explore else None
    distances = _distances_to(content, state, targets)
    here = distances.get(hero.position)
    best = min(moves, key=lambda m: distances.get(m.to, 999) if not m.to.startswith("?") else 998)
    best_distance = distances.get(best.to, 999)
    if here is not None and best_distance >= here:
        return None  # nothing brings it closer: stop and act where it stands
    return best


def _distances_to(content: Content, state: State, targets: set[str]) -> dict[str, int]:
    """Walking distance (ignoring secret paths' rolls and costs) from every field to the targets."""
    board = board_for(content, state.grid)
    distances = {t: 0 for t in targets if t in board.links}
    queue = deque(distances)
    while queue:
        code = queue.popleft()
        for link in board.links.get(code, ()):
            if link.to not in distances and state.revealed[board.cell_of_field(link.to)]:
                distances[link.to] = distances[code] + 1
                queue.append(link.to)
    return distances
