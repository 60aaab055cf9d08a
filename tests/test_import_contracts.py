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


def test_the_site_reaches_the_rules_through_the_titles():
    """Issue 12, "Titles": persistence, services, selectors, replays, forms, pages, the API and the tasks
    import no engine module; the contract names them all and forbids games.engine."""
    import configparser

    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter", encoding="utf-8")
    contract = config["importlinter:contract:site-through-titles"]
    assert contract["type"] == "forbidden"
    assert contract["forbidden_modules"].split() == ["games.engine"]
    sources = set(contract["source_modules"].split())
    assert {"games.persistence", "games.services", "games.selectors", "games.replay", "games.views",
            "games.views_dice", "games.views_poll", "games.api"} <= sources


def test_the_titles_contract_sees_a_direct_engine_import(tmp_path):
    """The contract is not vacuous: a copy of the project whose turn service imports an engine module
    directly breaks it."""
    import shutil

    copy = tmp_path / "site"
    shutil.copytree(ROOT / "games", copy / "games", ignore=shutil.ignore_patterns("__pycache__", "tests"))
    for app in ("accounts", "apibase", "leagues", "talk", "heldenweb", "bench"):
        (copy / app).mkdir()
        (copy / app / "__init__.py").write_text("")
    turns = copy / "games" / "services" / "turns.py"
    turns.write_text(turns.read_text(encoding="utf-8") + "\nfrom games.engine.core.actions import BeginTurn\n",
                     encoding="utf-8")
    config = (ROOT / ".importlinter").read_text(encoding="utf-8")
    (copy / ".importlinter").write_text(config, encoding="utf-8")
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports), "--no-cache", "--contract", "site-through-titles"], cwd=copy,
                            capture_output=True, text=True, timeout=600,
                            env={"PATH": "", "PYTHONPATH": str(copy)})
    assert result.returncode != 0, result.stdout[-2000:]
    assert "games.services.turns -> games.engine.core.actions" in result.stdout
