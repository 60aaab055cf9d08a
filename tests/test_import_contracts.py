"""The import contracts of .importlinter (issue 12) hold: `make lint` checks them, and so does the suite,
so that CI, which runs `make test`, catches an import pointing the wrong way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_import_contract_is_kept():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_the_django_side_keeps_its_contracts():
    """Issue 12: the contracts that keep the Django side free of cycles are there, with their kind, so
    deleting one to let a cycle back in fails here rather than passing quietly."""
    import configparser

    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter", encoding="utf-8")
    kinds = {section.removeprefix("importlinter:contract:"): config[section]["type"]
             for section in config.sections() if section.startswith("importlinter:contract:")}
    assert kinds.get("no-cycles") == "acyclic_siblings"
    assert kinds.get("apps-layers") == "layers"
    assert kinds.get("services-no-tasks") == kinds.get("tasks-thin") == kinds.get("accounts-no-games") == "forbidden"
    ancestors = set(config["importlinter:contract:no-cycles"]["ancestors"].split())
    assert {"games", "accounts", "leagues", "talk"} <= ancestors
    assert config["importlinter:contract:apps-layers"]["layers"].split() == [
        "heldenweb", "talk", "leagues", "games", "accounts", "apibase"]
