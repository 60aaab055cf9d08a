"""Label layouts kept per process (issue 17, twelfth wave): a layout is a pure function of its obstacles and
requests, kept under them by value (``board_labels._LAYOUTS``). The two seats of a version draw the same
obstacles and codes, so the second seat's board takes the first one's codes (and, without cost badges of its
own, its whole layout) — and every board drawn so is, byte for byte, the board drawn with nothing kept, for
each seat of seeded playouts, with the acting seat's real cost badges, in both languages, whichever seat
is drawn first."""

from __future__ import annotations

from functools import cache

import pytest
from django.utils import translation

from games import walking
from games.engine import legal_actions
from games.engine import view as engine_view
from games.engine.content import load_content
from games.engine.playout import acting_seat, random_playout
from games.presenters import board, board_labels
from games.presenters.walk import walk_options


@cache
def _positions(seats: int, seed: str, stops: tuple[int, ...]) -> list[tuple[int, list[dict], object]]:
    """At each stop: the acting seat, every seat's view, and the state."""
    content = load_content()
    out = []
    for n, (state, *_rest) in enumerate(random_playout(content, seats, seed, max(stops)), start=1):
        if n in stops:
            out.append((acting_seat(state), [engine_view(content, state, seat) for seat in range(seats)], state))
    return out


def _targets(content, state, seat, acting, lang):
    """The targets (with their cost badges) the page gives ``seat``: only the acting seat has any."""
    if seat != acting:
        return {}
    groups = board.action_groups(content, legal_actions(content, state, seat), lang, {}, id_prefix="v1")
    targets = board.board_targets(groups)
    if any(group.kind == "move" for group in groups):   # as games.views._walks: every reachable field's cost
        routes = walking.reachable(content, state, seat)
        for option in walk_options(content, routes, lang, id_prefix="v1"):
            existing = targets.get(option.target)
            if existing is not None:
                existing.badge, existing.label = option.badge, option.label
            elif len(routes[option.params["to"]].steps) > 1:
                targets[option.target] = option
    return targets


def _svg(content, view, targets, lang, *, kept: bool) -> str:
    if not kept:
        board_labels._LAYOUTS.clear()
    with translation.override(lang):
        return str(board.render_board(content=content, view=view, lang=lang, targets=targets))


@pytest.mark.parametrize("seats,seed,stops", [(2, "layouts-two", (30, 120, 260)), (4, "layouts-four", (90, 400))])
def test_a_board_drawn_from_a_kept_layout_is_the_board_drawn_afresh_for_every_seat(seats, seed, stops):
    content = load_content()
    badges = 0
    for acting, views, state in _positions(seats, seed, stops):
        for lang in ("de", "en"):
            targets = [_targets(content, state, seat, acting, lang) for seat in range(seats)]
            badges += sum(1 for t in targets for option in t.values() if option.badge)
            fresh = [_svg(content, views[seat], targets[seat], lang, kept=False) for seat in range(seats)]
            for order in (range(seats), reversed(range(seats))):
                board_labels._LAYOUTS.clear()
                for seat in order:   # every seat after the first draws from what the others left
                    assert _svg(content, views[seat], targets[seat], lang, kept=True) == fresh[seat], (seat, lang)
                    # and again, now from its own kept layout
                    assert _svg(content, views[seat], targets[seat], lang, kept=True) == fresh[seat], (seat, lang)
    assert badges, "the acting seats' boards carry cost badges"


def test_the_kept_layout_is_the_layout_computed_afresh():
    content = load_content()
    for acting, views, state in _positions(2, "layouts-two", (30, 120, 260)):
        for seat, view in enumerate(views):
            targets = _targets(content, state, seat, acting, "de")
            with translation.override("de"):
                scene, _placed = board.board_scene(content=content, view=view, lang="de", targets=targets)
            plain = board_labels.place_labels(scene.requests(), scene.obstacles, scene.static)
            board_labels._LAYOUTS.clear()
            lead = len(scene.codes)
            assert lead
            assert board_labels.place_labels(scene.requests(), scene.obstacles, scene.static, lead=lead) == plain
            assert board_labels.place_labels(scene.requests(), scene.obstacles, scene.static, lead=lead) == plain


def test_the_second_seat_lays_out_no_field_code_again(monkeypatch):
    """The other seat of a version places none of the codes the first seat's board placed (on the code
    before the layouts were kept, it placed every label again)."""
    content = load_content()
    with_badges = [(acting, views, _targets(content, state, acting, acting, "de"))
                   for acting, views, state in _positions(2, "layouts-two", (30, 120, 260))]
    acting, views, targets = next(found for found in with_badges if any(o.badge for o in found[2].values()))
    other = 1 - acting
    placed: list[str] = []
    real = board_labels._place

    def counting(request, blocked, labels):
        placed.append(request.key)
        return real(request, blocked, labels)

    monkeypatch.setattr(board_labels, "_place", counting)
    _svg(content, views[acting], targets, "de", kept=False)
    first = list(placed)
    assert any(key.startswith("code:") for key in first)
    placed.clear()
    _svg(content, views[other], {}, "de", kept=True)
    assert not any(key.startswith("code:") for key in placed)
    assert len(placed) < len(first) / 2
