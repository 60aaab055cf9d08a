"""Games with two players, a spectator and a stranger for the table-talk tests."""

from __future__ import annotations

import pytest

from games import services
from games.models import Game
from tests.conftest import UserFactory


def two_player_game(creator, other, **options) -> Game:
    game = services.game_create(creator=creator, title="Talk", seat_count=2, **options)
    services.game_join(game=game, user=other, invite_code=game.invite_code)
    game.refresh_from_db()
    return game


@pytest.fixture
def anna(db):
    return UserFactory(username="anna")


@pytest.fixture
def bert(db):
    return UserFactory(username="bert")


@pytest.fixture
def watcher(db):
    return UserFactory(username="watcher")


@pytest.fixture
def game(anna, bert):
    """A public two-seat game in its setup: anna (creator, seat 0) and bert (seat 1)."""
    return two_player_game(anna, bert)


@pytest.fixture
def private_game(anna, bert):
    return two_player_game(anna, bert, visibility=Game.Visibility.PRIVATE)


class Receiver:
    """A local HTTP server that records every request and answers with queued status codes (then 200)."""

    def __init__(self):
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.requests: list[dict] = []
        self.statuses: list[int] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                outer.requests.append({"method": self.command, "path": self.path,
                                       "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                status = outer.statuses.pop(0) if outer.statuses else 201
                self.send_response(status)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")

            do_POST = do_PUT = _handle

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        # serve_forever checks for shutdown every poll_interval (0.5 s by default): each test's close()
        # waited that long, 12 s over the talk tests.
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.01},
                                       daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings):
    settings.TALK_ALLOW_PRIVATE_URLS = True
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def eager_retries():
    """Eager tasks whose retries run inline without the Retry exception reaching the caller."""
    from heldenweb.celery import app as celery_app

    previous = celery_app.conf.task_eager_propagates
    celery_app.conf.task_eager_propagates = False
    yield
    celery_app.conf.task_eager_propagates = previous
