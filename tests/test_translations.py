"""Every word of the site goes through gettext and has its German text: makemessages over a copy of the
sources finds no message the German catalogue lacks, and none is fuzzy (issue 12, one text layer)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("accounts", "apibase", "games", "heldenweb", "leagues", "talk", "templates", "static", "locale", "manage.py")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="needs gettext (msgfmt, msgattrib)")
def test_the_german_catalogue_has_every_message_and_none_is_fuzzy(tmp_path):
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / name)
    subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "de", "-v", "0"], cwd=tmp_path, check=True,
                   capture_output=True, timeout=600)
    catalogue = tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po"
    missing = subprocess.run(["msgattrib", "--untranslated", "--no-obsolete", str(catalogue)], capture_output=True,
                             text=True, check=True).stdout
    fuzzy = subprocess.run(["msgattrib", "--only-fuzzy", "--no-obsolete", str(catalogue)], capture_output=True,
                           text=True, check=True).stdout
    untranslated = [line for line in missing.splitlines() if line.startswith("msgid ") and line != 'msgid ""']
    assert untranslated == [], missing[-3000:]
    assert "msgid" not in fuzzy, fuzzy[-3000:]


# The familiar "du" forms, as words: the site speaks to its readers as "Sie" everywhere, in the game, the
# clubs and leagues, the mails and notifications alike.
_FAMILIAR = ("du", "dich", "dir", "dein", "deine", "deinen", "deinem", "deiner", "deines", "bist", "hast")


def test_the_german_site_addresses_the_reader_as_sie_everywhere():
    import re

    text = (ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    familiar = re.compile(r"\b(" + "|".join(_FAMILIAR) + r")\b", re.IGNORECASE)
    found = []
    for block in text.split("\n\n"):
        translated = block.partition("\nmsgstr ")[2]
        words = familiar.findall(translated)
        if words:
            found.append((words, block.partition("\nmsgstr ")[0].splitlines()[-1]))
    assert not found, f"familiar forms in the German catalogue: {found}"
