"""Service errors carry a code and parameters and get their words at the edge (issue 12, one text layer):
every code the games app raises has its message in games/presenters/errors.py, in English and German, and
the page and the API show the same words; an illegal action's engine reason stays in ``details.reason``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext_lazy

from games import errors
from games.presenters.errors import ERROR_TEXTS, error_text
from tests.source_walk import source_nodes

GAMES = Path(errors.__file__).resolve().parent
ERROR_CLASSES = {name for name, value in vars(errors).items()
                 if isinstance(value, type) and issubclass(value, errors.GameServiceError)}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def raised_codes() -> dict[str, set[str]]:
    """Every ``raise NotAllowed("code", name=...)`` of the games app (the engine raises none): code ->
    the parameters passed."""
    codes: dict[str, set[str]] = {}
    for path, node in source_nodes(GAMES, skip="engine"):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        func = node.exc.func
        if not (isinstance(func, ast.Name) and func.id in ERROR_CLASSES):
            continue
        first = node.exc.args[0] if node.exc.args else None
        assert isinstance(first, ast.Constant) and isinstance(first.value, str), \
            f"{path.name}:{node.lineno} raises {func.id} without a code"
        codes.setdefault(first.value, set()).update(k.arg for k in node.exc.keywords if k.arg != "reason")
    return codes


CODES = raised_codes()


def test_the_walk_finds_the_raised_codes():
    assert {"no_such_game", "illegal_action", "malformed_action", "step_sealed", "seats_out_of_range"} <= set(CODES)


def test_every_message_belongs_to_a_code_that_is_raised():
    assert set(ERROR_TEXTS) == set(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_raised_code_has_its_message_with_the_parameters_it_is_given(code):
    assert code in ERROR_TEXTS, f"no message for the error code {code!r}"
    with translation.override("en"):
        english = str(ERROR_TEXTS[code])
    assert set(PLACEHOLDER.findall(english)) == CODES[code], code


@pytest.mark.parametrize("code", sorted(ERROR_TEXTS))
def test_every_message_has_its_german_text(code):
    with translation.override("en"):
        english = str(ERROR_TEXTS[code])
    with translation.override("de"):
        german = str(ERROR_TEXTS[code])
    assert german != english, f"{code!r} has no German text"
    assert set(PLACEHOLDER.findall(german)) == set(PLACEHOLDER.findall(english)), code


def test_a_message_is_rendered_in_the_language_asked_for_with_its_parameters():
    exc = errors.InvalidRequest("seats_out_of_range", max=6)
    assert error_text(exc, "en") == "A game has 1 to 6 seats."
    assert error_text(exc, "de") == "Eine Partie hat 1 bis 6 Plätze."
    with translation.override("de"):
        assert error_text(exc) == "Eine Partie hat 1 bis 6 Plätze."  # the active language


def test_an_error_carries_its_code_and_parameters_and_no_words():
    """Issue 12: the errors lie below the presenters; for logs an error names its code, not a sentence."""
    exc = errors.InvalidRequest("seats_out_of_range", max=6)
    assert (exc.key, exc.params) == ("seats_out_of_range", {"max": 6})
    assert str(exc) == "seats_out_of_range {'max': 6}"
    assert not hasattr(exc, "message") and not hasattr(exc, "english")
    assert str(errors.IllegalAction("illegal_action", reason="seat 0 decides")) == "illegal_action (seat 0 decides)"


def test_an_illegal_action_keeps_the_engines_reason_apart_from_its_message():
    exc = errors.IllegalAction("illegal_action", reason="seat 0 decides this movement")
    assert error_text(exc, "en") == "This move is not possible now." and exc.reason == "seat 0 decides this movement"
    assert "seat" not in error_text(exc, "de")


def test_a_ready_made_message_is_its_own_text_and_long_quotes_are_cut():
    assert error_text(errors.NotAllowed("Only members of the club may do this."), "en") == \
        "Only members of the club may do this."
    # The leagues and table talk raise lazy translations: rendered in the reader's language too.
    lazy = errors.InvalidRequest(gettext_lazy("A message has at most %(max)s characters."), max=500)
    assert error_text(lazy, "en") == "A message has at most 500 characters."
    assert error_text(lazy, "de") == "Eine Nachricht hat höchstens 500 Zeichen."
    long = errors.IllegalAction("not_reachable_on_foot", field="X" * 1000)
    assert len(error_text(long)) <= errors.MESSAGE_LIMIT + 1
