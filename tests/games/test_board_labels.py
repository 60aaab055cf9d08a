"""The board's label layout (issue 16, "labels that never collide"): no two labels overlap, and no label covers
a field's dot (and the number in it), a pawn, a token, a figure, a manor or the Kahn — proved over every
field of real boards from seeded playouts (start, middle and late game, 2 to 6 seats, SETUP-04's 25 cards)
and over a made-up worst case with the content's longest token names, several pawns on one field and a
cost badge at every field.
"""

from __future__ import annotations

import itertools
import re
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.engine import view as engine_view
from games.engine.content import load_content
from games.engine.core.board import SIZE
from games.engine.playout import random_playout
from games.presenters import board
from games.presenters.board_labels import (
    ELLIPSIS,
    Box,
    Request,
    circle_box,
    place_labels,
    shortened,
    text_width,
)
from games.presenters.labels import token_name


# --- the pure function --------------------------------------------------------------------------------
def test_a_label_stands_beside_what_it_names_and_clear_of_every_obstacle():
    dot = circle_box(100, 100, 9)
    pawn = Box(90, 110, 110, 130)          # right below the dot, where a name would go first
    placed = place_labels([Request("name", "Marktplatz", 8, dot)], [dot, pawn])["name"]
    assert not placed.box.overlaps(pawn) and not placed.box.overlaps(dot)
    assert placed.text == "Marktplatz"
    # Still near the dot: one of the places around it, not somewhere far away.
    assert abs(placed.x - 100) < 60 and abs(placed.y - 100) < 40


def test_two_labels_never_share_a_place():
    dot = circle_box(100, 100, 9)
    placed = place_labels([Request("a", "Westlicher Vorhof", 8, dot), Request("b", "Östlicher Vorhof", 8, dot)], [dot])
    assert not placed["a"].box.overlaps(placed["b"].box)


def test_a_label_with_no_room_is_shortened_with_an_ellipsis_and_keeps_its_full_text():
    dot = circle_box(100, 100, 9)
    area = Box(40, 70, 160, 130)            # room for a short label only
    text = "Aufgabe: Heiltrank für das weiße Dorf"
    placed = place_labels([Request("t", text, 6.5, dot, within=area)], [dot])["t"]
    assert placed.shortened and placed.text.endswith(ELLIPSIS) and placed.full == text
    assert placed.box.inside(area)
    assert placed.width == pytest.approx(text_width(placed.text, 6.5))


def test_a_label_that_fits_nowhere_is_left_out_unless_it_must_be_kept():
    dot = circle_box(100, 100, 9)
    wall = Box(0, 0, 200, 200)              # everything around the dot is taken
    assert place_labels([Request("name", "Marktplatz", 8, dot)], [wall]) == {}
    kept = place_labels([Request("code", "F2", 8, dot, keep=True, shorten=False)], [wall])["code"]
    assert kept.crowded and kept.text == "F2"


def test_a_card_name_takes_a_free_corner_of_its_card():
    card = Box(0, 0, 200, 200)
    bottom_left = Box(0, 180, 60, 200)      # a field's dot in that corner
    placed = place_labels([Request("card", "U · Das Labyrinth", 9, card, bold=True, corners=True)],
                          [bottom_left])["card"]
    assert placed.box.inside(card) and not placed.box.overlaps(bottom_left)


def test_the_kept_grid_of_the_first_obstacles_lays_out_as_filing_them_afresh():
    """``static``: the first obstacles' grid is filed once per process and copied (issue 17, third round).
    The copy must not keep what one layout added, and other boxes (even of the same values) get their own."""
    dot, other = circle_box(100, 100, 9), circle_box(300, 100, 9)
    wall = Box(60, 110, 140, 140)           # below the dot
    requests = [Request("a", "Westlicher Vorhof", 8, dot), Request("code", "F2", 8, other, keep=True, shorten=False),
                Request("b", "Marktplatz", 8, dot)]
    walled = place_labels(requests, [dot, other, wall])
    assert place_labels(requests, [dot, other, wall], 2) == walled
    open_ = place_labels(requests, [dot, other])
    assert open_ != walled
    assert place_labels(requests, [dot, other], 2) == open_          # the wall of the last run is not kept
    assert place_labels(requests, [dot, wall, other], 2) == place_labels(requests, [dot, wall, other])
    same_values = [circle_box(100, 100, 9), Box(60, 60, 140, 90)]    # other boxes: their own grid
    assert place_labels(requests, [*same_values, other], 2) == place_labels(requests, [*same_values, other])


def test_shortening_cuts_at_a_word_end_when_one_is_near():
    assert shortened("Aufgabe: Heiltrank für das weiße Dorf", 16) == "Aufgabe: Heiltra…"   # no word end near
    assert shortened("Marktplatz", 16) == "Marktplatz"
    assert shortened("Wettstreit der Bogenschützen", 16) == "Wettstreit der…"


def test_the_estimated_width_grows_with_the_text_and_the_weight():
    assert text_width("Marktplatz", 8) < text_width("Marktplatz Süd", 8)
    assert text_width("F2", 8) < text_width("F2", 8, bold=True)
    assert text_width("\u2603", 10) == pytest.approx(9.89), "an unknown character counts as the widest letter"


# --- real boards ----------------------------------------------------------------------------------------
def _overlapping(boxes):
    return [(a, b) for (a, abox), (b, bbox) in itertools.combinations(boxes, 2) if abox.overlaps(bbox)]


def assert_no_collisions(content, view, targets=None, lang="de"):
    """Every field code drawn in full; no two labels overlap; no label covers anything drawn."""
    with translation.override(lang):
        scene, placed = board.board_scene(content=content, view=view, lang=lang, targets=targets)
    labels = [(label.key, label.box) for label in scene.fixed] + [(key, p.box) for key, p in placed.items()]
    assert _overlapping(labels) == []
    covering = [(key, box, obstacle) for key, box in labels for obstacle in scene.obstacles
                if obstacle is not box and box.overlaps(obstacle)]   # a fixed word is an obstacle itself
    assert covering == []
    assert [key for key, p in placed.items() if p.crowded] == []
    revealed = [cell["letter"] for cell in view["board"] if cell.get("revealed") and cell.get("letter")]
    for letter in revealed:
        for f in content.regions[letter].fields:
            assert placed[f"code:{f.code}"].text == f.code
    return scene, placed


@cache
def _playout_views(seats: int, seed: str, stops: tuple[int, ...]) -> list[tuple[int, dict]]:
    content = load_content()
    views = []
    for n, (state, *_rest) in enumerate(random_playout(content, seats, seed, max(stops)), start=1):
        if n in stops:
            views += [(n, engine_view(content, state, seat)) for seat in range(seats)]
    return views


STAGES = [
    (2, "labels-two", (40, 250)),           # just after the setup, and a few rounds in
    (4, "labels-four", (120, 600)),
    (6, "labels-six", (90, 500, 1400)),     # six seats: setup done, the middle, late with many tokens
]


@pytest.mark.slow
@pytest.mark.parametrize("seats,seed,stops", STAGES, ids=[s[1] for s in STAGES])
def test_no_label_collides_on_boards_of_seeded_playouts(seats, seed, stops):
    content = load_content()
    views = _playout_views(seats, seed, stops)
    assert len(views) == seats * len(stops)
    tokens = 0
    for _step, view in views:
        for lang in ("de", "en"):
            assert_no_collisions(content, view, lang=lang)
        tokens = max(tokens, len(view["tokens"]))
    assert tokens >= 8, "the late boards carry tokens to label"


def _worst_case_view(content):
    """All 25 cards (SETUP-04) with the tightest card first; on every second field one token and on some
    two, named with the content's longest names; six pawns on one field, three on another; manors."""
    letters = sorted(content.regions, key=lambda letter: -len(content.regions[letter].fields))[: SIZE * SIZE]
    view = {"board": [{"cell": c, "revealed": True, "letter": letter, "placed": True}
                      for c, letter in enumerate(letters)], "heroes": [], "tokens": [], "boat": "L4"}
    longest = sorted(content.tokens.items(), key=lambda item: -max(
        len(token_name(content, {"id": item[0], "face": item[1].face, "kind": str(item[1].kind), "face_up": True},
                       lang)) for lang in ("de", "en")))
    fields = [f.code for letter in letters for f in content.regions[letter].fields]
    picks = itertools.cycle(longest[:12])
    for i, code in enumerate(fields[::2]):
        for _ in range(2 if i % 3 == 0 else 1):
            tid, token = next(picks)
            view["tokens"].append({"id": tid, "face": token.face, "kind": str(token.kind), "face_up": True,
                                   "flipped": False, "border": [b.value for b in token.border], "field": code})
    heroes = sorted(content.heroes)
    crowded, busy = fields[1], fields[5]
    view["heroes"] = [{"seat": s, "hero": heroes[s], "position": crowded if s < 6 else busy,
                       "manor": fields[9 + 4 * s]} for s in range(9)]
    return view, fields


def test_no_label_collides_in_the_worst_case_of_long_names_many_pawns_and_badges():
    content = load_content()
    view, fields = _worst_case_view(content)
    view["unwetter"] = True     # its badge stands above the square, among the column numbers
    targets = {f"field:{code}": board.Option(id=f"o{i}", params={}, label=code, target=f"field:{code}",
                                             badge="12 · 58 %")
               for i, code in enumerate(fields[:40])}
    for lang in ("de", "en"):
        scene, placed = assert_no_collisions(content, view, targets, lang=lang)
        assert all(f"badge:field:{code}" in placed for code in fields[:40]), "every cost is shown"
        shown = [p for key, p in placed.items() if key.startswith("token:")]
        assert shown, "token names are written where they fit"
        assert any(p.shortened for p in shown), "the longest names are shortened"
        # What is left out or shortened is still there in full: the token's <title>.
        with translation.override(lang):
            svg = str(board.render_board(content=content, view=view, lang=lang, targets=targets))
        svg = svg.replace("&#x27;", "'")
        for request in scene.tokens:
            assert re.search(r"<title\s*>" + re.escape(request.text) + "</title>", svg), request.text


def test_the_drawn_labels_are_the_laid_out_ones():
    content = load_content()
    view, _fields = _worst_case_view(content)
    with translation.override("de"):
        svg = str(board.render_board(content=content, view=view, lang="de", targets={}))
        _scene, placed = board.board_scene(content=content, view=view, lang="de")
    drawn = {}
    for tag in re.findall(r"<text [^>]*data-label=[^>]*>", svg):
        key = re.search(r'data-label="([^"]+)"', tag).group(1)
        drawn[key] = float(re.search(r'textLength="([^"]+)"', tag).group(1))
    assert set(drawn) == set(placed)
    assert all(drawn[key] == pytest.approx(p.width, abs=0.06) for key, p in placed.items())


def test_the_labels_lie_over_the_rings_and_targets():
    content = load_content()
    view, fields = _worst_case_view(content)
    targets = {f"field:{fields[0]}": board.Option(id="o", params={}, label="go", target=f"field:{fields[0]}",
                                                  badge="2")}
    with translation.override("de"):
        svg = str(board.render_board(content=content, view=view, lang="de", targets=targets,
                                     changed=[fields[0]]))
    layer = svg.index('class="board-labels"')
    assert layer > svg.rindex('class="target-ring"') and layer > svg.rindex('class="changed-ring"')


def test_the_css_draws_the_words_at_the_sizes_the_layout_measures():
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text(encoding="utf-8")

    def size(cls):
        found = re.findall(r"\.board-svg \." + cls + r" \{[^}]*font-size: ([\d.]+)px", css)
        assert found, cls
        return float(found[-1])

    assert size("field-code") == board.CODE_FONT
    assert size("field-name") == board.NAME_FONT
    assert size("token-label") == board.TOKEN_FONT
    assert size("target-cost") == board.BADGE_FONT
    assert size("card-name") == board.CARD_NAME_FONT
    assert size("axis-label") == board.AXIS_FONT


def test_the_grids_overlap_is_the_sum_of_the_areas_shared_with_each_box_near():
    """``_Grid.overlap`` walks the buckets directly (issue 17): the same sum as ``near`` and
    ``Box.overlap_area``, each box counted once however many buckets it reaches."""
    import random

    from games.presenters.board_labels import Box, _Grid

    rng = random.Random(17)
    for _ in range(50):
        grid = _Grid()
        boxes = []
        for _ in range(30):
            x, y = rng.uniform(-50, 900), rng.uniform(-50, 900)
            boxes.append(Box(x, y, x + rng.uniform(1, 160), y + rng.uniform(1, 60)))
            grid.add(boxes[-1])
        x, y = rng.uniform(-50, 900), rng.uniform(-50, 900)
        probe = Box(x, y, x + rng.uniform(1, 200), y + rng.uniform(1, 80))
        assert grid.overlap(probe) == sum(probe.overlap_area(other) for other in grid.near(probe))
        assert grid.overlap(probe) == pytest.approx(sum(probe.overlap_area(other) for other in boxes))
