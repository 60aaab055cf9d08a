"""Each revealed card is drawn once per card, place and language and kept (issue 17, seventh wave): a board
drawn from kept cards is the board drawn afresh, in every language, and a kept card is not drawn again."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.content import load_content
from games.presenters import board


def _view(content, letters):
    """Two revealed cards side by side (cells 0 and 1) and a face-down one, with nothing on them."""
    cells = [{"cell": i, "revealed": True, "letter": letter, "placed": True} for i, letter in enumerate(letters)]
    cells.append({"cell": len(letters), "revealed": False, "placed": True})
    return {"board": cells, "heroes": [], "tokens": []}


def _fresh(content, view, lang):
    """The board with no card kept, as it was drawn before the cards were kept."""
    board._CARDS.clear()
    return str(board.render_board(content=content, view=view, lang=lang, targets={}))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_board_from_kept_cards_is_the_board_drawn_afresh(lang):
    content = load_content()
    letters = list(content.regions)[:2]
    view = _view(content, letters)
    other = _view(content, letters[::-1])  # the same cards on each other's squares
    with translation.override(lang):
        expected, expected_other = _fresh(content, view, lang), _fresh(content, other, lang)
        board._CARDS.clear()
        assert str(board.render_board(content=content, view=view, lang=lang, targets={})) == expected
        assert str(board.render_board(content=content, view=other, lang=lang, targets={})) == expected_other
        assert str(board.render_board(content=content, view=view, lang=lang, targets={})) == expected


def test_a_kept_card_is_drawn_in_the_language_asked_for():
    content = load_content()
    view = _view(content, list(content.regions)[:2])
    with translation.override("en"):
        english = _fresh(content, view, "en")
    with translation.override("de"):
        german = _fresh(content, view, "de")
    assert english != german
    board._CARDS.clear()
    with translation.override("de"):
        board.render_board(content=content, view=view, lang="de", targets={})
    with translation.override("en"):
        assert str(board.render_board(content=content, view=view, lang="en", targets={})) == english


def test_a_kept_card_is_not_drawn_again(monkeypatch):
    content = load_content()
    view = _view(content, list(content.regions)[:2])
    board._CARDS.clear()
    drawn = []
    draw = board._draw_card
    monkeypatch.setattr(board, "_draw_card", lambda *args: drawn.append(args[0].letter) or draw(*args))
    with translation.override("en"):
        board.render_board(content=content, view=view, lang="en", targets={})
        assert len(drawn) == 2
        board.render_board(content=content, view=view, lang="en", targets={})
    assert len(drawn) == 2


def test_a_content_loaded_anew_never_meets_another_contents_card():
    """The key holds the region's identity; an entry whose region is another object is drawn afresh."""
    content = load_content()
    region = next(iter(content.regions.values()))
    board._CARDS.clear()
    with translation.override("en"):
        board._card(region, 0, 0, "en", board.Scene())
        ((key, (kept_region, _out, _scene)),) = board._CARDS.items()
        stranger = object()
        board._CARDS[key] = (stranger, ["<stale/>"], board.Scene())
        assert "<stale/>" not in board._card(region, 0, 0, "en", board.Scene())
    assert kept_region is region


def test_the_ways_between_cards_are_drawn_once_per_set_of_revealed_cards(monkeypatch):
    """Kept per process by the revealed cards and their squares (issue 17, seventh wave, second round):
    the same board from kept ways, drawn again only when a card is revealed."""
    content = load_content()
    letters = list(content.regions)[:3]
    two, three = _view(content, letters[:2]), _view(content, letters)
    with translation.override("en"):
        board._ENTRY_LINKS.clear()
        fresh = [str(board.render_board(content=content, view=v, lang="en", targets={})) for v in (two, three)]
        board._ENTRY_LINKS.clear()
        drawn = []
        draw = board._draw_entry_links
        monkeypatch.setattr(board, "_draw_entry_links", lambda layout: drawn.append(1) or draw(layout))
        for _ in range(2):
            assert [str(board.render_board(content=content, view=v, lang="en", targets={}))
                    for v in (two, three)] == fresh
    assert len(drawn) == 2


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_board_as_text_from_kept_card_texts_is_the_one_made_afresh(lang):
    content = load_content()
    letters = list(content.regions)[:3]
    with translation.override(lang):
        board._CARD_TEXTS.clear()
        fresh = board.board_text(content=content, view=_view(content, letters), lang=lang, names={})
        assert board.board_text(content=content, view=_view(content, letters), lang=lang, names={}) == fresh
        assert len(board._CARD_TEXTS) == 3
    other = "en" if lang == "de" else "de"
    with translation.override(other):
        assert board.board_text(content=content, view=_view(content, letters), lang=other, names={}) != fresh
