"""Each field's tokens are drawn once per process per what the view shows of them, place and language
(issue 17, seventh wave, second round): a board drawn from kept tokens is the board drawn afresh, a
field is not drawn again, and a view that has not peeked at a token never gets the peeked drawing."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.content import load_content
from games.presenters import board


def _view(content, peeked: bool):
    """Card A revealed with three tokens on two of its fields; the first one peeked at or face down."""
    codes = [f.code for f in content.regions["A"].fields]
    tids = sorted(content.tokens)[:3]
    tokens = []
    for n, (tid, code) in enumerate(zip(tids, (codes[0], codes[0], codes[1]), strict=True)):
        token = content.tokens[tid]
        if n == 0 and not peeked:
            tokens.append({"id": None, "face": None, "kind": None, "face_up": False, "flipped": False,
                           "border": [], "field": code})
        else:
            tokens.append({"id": tid, "face": token.face, "kind": str(token.kind), "face_up": n > 0,
                           "flipped": False, "border": [b.value for b in token.border], "field": code})
    cells = [{"cell": 0, "revealed": True, "letter": "A", "placed": True}]
    return {"board": cells, "heroes": [], "tokens": tokens}


def _render(content, view, lang="en"):
    return str(board.render_board(content=content, view=view, lang=lang, targets={}))


@pytest.fixture(autouse=True)
def _english():
    board._TOKENS.clear()
    with translation.override("en"):
        yield
    board._TOKENS.clear()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_board_from_kept_tokens_is_the_board_drawn_afresh(lang):
    content = load_content()
    with translation.override(lang):
        fresh = {peeked: (board._TOKENS.clear(), _render(content, _view(content, peeked), lang))[1]
                 for peeked in (True, False)}
        board._TOKENS.clear()
        for peeked in (True, False, True, False):
            assert _render(content, _view(content, peeked), lang) == fresh[peeked]


def test_a_field_is_drawn_once_and_a_peek_stays_with_the_view_that_shows_it(monkeypatch):
    content = load_content()
    drawn = []
    draw = board._field_tokens
    monkeypatch.setattr(board, "_field_tokens", lambda *args: drawn.append(args[1]) or draw(*args))
    peeked = _view(content, True)
    face = 'class="token token-peeked"'
    mine = _render(content, peeked)
    assert len(drawn) == 2 and face in mine
    assert _render(content, _view(content, True)) == mine and len(drawn) == 2
    others = _render(content, _view(content, False))
    assert len(drawn) == 3, "only the field whose token the other view shows differently is drawn"
    assert face not in others and "face-down token</title>" in others
