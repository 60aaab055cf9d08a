"""The project's own source as syntax trees, parsed once per test process: several text-coverage tests
walk the engine's and the games app's source at collection time (every xdist worker collects), and
parsing the engine was most of their cost."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_tree(path)))


def source_nodes(directory: Path, skip: str | None = None) -> Iterator[tuple[Path, ast.AST]]:
    """Every syntax node of every module under ``directory`` (files in sorted order), but for the modules
    under a sub-folder named ``skip``."""
    for path in sorted(directory.rglob("*.py")):
        if skip is not None and skip in path.relative_to(directory).parts:
            continue
        for node in _nodes(path):
            yield path, node
