"""The engine's layers (issue 12, docs/architecture.md "Engine layers"): every import of the engine is at
the top of its module, where a reader and import-linter see it — no import hidden in a function to slip
past a cycle. (The direction of the imports is the `engine-*` contracts' job: tests/test_import_contracts.py.)"""

from __future__ import annotations

import ast
import importlib
import pathlib
import re

import pytest

from games.engine import registry
from games.engine.core.actions import ChooseOption
from games.engine.core.context import Handlers

ENGINE_DIR = pathlib.Path(__file__).resolve().parents[2] / "games" / "engine"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _nested_imports(tree: ast.Module) -> list[int]:
    """Line numbers of imports anywhere but the module's top level (or its TYPE_CHECKING block)."""
    allowed: set[int] = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            allowed.add(id(node))
        elif isinstance(node, ast.If) and _is_type_checking(node):
            allowed.update(id(child) for child in ast.walk(node))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in allowed]


@pytest.mark.parametrize("path", sorted(ENGINE_DIR.rglob("*.py")), ids=lambda p: str(p.relative_to(ENGINE_DIR)))
def test_no_function_local_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert _nested_imports(tree) == [], f"{path.name}: imports inside functions or classes"


def test_the_check_sees_a_function_local_import():
    tree = ast.parse("import os\nif TYPE_CHECKING:\n    import sys\ndef f():\n    from . import movement\n")
    assert _nested_imports(tree) == [5]


def test_only_the_top_layer_lies_beside_the_layers():
    packages = {p.name for p in ENGINE_DIR.iterdir() if (p / "__init__.py").exists()}
    modules = {p.stem for p in ENGINE_DIR.glob("*.py")}
    assert packages == {"content", "core", "effects", "rules"}
    assert modules == {"__init__", "draws", "engine", "playout", "registry", "view", "visibility"}


def test_the_registry_lists_every_module_with_handlers():
    """A module's decisions and probes count only through registry.MODULES: forgetting one there would
    leave its decisions unanswerable, so every module with a HANDLERS table must be listed."""
    with_handlers = set()
    for path in ENGINE_DIR.rglob("*.py"):
        if re.search(r"^HANDLERS = Handlers\(\)", path.read_text(encoding="utf-8"), re.M):
            name = ".".join(("games", "engine", *path.relative_to(ENGINE_DIR).with_suffix("").parts))
            with_handlers.add(importlib.import_module(name))
    assert with_handlers == set(registry.MODULES)
    assert registry.HOOKS.handlers.answer and registry.HOOKS.handlers.probe


def test_a_decision_claimed_twice_is_refused():
    first, second = Handlers(), Handlers()
    first.answers("same", ChooseOption)(lambda ctx, seat, pending, value: None)
    second.answers("same", ChooseOption)(lambda ctx, seat, pending, value: None)
    with pytest.raises(ValueError, match="same"):
        Handlers.merged([first, second])


def test_a_handler_added_after_the_registry_merged_the_tables_is_refused():
    # The tables are fixed once the registry has merged them: a late decorator would change the rules
    # for some games and not others (no module-global state that changes after start-up).
    module_table = registry.MODULES[0].HANDLERS
    assert module_table.sealed and registry.HOOKS.handlers.sealed
    with pytest.raises(RuntimeError, match="merged"):
        module_table.on_probe("late")(lambda *args: None)
