"""The first render of a game version, pinned byte for byte (issue 17, fifth wave: the cold partial).

Making the version's first render cheaper must not change a single byte of what it renders: each case
renders the #game partial (the htmx answer) and the full page, cold (nothing kept in the cache), for
seeded games at several stages with 2, 4 and 6 seats, in both languages, for a spectator and for each
seat, and compares a hash of the output with the one the code before the change produced (``PINNED``,
computed on main at ``45ec1b2``; one seeded game per test). Only what belongs to the request or the
test database, not to the game, is blanked first: the CSRF token, the forms' idempotency keys, the
game's id where the page names the game, and its seed (the log's times and the deadline are fixed).

``RENDER_PIN_SHOW=1`` prints the hashes (to renew them after a wanted change of the page, say why in the
commit); ``RENDER_PIN_DUMP=dir`` also writes each output, to diff two versions of the code.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from pathlib import Path

import pytest
from django.core.cache import cache
from django.urls import reverse

from bench.seeding import bench_users, seed_game_fast
from games.models import Game, GameAction, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_seed")]

# (seats, log length): the setup, an early game, a middle and a fuller board.
# The two short two-seat games run in the fast set; the longer and larger ones (most of the time: every
# seat and a spectator, both languages, page and partial) in the slow set that `make test` and CI run.
GAMES = [(2, 3), (2, 40)] + [pytest.param(seats, length, marks=pytest.mark.slow)
                             for seats, length in ((2, 300), (4, 120), (6, 200))]
FIXED = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)

_PER_REQUEST = re.compile(r'(name="(?:csrfmiddlewaretoken|idempotency_key)" value=")[^"]*"|'
                          r'("csrfToken"\s*:\s*")[^"]*"|(X-CSRFToken"\s*:\s*")[^"]*"')


def _blank(html: str, game: Game) -> str:
    html = _PER_REQUEST.sub(lambda m: (m.group(1) or m.group(2) or m.group(3)) + '"', html)
    # The game's id where the page names the game (its URLs, the talk channel, ids built from it).
    html = re.sub(rf"(/games/|game[-_:]|data-game(?:-id)?=\"){game.pk}\b", r"\1GAME", html)
    html = html.replace(game.seed, "SEED").replace(game.seed_commitment, "SEEDHASH")
    return html


def _viewers(seats: int, users: list, spectator) -> list[tuple[str, object]]:
    return [(f"seat{i}", users[i]) for i in range(seats)] + [("spectator", spectator)]


def _render(client, game: Game, user, language: str, story_from: int) -> tuple[str, str]:
    type(user).objects.filter(pk=user.pk).update(language=language)
    client.force_login(user)
    url = reverse("games:detail", args=[game.pk])
    out = []
    for headers in ({"HTTP_HX_REQUEST": "true"}, {}):
        # Cold: nothing kept, and the same "since your last visit" story each time.
        cache.clear()
        Seat.objects.filter(game=game).update(last_seen_sequence=story_from)
        response = client.get(url, **headers)
        assert response.status_code == 200
        out.append(response.content.decode())
    return out[0], out[1]


def _cases(client, seats: int, length: int) -> dict[str, str]:
    """The hashes of one seeded game's cases (one game per test: pytest-xdist spreads them)."""
    spectator = bench_users(1, prefix="pinwatch")[0]
    found: dict[str, str] = {}
    dump = os.environ.get("RENDER_PIN_DUMP")
    users = bench_users(seats, prefix=f"pin{seats}x")
    game = seed_game_fast(users, length, title=f"pinned {seats}/{length}")
    GameAction.objects.filter(game=game).update(created_at=FIXED)
    Game.objects.filter(pk=game.pk).update(turn_deadline_at=FIXED + dt.timedelta(days=2), created_at=FIXED)
    game.refresh_from_db()
    story_from = max(0, game.version - 7)
    for name, user in _viewers(seats, users, spectator):
        for language in ("de", "en"):
            partial, page = _render(client, game, user, language, story_from)
            for kind, html in (("partial", partial), ("page", page)):
                text = _blank(html, game)
                case = f"{seats}/{length}/{name}/{language}/{kind}"
                found[case] = hashlib.sha256(text.encode()).hexdigest()[:16]
                if dump:
                    Path(dump).mkdir(parents=True, exist_ok=True)
                    Path(dump, case.replace("/", "_") + ".html").write_text(text)
    return found


PINNED: dict[str, str] = {
    "2/3/seat0/de/partial": "ce245c0bc7f60a7c",
    "2/3/seat0/de/page": "cbafe367aa4a60bc",
    "2/3/seat0/en/partial": "368c8528f29148ea",
    "2/3/seat0/en/page": "89a8daee47bfe757",
    "2/3/seat1/de/partial": "26f08579812ed44e",
    "2/3/seat1/de/page": "d22c0af3728e45f9",
    "2/3/seat1/en/partial": "11f5158662cb373d",
    "2/3/seat1/en/page": "94bf87860b33107c",
    "2/3/spectator/de/partial": "eb165aa3f9ae1a5b",
    "2/3/spectator/de/page": "7690bbae28b0595a",
    "2/3/spectator/en/partial": "10d3aa5f37e37275",
    "2/3/spectator/en/page": "1de131bd230415c9",
    "2/40/seat0/de/partial": "71c0adbfcc55e8ca",
    "2/40/seat0/de/page": "0ed6e5103cf748e8",
    "2/40/seat0/en/partial": "d2a322a41163e728",
    "2/40/seat0/en/page": "4a2d5d1cb8769c80",
    "2/40/seat1/de/partial": "d5091f3b6b6162ea",
    "2/40/seat1/de/page": "f67d7b1c29899e94",
    "2/40/seat1/en/partial": "4eed8e15877893a6",
    "2/40/seat1/en/page": "4d8cea02b308f62e",
    "2/40/spectator/de/partial": "cccb959b8466328f",
    "2/40/spectator/de/page": "f24df83e637757de",
    "2/40/spectator/en/partial": "20c5f1b42fc87897",
    "2/40/spectator/en/page": "77f4de7d0535b114",
    "2/300/seat0/de/partial": "bb92cdb85c5913de",
    "2/300/seat0/de/page": "4bf2f0949f43dfdd",
    "2/300/seat0/en/partial": "7b61334f9e31058d",
    "2/300/seat0/en/page": "c54faccf37520743",
    "2/300/seat1/de/partial": "da2763abd254ac93",
    "2/300/seat1/de/page": "f2c59196aefd392b",
    "2/300/seat1/en/partial": "c8edb11d873d8bf4",
    "2/300/seat1/en/page": "f0005c66c6d9836d",
    "2/300/spectator/de/partial": "c7f556a1457786e7",
    "2/300/spectator/de/page": "5184d80fd97b60c5",
    "2/300/spectator/en/partial": "19c5025b4825c955",
    "2/300/spectator/en/page": "d508a0f94cfe2b56",
    "4/120/seat0/de/partial": "3ea8fec274bd1a36",
    "4/120/seat0/de/page": "7e44d0c4808f0906",
    "4/120/seat0/en/partial": "a8f2635e4e1c8327",
    "4/120/seat0/en/page": "22459600f4114133",
    "4/120/seat1/de/partial": "09b0231319dda897",
    "4/120/seat1/de/page": "6d3073d58a056f81",
    "4/120/seat1/en/partial": "a771d496d02b0180",
    "4/120/seat1/en/page": "943256345e0e21f6",
    "4/120/seat2/de/partial": "db05ad309b729d25",
    "4/120/seat2/de/page": "87f1ef116176034c",
    "4/120/seat2/en/partial": "1eafa6fb421f7d5a",
    "4/120/seat2/en/page": "c6dd5d30fcbea86b",
    "4/120/seat3/de/partial": "a16c6324e0d99039",
    "4/120/seat3/de/page": "c5808b47654a9729",
    "4/120/seat3/en/partial": "c0424eb1db72f406",
    "4/120/seat3/en/page": "2c33c9346703889e",
    "4/120/spectator/de/partial": "2ddae5c2a2d08959",
    "4/120/spectator/de/page": "91885eacfaf3f9ad",
    "4/120/spectator/en/partial": "10c4586a2f6243de",
    "4/120/spectator/en/page": "aba614e67d3b31e0",
    "6/200/seat0/de/partial": "54a16c72d61ccf9f",
    "6/200/seat0/de/page": "af84c08b3a528d3f",
    "6/200/seat0/en/partial": "3e2c82a6d57d8ff8",
    "6/200/seat0/en/page": "7c78ada25709a23f",
    "6/200/seat1/de/partial": "488af7c2aed61b1c",
    "6/200/seat1/de/page": "abcc96b26dbcd88b",
    "6/200/seat1/en/partial": "576f48137129c44b",
    "6/200/seat1/en/page": "9f5b79f1b90d6f91",
    "6/200/seat2/de/partial": "85d41045ea0653d7",
    "6/200/seat2/de/page": "a1d315fed1790c07",
    "6/200/seat2/en/partial": "2afd62f3bb70ba47",
    "6/200/seat2/en/page": "86934ac3069da702",
    "6/200/seat3/de/partial": "9a53cba2ac6e40cb",
    "6/200/seat3/de/page": "3f7377cd5c4da550",
    "6/200/seat3/en/partial": "9195c9b07cef4c9a",
    "6/200/seat3/en/page": "7724f8b0d9d1b5b9",
    "6/200/seat4/de/partial": "0a551ec11b01ea53",
    "6/200/seat4/de/page": "28b4d1d1d0a431db",
    "6/200/seat4/en/partial": "31662838beeb7bf0",
    "6/200/seat4/en/page": "e6fb4c1e58df7c38",
    "6/200/seat5/de/partial": "23ee73abb02ee37f",
    "6/200/seat5/de/page": "ce8ff9cc0bedc095",
    "6/200/seat5/en/partial": "fdbe1957942d73f2",
    "6/200/seat5/en/page": "d40f45cf8b58be9c",
    "6/200/spectator/de/partial": "8f9d0f924e38ef75",
    "6/200/spectator/de/page": "091cf45baeba3a91",
    "6/200/spectator/en/partial": "88dd9277a300c9e1",
    "6/200/spectator/en/page": "eb81713ca4161999",
}


@pytest.mark.parametrize(("seats", "length"), GAMES)
def test_the_first_render_of_a_version_is_unchanged(client, seats, length):
    found = _cases(client, seats, length)
    if os.environ.get("RENDER_PIN_SHOW"):
        for case, digest in found.items():
            print(f'    "{case}": "{digest}",')
    assert len(found) == 2 * 2 * (seats + 1)
    assert found == {case: digest for case, digest in PINNED.items() if case.startswith(f"{seats}/{length}/")}


# The loop games/_log.html had before the log's entries were written in Python (games_tags.log_items),
# kept here as the reference for the cases the seeded games may not reach (a step taken back, markup in
# a name, an entry without a seat or events, a text already marked safe).
_LOG_LOOP = """{% load i18n games_tags %}{% for entry in log reversed %}
    <li class="log-entry{% if entry.taken_back %} taken-back{% endif %}" value="{{ entry.sequence }}">
      <div class="log-action">
        <span class="seq">#{{ entry.sequence }}</span>
        {% if entry.seat is not None %}<span class="seat-dot" style="background: {{ entry.seat|seat_colour }}" aria-hidden="true"></span>{% endif %}
        {% if entry.taken_back %}<del>{% endif %}<strong>{{ entry.who }}</strong>: {{ entry.action_text }}{% if entry.taken_back %}</del>
          <span class="badge">{% translate "taken back" %}</span>{% endif %}
        <time class="muted" datetime="{{ entry.created_at|date:'c' }}">{{ entry.created_at|date:"SHORT_DATETIME_FORMAT" }}</time>
      </div>
      {% if entry.events %}
      <ul class="log-events">
        {% for event in entry.events %}
          <li>
            {% if entry.taken_back %}<del>{{ event.text }}</del>{% else %}{{ event.text }}{% endif %}
            {% if event.dice %}<span class="dice" aria-label="{% translate 'dice' %}: {{ event.dice|join:', ' }}">{% for d in event.dice %}<span class="die" title="{{ d }}"><span aria-hidden="true">{{ d|die_face }}</span> {{ d }}</span>{% endfor %}</span>{% endif %}
            {% if event.rule %}
              <details class="rule-ref" hx-get="{% url 'games:rule' event.rule %}" hx-trigger="toggle once" hx-target="find .rule-body" hx-swap="innerHTML">
                <summary>{% blocktranslate with rule=event.rule %}rule {{ rule }}{% endblocktranslate %}</summary>
                <div class="rule-body"><a href="{% url 'games:rule' event.rule %}">{% blocktranslate with rule=event.rule %}Read rule {{ rule }}{% endblocktranslate %}</a></div>
              </details>
            {% endif %}
          </li>
        {% endfor %}
      </ul>
      {% endif %}
    </li>
  {% endfor %}"""  # noqa: E501


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin"])
def test_the_log_entries_are_written_as_the_template_loop_wrote_them(language, zone):
    from django.template import engines
    from django.utils import timezone, translation
    from django.utils.safestring import mark_safe

    from games.templatetags.games_tags import log_items

    log = [
        {"sequence": 1, "seat": None, "who": "System", "action_text": "Start", "taken_back": False,
         "created_at": FIXED, "events": []},
        {"sequence": 2, "seat": 3, "who": 'Ann <b>&"\'', "action_text": "Move → A3 & <i>", "taken_back": True,
         "created_at": FIXED + dt.timedelta(hours=5), "events": [
             {"text": "Fight <won>", "dice": [6, 1], "rule": "FIGHT-05"},
             {"text": mark_safe("<em>safe</em>"), "dice": [], "rule": None},
             {"text": "", "dice": [3], "rule": "MOVE-07"}]},
        {"sequence": 3, "seat": 0, "who": "Bo", "action_text": "Rest", "taken_back": False, "created_at": None,
         "events": [{"text": "Healed", "dice": [], "rule": "MOVE-07"}, {"text": "x", "dice": [2], "rule": ""}]},
    ]
    template = engines["django"].from_string(_LOG_LOOP)
    with translation.override(language), timezone.override(zone):
        assert str(log_items(log)) == template.render({"log": log})


# The loop games/_board.html had before the squares were written in Python (games_tags.square_items).
_SQUARES_LOOP = """{% load i18n games_tags %}{% for square in board_text %}
      <li><strong>{{ square.where }}</strong>: {{ square.title }}
        {% if square.fields %}
          <ul>
            {% for f in square.fields %}
              <li>{{ f.text }}{% if f.tokens %}; {% translate "tokens" %}: {{ f.tokens|join:", " }}{% endif %}{% if f.heroes %}; {% translate "heroes" %}: {{ f.heroes|join:", " }}{% endif %}{% if f.manors %}; {% translate "manor of" %} {{ f.manors|join:", " }}{% endif %}</li>
            {% endfor %}
          </ul>
          <p class="paths-text">{% translate "Ways" %}: {{ square.paths|join:", " }}</p>
        {% endif %}
      </li>
    {% endfor %}"""  # noqa: E501


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_squares_are_written_as_the_template_loop_wrote_them(language):
    from django.template import engines
    from django.utils import translation
    from django.utils.safestring import mark_safe

    from games.templatetags.games_tags import square_items

    squares = [
        {"cell": [0, 0], "where": "A1"},
        {"cell": [0, 1], "where": "B1 <&>", "title": 'C – "Wald" & <Fluss>', "paths": ["C1–C2", "C2–C3 (river)"],
         "fields": [
             {"code": "C1", "text": "C1: water", "tokens": ["Gold <3>", "Troll"], "heroes": [], "manors": []},
             {"code": "C2", "text": mark_safe("<b>C2</b>"), "tokens": [], "heroes": ["Ann (Bo & Co)"],
              "manors": ["Bo", "Cy"]},
         ]},
        {"cell": [1, 1], "where": "B2", "title": "D – Berg", "paths": [], "fields": []},
    ]
    template = engines["django"].from_string(_SQUARES_LOOP)
    with translation.override(language):
        assert str(square_items(squares)) == template.render({"board_text": squares})
