"""Keep docs/rules/catalogue.md true: which tests prove which rule.

Tests name the rules they prove with ``@pytest.mark.rule("ID", ...)`` (or a constant of
``games.engine.core.rules``). ``python -m tools.catalogue`` writes those tests into the catalogue's Tests
column and marks such rows ``tested``; ``--check`` only reports what is out of date (a test runs it).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "docs" / "rules" / "catalogue.md"
TESTS = ROOT / "tests"
RULINGS = ROOT / "docs" / "rules" / "rulings.md"
RULING_ID = re.compile(r"^R-\d+$")
ROW = re.compile(r"^\| (?P<id>[A-Z]+-[A-Z0-9]+) \| (?P<rule>.*) \| (?P<status>[a-z]+) \| (?P<tests>.*) \|$")


def _rule_constants() -> dict[str, str]:
    from games.engine.core import rules

    return {name: value for name, value in vars(rules).items() if name.isupper() and isinstance(value, str)}


def _ids_of(node: ast.expr, constants: dict[str, str]) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Attribute) and node.attr in constants:
        return [constants[node.attr]]
    return []


def collect(tests_dir: Path = TESTS) -> dict[str, set[str]]:
    """Rule ID -> the tests (``path::name``) marked as proving it."""
    constants = _rule_constants()
    proven: dict[str, set[str]] = defaultdict(set)
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test"):
                continue
            for decorator in node.decorator_list:
                if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                        and decorator.func.attr == "rule"):
                    for arg in decorator.args:
                        for rule_id in _ids_of(arg, constants):
                            proven[rule_id].add(f"{path.relative_to(ROOT)}::{node.name}")
    return proven


def ruling_ids(text: str | None = None) -> set[str]:
    """The IDs of the rulings recorded in rulings.md (``## R-NN: ...`` headings)."""
    text = RULINGS.read_text(encoding="utf-8") if text is None else text
    return set(re.findall(r"^## (R-\d+):", text, flags=re.MULTILINE))


def render(text: str, proven: dict[str, set[str]]) -> tuple[str, list[str]]:
    """The catalogue with Status/Tests brought up to date, and the marked IDs it does not know.

    A test may also name a ruling (``R-NN``) it proves; such an ID must be a ruling in rulings.md.
    """
    known = {rid for rid in proven if RULING_ID.match(rid)} & ruling_ids()
    lines = []
    for line in text.splitlines():
        match = ROW.match(line)
        if not match:
            lines.append(line)
            continue
        rule_id = match["id"]
        known.add(rule_id)
        tests = sorted(proven.get(rule_id, ()))
        status = match["status"]
        if tests:
            status = "tested"
        elif status == "tested":
            status = "implemented"
        shown = "<br>".join(f"`{t.split('::')[1]}`" for t in tests)
        lines.append(f"| {rule_id} | {match['rule']} | {status} | {shown} |")
    unknown = sorted(set(proven) - known)
    return "\n".join(lines) + "\n", unknown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="report differences, change nothing")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    current = CATALOGUE.read_text(encoding="utf-8")
    updated, unknown = render(current, collect())
    if unknown:
        print("tests name rule IDs the catalogue does not have: " + ", ".join(unknown))
        return 1
    if args.check:
        if updated != current:
            print("docs/rules/catalogue.md is out of date: run `python -m tools.catalogue`")
            return 1
        print("catalogue up to date")
        return 0
    CATALOGUE.write_text(updated, encoding="utf-8")
    print("catalogue updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
