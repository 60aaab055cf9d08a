"""How the game page names things: held items by the item they stand for, buttons by position."""

from __future__ import annotations

from games.engine.content import load_content
from games.engine.core.actions import parse_action
from games.presenters import board, labels


def test_a_held_monster_token_is_named_by_the_item_on_its_back():
    content = load_content()
    assert labels.held_item_name(content, "fd-06", "de") == "Dolch"       # front: Räuber
    assert labels.held_item_name(content, "baz-01", "de") == "Bogen"      # an item on its face


def test_the_drop_item_button_names_the_item_not_the_monster():
    content = load_content()
    action = parse_action({"kind": "drop_item", "token": "fd-06"})
    groups = board.action_groups(content, [action], "de")
    assert groups[0].items[0].label == "Dolch"


def test_a_fight_still_names_the_monster():
    content = load_content()
    action = parse_action({"kind": "fight", "token": "fd-06", "skill": "melee"})
    groups = board.action_groups(content, [action], "de")
    assert groups[0].items[0].label == "Räuber"


def test_button_ids_change_with_the_position():
    content = load_content()
    action = parse_action({"kind": "drop_item", "token": "fd-06"})
    first = board.action_groups(content, [action], "en", id_prefix="v7")[0].items[0].primary.id
    second = board.action_groups(content, [action], "en", id_prefix="v8")[0].items[0].primary.id
    assert first != second


def test_the_board_fits_the_explored_cards_and_keeps_the_whole_square_at_hand():
    import re

    content = load_content()
    letter = next(iter(content.regions))
    view = {"board": [{"cell": 0, "revealed": True, "letter": letter, "placed": True}]
            + [{"cell": c, "revealed": False, "placed": True} for c in range(1, 25)], "heroes": []}
    svg = str(board.render_board(content=content, view=view, lang="en", targets={}))
    fit = re.search(r'viewBox="([^"]+)"', svg).group(1)
    full = re.search(r'data-full="([^"]+)"', svg).group(1)
    assert fit == f"{-board.MARGIN} {-board.MARGIN} {board.CARD + 2 * board.MARGIN} {board.CARD + 2 * board.MARGIN}"
    assert full.split()[2] == str(board.BOARD + 2 * board.MARGIN)


def test_a_seat_is_named_by_a_plain_string_in_the_active_language():
    from django.utils import translation

    from games.models import Seat
    from games.presenters.seats import seat_name

    empty = Seat(index=1)
    with translation.override("en"):
        assert type(seat_name(empty)) is str and seat_name(empty) == "(empty seat)"
    stand_in = Seat(index=1, is_bot=True, bot_level="easy")
    with translation.override("de"):
        assert type(seat_name(stand_in)) is str
