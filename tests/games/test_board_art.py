"""The board's look (issue 16): each card's terrain drawn by its own faint pattern, once per board."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from games.engine.content import load_content
from games.engine.content.model import TokenKind
from games.engine.core.board import SIZE
from games.presenters import board
from games.presenters import board_figures as figures

SVG = "{http://www.w3.org/2000/svg}"


def _view(content, letters):
    cells = [{"cell": c, "revealed": True, "letter": letter, "placed": True} for c, letter in enumerate(letters)]
    cells += [{"cell": c, "revealed": False, "placed": True} for c in range(len(letters), SIZE * SIZE)]
    return {"board": cells, "heroes": [], "tokens": []}


def _render(content, view, names=None):
    return str(board.render_board(content=content, view=view, lang="en", targets={}, names=names))


def test_every_terrain_of_the_content_has_its_own_drawing():
    content = load_content()
    terrains = {region.terrain for region in content.regions.values()}
    assert terrains <= set(board.TERRAIN_ART)
    drawings = {tuple(paths) for _size, _ink, paths in board.TERRAIN_ART.values()}
    assert len(drawings) == len(board.TERRAIN_ART), "no two terrains share a drawing"


def test_one_pattern_per_terrain_present_and_each_card_uses_its_own():
    content = load_content()
    letters = sorted(content.regions)[: SIZE * SIZE]
    root = ET.fromstring(_render(content, _view(content, letters)))
    patterns = [p.get("id") for p in root.iter(f"{SVG}pattern") if p.get("id", "").startswith("terrain-art-")]
    present = {content.regions[letter].terrain for letter in letters}
    assert sorted(patterns) == sorted(f"terrain-art-{t}" for t in present), "each present terrain once"
    defs = root.find(f"{SVG}defs")
    assert all(defs.find(f"{SVG}pattern[@id='{pid}']") is not None for pid in patterns), "inside <defs>"
    arts = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "card-art"]
    bases = [r for r in root.iter(f"{SVG}rect") if (r.get("class") or "").startswith("card terrain-")]
    assert len(arts) == len(bases) == len(letters)
    for base, art in zip(bases, arts, strict=True):
        terrain = base.get("class").removeprefix("card terrain-")
        assert art.get("fill") == f"url(#terrain-art-{terrain})"
        assert (art.get("x"), art.get("y")) == (base.get("x"), base.get("y"))
        assert art.get("aria-hidden") == "true"


def test_only_the_terrains_on_the_board_get_a_pattern():
    content = load_content()
    by_terrain = {}
    for letter, region in sorted(content.regions.items()):
        by_terrain.setdefault(region.terrain, letter)
    lake, forest = by_terrain["lake"], by_terrain["forest"]
    svg = _render(content, _view(content, [lake, forest]))
    assert sorted(re.findall(r'<pattern id="(terrain-art-[a-z]+)"', svg)) == [
        "terrain-art-forest", "terrain-art-lake"]
    nothing = _render(content, _view(content, []))
    assert "terrain-art-" not in nothing, "a face-down square draws no terrain"


def test_the_drawing_lies_under_the_fields_and_the_fields_stay_on_top():
    content = load_content()
    letter = sorted(content.regions)[0]
    svg = _render(content, _view(content, [letter]))
    art = svg.index('class="card-art"')
    assert svg.index('class="card terrain-') < art < svg.index('class="card-letter"') < svg.index("field-dot")


def test_the_svg_stays_valid_xml_and_escapes_names():
    content = load_content()
    letters = sorted(content.regions)[: SIZE * SIZE]
    view = _view(content, letters)
    hero = sorted(content.heroes)[0]
    code = content.regions[letters[0]].fields[0].code
    view["heroes"] = [{"seat": 0, "hero": hero, "position": code}]
    evil = '<script>alert("x")</script> & Co'
    svg = _render(content, view, names={0: evil})
    root = ET.fromstring(svg)   # raises on any unescaped name
    assert "<script>" not in svg
    titles = [t.text for t in root.iter(f"{SVG}title") if t.text and "alert" in t.text]
    assert titles and evil in titles[0], "the name comes back whole once parsed"


def test_the_card_preview_carries_its_own_pattern():
    content = load_content()
    letter = sorted(content.regions)[0]
    terrain = content.regions[letter].terrain
    root = ET.fromstring(str(board.card_preview(content, letter, "en")))
    ids = [p.get("id") for p in root.iter(f"{SVG}pattern")]
    assert ids == [f"preview-terrain-art-{terrain}"], "no id clash with the board on the same page"
    art = next(r for r in root.iter(f"{SVG}rect") if r.get("class") == "card-art")
    assert art.get("fill") == f"url(#preview-terrain-art-{terrain})"


def _token_of_each_kind(content):
    seen = {}
    for tid, token in sorted(content.tokens.items()):
        seen.setdefault(str(token.kind), (tid, token))
    return seen


def test_every_token_kind_has_its_own_sign_in_its_border_colours():
    content = load_content()
    kinds = _token_of_each_kind(content)
    assert {kind.value for kind in TokenKind} == set(board.TOKEN_GLYPHS)
    assert len(set(board.TOKEN_GLYPHS.values())) == len(board.TOKEN_GLYPHS), "no two kinds share a sign"
    letters = sorted(content.regions)[: SIZE * SIZE]
    view = _view(content, letters)
    codes = [f.code for letter in letters for f in content.regions[letter].fields]
    view["tokens"] = [{"id": tid, "face": token.face, "kind": kind, "face_up": True, "flipped": False,
                       "border": [b.value for b in token.border], "field": codes[i]}
                      for i, (kind, (tid, token)) in enumerate(sorted(kinds.items()))]
    view["tokens"].append({"id": None, "face": None, "kind": None, "face_up": False, "flipped": False,
                           "border": [], "field": codes[len(kinds)]})
    root = ET.fromstring(_render(content, view))
    groups = {g.get("data-kind"): g for g in root.iter(f"{SVG}g") if "token-g" in (g.get("class") or "")}
    for kind, (_tid, token) in kinds.items():
        g = groups[kind]
        if kind in figures.FIGURES:
            continue  # drawn as a figure of its own (tests/games/test_board_figures.py)
        frame = g.find(f"{SVG}rect")
        glyph = g.find(f"{SVG}path")
        assert glyph.get("d") == board.TOKEN_GLYPHS[kind]
        assert frame.get("stroke") == board.BORDER_COLOURS[token.border[0].value]
        assert glyph.get("fill") == board.BORDER_COLOURS[token.border[-1].value]
    face_down = groups[None]
    assert face_down.find(f"{SVG}path") is None, "a face-down token tells nothing of its kind"


def test_heroes_stand_as_pawns_in_their_seat_colour_with_their_initial():
    content = load_content()
    letters = sorted(content.regions)[:1]
    view = _view(content, letters)
    code = content.regions[letters[0]].fields[0].code
    heroes = sorted(content.heroes)[:2]
    view["heroes"] = [{"seat": seat, "hero": key, "position": code} for seat, key in enumerate(heroes)]
    root = ET.fromstring(_render(content, view))
    pawns = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("hero-g")]
    assert len(pawns) == 2
    for seat, (g, key) in enumerate(zip(pawns, heroes, strict=True)):
        body = g.find(f"{SVG}path")
        assert body.get("class") == "hero" and body.get("fill") == board.SEAT_COLOURS[seat]
        assert g.find(f"{SVG}text").text == board.display_name(content.heroes[key], "en")[:1].upper()


def test_no_path_data_reads_as_a_field_code():
    """"L3 5" in a path would show the code of field L3 in the page's text, also when L lies face down."""
    content = load_content()
    letters = sorted(content.regions)[: SIZE * SIZE]
    view = _view(content, letters)
    codes = [f.code for letter in letters for f in content.regions[letter].fields]
    view["heroes"] = [{"seat": 0, "hero": sorted(content.heroes)[0], "position": codes[0]}]
    view["tokens"] = [{"id": tid, "face": token.face, "kind": kind, "face_up": True, "flipped": False,
                       "border": [b.value for b in token.border], "field": codes[i + 1]}
                      for i, (kind, (tid, token)) in enumerate(sorted(_token_of_each_kind(content).items()))]
    view["boat"] = codes[1]
    root = ET.fromstring(_render(content, view))
    paths = [el.get("d") for el in root.iter(f"{SVG}path")]
    assert len(paths) > len(board.TOKEN_GLYPHS)
    assert [d for d in paths if re.search(r"[A-Za-z]\d", d)] == []
