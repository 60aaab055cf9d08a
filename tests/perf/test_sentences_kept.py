"""Log sentences kept per process as well as in the shared cache (issue 17, twelfth wave): a worker that has
described or read an entry's sentence for a seat does not ask the shared cache for it again, and never gives
it to another seat, another language, another row (a test database's row with the same id and sequence but
another creation time) or the row once taken back."""

from __future__ import annotations

import datetime

from django.core.cache import cache, caches

from games import cache as game_cache
from games.models import Game

AT = datetime.datetime(2026, 12, 7, 23, 0, tzinfo=datetime.UTC)


def _entries(at=AT, taken_back=False):
    return [{"sequence": n, "taken_back": taken_back and n == 3, "sealed": False,
             "created_at": at + datetime.timedelta(seconds=n)} for n in range(1, 4)]


def _describer(described):
    def describe(entries):
        described.extend(e["sequence"] for e in entries)
        return [{"text": f"step {e['sequence']}", "taken_back": e["taken_back"]} for e in entries]
    return describe


def test_a_worker_asks_the_shared_cache_only_for_sentences_it_does_not_hold(monkeypatch):
    game = Game(pk=91, seed="k" * 64)
    described: list[int] = []
    args = {"game": game, "seat": 0, "lang": "en", "names": {}, "describe": _describer(described)}
    first = game_cache.log_sentences(entries=_entries(), **args)
    assert described == [1, 2, 3]
    cache.clear()                   # the shared cache lost them (or another worker is asked): not described again
    asked: list[list[str]] = []
    backend = type(caches["default"])
    real = backend.get_many
    monkeypatch.setattr(backend, "get_many",
                        lambda self, keys, **kw: asked.append(list(keys)) or real(self, keys, **kw))
    assert game_cache.log_sentences(entries=_entries(), **args) == first
    assert described == [1, 2, 3] and asked == []
    kept = game_cache.log_sentences(entries=_entries(), **args)
    kept[0]["text"] = "changed by a caller"
    assert game_cache.log_sentences(entries=_entries(), **args) == first


def test_a_kept_sentence_is_only_given_for_its_seat_language_row_and_state():
    game = Game(pk=92, seed="m" * 64)
    described: list[int] = []
    args = {"game": game, "lang": "en", "names": {}, "describe": _describer(described)}
    game_cache.log_sentences(entries=_entries(), seat=0, **args)
    cache.clear()
    game_cache.log_sentences(entries=_entries(), seat=1, **args)                        # another seat
    game_cache.log_sentences(entries=_entries(), seat=0, **{**args, "lang": "de"})      # another language
    game_cache.log_sentences(entries=_entries(at=AT + datetime.timedelta(days=1)), seat=0, **args)  # another row
    cache.clear()
    taken = game_cache.log_sentences(entries=_entries(taken_back=True), seat=0, **args)  # step 3 taken back
    assert described == [1, 2, 3] * 4 + [3]
    assert taken[2]["taken_back"] is True
