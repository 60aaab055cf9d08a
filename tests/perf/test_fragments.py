"""The game page's #game partial kept per version and viewer (issue 17, third wave; games.fragments): no
seat is shown what was rendered for another, no language what was rendered for another, nothing older
than the game's version after a write — and each response still carries its own CSRF token and form keys."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from bench.seeding import seed_game_fast
from games import fragments, selectors
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.models import GameAction, Seat
from games.persistence import load_state
from games.views import LOG_ON_PAGE

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_seed")]

_PER_REQUEST = re.compile(r'name="(csrfmiddlewaretoken|idempotency_key)" value="[^"]*"')


@pytest.fixture
def game(players):
    game = seed_game_fast(players, 80)
    Seat.objects.filter(game=game).update(last_seen_sequence=game.version)  # no story: the same page each time
    return game


def _html(client, game, user, **headers) -> str:
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def _partial(html: str) -> str:
    """The #game partial of a page or an htmx answer, its per-request values blanked."""
    start = html.index('<div id="game"')
    end = html.index('<div id="live-region"') if '<div id="live-region"' in html else len(html)
    return _PER_REQUEST.sub(r'name="\1" value=""', html[start:end])


def _secret_steps(game) -> list[int]:
    tail = GameAction.objects.filter(game=game).order_by("-sequence")[:LOG_ON_PAGE]
    return [row.sequence for row in tail
            if selectors.log_entry(row, 0, game=game)["events"] != selectors.log_entry(row, 1, game=game)["events"]]


def test_the_kept_partial_of_one_seat_is_never_shown_to_the_other(client, players, game):
    assert _secret_steps(game), "the seeded game must show a step the two seats read differently"
    cold = {}
    for seat in (0, 1):
        cache.clear()
        cold[seat] = _partial(_html(client, game, players[seat]))
    assert cold[0] != cold[1]
    for first, second in ((0, 1), (1, 0)):
        cache.clear()
        assert _partial(_html(client, game, players[first])) == cold[first]
        assert _partial(_html(client, game, players[second])) == cold[second]  # after the other warmed it
        assert _partial(_html(client, game, players[second])) == cold[second]  # and from the cache itself


def test_the_kept_partial_of_one_language_is_never_shown_in_the_other(client, players, game):
    user = players[0]
    pages = {}
    for language in ("de", "en"):
        type(user).objects.filter(pk=user.pk).update(language=language)
        user.refresh_from_db()
        pages[language] = _partial(_html(client, game, user))
        assert _partial(_html(client, game, user)) == pages[language]
    assert "Protokoll" in pages["de"] and 'id="log-title">Log<' in pages["en"]
    assert 'id="log-title">Log<' not in pages["de"]


def test_each_answer_from_the_cache_carries_its_own_token_and_form_keys(client, players, game):
    seat = acting_seat(load_state(game))
    first, second = _html(client, game, players[seat]), _html(client, game, players[seat])
    assert _partial(first) == _partial(second)  # the second came from the cache ...
    for html in (first, second):
        assert "hw-mark" not in html
        assert re.search(r'name="csrfmiddlewaretoken" value="\w{20,}"', html)
    keys = [re.findall(r'name="idempotency_key" value="(\w+)"', html) for html in (first, second)]
    assert keys[0] and len(set(keys[0]) | set(keys[1])) == len(keys[0]) + len(keys[1])  # ... with fresh keys


def test_after_a_step_the_page_and_the_htmx_answer_show_the_new_version(client, players, game):
    seat = acting_seat(load_state(game))
    before = _html(client, game, players[seat])  # kept for this version
    other = _html(client, game, players[1 - seat])
    assert f'data-stamp="{game.version}-' in before
    action = next(a for a in legal_actions(load_content(), load_state(game), seat) if "take_back" not in a.kind)
    data = action.to_json()
    kind = data.pop("kind")
    client.force_login(players[seat])
    version = game.version
    answer = client.post(reverse("games:submit", args=[game.pk]),
                         {"kind": kind, "params": json.dumps(data), "version": game.version, "idempotency_key": "f-1"},
                         HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    game.refresh_from_db()
    assert game.version > version
    assert f'data-stamp="{game.version}-' in answer.content.decode()
    assert f'data-stamp="{game.version}-' in _html(client, game, players[seat])
    after = _html(client, game, players[1 - seat])
    assert f'data-stamp="{game.version}-' in after and _partial(after) != _partial(other)


def test_a_change_of_the_standing_settings_shows_at_once_though_the_version_stays(client, players, game):
    user = players[0]
    assert 'value="best" checked' in _html(client, game, user)
    answer = client.post(reverse("games:settings", args=[game.pk]), {"dice_policy": "ask"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'value="ask" checked' in html and 'value="best" checked' not in html
    assert "Ihre Einstellungen" in html or "settings for this game are saved" in html  # the htmx message
    assert 'value="ask" checked' in _html(client, game, user)


def test_the_partial_is_kept_under_a_key_naming_version_seat_language_and_the_spectator_delay():
    """R-151: a spectator's delayed position is part of what the key names."""
    base = {"game_id": 1, "seed": "abcdef123456", "version": 5, "seat": 0, "lang": "de", "tz": "UTC", "extra": {}}
    keys = {fragments.key(**base)}
    for change in ({"version": 6}, {"seat": 1}, {"seat": None}, {"lang": "en"}, {"tz": "Europe/Berlin"},
                   {"extra": {"upto": 3}}, {"extra": {"mine": ["ask", 0]}}):
        keys.add(fragments.key(**{**base, **change}))
    assert len(keys) == 8


def test_the_kept_page_shell_names_its_own_user_token_and_count_of_waiting_games(client, players, game):
    """The page around the partial is kept too (fifth wave): one user's header (name, count of games
    waiting) is never shown to another, and every answer carries its own CSRF token."""
    pages = {}
    for seat in (0, 1):
        first, second = _html(client, game, players[seat]), _html(client, game, players[seat])
        for html in (first, second):
            assert "hw-mark" not in html and "hw-slot" not in html
            assert f">{players[seat].public_name}</a>" in html
            assert f">{players[1 - seat].public_name}</a>" not in html
        tokens = {re.search(r'"X-CSRFToken": "(\w+)"', html).group(1) for html in (first, second)}
        assert all(len(token) >= 32 for token in tokens)
        pages[seat] = first
    waiting = [re.search(r"<title>(\(\d+\) )?", pages[seat]).group(1) for seat in (0, 1)]
    assert sorted(bool(w) for w in waiting) == [False, True]  # the acting seat's title counts its game


def test_a_message_is_shown_on_the_kept_page_once(client, players, game):
    user = players[0]
    _html(client, game, user)  # the shell is kept
    answer = client.post(reverse("games:settings", args=[game.pk]), {"dice_policy": "ask"})
    assert answer.status_code == 302
    shown = _html(client, game, user)
    assert 'class="messages"' in shown
    assert 'class="messages"' not in _html(client, game, user)


def test_the_kept_page_shell_follows_the_language_and_the_title(client, players, game):
    user = players[0]
    shells = {}
    for language in ("de", "en"):
        type(user).objects.filter(pk=user.pk).update(language=language)
        shells[language] = _html(client, game, user)
        assert _html(client, game, user).count(f'<html lang="{language}">') == 1  # the kept one too
    assert shells["de"][:shells["de"].index('<div id="game"')] != shells["en"][:shells["en"].index('<div id="game"')]
    type(game).objects.filter(pk=game.pk).update(title="Neuer Titel")
    assert "<title>" in (html := _html(client, game, user)) and "Neuer Titel" in html.split("</title>")[0]


def test_a_kept_partial_is_filled_from_its_split_form_as_a_pass_over_the_text_would_fill_it(rf):
    """The partial is kept cut at its marks, so that filling it is a join whatever its size (a regular
    expression over the whole text cost about 1 ms per 100 kB on every request)."""
    html = (f'<form><input name="csrfmiddlewaretoken" value="{fragments.MARK_CSRF}">'
            f'<input name="idempotency_key" value="{fragments.MARK_KEY}"></form>' * 3
            + f'<span class="waiting">{fragments.MARK_WAITING}</span>{fragments.MARK_MESSAGES}<p>end</p>')
    kept = fragments.split(html)
    texts, marks = kept
    assert len(texts) == len(marks) + 1 == 9
    assert "".join(t + m for t, m in zip(texts, (*marks, ""), strict=True)) == html
    fragments.put("test:split", kept, False)
    assert fragments.get("test:split") == (kept, False)
    request = rf.get("/")
    filled = fragments.fill(kept, request, 7)
    keys = re.findall(r'name="idempotency_key" value="([0-9a-f]{32})"', filled)
    assert len(set(keys)) == 3   # each form its own key
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', filled))
    assert len(tokens) == 1 and fragments.MARK_CSRF not in tokens
    assert filled.endswith('<span class="waiting">7</span><p>end</p>')


def test_a_partial_is_cut_at_its_marks_exactly_as_a_regular_expression_of_the_marks_cuts_it():
    """``split`` finds the marks by the text they share rather than by a regular expression over the whole
    partial (issue 17, eleventh wave): on texts crowded with marks, halves of marks, adjacent and
    overlapping candidates it cuts exactly where the expression's left-to-right pass cuts."""
    import random

    marks = (fragments.MARK_CSRF, fragments.MARK_KEY, fragments.MARK_WAITING, fragments.MARK_MESSAGES)
    expression = re.compile("(" + "|".join(re.escape(m) for m in marks) + ")")
    bits = [*marks, "hw-mark-", "<!--", "<!--hw-mark-", "hw-mark-csrf", "-7c1f", "-->", "é", "x ", "\n",
            fragments.MARK_MESSAGES[:-2], fragments.MARK_CSRF[1:]]
    chooser = random.Random(17)
    for _ in range(3000):
        text = "".join(chooser.choice(bits) for _ in range(chooser.randint(0, 14)))
        pieces = expression.split(text)
        assert fragments.split(text) == (tuple(pieces[0::2]), tuple(pieces[1::2])), text
