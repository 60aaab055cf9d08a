"""The strength ladder decides games open at the turn limit as the duel does (issue 14).

Random and easy seats rarely finish a game within 150 turns per seat; counted only by finished games,
the ladder left 17 of 20 easy/random games undecided. Here the limit is a few turns, so no game
finishes and every decision is the progress adjudication's (``duel_winner``).
"""

from __future__ import annotations

import re

from bench.completion import Result, duel_winner, ladder


def test_a_game_open_at_the_limit_goes_to_the_seat_further_along():
    assert duel_winner(Result(progress=[1.0, 3.0])) == 1
    assert duel_winner(Result(progress=[2.0, 2.0])) is None
    assert duel_winner(Result(winner=0, progress=[0.0, 5.0])) == 0
    assert duel_winner(Result(crash="boom", progress=[1.0, 3.0])) is None


def test_ladder_decides_unfinished_games_by_progress():
    lines: list[str] = []
    ladder(4, ("random", "easy"), out=lines.append, turn_limit=6)
    (line,) = lines
    found = re.fullmatch(r"ladder: easy beats random in (\d+)/(\d+) decided games \(\d+ %, 95 % CI \d+-\d+ %\), "
                         r"0/4 finished, 0 crashes or stalls", line)
    assert found, line
    assert int(found[2]) > 0, line
