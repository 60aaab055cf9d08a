"""The hero sheets of the game page, rendered once per process per sheet and language (issue 17,
seventh wave, second round): byte for byte what the include wrote, and keyed by everything the sheet
shows — another seat's view of the same hero (no deed named) never gets the owner's sheet."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from games.templatetags import games_tags


def _sheet(**changes):
    sheet = {
        "seat": 0, "own": True, "player": "Alrik <b>", "colour": "#c0392b",
        "hero": {"name": "Zwerg", "movement": 3, "ability": "Line one\nline two"},
        "position": "C4", "between": None, "lp": 5, "lp_max": 7,
        "artificial": [{"name": "Heiltrank", "lp": 2}], "artificial_total": 2, "gold": 4,
        "skills": [{"label": "Magic", "base": 1, "trained": 1, "value": 2}],
        "xp": [{"colour": "blue", "label": "blue", "count": 1}], "items": ["Seil"], "quests": [],
        "has_deed": True, "deed": "Die geheime Heldentat", "deed_tokens": ["Teil 1"], "gem": False,
        "deaths": 0, "manor": None, "drawn_region": None,
    }
    sheet.update(changes)
    return sheet


@pytest.fixture(autouse=True)
def _fresh():
    games_tags._SHEETS.clear()
    with translation.override("en"):
        yield
    games_tags._SHEETS.clear()


def _included(sheet):
    return Template('{% include "games/_sheet.html" %}').render(Context({"sheet": sheet}))


def test_the_kept_sheet_is_what_the_include_wrote():
    for sheet in (_sheet(), _sheet(own=False, deed=None, deed_tokens=[]), _sheet(hero=None, drawn_region="F")):
        assert games_tags.hero_sheet(sheet) == _included(sheet)
        assert games_tags.hero_sheet(sheet) == _included(sheet), "and again, from the kept ones"
    with translation.override("de"):
        assert games_tags.hero_sheet(_sheet()) == _included(_sheet())


def test_a_sheet_is_rendered_once_and_another_seats_view_is_its_own(monkeypatch):
    rendered = []
    render = games_tags.render_to_string
    monkeypatch.setattr(games_tags, "render_to_string", lambda *a, **k: rendered.append(a) or render(*a, **k))
    own = games_tags.hero_sheet(_sheet())
    assert games_tags.hero_sheet(_sheet()) == own and len(rendered) == 1
    others = games_tags.hero_sheet(_sheet(own=False, deed=None, deed_tokens=[]))
    assert len(rendered) == 2
    assert "Die geheime Heldentat" in own and "Die geheime Heldentat" not in others
    assert "yes (secret)" in others
