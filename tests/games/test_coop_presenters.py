"""The co-op variant's words and drawings (issue 18): the panel, the fires and Diener on the board, the ends."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import coop
from games.engine.content import load_content
from games.presenters import board, board_coop
from games.presenters import coop as coop_words

CONTENT = load_content()
N_CELL = 12  # the temple's card N in the middle of the square


def _view(*, fires_held=(), servants=(("srv-01", "N3"),), reward=None, groups=((0, 1),), lost=False,
          winner=None, phase="play", villain="automatic"):
    fields = {"yellow": "N9", "blue": "N10", "green": "N11", "pink": "N12"}
    held = dict(fires_held)
    fires = [{"colour": c, "field": f, "servant": held.get(c)} for c, f in fields.items()]
    board_cells = [{"cell": c, "placed": True, "revealed": c == N_CELL, "letter": "N" if c == N_CELL else None}
                   for c in range(25)]
    return {
        "phase": phase, "winner": winner, "board": board_cells, "heroes": [], "tokens": [],
        "coop": {"villain": villain, "villain_seat": 2, "automatic": villain == "automatic",
                 "groups": [list(g) for g in groups], "fires": fires, "fires_held": len(held),
                 "servants": [{"token": t, "field": f} for t, f in servants]
                 + [{"token": t, "field": fields[c]} for c, t in held.items()],
                 "servants_dead": 4, "penalty": -1, "marching": True, "waiting": [], "lost": lost,
                 "reward": reward},
    }


NAMES = {0: "Alma", 1: "Bodo", 2: "Villains"}


@pytest.mark.rule("COOP-14", "COOP-30")
def test_the_panel_names_the_fires_the_servants_the_groups_and_the_penalty():
    with translation.override("en"):
        panel = coop_words.panel(CONTENT, _view(fires_held=[("green", "srv-02")]), "en", NAMES, seat=1)
    assert [(f["label"], f["field"], f["held"]) for f in panel["fires"]] == [
        ("yellow fire", "N9", False), ("blue fire", "N10", False), ("green fire", "N11", True),
        ("pink fire", "N12", False)]
    assert panel["fires_held"] == 1 and panel["groups"] == [{"members": ["Alma", "Bodo"], "mine": True}]
    assert "4 servants are dead." in panel["dead"] and "-1 harder" in panel["dead"]
    assert "march by themselves" in panel["villains"] and not panel["am_villain"]
    with translation.override("de"):
        german = coop_words.panel(CONTENT, _view(villain="person"), "de", NAMES, seat=2)
    assert german["am_villain"] and "Villains" in german["villains"]


def test_a_fire_on_a_card_not_yet_explored_is_not_named_by_its_field():
    view = _view()
    view["board"][N_CELL]["revealed"], view["board"][N_CELL]["letter"] = False, None
    panel = coop_words.panel(CONTENT, view, "en", NAMES, seat=0)
    assert all(f["field"] is None for f in panel["fires"])
    assert board_coop.overlay(board.Layout(CONTENT, view), view)[1:] == []


@pytest.mark.rule("COOP-08")
def test_the_reward_decision_shows_every_members_answer():
    reward = {"token": "mon-01", "leader": 0, "recipient": 1, "waiting": [2], "proposed": [1], "members": [0, 1, 2]}
    with translation.override("en"):
        panel = coop_words.panel(CONTENT, _view(reward=reward), "en", NAMES, seat=2)
    states = {m["name"]: m["state"] for m in panel["reward"]["members"]}
    assert states == {"Alma": "proposes", "Bodo": "agrees", "Villains": "has not answered yet"}
    assert panel["reward"]["recipient"] == "Bodo" and panel["reward"]["mine"]


@pytest.mark.rule("COOP-14", "COOP-17")
def test_the_board_draws_each_fire_held_or_free_and_rings_the_marching_servants():
    view = _view(fires_held=[("pink", "srv-03")], servants=[("srv-01", "N3")])
    with translation.override("en"):
        svg = str(board.render_board(content=CONTENT, view=view, lang="en", targets={}))
    assert svg.count('class="coop-fire"') == 3 and svg.count('class="coop-fire held"') == 1
    assert "pink fire: held by a servant" in svg and "yellow fire: free" in svg
    assert svg.count('class="coop-servant"') == 2 and 'class="coop-march"' in svg
    ordinary = {k: v for k, v in view.items() if k != "coop"}
    assert "coop-" not in str(board.render_board(content=CONTENT, view=ordinary, lang="en", targets={}))


@pytest.mark.rule("COOP-14", "COOP-17", "COOP-60")
@pytest.mark.parametrize("view,outcome", [
    (_view(phase="finished", winner=0), "heroes_won"),
    (_view(phase="finished", lost=True, fires_held=[("yellow", "a"), ("blue", "b"), ("green", "c"), ("pink", "d")]),
     "fires_taken"),
    (_view(phase="finished", lost=True), "group_lost"),
    (_view(phase="play"), None),
])
def test_the_variant_has_its_own_end_screens(view, outcome):
    assert coop.outcome("coop", view, view["coop"]) == outcome
    assert coop.outcome("", view, view["coop"]) is None
    with translation.override("en"):
        ending = coop_words.ending(outcome)
    titles = {"heroes_won": "The heroes have won together!", "fires_taken": "The villains have taken the fires.",
              "group_lost": "The heroes have lost together."}
    assert (ending or {}).get("title") == titles.get(outcome)
