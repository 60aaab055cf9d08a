"""The bounded per-process store behind the page's kept drawings (apibase/kept.py)."""

from apibase.kept import Kept


def test_a_kept_value_is_drawn_once_and_a_full_store_lets_its_oldest_go():
    drawn = []
    store = Kept(2)

    def draw(name):
        return lambda: drawn.append(name) or name.upper()

    assert store.keep("a", draw("a")) == "A"
    assert store.keep("a", draw("a")) == "A"
    assert store.keep("b", draw("b")) == "B"
    assert drawn == ["a", "b"]
    store.keep("c", draw("c"))   # full: a, the oldest, goes
    assert list(store) == ["b", "c"]
    store.keep("b", draw("b"))   # still kept
    store.keep("a", draw("a"))   # drawn again, and b goes
    assert drawn == ["a", "b", "c", "a"] and list(store) == ["c", "a"]


def test_no_key_means_drawn_every_time_and_never_kept():
    store = Kept(4)
    calls = []
    for _ in range(2):
        store.keep(None, lambda: calls.append(1) or "x")
    assert calls == [1, 1] and not store


def test_an_entry_counts_only_for_the_very_object_it_was_drawn_from():
    class Region:
        pass

    first, second = Region(), Region()
    store = Kept(8)
    store.keep("same id", lambda: (first, "drawn from the first"), holder=first)
    # A key made of an id may come back for another object once the first is gone: drawn anew.
    assert store.keep("same id", lambda: (second, "drawn from the second"), holder=second)[1] == "drawn from the second"
    assert store.keep("same id", lambda: (second, "again"), holder=second)[1] == "drawn from the second"


def test_put_replaces_a_kept_key_in_place_and_a_new_key_lets_the_oldest_go():
    store = Kept(2)
    store.put("a", 1)
    store.put("b", 2)
    store.put("a", 3)   # the same key: nothing goes
    assert store == {"a": 3, "b": 2}
    store.put("c", 4)
    assert list(store) == ["b", "c"]


def test_the_activity_memo_is_bounded():
    """The users' last touches a process remembers are a Kept store (review: a third bounded store of its own)."""
    from accounts import activity

    assert isinstance(activity._TOUCHED, Kept) and activity._TOUCHED.cap == 10_000
