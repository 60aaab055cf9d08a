"""Issue 16 in Chromium at 1280 × 800 and 390 × 844: a fight's dice in the action panel, a finished
game (winner, story, statistics, seed, the dice check in the browser), the table talk fitting the
page, and an axe-core scan of the lobby, game, hero-choice and replay pages.

Screenshots go to var/screenshots/i16-*.png; they are how the look is reviewed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from tests.browser.conftest import DESKTOP, PHONE, needs_chromium, shot, wait_for_new_position
from tests.conftest import UserFactory
from tests.games.test_views_support import legal, new_game, play_setup, users_by_seat

pytestmark = [pytest.mark.browser, needs_chromium, pytest.mark.django_db(transaction=True)]

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
#: axe-core 4.10.3 from the npm registry (MPL-2.0, tests/browser/vendor/LICENSE), vendored to run offline.
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


def _name(viewport) -> str:
    return "phone" if viewport is PHONE else "desktop"


def _url(live_server, name, *args, query="") -> str:
    return live_server.url + reverse(name, args=args) + query


def _players():
    return UserFactory(username="alice", language="en"), UserFactory(username="bert", language="en")


def _play(game, rng, steps, *, until=None):
    """Submit random "walk on" steps (begin, move, end) until ``until`` is offered; returns the seat."""
    for i in range(steps):
        seat, actions = legal(game)
        if until and any(a.kind == until for a in actions):
            return seat
        walk = [a for a in actions if a.kind in ("begin_turn", "move", "end_turn")] or actions
        game.refresh_from_db()
        services.action_submit(game=game, user=users_by_seat(game)[seat], action=rng.choice(walk).to_json(),
                               expected_version=game.version, idempotency_key=f"i16-{i}")
    return None


def _fits(page) -> None:
    """Nothing sticks out sideways: the page never scrolls horizontally."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
      .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('svg')
                   && ![...e.children].some(c => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 40))""")
    assert overflow <= 1, f"the page is {overflow}px wider than the window: {wide}"


@VIEWPORTS
def test_a_fight_shows_its_dice_in_the_action_panel(game_page, viewport):
    page = game_page(viewport, seed="fight-4", title="Fight",
                     prepare=lambda game: _play(game, random.Random(4), 60, until="fight")).page
    assert page.locator('.actions-panel form[data-kind="fight"]').count(), "the fixed game reaches a fight"
    old = page.locator("#game").get_attribute("data-stamp")
    page.locator('.actions-panel form[data-kind="fight"] button[type=submit]').first.click()
    wait_for_new_position(page, old)
    panel = page.locator(".actions-panel .last-step")
    assert panel.locator(".die").count() >= 2, "the fight's dice stand in the action panel"
    assert panel.locator(".die").first.is_visible()
    _fits(page)
    shot(page, f"i16-fight-{_name(viewport)}")
    assert not page.errors, page.errors


@VIEWPORTS
def _finish(game) -> None:
    """25 random steps, then seat 0 has won."""
    _play(game, random.Random(7), 25)
    game.refresh_from_db()
    state = dict(game.global_state, winner=0)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, phase="finished", winner_seat=0,
                                           global_state=state)


@VIEWPORTS
def test_a_finished_game_shows_winner_story_statistics_seed_and_checks_its_dice(game_page, live_server, viewport):
    opened = game_page(viewport, seed="finished-page", title="Finale", prepare=_finish)
    page, game = opened.page, opened.game
    text = page.locator("#game").inner_text()
    assert "has won the game" in text
    assert page.locator(".result-table tbody tr").count() == 2, "a row of statistics per player"
    assert "The story of the game" in text
    assert "finished-page" in page.locator(".fair-panel").inner_text(), "the seed is revealed"
    _fits(page)
    shot(page, f"i16-finished-{_name(viewport)}")
    page.get_by_role("link", name="Check the dice yourself").click()
    page.wait_for_selector("#dice-result[data-ok='true']", timeout=30_000)
    _fits(page)
    shot(page, f"i16-dice-check-{_name(viewport)}")
    # The rematch offer at the end: a new game with the same players, started at once.
    page.goto(_url(live_server, "games:detail", game.pk))
    page.get_by_role("button", name="Rematch with the same players").click()
    page.wait_for_url(lambda url: url.rstrip("/").split("/")[-1] != str(game.pk), timeout=15_000)
    rematch = Game.objects.exclude(pk=game.pk).get(title__contains="Finale")
    assert {s.user_id for s in rematch.seats.all()} == {s.user_id for s in game.seats.all()}
    assert rematch.status in (Game.Status.SETUP, Game.Status.RUNNING)
    page.goto(_url(live_server, "games:detail", game.pk))
    page.get_by_role("link", name="Go to the rematch").click()
    page.wait_for_url(f"**/games/{rematch.pk}/")
    assert not page.errors, page.errors


@VIEWPORTS
def test_the_table_talk_fits_the_game_page(game_page, viewport):
    page = game_page(viewport, title="Talk").page
    page.wait_for_selector("#talk-chat")
    page.fill("#talk-body", "Good luck, Bert! " * 8)
    page.get_by_role("button", name="Send").click()
    page.wait_for_selector(".talk-message", timeout=10_000)
    panel = page.locator("#talk-panel").bounding_box()
    game_box = page.locator("#game").bounding_box()
    assert panel["x"] >= game_box["x"] - 1 and panel["x"] + panel["width"] <= game_box["x"] + game_box["width"] + 1
    assert page.locator("#talk-panel").evaluate("e => getComputedStyle(e).borderTopStyle") == "solid"
    body = page.locator("#talk-body").bounding_box()
    assert body["width"] > 200 and body["x"] + body["width"] <= panel["x"] + panel["width"]
    _fits(page)
    page.locator("#talk-panel").scroll_into_view_if_needed()
    shot(page, f"i16-talk-{_name(viewport)}")
    assert not page.errors, page.errors


# --- axe-core ------------------------------------------------------------------------------------------
def _axe(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, {resultTypes: ['violations']});
      return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
    return found


@pytest.mark.axe
@VIEWPORTS
def test_no_serious_accessibility_violation_on_lobby_game_hero_choice_and_replay(open_page, live_server, viewport):
    alice, bert = _players()
    choosing = new_game(alice, [bert], title="Choice")
    seat, _ = legal(choosing)
    chooser = users_by_seat(choosing)[seat]
    playing = play_setup(new_game(alice, [bert], seed="axe-game", title="Axe"))
    _play(playing, random.Random(2), 12)
    playing.refresh_from_db()
    checks = {
        "lobby": (alice, _url(live_server, "games:lobby")),
        "game": (alice, _url(live_server, "games:detail", playing.pk)),
        "hero-choice": (chooser, _url(live_server, "games:detail", choosing.pk)),
        "replay": (alice, _url(live_server, "games:replay", playing.pk, query="?step=5")),
    }
    problems = {}
    for name, (user, url) in checks.items():
        page = open_page(user, viewport, bypass_csp=True)  # the vendored axe is injected as a script tag
        page.goto(url)
        page.wait_for_load_state("networkidle")
        found = _axe(page)
        if found:
            problems[name] = found
        shot(page, f"i16-axe-{name}-{_name(viewport)}")
    assert problems == {}, problems


@VIEWPORTS
def test_the_standing_settings_change_out_of_turn_without_a_step(game_page, viewport):
    from games.models import GameAction, Seat

    opened = game_page(viewport, title="Settings", who="other")  # the player who is not to move
    page, game, waiting = opened.page, opened.game, opened.user
    game.refresh_from_db()
    version, steps = game.version, GameAction.objects.filter(game=game).count()
    page.locator("details.settings summary").click()
    page.get_by_label("Let me choose the two dice each time").check()
    shot(page, f"i16-settings-{_name(viewport)}")
    page.get_by_role("button", name="Save settings").click()
    page.wait_for_selector("text=Your settings for this game are saved.", timeout=10_000)
    assert Seat.objects.get(game=game, user=waiting).dice_policy == "ask"
    game.refresh_from_db()
    assert (game.version, GameAction.objects.filter(game=game).count()) == (version, steps)  # no step
    _fits(page)
    assert not page.errors, page.errors
