"""The board's legend (issue 16): drawn with the board's own shapes, and listing what the board shows —
the revealed cards' terrains, the token kinds the viewer can tell apart, the figures, the pawns, the
Kahn — beside the field kinds and ways that are always explained. Nothing hidden reaches it."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine.content import load_content
from games.presenters import board, board_legend


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def _view(letters, tokens=(), heroes=(), boat=None):
    cells = [{"cell": c, "revealed": True, "letter": letter, "placed": True} for c, letter in enumerate(letters)]
    cells.append({"cell": 24, "revealed": False, "letter": None, "placed": True})
    return {"board": cells, "tokens": list(tokens), "heroes": list(heroes), "boat": boat}


def _token(content, kind, field, known=True):
    tid = next(t for t, token in sorted(content.tokens.items()) if str(token.kind) == kind)
    token = content.tokens[tid]
    if not known:
        return {"id": None, "face": None, "kind": None, "face_up": False, "flipped": False, "border": [],
                "field": field}
    return {"id": tid, "face": token.face, "kind": kind, "face_up": True, "flipped": False,
            "border": [b.value for b in token.border], "field": field}


def _labels(entries):
    return [e.label for e in entries]


def test_only_the_revealed_cards_terrains_each_drawn_with_its_own_pattern():
    content = load_content()
    by_terrain = {}
    for letter, region in sorted(content.regions.items()):
        by_terrain.setdefault(region.terrain, letter)
    entries = board_legend.legend(content, _view([by_terrain["lake"], by_terrain["forest"]]), "en")
    labels = _labels(entries)
    assert "lake" in labels and "forest" in labels and "desert" not in labels
    lake = entries[labels.index("lake")].swatch
    assert 'class="card terrain-lake"' in lake and 'fill="url(#legend-terrain-art-lake)"' in lake
    assert 'id="legend-terrain-art-lake"' in lake, "its own pattern, no clash with the board's ids"


def test_field_kinds_secret_paths_and_ways_are_always_explained():
    labels = _labels(board_legend.legend(load_content(), _view([]), "en"))
    for label in ("beige field", "water", "guardian field", "teleporter", "special place",
                  "secret path (2W6 ≤ number)", "ferry", "labyrinth corridor"):
        assert label in labels
    assert "face-down token" not in labels and "The boat" not in labels, "only what the board shows"


def test_tokens_are_shown_by_the_kinds_on_the_board_with_the_boards_own_sign():
    content = load_content()
    codes = [f.code for f in content.regions["A"].fields]
    tokens = [_token(content, "monster", codes[0]), _token(content, "item", codes[1]),
              _token(content, "quest", codes[2], known=False)]
    entries = board_legend.legend(content, _view(["A"], tokens), "en")
    labels = _labels(entries)
    assert "monster" in labels and "item" in labels and "face-down token" in labels
    assert "quest" not in labels, "a face-down token does not tell its kind"
    monster = entries[labels.index("monster")].swatch
    assert board.TOKEN_GLYPHS["monster"] in monster and 'aria-hidden="true"' in monster


def test_figures_pawns_and_the_kahn_appear_when_they_are_on_the_board():
    content = load_content()
    codes = [f.code for f in content.regions["L"].fields]
    heroes = [{"seat": 0, "hero": sorted(content.heroes)[0], "position": codes[0]},
              {"seat": 2, "hero": sorted(content.heroes)[1], "position": codes[1]}]
    entries = board_legend.legend(content, _view(["L"], [_token(content, "dragon", codes[2])], heroes,
                                                 boat="L4"), "en")
    labels = _labels(entries)
    dragon = board.token_name(content, _token(content, "dragon", codes[2]), "en")
    assert dragon in labels and 'class="figure figure-dragon"' in entries[labels.index(dragon)].swatch
    pawns = entries[labels.index("hero, a pawn in the player's colour")].swatch
    assert board.SEAT_COLOURS[0] in pawns and board.SEAT_COLOURS[2] in pawns and board.SEAT_COLOURS[1] not in pawns
    assert "The boat" in labels


def test_the_manors_are_explained_in_their_seat_colours_once_built():
    content = load_content()
    code = content.regions["A"].fields[0].code
    hero = {"seat": 1, "hero": sorted(content.heroes)[0], "position": code, "manor": None}
    assert "manor" not in _labels(board_legend.legend(content, _view(["A"], heroes=[hero]), "en"))
    entries = board_legend.legend(content, _view(["A"], heroes=[{**hero, "manor": code}]), "en")
    labels = _labels(entries)
    assert board.SEAT_COLOURS[1] in entries[labels.index("manor")].swatch


def test_a_legend_is_drawn_once_per_process_and_only_for_views_that_show_the_same(monkeypatch):
    """Kept per process (issue 17): a second view showing the same draws nothing, and a view showing
    less — another seat that has not peeked at a token — never gets the legend of one that shows more."""
    content = load_content()
    codes = [f.code for f in content.regions["A"].fields]
    board_legend._LEGENDS.clear()
    drawn = []
    draw = board_legend._draw
    monkeypatch.setattr(board_legend, "_draw", lambda *args: drawn.append(args) or draw(*args))
    peeked = _view(["A"], [_token(content, "monster", codes[0])])
    hidden = _view(["A"], [_token(content, "monster", codes[0], known=False)])
    first = board_legend.legend(content, peeked, "en")
    assert board_legend.legend(content, _view(["A"], [_token(content, "monster", codes[0])]), "en") == first
    assert len(drawn) == 1
    labels = _labels(board_legend.legend(content, hidden, "en"))
    assert len(drawn) == 2 and "monster" not in labels and "face-down token" in labels
    with translation.override("de"):
        german = board_legend.legend(content, peeked, "de")
    assert len(drawn) == 3 and _labels(german) != _labels(first)
