"""The hero sheets and the board-as-text squares of the game page, rendered once per process per sheet
or square and language (issue 17, seventh wave, second round): byte for byte what was written before,
and keyed by everything they show — another seat's view of the same hero (no deed named) never gets the
owner's sheet, a plain string is never taken for a drawn part."""

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
    games_tags._SQUARES.clear()
    with translation.override("en"):
        yield
    games_tags._SHEETS.clear()
    games_tags._SQUARES.clear()


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


def _square(text, tokens=("Troll",)):
    return {"cell": 7, "where": "C2", "title": "C – Wald", "paths": ["C1–C2"],
            "fields": [{"code": "C1", "text": text, "tokens": list(tokens), "heroes": [], "manors": []}]}


def test_a_square_is_written_once_and_only_for_squares_that_show_the_same(monkeypatch):
    from django.utils.safestring import mark_safe

    written = []
    write = games_tags._square_item
    monkeypatch.setattr(games_tags, "_square_item", lambda *a: written.append(a) or write(*a))
    first = str(games_tags.square_items([_square("C1: water")]))
    assert str(games_tags.square_items([_square("C1: water")])) == first and len(written) == 1
    peeked = str(games_tags.square_items([_square("C1: water", ["Troll", "Gold"])]))
    assert len(written) == 2 and "Gold" in peeked and "Gold" not in first
    plain = str(games_tags.square_items([_square("<b>C1</b>")]))
    drawn = str(games_tags.square_items([_square(mark_safe("<b>C1</b>"))]))
    assert "&lt;b&gt;C1" in plain and "<b>C1</b>" in drawn, "the same text, escaped or kept as drawn"
    with translation.override("de"):
        german = str(games_tags.square_items([_square("C1: water")]))
    assert german != first and len(written) == 5
