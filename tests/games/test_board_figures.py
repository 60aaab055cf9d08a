"""The dragon, the Namenloser, his Wächter, the Drachenmensch and the Kahn drawn as figures of their own
(issue 16): each with a title naming it, only when the viewer knows the token's face, and the Kahn
also while the magic staff lies in it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from games.engine.content import load_content
from games.presenters import board
from games.presenters import board_figures as figures

SVG = "{http://www.w3.org/2000/svg}"


def _token(content, tid, field, *, known=True, face_up=True):
    token = content.tokens[tid]
    if not known:
        return {"id": None, "face": None, "kind": None, "face_up": False, "flipped": False, "border": [],
                "field": field}
    return {"id": tid, "face": token.face, "kind": str(token.kind), "face_up": face_up, "flipped": False,
            "border": [b.value for b in token.border], "field": field}


def _render(content, letters, *, tokens=(), boat=None):
    cells = [{"cell": c, "revealed": True, "letter": letter, "placed": True} for c, letter in enumerate(letters)]
    view = {"board": cells, "heroes": [], "tokens": list(tokens), "boat": boat}
    with translation.override("en"):
        return ET.fromstring(str(board.render_board(content=content, view=view, lang="en", targets={})))


def _first_of(content, kind):
    return next(tid for tid, token in sorted(content.tokens.items()) if str(token.kind) == kind)


@pytest.mark.parametrize("kind", sorted(figures.FIGURES))
def test_a_known_token_of_a_figure_kind_stands_as_its_figure_with_a_title(kind):
    content = load_content()
    letter = "A"
    code = content.regions[letter].fields[0].code
    tid = _first_of(content, kind)
    root = _render(content, [letter], tokens=[_token(content, tid, code)])
    [figure] = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("figure ")]
    assert figure.get("class") == f"figure figure-{kind}"
    name = board.token_name(content, _token(content, tid, code), "en")
    assert figure.find(f"{SVG}title").text == name and name
    paths = [p.get("d") for p in figure.iter(f"{SVG}path")]
    assert len(paths) == len(figures.FIGURES[kind]) and all(paths)
    assert not any(re.search(r"[A-Za-z]\d", d) for d in paths), "no path data reads as a field code"
    assert figure.find(f"{SVG}rect") is None, "not a token square"
    # Bigger than a token's 13 units: the scale maps the 20-unit drawing onto the figure's box.
    assert f"scale({figures.SIZE / 20:g})" in figure.get("transform") and figures.SIZE > 13


def test_every_figure_kind_is_a_token_kind_and_drawn_differently():
    content = load_content()
    kinds = {str(t.kind) for t in content.tokens.values()}
    assert set(figures.FIGURES) <= kinds
    assert {"dragon", "guardian"} <= set(figures.FIGURES)
    assert len({shapes for shapes in figures.FIGURES.values()}) == len(figures.FIGURES)


def test_a_face_down_guardian_the_viewer_does_not_know_stays_a_face_down_token():
    content = load_content()
    code = content.regions["A"].fields[0].code
    root = _render(content, ["A"], tokens=[_token(content, _first_of(content, "guardian"), code, known=False)])
    assert not [g for g in root.iter(f"{SVG}g") if "figure" in (g.get("class") or "")]
    assert [g for g in root.iter(f"{SVG}g") if g.get("class") == "token-g"], "the '?' token"


def test_a_guardian_only_this_viewer_has_seen_is_drawn_pale_and_says_it_lies_face_down():
    content = load_content()
    code = content.regions["A"].fields[0].code
    tid = _first_of(content, "guardian")
    root = _render(content, ["A"], tokens=[_token(content, tid, code, face_up=False)])
    [figure] = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("figure ")]
    assert "figure-face-down" in figure.get("class")
    assert figure.find(f"{SVG}title").text.endswith("(face down)")


def test_figures_and_tokens_on_one_field_stand_side_by_side():
    content = load_content()
    code = content.regions["A"].fields[0].code
    dragon = _token(content, _first_of(content, "dragon"), code)
    item = _token(content, _first_of(content, "item"), code)
    root = _render(content, ["A"], tokens=[dragon, item])
    figure = next(g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("figure "))
    fx = float(re.match(r"translate\(([-\d.]+)", figure.get("transform")).group(1))
    square = next(r for r in root.iter(f"{SVG}rect") if "token-open" in (r.get("class") or ""))
    assert fx + figures.SIZE <= float(square.get("x")), "the token starts right of the figure"


def _kahn(root):
    return [g for g in root.iter(f"{SVG}g") if "kahn" in (g.get("class") or "").split()]


def test_the_kahn_is_drawn_as_a_boat_at_its_field():
    content = load_content()
    root = _render(content, ["L"], boat="L4")
    [kahn] = _kahn(root)
    assert kahn.find(f"{SVG}title").text == "The boat"
    assert {p.get("class") for p in kahn.iter(f"{SVG}path")} == {"kahn-pole", "kahn-hull", "kahn-rim"}


def test_with_the_staff_aboard_the_kahn_lies_on_its_crossing_and_says_so():
    content = load_content()
    root = _render(content, ["L"], boat=figures.STAFF)
    [kahn] = _kahn(root)
    assert "kahn-staff-aboard" in kahn.get("class")
    assert "wand" in kahn.find(f"{SVG}title").text
    assert "kahn-staff" in {p.get("class") for p in kahn.iter(f"{SVG}path")}
    assert _kahn(_render(content, ["A"], boat=figures.STAFF)) == [], "not drawn while L lies hidden"
