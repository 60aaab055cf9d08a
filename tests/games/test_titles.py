"""The site reaches a game's rules through its title (issue 12, "Titles"): the title_key on the game picks
the interface, and the services, selectors and replays call the rules only through it."""

from __future__ import annotations

import ast
import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from games import selectors, titles
from games.titles import RUECKKEHR, UnknownTitle, title_named, title_of
from tests.games.test_views_support import legal, new_game, play_setup

GAMES = Path(__file__).resolve().parents[2] / "games"
# The engine's entry points: beyond the title interface, site code may not call them directly.
ENTRY_POINTS = {"apply", "legal_actions", "new_game", "view", "parse_action", "dice_for", "winner"}
THROUGH_THE_TITLE = [*sorted((GAMES / "services").glob("*.py")), GAMES / "selectors.py", GAMES / "replay.py"]


@pytest.mark.django_db
def test_a_new_game_is_a_rueckkehr_game(user, other_user):
    game = new_game(user, [other_user])
    assert game.title_key == "rueckkehr"
    assert title_of(game) is RUECKKEHR


def test_an_unknown_title_is_refused():
    with pytest.raises(UnknownTitle):
        title_named("schach")


@pytest.mark.parametrize("path", THROUGH_THE_TITLE, ids=lambda p: p.name)
def test_services_selectors_and_replays_import_no_engine_entry_point(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("games.engine") for alias in node.names}
    assert not imported & ENTRY_POINTS, path


@pytest.mark.django_db
def test_a_game_is_played_through_its_titles_interface(monkeypatch, user, other_user):
    calls: Counter[str] = Counter()

    def counted(name):
        real = getattr(RUECKKEHR, name)

        def call(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return call

    spy = dataclasses.replace(RUECKKEHR, **{name: counted(name) for name in
                                            ("new_game", "legal_actions", "apply", "view", "parse_action")})
    monkeypatch.setitem(titles.TITLES, "rueckkehr", spy)
    game = play_setup(new_game(user, [other_user]))
    seat, _actions = legal(game)
    assert selectors.legal_actions_for(game=game, seat_index=seat)
    assert selectors.player_view(game=game, seat_index=seat)["seat"] == seat
    assert calls["new_game"] >= 1 and calls["apply"] >= 1 and calls["parse_action"] >= 1
    assert calls["legal_actions"] >= 1 and calls["view"] >= 1
