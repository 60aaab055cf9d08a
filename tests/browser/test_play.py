"""Two players in two headless Chromium windows: create, join, set up and play by clicking the board.

Run with ``pytest -m browser``; needs /usr/bin/chromium. Screenshots of the board go to test-artifacts/.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections import deque
from pathlib import Path

import pytest
from django.db import connections

from games.engine import legal_actions
from games.engine.content import load_content
from games.engine.core.board import board_for
from games.engine.playout import acting_seat
from games.models import Game, GameAction
from games.persistence import load_state
from tests.browser.conftest import DESKTOP, PHONE
from tests.conftest import TEST_PASSWORD, UserFactory

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SEED = "browser-test-seed-7"
PENDING_FIRST = ("lose_lp", "choose_die", "keep_item", "choose_gift", "keep_dice", "use_boost", "choose_xp",
                 "make_room", "answer_offer", "choose_option", "choose_field", "choose_cell", "place_token")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM) or shutil.which(CHROMIUM) is None,
                       reason=f"{CHROMIUM} is missing (CI installs it; locally: apt-get install chromium)"),
]


@pytest.fixture
def browser(chromium):
    """One headless Chromium (tests/browser/conftest.py; it also keeps the background tasks from running)."""
    return chromium


class Player:
    def __init__(self, browser, live_server, user, name: str, viewport=DESKTOP) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.size = "phone" if viewport is PHONE else "desktop"
        self.page = self.context.new_page()
        self.base = live_server.url
        self.user = user
        self.name = name
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def login(self) -> None:
        page = self.page
        page.goto(f"{self.base}/accounts/login/")
        page.fill("input[name=username]", self.user.username)
        page.fill("input[name=password]", TEST_PASSWORD)
        page.locator("main button[type=submit]").click()
        page.wait_for_url(f"{self.base}/")

    def stamp(self) -> str:
        return self.page.locator("#game").get_attribute("data-stamp")

    def wait_for_change(self, old: str) -> None:
        self.page.wait_for_function(
            "old => { const g = document.querySelector('#game'); return g && g.dataset.stamp !== old; }",
            arg=old, timeout=15000)

    def kinds(self) -> list[str]:
        return self.page.locator("form.action-group").evaluate_all("forms => forms.map(f => f.dataset.kind)")

    def press(self, locator) -> None:
        """Click something that submits an action and wait for the fresh game."""
        old = self.stamp()
        locator.click()
        self.wait_for_change(old)

    def choose(self, kind: str, index: int = 0) -> None:
        self.press(self.page.locator(f'form[data-kind="{kind}"] button[type=submit]').nth(index))

    def click_board(self, target: str, keyboard: bool = False) -> None:
        link = self.page.locator(f'svg a.board-target[data-target="{target}"]')
        if keyboard:
            old = self.stamp()
            link.focus()
            self.page.keyboard.press("Enter")
            self.wait_for_change(old)
        else:
            self.press(link)

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.locator(".board-panel").screenshot(path=str(ARTIFACTS / f"{name}-{self.size}-board.png"))
        self.page.screenshot(path=str(ARTIFACTS / f"{name}-{self.size}-page.png"), full_page=True)


def _distance_to_tokens(game: Game, seat: int) -> dict[str, int]:
    """For each legal move target: steps over revealed cards to the nearest face-down token."""
    content = load_content()
    state = load_state(game)
    board = board_for(content, state.grid)
    goals = {t.field for t in state.tokens.values() if t.field and not t.face_up}
    result = {}
    for action in legal_actions(content, state, seat):
        if action.kind != "move":
            continue
        if action.to.startswith("?"):
            result[action.to] = 50  # exploring is fine, but a known token is better
            continue
        seen, queue = {action.to}, deque([(action.to, 0)])
        best = 99
        while queue:
            code, dist = queue.popleft()
            if code in goals:
                best = dist
                break
            for link in board.links.get(code, ()):
                cell = board.cell_of_field(link.to)
                if link.to not in seen and state.revealed[cell]:
                    seen.add(link.to)
                    queue.append((link.to, dist + 1))
        result[action.to] = best
    return result


def _events(game: Game) -> list[dict]:
    return [e for row in GameAction.objects.filter(game=game, taken_back=False) for e in row.events]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.django_db(transaction=True)
def test_two_players_set_up_and_play_by_clicking(browser, live_server, viewport):
    """Issue 16's Done-when: at 1280 × 800 and at 390 × 844, set up and several turns by clicking."""
    alice = UserFactory(username="alice", language="en")
    bert = UserFactory(username="bert", language="en")
    a = Player(browser, live_server, alice, "alice", viewport)
    b = Player(browser, live_server, bert, "bert", viewport)
    a.login()
    b.login()

    # Alice creates a game in the lobby; Bert finds it there and joins.
    a.page.goto(f"{a.base}/games/")
    ARTIFACTS.mkdir(exist_ok=True)
    a.page.screenshot(path=str(ARTIFACTS / f"lobby-{a.size}.png"), full_page=True)
    a.page.fill("input[name=title]", "Browser game")
    a.page.select_option("select[name=seat_count]", "2")
    a.page.get_by_role("button", name="Create game").click()
    a.page.wait_for_url("**/games/*/")
    game = Game.objects.get(title="Browser game")
    Game.objects.filter(pk=game.pk).update(seed=SEED, seed_commitment=hashlib.sha256(SEED.encode()).hexdigest())
    assert "Waiting for players" in a.page.content()
    b.page.goto(f"{b.base}/games/")
    b.page.locator(".game-item", has_text="Browser game").get_by_role("button", name="Join").click()
    b.page.wait_for_url(f"**/games/{game.pk}/")
    # Alice's page notices by itself (polling) that the game has started.
    a.page.wait_for_selector("text=Choosing heroes", timeout=15000)

    players = {0: a, 1: b}  # seat 0 created the game
    # Heroes, region cards, manors, axes: each acts on their own page.
    heroes = {"alice": "Choose Elf", "bert": "Choose Dwarf"}
    for _ in range(20):
        game.refresh_from_db()
        if game.phase == "play":
            break
        p = players[acting_seat(load_state(game))]
        p.page.reload()
        kinds = p.kinds()
        if "choose_hero" in kinds:
            hero_button = p.page.get_by_role("button", name=heroes[p.name])
            if game.phase == "setup_hero" and p.name == "alice":
                p.shot("setup-heroes")
            p.press(hero_button)
        elif "place_region" in kinds:
            target = p.page.locator("svg a.board-target").first.get_attribute("data-target")
            p.shot(f"setup-region-{p.name}")
            p.click_board(target)
        elif "place_manor" in kinds:
            target = p.page.locator("svg a.board-target").first.get_attribute("data-target")
            p.click_board(target, keyboard=True)  # keyboard only: focus the field, press Enter
        elif "choose_axis" in kinds:
            p.press(p.page.get_by_role("button", name="north and south"))
        else:
            raise AssertionError(f"unexpected setup actions {kinds}")
    game.refresh_from_db()
    assert game.phase == "play" and game.status == Game.Status.RUNNING
    a.page.reload()
    a.shot("after-setup")

    # Play: begin the turn, walk towards the nearest face-down token by clicking fields, fight what
    # appears, answer decisions, end the turn.
    turns_played = {0: 0, 1: 0}
    fought = False
    for _step in range(400):
        game.refresh_from_db()
        events = _events(game)
        revealed = any(e["kind"] == "token_revealed" for e in events)
        stopped = any(e["kind"] == "monster_stops_movement" for e in events)
        if (min(turns_played.values()) >= 3 and revealed and (fought or stopped)) or game.turn_number > 40:
            break
        state = load_state(game)
        seat = acting_seat(state)
        p = players[seat]
        if p.page.locator("#game").count() == 0 or p.stamp().split("-")[0] != str(game.version):
            p.page.reload()
        kinds = p.kinds()
        if "begin_turn" in kinds:
            p.press(p.page.get_by_role("button", name="Begin your turn"))
            turns_played[seat] += 1
        elif pending := [k for k in kinds if k in PENDING_FIRST]:
            p.choose(pending[0])
        elif "fight" in kinds:
            p.shot(f"fight-{p.name}")
            p.choose("fight")
            fought = True
        elif "choose_movement" in kinds:
            p.press(p.page.locator('form[data-kind="choose_movement"] button[type=submit]', has_text="walk"))
        elif "move" in kinds:
            distances = _distance_to_tokens(game, seat)
            to = min(distances, key=lambda code: (distances[code], code))
            target = f"cell:{to[1:]}" if to.startswith("?") else f"field:{to}"
            before = len(events)
            p.click_board(target)
            game.refresh_from_db()
            if any(e["kind"] == "token_revealed" for e in _events(game)[before:]):
                p.shot(f"reveal-{p.name}-{game.version}")
        elif "end_turn" in kinds:
            p.choose("end_turn")
        elif "end_movement" in kinds:
            p.choose("end_movement")
        elif kinds:
            p.choose(kinds[0])
        else:
            raise AssertionError(f"{p.name} must act but has no actions")

    events = _events(game)
    assert min(turns_played.values()) >= 3
    reveals = [e for e in events if e["kind"] == "token_revealed"]
    assert reveals, "a hero walked onto a face-down token"
    fights_offered = fought or any(e["kind"].startswith("fight") for e in events)
    assert fights_offered or any(e["kind"] == "monster_stops_movement" for e in events)
    # The other player's page follows by polling, without a reload.
    game.refresh_from_db()
    waiting = players[1 - acting_seat(load_state(game))]
    waiting.page.reload()
    old = waiting.stamp()
    mover = players[acting_seat(load_state(game))]
    mover.page.reload()
    mover.choose(mover.kinds()[0])
    waiting.wait_for_change(old)
    for p in (a, b):
        p.page.reload()
        p.shot(f"final-{p.name}")
        p.page.get_by_text("Board as text").click()
        assert p.page.locator(".board-text li").count() > 5
        assert not p.errors, p.errors
    for p in (a, b):
        p.page.goto("about:blank")  # stop polling, so no request outlives the test's database
        p.context.close()
    connections.close_all()  # PostgreSQL: hand this thread's pooled connection back before teardown
