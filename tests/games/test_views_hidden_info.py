"""No page shows a player anything the engine's view for that player does not contain.

A's game page, its poll answer, the replay and the log are searched for every trace of what A may not
know: ids and names of face-down tokens A has not seen, tokens bound to B's deed, B's deed itself, the
letters, names and field codes of face-down region cards, and the secret seed.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.engine.content import load_content
from games.engine.core.tokens import exists_for, face_known_to
from games.models import Seat, TokenPosition
from tests.games.test_views_support import detail_url, legal, new_game, play_setup, state_of, submit, users_by_seat

pytestmark = pytest.mark.django_db


def _name_variants(obj) -> set[str]:
    return {n for n in (getattr(obj, "name_de", ""), getattr(obj, "name_en", "")) if n}


def _pages(client, game) -> dict[str, str]:
    pages = {
        "page": client.get(detail_url(game)),
        "poll": client.get(reverse("games:poll", args=[game.pk]), {"stamp": "old"}, HTTP_HX_REQUEST="true"),
        "log": client.get(reverse("games:log", args=[game.pk])),
        "replay": client.get(reverse("games:replay", args=[game.pk])),
        "replay-setup": client.get(reverse("games:replay", args=[game.pk]), {"step": 9}),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
    return {name: unescape(r.content.decode()) for name, r in pages.items()}


def _secrets_for(content, state, game, seat: int | None) -> tuple[set[str], set[str], set[str]]:
    """(token ids, names, patterns) the seat may not see in the current state."""
    known_names: set[str] = set()
    for hero in content.heroes.values():
        known_names |= _name_variants(hero)
    for tid in state.tokens:
        if face_known_to(content, state, seat, tid):
            token = content.tokens[tid]
            known_names |= _name_variants(token)
            if token.face in content.items:
                known_names |= _name_variants(content.items[token.face])
            if token.back and token.back in content.items:
                known_names |= _name_variants(content.items[token.back])
    hidden_ids, hidden_names = set(), set()
    for tid, ts in state.tokens.items():
        if ts.field is None and not ts.loc.startswith("hero:") and not ts.loc.startswith("deed:"):
            continue  # the bag and the piles: nobody sees them, and nothing on the page names them
        if face_known_to(content, state, seat, tid):
            continue
        hidden_ids.add(tid)
        token = content.tokens[tid]
        hidden_names |= _name_variants(token) - known_names
    patterns = set()
    for cell, letter in enumerate(state.grid):
        if letter is None or state.revealed[cell]:
            continue
        region = content.regions[letter]
        hidden_names |= _name_variants(region)
        for f in region.fields:
            hidden_names |= _name_variants(f) - known_names
            patterns.add(rf"\b{re.escape(f.code)}\b")
    for other in state.heroes:
        if other.seat != seat and other.deed:
            hidden_names |= _name_variants(content.deeds[other.deed])
    hidden_names.add(game.seed)
    return hidden_ids, hidden_names, patterns


@pytest.fixture
def secrets_game(user, other_user):
    """Two turns into play, with a token only B has seen and a deed part only B's deed may see."""
    game = play_setup(new_game(user, [other_user]))
    for _ in range(12):  # some steps of play: begin, walk, end
        _seat, actions = legal(game)
        preferred = [a for a in actions if a.kind in ("begin_turn", "choose_movement", "end_turn")]
        submit(game, (preferred or actions)[0])
    content = load_content()
    state = state_of(game)
    b = 1
    # B has peeked at one face-down token on the board.
    peeked = TokenPosition.objects.filter(game=game, loc__startswith="field:", face_up=False).first()
    peeked.seen_by = [b]
    peeked.save(update_fields=["seen_by"])
    # B holds a deed whose part lies open on the board, visible to B alone.
    part = next(t for t in content.tokens.values() if t.category.value == "deed_part" and t.deed)
    where = next(c for c, letter in enumerate(state.grid) if letter and state.revealed[c])
    field = content.regions[state.grid[where]].fields[0].code
    TokenPosition.objects.filter(game=game, token_id=part.id).update(loc=f"field:{field}", face_up=True)
    seat_b = Seat.objects.get(game=game, index=b)
    seat_b.sheet = {**seat_b.sheet, "deed": part.deed}
    seat_b.save(update_fields=["sheet"])
    return game, peeked.token_id, part


def _any_of(alternatives, before: str, after: str) -> re.Pattern[str] | None:
    """One pattern for all the secrets of a kind: each page is scanned once per kind, not once per secret
    (hundreds of scans of five pages cost seconds)."""
    if not alternatives:
        return None
    return re.compile(before + "(?:" + "|".join(sorted(alternatives, key=len, reverse=True)) + ")" + after)


def _assert_hides(pages: dict[str, str], state, hidden_ids, hidden_names, patterns) -> None:
    kinds = [_any_of([re.escape(tid) for tid in hidden_ids], r"(?<![\w-])", r"(?![\w-])"),
             _any_of([re.escape(secret) for secret in hidden_names], r"(?<!\w)", r"(?!\w)"),
             _any_of(patterns, "", "")]
    for name, html in pages.items():
        for pattern in filter(None, kinds):
            found = pattern.search(html)
            assert found is None, (name, found.group(0))
        # The board draws a face-down card as its square only: no letter, no field, no path.
        for cell, letter in enumerate(state.grid):
            if letter and not state.revealed[cell]:
                assert f'data-field="{letter}' not in html
                assert f'class="card-letter" aria-hidden="true">{letter}<' not in html


def test_a_sees_nothing_the_engine_hides_from_a(client, secrets_game):
    game, peeked, part = secrets_game
    content = load_content()
    state = state_of(game)
    a = 0
    assert not face_known_to(content, state, a, peeked) and face_known_to(content, state, 1, peeked)
    assert not exists_for(content, state, a, part.id) and exists_for(content, state, 1, part.id)
    hidden_ids, hidden_names, patterns = _secrets_for(content, state, game, a)
    assert peeked in hidden_ids and part.id in hidden_ids
    assert any(not state.revealed[c] for c in range(25))  # there are face-down cards to keep secret
    client.force_login(users_by_seat(game)[a])
    _assert_hides(_pages(client, game), state, hidden_ids, hidden_names, patterns)


def test_b_sees_what_b_may_know(client, secrets_game):
    """The same page for B shows the token B peeked at and B's deed part: the check above can see."""
    game, peeked, part = secrets_game
    content = load_content()
    client.force_login(users_by_seat(game)[1])
    html = unescape(client.get(detail_url(game)).content.decode())
    peeked_name = content.tokens[peeked].name_en
    assert peeked_name in html
    assert part.name_en in html
    assert content.deeds[part.deed].name_en in html


def test_a_spectator_sees_no_face_down_token_and_no_bound_token(client, secrets_game):
    from tests.conftest import UserFactory

    game, peeked, part = secrets_game
    content = load_content()
    state = state_of(game)
    hidden_ids, hidden_names, patterns = _secrets_for(content, state, game, None)
    assert {peeked, part.id} <= hidden_ids
    client.force_login(UserFactory())
    _assert_hides(_pages(client, game), state, hidden_ids, hidden_names, patterns)
