"""The game page in Chromium at 1280 × 800 and 390 × 844: each bug of issue 16 has its test here.

Games are built through the services (fast); the browser only does what the bug is about. Screenshots
go to var/screenshots/.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, needs_chromium, shot, wait_for_new_position
from tests.conftest import TEST_PASSWORD, UserFactory
from tests.games.test_views_support import legal, new_game

pytestmark = [pytest.mark.browser, needs_chromium, pytest.mark.django_db(transaction=True)]

VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])




def _stamp(page) -> str:
    return page.locator("#game").get_attribute("data-stamp")


@VIEWPORTS
def test_an_action_keeps_the_scroll_position(game_page, viewport):
    page = game_page(viewport).page
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.reload()
    page.evaluate("window.scrollTo(0, 300)")
    before = page.evaluate("window.scrollY")
    assert before == 300, "the page is long enough to scroll"
    old = _stamp(page)
    # A script click: Playwright's own click would first scroll the button into view.
    page.locator('form[data-kind="begin_turn"] button[type=submit]').evaluate("b => b.click()")
    wait_for_new_position(page, old)
    assert abs(page.evaluate("window.scrollY") - before) <= 5
    old = _stamp(page)
    page.locator("svg a.board-target").first.evaluate(
        "a => a.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))")
    wait_for_new_position(page, old)
    assert abs(page.evaluate("window.scrollY") - before) <= 5
    shot(page, f"after-move-{'phone' if viewport is PHONE else 'desktop'}")
    assert not page.errors, page.errors
    assert missing == [], "every request succeeds (the favicon too)"


def test_enter_on_a_move_puts_the_focus_on_the_heading_and_announces_the_outcome(game_page):
    opened = game_page(DESKTOP)
    page, game = opened.page, opened.game
    old = _stamp(page)
    page.locator('form[data-kind="begin_turn"] button[type=submit]').focus()
    page.keyboard.press("Enter")
    wait_for_new_position(page, old)
    button = page.locator('form[data-kind="move"] button[type=submit]').first
    button.focus()
    old = _stamp(page)
    page.keyboard.press("Enter")
    wait_for_new_position(page, old)
    assert page.evaluate("document.activeElement.id") == "actions-title"
    page.wait_for_function("document.getElementById('live-region').textContent.trim().length > 0")
    assert "bert" in page.locator("#live-region").text_content() or "alice" in page.locator(
        "#live-region").text_content()
    # A second Enter makes no second move.
    moved = _stamp(page)
    page.keyboard.press("Enter")
    page.wait_for_timeout(800)
    assert _stamp(page) == moved
    game.refresh_from_db()
    assert moved.startswith(f"{game.version}-")


@pytest.mark.parametrize("width", [1024, 1280, 1920, 390])
def test_the_hero_cards_show_every_value(game_page, width):
    page = game_page({"width": width, "height": 900}, title="Heroes", setup=False).page
    clipped = page.evaluate("""() => {
      const bad = [];
      document.querySelectorAll('.hero-card').forEach(card => {
        const edge = card.getBoundingClientRect().right;
        card.querySelectorAll('.hero-stats > div').forEach(row => {
          const dd = row.querySelector('dd').getBoundingClientRect();
          if (row.scrollWidth > row.clientWidth + 1 || dd.right > edge + 0.5 || dd.width === 0)
            bad.push(card.querySelector('h3').textContent + ': ' + row.textContent.trim());
        });
      });
      return bad;
    }""")
    assert page.locator(".hero-card").count() >= 4
    assert clipped == []
    shot(page, f"hero-choice-{width}")


def test_an_invited_visitor_keeps_the_invitation_through_sign_up(open_page, live_server):
    alice = UserFactory(username="alice", language="en")
    game = new_game(alice, seat_count=2, title="Club evening", visibility=Game.Visibility.PRIVATE)
    invite = reverse("games:join_invite", args=[game.pk, game.invite_code])
    page = open_page(None, PHONE)
    page.goto(live_server.url + invite)
    page.wait_for_url("**/accounts/login/**")
    assert "alice invites you to “Club evening”" in page.locator("main").text_content()
    shot(page, "login-invitation")
    page.get_by_role("link", name="Create an account").click()
    page.wait_for_url("**/accounts/signup/**")
    assert "alice invites you" in page.locator("main").text_content()
    page.fill("input[name=username]", "carla")
    page.fill("input[name=email]", "carla@example.org")
    page.fill("input[name=password1]", TEST_PASSWORD)
    page.fill("input[name=password2]", TEST_PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(f"**{invite}")
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_url(f"**/games/{game.pk}/")
    assert game.seats.filter(user__username="carla").exists()


@VIEWPORTS
def test_one_click_on_a_far_field_walks_the_whole_path(game_page, viewport):
    from games.models import GameAction

    opened = game_page(viewport)
    page, game = opened.page, opened.game
    old = _stamp(page)
    page.get_by_role("button", name="Begin your turn").click()
    wait_for_new_position(page, old)
    if page.locator('form[data-kind="choose_movement"]').count():
        old = _stamp(page)
        page.locator('form[data-kind="choose_movement"] button', has_text="walk").click()
        wait_for_new_position(page, old)
    far = page.locator('svg a.board-target[data-option*="-walk-"]')
    assert far.count() > 0, "fields beyond the neighbours are offered"
    assert page.locator("svg .target-cost").count() >= far.count(), "every target shows its cost"
    assert "movement points left" in page.locator(".points-left").text_content()
    shot(page, f"walk-targets-{'phone' if viewport is PHONE else 'desktop'}")
    page.locator("#game .board-scroll").first.screenshot(
        path=str(SCREENSHOTS / f"walk-targets-board-{'phone' if viewport is PHONE else 'desktop'}.png"))
    before = GameAction.objects.filter(game=game).count()
    old = _stamp(page)
    far.last.click()
    wait_for_new_position(page, old)
    moves = GameAction.objects.filter(game=game).order_by("sequence")[before:]
    assert len(moves) >= 1 and all(m.action["kind"] == "move" for m in moves)
    assert len(moves) >= 2 or any(e["kind"] != "moved" for e in moves[0].events), \
        "one request walked several steps, or stopped at the first because something happened"
    assert page.locator(".last-step").is_visible()
    if len(moves) >= 2:
        assert "Walk: " in page.locator(".last-step").text_content(), "the walk's steps are told together"
    shot(page, f"walked-{'phone' if viewport is PHONE else 'desktop'}")
    assert not page.errors, page.errors


@VIEWPORTS
def test_the_waiting_player_sees_the_story_of_the_others_turn(game_page, viewport):
    from tests.games.test_views_support import submit

    opened = game_page(viewport, who="other")
    page, game = opened.page, opened.game
    old = _stamp(page)
    submit(game, {"kind": "begin_turn"})
    _seat, actions = legal(game)
    submit(game, next(a for a in actions if a.kind in ("move", "end_turn")))
    wait_for_new_position(page, old)   # the page follows by polling
    page.wait_for_selector(".story")
    assert "Since your last visit" in page.locator(".story").text_content()
    shot(page, f"story-{_size(viewport)}")
    page.reload()
    assert page.locator(".story").count() == 0, "read once seen"
    assert not page.errors, page.errors


def _size(viewport) -> str:
    return "phone" if viewport is PHONE else "desktop"


def _plain_neighbour(game, seat: int) -> str:
    """A field one step away whose step only walks (no die, nothing revealed): a step that can be taken back."""
    from games.engine.content import load_content
    from games.persistence import load_state
    from games.walking import reachable

    game.refresh_from_db()
    routes = reachable(load_content(), load_state(game), seat)
    plain = [to for to, r in routes.items()
             if len(r.steps) == 1 and not r.stops and not r.rolls and not r.gold and not to.startswith("?")]
    assert plain, f"no plain step from here: {routes}"
    return sorted(plain)[0]


@VIEWPORTS
def test_a_step_is_taken_back_and_then_the_player_resigns(game_page, viewport):
    opened = game_page(viewport)
    page, game, user = opened.page, opened.game, opened.user
    seat = next(s.index for s in game.seats.all() if s.user_id == user.pk)
    old = _stamp(page)
    page.get_by_role("button", name="Begin your turn").click()
    wait_for_new_position(page, old)
    if page.locator('form[data-kind="choose_movement"]').count():
        old = _stamp(page)
        page.locator('form[data-kind="choose_movement"] button', has_text="walk").click()
        wait_for_new_position(page, old)
    to = _plain_neighbour(game, seat)
    old = _stamp(page)
    page.locator(f'svg a.board-target[data-target="field:{to}"]').click()
    wait_for_new_position(page, old)
    game.refresh_from_db()
    position = page.locator("#game").text_content()
    assert page.locator("form.take-back").count() == 1, "a plain step is offered to be taken back"
    shot(page, f"take-back-offered-{_size(viewport)}")
    old = _stamp(page)
    page.get_by_role("button", name="Take back my last step").click()
    wait_for_new_position(page, old)
    assert "was taken back" in page.locator("#game").text_content()
    assert page.locator(f'svg a.board-target[data-target="field:{to}"]').count() == 1, "the step can be made again"
    assert position != page.locator("#game").text_content()
    page.locator("details.resign summary").click()
    page.get_by_role("button", name="Yes, resign").click()
    page.wait_for_selector("text=You resigned")
    shot(page, f"resigned-{_size(viewport)}")
    assert game.seats.get(user=user).dropped
    assert not page.errors, page.errors
