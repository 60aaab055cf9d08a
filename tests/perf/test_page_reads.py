"""The game page reads only what it shows (issue 17): the log's tail per version, each entry described
once per seat, the board kept per version and seat — and no seat ever sees what the cache keeps for
another."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.urls import reverse

from bench.seeding import seed_game_fast
from games import selectors
from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.playout import acting_seat
from games.models import Game, GameAction, Seat
from games.persistence import load_state
from games.views import LOG_ON_PAGE

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_seed")]


def _page(client, game, user):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    return response.context


def _seen_everything(game):
    Seat.objects.filter(game=game).update(last_seen_sequence=game.version)


def test_a_cache_warmed_by_one_seat_shows_the_other_seat_only_its_own_view(client, players):
    game = seed_game_fast(players, 80)   # step 53 chooses a deed: its name is seat 0's secret
    _seen_everything(game)
    tail = GameAction.objects.filter(game=game).order_by("-sequence")[:LOG_ON_PAGE]
    secret = [row.sequence for row in tail
              if selectors.log_entry(row, 0, game=game)["events"] != selectors.log_entry(row, 1, game=game)["events"]]
    assert secret, "the seeded game must show a step the two seats read differently"
    # Each seat's page built from a cold cache ...
    cold = {}
    for seat in (0, 1):
        cache.clear()
        context = _page(client, game, players[seat])
        cold[seat] = (context["log"], str(context["board_svg"]), context["board_text"])
    assert [e["events"] for e in cold[0][0] if e["sequence"] in secret] != \
        [e["events"] for e in cold[1][0] if e["sequence"] in secret]
    # ... is exactly the page it gets after the other seat warmed the cache.
    for first, second in ((0, 1), (1, 0)):
        cache.clear()
        _page(client, game, players[first])
        context = _page(client, game, players[second])
        assert (context["log"], str(context["board_svg"]), context["board_text"]) == cold[second]


def test_the_tail_is_the_end_of_the_visible_log_and_is_read_once_per_version(players, django_assert_num_queries):
    game = seed_game_fast(players, 150)
    tail = selectors.log_tail(game=game, seat_index=0)
    assert tail.total == GameAction.objects.filter(game=game).count()
    assert [selectors.log_entry(row, 0, game=game) for row in tail.rows] == \
        selectors.visible_log(game=game, seat_index=0)[-selectors.TAIL_ROWS:]
    other_request = Game.objects.get(pk=game.pk)
    with django_assert_num_queries(0):
        again = selectors.log_tail(game=other_request, seat_index=1)
    assert [row.sequence for row in again.rows] == [row.sequence for row in tail.rows]


def test_the_tail_is_kept_as_plain_rows_that_describe_as_the_log_does(players):
    """What the cache keeps of the tail is the rows' values, not model instances (a third of the pickling),
    and each kept row reads as the log's row does, for every seat and a spectator."""
    game = seed_game_fast(players, 60)
    selectors.log_tail(game=game, seat_index=0)
    kept = cache.get(selectors._tail_key(game, game.version))
    assert kept is not None and all(type(row) is selectors.TailRow for row in kept.rows)
    for seat in (0, 1, None):
        assert [selectors.log_entry(row, seat, game=game) for row in kept.rows] == \
            selectors.visible_log(game=game, seat_index=seat)[-selectors.TAIL_ROWS:]


def test_a_tail_read_after_a_newer_write_is_not_filed_under_the_older_version(players):
    game = seed_game_fast(players, 30)
    stale = Game.objects.get(pk=game.pk)
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)  # a write committed meanwhile
    selectors.log_tail(game=stale, seat_index=0)
    assert cache.get(selectors._tail_key(game, stale.version)) is None


def _step(client, game, players, prefer: str = ""):
    game.refresh_from_db()
    state = load_state(game)
    seat = acting_seat(state)
    actions = legal_actions(load_content(), state, seat)
    action = next((a for a in actions if a.kind == prefer), None) or \
        next((a for a in actions if "take_back" not in a.kind), actions[0])
    action = action.to_json()
    kind = action.pop("kind")
    client.force_login(players[seat])
    form = {"kind": kind, "params": json.dumps(action), "version": game.version,
            "idempotency_key": f"k{game.version}"}
    response = client.post(reverse("games:submit", args=[game.pk]), form, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return seat, response.context, response.content.decode()


def test_the_htmx_answer_to_a_step_shows_the_log_a_fresh_page_shows(client, players):
    game = seed_game_fast(players, 60)
    _seen_everything(game)
    seat = acting_seat(load_state(game))
    _page(client, game, players[seat])             # the page the step is taken from (warms the tail)
    for _ in range(3):
        seat, answered, _html = _step(client, game, players)
        game.refresh_from_db()
        assert answered["log_total"] == GameAction.objects.filter(game=game).count()
        cache.clear()
        fresh = _page(client, game, players[seat])
        assert answered["log"] == fresh["log"] and answered["log_total"] == fresh["log_total"]


def test_the_story_counts_the_steps_older_than_the_tail(client, players):
    game = seed_game_fast(players, selectors.TAIL_ROWS + 80)
    Seat.objects.filter(game=game).update(last_seen_sequence=10)
    context = _page(client, game, players[0])
    others = GameAction.objects.filter(game=game, sequence__gt=10, taken_back=False).exclude(seat=0).count()
    story = context["story"]
    assert story is not None
    assert len(story["entries"]) + story["earlier"] == others
    assert Seat.objects.get(game=game, index=0).last_seen_sequence == game.version


def test_the_count_of_games_waiting_read_with_the_game_is_the_count_after_each_step(client, players):
    """The header's count comes with the game row (and after a step moves by this game's change alone):
    it must be what games.visits counts afresh, also when the step passes the turn to the other player."""
    from games import visits

    game = seed_game_fast(players, 40)
    seed_game_fast(players, 7, title="another")     # a second game, waiting for one of the two
    passed = 0
    for _ in range(12):
        game.refresh_from_db()
        before = game.current_seat
        seat, _context, html = _step(client, game, players, prefer="end_turn")
        assert _waiting(html) == visits.games_waiting_for(players[seat])
        game.refresh_from_db()
        passed += game.current_seat != before
        page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
        assert _waiting(page) == visits.games_waiting_for(players[seat])
    assert passed, "no step passed the turn: the test would not see the count move"


def _waiting(html: str) -> int:
    import re

    return int(re.search(r'data-waiting="(\d+)"', html).group(1))


def test_a_step_files_the_next_tail_without_the_game_the_service_left_on_its_row(client, players):
    game = seed_game_fast(players, 20)
    _page(client, game, players[acting_seat(load_state(game))])   # the tail at this version
    _step(client, game, players)
    game.refresh_from_db()
    filed = cache.get(selectors._tail_key(game, game.version))
    assert filed is not None and filed.rows[-1].sequence == game.version
    # Plain values (no model instance, so no Game nor its state pickled along): the next version's first
    # reader unpickles 120 of them.
    assert all(type(row) is selectors.TailRow for row in filed.rows)
    assert [row.sequence for row in filed.rows] == \
        [row.sequence for row in selectors.log_tail(game=Game.objects.get(pk=game.pk), seat_index=0).rows]


def test_an_api_step_files_the_next_tail_so_its_first_reader_reads_no_log_row(client, players,
                                                                               django_assert_num_queries):
    game = seed_game_fast(players, 30)
    selectors.log_tail(game=game, seat_index=0)   # the tail at this version, as a page read files it
    state = load_state(game)
    seat = acting_seat(state)
    action = next(a for a in legal_actions(load_content(), state, seat) if "take_back" not in a.kind)
    client.force_login(players[seat])
    response = client.post(f"/api/v1/games/{game.pk}/actions/",
                           {"action": action.to_json(), "expected_version": game.version},
                           content_type="application/json", HTTP_IDEMPOTENCY_KEY="api-tail-1")
    assert response.status_code == 201, response.content
    fresh = Game.objects.get(pk=game.pk)
    filed = cache.get(selectors._tail_key(fresh, fresh.version))
    assert filed is not None and filed.rows[-1].sequence == fresh.version
    with django_assert_num_queries(0):
        tail = selectors.log_tail(game=fresh, seat_index=1 - seat)
    assert tail.total == GameAction.objects.filter(game=game).count()
    assert [selectors.log_entry(row, 1 - seat, game=fresh) for row in tail.rows] == \
        selectors.visible_log(game=fresh, seat_index=1 - seat)[-selectors.TAIL_ROWS:]
