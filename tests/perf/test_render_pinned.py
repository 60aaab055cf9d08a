"""The first render of a game version, pinned byte for byte (issue 17, fifth wave: the cold partial).

Making the version's first render cheaper must not change a single byte of what it renders: each case
renders the #game partial (the htmx answer) and the full page, cold (nothing kept in the cache), for
seeded games at several stages with 2, 4 and 6 seats, in both languages, for a spectator and for each
seat, and compares a hash of the output with the one the code before the change produced (``PINNED``,
computed on main at ``45ec1b2``). Only what belongs to the request or the test database, not to the
game, is blanked first: the CSRF token, the forms' idempotency keys, the game's id and seed (the log's times and the
deadline are set to fixed ones).

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
GAMES = [(2, 3), (2, 40), (2, 300), (4, 120), (6, 200)]
FIXED = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)

_PER_REQUEST = re.compile(r'(name="(?:csrfmiddlewaretoken|idempotency_key)" value=")[^"]*"|'
                          r'("csrfToken"\s*:\s*")[^"]*"|(X-CSRFToken"\s*:\s*")[^"]*"')


def _blank(html: str, game: Game) -> str:
    html = _PER_REQUEST.sub(lambda m: (m.group(1) or m.group(2) or m.group(3)) + '"', html)
    html = re.sub(rf"\b{game.pk}\b", "GAME", html)
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


def _cases(client) -> dict[str, str]:
    spectator = bench_users(1, prefix="pinwatch")[0]
    found: dict[str, str] = {}
    dump = os.environ.get("RENDER_PIN_DUMP")
    for seats, length in GAMES:
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
    "2/3/seat0/de/partial": "858a48bf2d0efe59",
    "2/3/seat0/de/page": "dce64a2d6740c4b2",
    "2/3/seat0/en/partial": "9ba9313ced371f28",
    "2/3/seat0/en/page": "20d8b3a7c51c9440",
    "2/3/seat1/de/partial": "771e1ed908cd1a46",
    "2/3/seat1/de/page": "5adf423125a389bc",
    "2/3/seat1/en/partial": "d4b80a0776a1e925",
    "2/3/seat1/en/page": "3857805a4083835a",
    "2/3/spectator/de/partial": "39bcfca6e4b04937",
    "2/3/spectator/de/page": "e56226e1d470faf9",
    "2/3/spectator/en/partial": "b7d285ba5aea9a09",
    "2/3/spectator/en/page": "ad35efeaeae03a93",
    "2/40/seat0/de/partial": "804adfcc3d6370e1",
    "2/40/seat0/de/page": "82838c9ab7377f9d",
    "2/40/seat0/en/partial": "86cecbdcdbcaac1b",
    "2/40/seat0/en/page": "06e7ade249bfa0bf",
    "2/40/seat1/de/partial": "68edde5c7efc14bf",
    "2/40/seat1/de/page": "d01272469c69f223",
    "2/40/seat1/en/partial": "343ea4f04e0959ed",
    "2/40/seat1/en/page": "57c9ab1d97090fa8",
    "2/40/spectator/de/partial": "bd611a4decc7310f",
    "2/40/spectator/de/page": "ae315e8100426602",
    "2/40/spectator/en/partial": "b9cfa821e3bf53f1",
    "2/40/spectator/en/page": "42d3e46ae69381df",
    "2/300/seat0/de/partial": "3077087e475bbfd8",
    "2/300/seat0/de/page": "4882e7214123e784",
    "2/300/seat0/en/partial": "c25e42d01785c02d",
    "2/300/seat0/en/page": "4dc66ee2e677cb29",
    "2/300/seat1/de/partial": "16b2d38b0c8c0fbe",
    "2/300/seat1/de/page": "c8875ee3245256bc",
    "2/300/seat1/en/partial": "8680a71756a5c477",
    "2/300/seat1/en/page": "1be162e58f10c235",
    "2/300/spectator/de/partial": "abf5deb36b27b4b5",
    "2/300/spectator/de/page": "bff3b00e89237f98",
    "2/300/spectator/en/partial": "c0f4132289bf82bf",
    "2/300/spectator/en/page": "98c0b023b4f4d4f1",
    "4/120/seat0/de/partial": "34fd15f2a16a031b",
    "4/120/seat0/de/page": "57001c6c9c795e31",
    "4/120/seat0/en/partial": "20010d6172b90548",
    "4/120/seat0/en/page": "fbef61c3bc961da6",
    "4/120/seat1/de/partial": "0a4b7b621d306ac0",
    "4/120/seat1/de/page": "f1229e0286703b54",
    "4/120/seat1/en/partial": "1266cd22509c9b90",
    "4/120/seat1/en/page": "4d2736cbf75f34a5",
    "4/120/seat2/de/partial": "d0987b4a1fe905b4",
    "4/120/seat2/de/page": "562aad7e5967dac1",
    "4/120/seat2/en/partial": "e0a09c9a5bbacc14",
    "4/120/seat2/en/page": "992d0c26cf961c9f",
    "4/120/seat3/de/partial": "da11d5f7ad460c1d",
    "4/120/seat3/de/page": "878799a1cb1a5c6b",
    "4/120/seat3/en/partial": "c5a43dbc128ce17d",
    "4/120/seat3/en/page": "1bd163006d75a4b0",
    "4/120/spectator/de/partial": "ba1057712b86781b",
    "4/120/spectator/de/page": "93311cab9da0f102",
    "4/120/spectator/en/partial": "50ae64253dddae26",
    "4/120/spectator/en/page": "16e1be85da4552f9",
    "6/200/seat0/de/partial": "3c4e924bf6896726",
    "6/200/seat0/de/page": "ac0ed2998d8a07fe",
    "6/200/seat0/en/partial": "323b47840be707e4",
    "6/200/seat0/en/page": "ed9b2a47dc0ab5b7",
    "6/200/seat1/de/partial": "fe308fbe9fb6ae6c",
    "6/200/seat1/de/page": "b0768b4d01b11890",
    "6/200/seat1/en/partial": "89887a348b945096",
    "6/200/seat1/en/page": "2ea588b0ba0a52fc",
    "6/200/seat2/de/partial": "e95a0b550bb09233",
    "6/200/seat2/de/page": "745d74091774af52",
    "6/200/seat2/en/partial": "7642bd52014b1480",
    "6/200/seat2/en/page": "e47463cd0ce6ab61",
    "6/200/seat3/de/partial": "d3bbce30e428eeac",
    "6/200/seat3/de/page": "c1f948bd8a640a4d",
    "6/200/seat3/en/partial": "a2c6b540965a6435",
    "6/200/seat3/en/page": "8013a8386908024c",
    "6/200/seat4/de/partial": "1b3c5c4501f37a9d",
    "6/200/seat4/de/page": "8f5e5b539574f187",
    "6/200/seat4/en/partial": "d4eeb1eedb6ec215",
    "6/200/seat4/en/page": "458d7333b66d2c55",
    "6/200/seat5/de/partial": "e12dfbba9c396eb4",
    "6/200/seat5/de/page": "d0db1c18ccc120dc",
    "6/200/seat5/en/partial": "8504eb7c5eace7cf",
    "6/200/seat5/en/page": "e47a9788a454d83d",
    "6/200/spectator/de/partial": "74e7fcc35db6ba17",
    "6/200/spectator/de/page": "59e5905eb011f6b6",
    "6/200/spectator/en/partial": "427de70e3eb8dd64",
    "6/200/spectator/en/page": "0c59db9c6f167533",
}


def test_the_first_render_of_a_version_is_unchanged(client):
    found = _cases(client)
    if os.environ.get("RENDER_PIN_SHOW"):
        for case, digest in found.items():
            print(f'    "{case}": "{digest}",')
    assert len(found) == 2 * 2 * sum((seats + 1) for seats, _ in GAMES)
    assert found == PINNED


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
