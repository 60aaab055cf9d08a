"""The phase tracer plays the completion benchmark's deals and prints its tables."""

from __future__ import annotations

from bench.completion import main, play_game
from bench.completion_trace import goal_group, trace
from games.engine.content import load_content


def test_the_tracer_plays_two_short_games_and_prints_phases_and_goals(capsys):
    lines: list[str] = []
    played = trace(2, 1, "normal", out=lines.append)
    assert len(played) == 2
    assert lines[0].startswith("phase") and "start -> deed chosen" in lines[1]
    assert any(line.startswith("goal") for line in lines)
    assert lines[-1].startswith("traced: ")
    for result, traces in played:
        assert not result.crash and not result.stall
        assert traces[0].turns == sum(traces[0].goals.values()) > 0
        assert traces[0].reached["start"] == 1
    # The same deals as the benchmark: watching does not change the game.
    plain = play_game(load_content(), 1, "completion-1-0", ["normal"])
    assert (plain.turns_per_seat, plain.actions) == (played[0][0].turns_per_seat, played[0][0].actions)
    assert main(["--games", "1", "--seats", "1", "--trace"]) == 0
    assert "traced: " in capsys.readouterr().out


def test_goal_names_are_grouped_but_the_searched_card_kept():
    assert goal_group("draw silberdeckel") == "draw …"
    assert goal_group("token dp-kelch-1") == "token …"
    assert goal_group("search card J") == "search card J"
    assert goal_group("heal") == "heal"
