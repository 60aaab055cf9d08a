"""The hero sheets, the board-as-text squares and the log entries of the game page, rendered once per
process per sheet, square or entry and language (issue 17, seventh wave, second round): byte for byte
what was written before, and keyed by everything they show — another seat's view of the same hero (no
deed named) never gets the owner's sheet, a plain string is never taken for a drawn part."""

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
    _clear()
    with translation.override("en"):
        yield
    _clear()


def _clear():
    games_tags._SHEETS.clear()
    games_tags._SQUARES.clear()
    games_tags._LOG_ITEMS.clear()


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


def _entry(events):
    import datetime as dt

    return {"sequence": 12, "seat": 1, "who": "Bo", "action_text": "moves to C3", "taken_back": False,
            "created_at": dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC), "events": events}


def test_a_log_entry_is_written_once_and_only_for_entries_that_show_the_same(monkeypatch):
    from django.utils import timezone

    written = []
    write = games_tags._log_item
    monkeypatch.setattr(games_tags, "_log_item", lambda *a: written.append(a) or write(*a))
    public = [{"text": "Bo draws a token."}]
    secret = [{"text": "Bo draws a token: the Troll.", "dice": [3, 5], "rule": "R-12"}]
    first = str(games_tags.log_items([_entry(public)]))
    games_tags._LOG_ITEMS.clear()
    assert str(games_tags.log_items([_entry(public)])) == first and len(written) == 2, "as written afresh"
    assert str(games_tags.log_items([_entry(public)])) == first and len(written) == 2
    own = str(games_tags.log_items([_entry(secret)]))
    assert len(written) == 3 and "Troll" in own and "Troll" not in first
    with timezone.override("Asia/Tokyo"):
        tokyo = str(games_tags.log_items([_entry(public)]))
    assert len(written) == 4 and tokyo != first, "the time is shown in the viewer's zone"
