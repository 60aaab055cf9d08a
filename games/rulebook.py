"""The rules catalogue (docs/rules/catalogue.md) as data, so the log can link each event to its rule."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings

CATALOGUE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "catalogue.md"
_ROW = re.compile(r"^\| ([A-Z]+-[A-Z0-9]+) \| (.+?) \| ([a-z]+) \|", re.M)


@lru_cache(maxsize=1)
def rules() -> dict[str, str]:
    """Rule ID -> the rule's English text."""
    return {m.group(1): m.group(2).strip() for m in _ROW.finditer(CATALOGUE.read_text(encoding="utf-8"))}


def rule_text(rule_id: str) -> str:
    return rules().get(rule_id, "")


# --- The rulebook's own German sentence for a rule (ruling R-182) ------------------------------------
#: The German rulebook (settings.RULEBOOK_DE overrides the shared copy's place).
RULEBOOK = Path(getattr(settings, "RULEBOOK_DE", "") or "/work/shared/rules/rueckkehr-der-helden.de.txt")
_SRC = re.compile(r'^Src: "([^"]+)"', re.M)
_SENTENCE = re.compile(r"(?<=[.!?:])\s+(?=[A-ZÄÖÜ0-9„\"(])")
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{4,}|\d+")
#: English words of the catalogue and the German stems the rulebook uses for them.
_TERMS = {
    "gold": "gold", "life": "lebenspunkt", "point": "punkt", "movement": "beweg", "move": "beweg",
    "fight": "kampf", "combat": "kampf", "monster": "monster", "dice": "würfel", "die": "würfel",
    "turn": "zug", "hero": "held", "heroes": "held", "card": "karte", "cards": "karte", "field": "feld",
    "fields": "feld", "token": "marke", "tokens": "marke", "item": "gegenstand", "items": "gegenstand",
    "spell": "zauber", "spells": "zauber", "quest": "aufgabe", "quests": "aufgabe", "probe": "probe",
    "experience": "erfahrung", "melee": "nahkampf", "ranged": "fernkampf", "magic": "magisch",
    "town": "stadt", "city": "stadt", "water": "wasser", "boat": "boot", "secret": "geheim",
    "path": "weg", "dead": "tod", "dies": "stirbt", "death": "tod", "buy": "kauf", "sell": "verkauf",
    "draw": "zieh", "draws": "zieh", "bag": "beutel", "encounter": "begegnung", "training": "ausbild",
    "contest": "wettkampf", "deed": "heldentat", "weapon": "waffe", "dragon": "drache", "region": "gebiet",
    "player": "spieler", "players": "spieler", "winner": "gewinn", "wins": "gewinn", "lose": "verlier",
    "loses": "verlier", "open": "offen", "hidden": "verdeckt", "face": "verdeckt", "neighbour": "nachbar",
    "square": "quadrat", "north": "norden", "place": "leg", "places": "leg", "value": "wert",
    "level": "stufe", "rest": "rast", "heal": "heil", "event": "ereignis", "events": "ereignis",
    "island": "insel", "lake": "see", "free": "kostenlos", "back": "zurück", "border": "rand",
    "violet": "violett", "orange": "orang", "red": "rot", "blue": "blau", "green": "grün", "grey": "grau",
    "yellow": "gelb", "brown": "braun", "white": "weiß", "black": "schwarz", "stays": "bleibt", "next": "nächst",
    "start": "beginn", "first": "erst", "once": "sobald", "costs": "kostet", "cost": "kost", "gem": "edelstein",
    "scroll": "schriftrolle", "material": "material", "forge": "schmied", "reward": "belohnung",
    "passing": "bestanden", "test": "prüfung", "search": "such", "searches": "such", "vain": "vergeblich",
    "round": "runde", "wound": "wunde", "poison": "gift", "treasure": "schatz", "hoard": "hort",
}


def _stems(text: str) -> set[str]:
    words = {w.lower() for w in _WORD.findall(text)}
    return words | {_TERMS[w] for w in words if w in _TERMS}


def _is_heading(line: str, heading: str) -> bool:
    """The rulebook line that opens a catalogue section: the heading, maybe with a colon; a long
    heading ending in a colon may be cut short there (the cooperative variant's)."""
    return line in (heading, heading + ":") or (
        len(line) > 40 and line.endswith(":") and heading.startswith(line.rstrip(":")))


def _sentences(paragraph: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(paragraph.strip().lstrip("• ").strip()) if s.strip()]


@lru_cache(maxsize=1)
def _rulebook_paragraphs() -> list[tuple[str, list[str]]]:
    """Every paragraph (line) of the rulebook as (the catalogue section heading it stands under, its
    sentences), in the rulebook's order; paragraphs before the first section have the heading ""."""
    try:
        lines = [line.strip() for line in RULEBOOK.read_text(encoding="utf-8").splitlines()]
    except OSError:
        return []
    headings = _SRC.findall(CATALOGUE.read_text(encoding="utf-8"))
    result, current, upcoming = [], "", list(headings)
    for line in lines:
        found = next((h for h in upcoming if _is_heading(line, h)), None)
        if found is not None:
            current = found
            upcoming = upcoming[upcoming.index(found) + 1:]
            continue
        if line:
            result.append((current, _sentences(line)))
    return result


@lru_cache(maxsize=1)
def _rulebook_sections() -> dict[str, list[str]]:
    """The catalogue's sections (by their "Src" heading) and the rulebook's sentences under each."""
    sections: dict[str, list[str]] = {}
    for heading, sentences in _rulebook_paragraphs():
        if heading:
            sections.setdefault(heading, []).extend(s for s in sentences if len(s) > 20)
    return sections


def quote_problem(quote: str, section: str) -> str:
    """Why a stored quote is not allowed ("" if it is). A quote must be the rulebook's own words:
    one whole sentence, or a run of consecutive whole sentences of one paragraph (never a part of a
    sentence, which could drop its conditions), standing under the catalogue section ``section``."""
    if not quote.strip() or quote != quote.strip():
        return "empty or padded quote"
    wanted = _sentences(quote)
    places = []
    for heading, sentences in _rulebook_paragraphs():
        for start in range(len(sentences) - len(wanted) + 1):
            if sentences[start:start + len(wanted)] == wanted and " ".join(wanted) == quote:
                places.append(heading)
    if not places:
        return "not a run of whole sentences of one rulebook paragraph"
    if section not in places:
        return f"stands under {places[0]!r}, not {section!r}"
    return ""


@lru_cache(maxsize=1)
def _rule_sections() -> dict[str, str]:
    """Rule ID -> the "Src" heading of its catalogue section."""
    result, heading = {}, ""
    for line in CATALOGUE.read_text(encoding="utf-8").splitlines():
        found = _SRC.match(line)
        if found:
            heading = found.group(1)
        row = _ROW.match(line)
        if row and heading:
            result[row.group(1)] = heading
    return result


QUOTES = CATALOGUE.parent / "quotes.de.json"


@lru_cache(maxsize=1)
def _stored_quotes() -> dict[str, list[str]]:
    try:
        return json.loads(QUOTES.read_text(encoding="utf-8"))
    except OSError:
        return {}


def german_quote(rule_id: str) -> tuple[str, str]:
    """(the rulebook's German sentence for the rule, its section heading) from the stored quotes
    (docs/rules/quotes.de.json, checked by hand against the rulebook); ("", "") if none."""
    stored = _stored_quotes().get(rule_id)
    return (stored[0], stored[1]) if stored else ("", "")


def candidates(rule_id: str, count: int = 5) -> list[tuple[float, str]]:
    """The heuristic's ``count`` best (score, sentence) pairs from the rule's own section, best first:
    suggestions for a person who checks the quote, never a quote by themselves (about half of the
    heuristic's first choices were wrong). Score: the sentence shares the catalogue row's German game
    terms, numbers and card letters, and the German stems of its common English words (``_TERMS``);
    among equals the rulebook's order."""
    sentences = _rulebook_sections().get(_rule_sections().get(rule_id, ""), [])
    wanted = _stems(rule_text(rule_id))
    lowered = [sentence.lower() for sentence in sentences]
    # A word found in few sentences of the section says more than one found in all of them.
    weight = {stem: 1 / sum(1 for text in lowered if stem in text) for stem in wanted
              if any(stem in text for text in lowered)}
    scored = [(sum(w for stem, w in weight.items() if stem in text), number) for number, text in enumerate(lowered)]
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    return [(round(score, 2), sentences[number]) for score, number in scored[:count]]


def main(argv: list[str] | None = None) -> int:
    """``python -m games.rulebook``: check the stored quotes (exit 1 on a bad one);
    ``--suggest RULE-ID...``: print the heuristic's candidate sentences for a person to check.
    The stored file docs/rules/quotes.de.json is edited by hand only; nothing here writes it."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m games.rulebook", description=main.__doc__)
    parser.add_argument("--suggest", nargs="+", metavar="RULE-ID", help="print candidate sentences")
    args = parser.parse_args(argv)
    if args.suggest:
        for rule_id in args.suggest:
            print(f"{rule_id} [{_rule_sections().get(rule_id, '?')}]: {rule_text(rule_id)}")
            stored = german_quote(rule_id)[0]
            print(f"  stored: {stored or '-'}")
            for score, sentence in candidates(rule_id):
                print(f"  {score:5.2f}  {sentence}")
        return 0
    bad = {rule: quote_problem(*pair) for rule, pair in _stored_quotes().items()}
    bad = {rule: why for rule, why in bad.items() if why}
    for rule, why in sorted(bad.items()):
        print(f"{rule}: {why}")
    print(f"{len(_stored_quotes())} stored quotes, {len(bad)} bad")
    return 1 if bad else 0


if __name__ == "__main__":
    import sys

    import django

    django.setup()
    sys.exit(main())
