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


@lru_cache(maxsize=1)
def _rulebook_sections() -> dict[str, list[str]]:
    """The catalogue's sections (by their "Src" heading) and the rulebook's sentences under each."""
    try:
        lines = [line.strip() for line in RULEBOOK.read_text(encoding="utf-8").splitlines()]
    except OSError:
        return {}
    headings = _SRC.findall(CATALOGUE.read_text(encoding="utf-8"))
    starts, at = [], 0
    for heading in headings:
        index = next((i for i in range(at, len(lines)) if lines[i] == heading), None)
        starts.append(index)
        if index is not None:
            at = index + 1
    sections = {}
    for number, heading in enumerate(headings):
        start = starts[number]
        if start is None:
            continue
        end = next((s for s in starts[number + 1:] if s is not None), len(lines))
        sentences = []
        for line in lines[start + 1:end]:
            if len(line) > 30:
                sentences.extend(s.strip() for s in _SENTENCE.split(line.lstrip("• ")) if len(s.strip()) > 20)
        sections[heading] = sentences
    return sections


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
    (docs/rules/quotes.de.json, written by ``python -m games.rulebook``); ("", "") if none."""
    stored = _stored_quotes().get(rule_id)
    return (stored[0], stored[1]) if stored else ("", "")


def write_quotes() -> int:
    """Pick every rule's sentence from the rulebook and store them; returns how many were found."""
    quotes = {rule: list(nearest_sentence(rule)) for rule in rules()}
    quotes = {rule: pair for rule, pair in quotes.items() if pair[0]}
    QUOTES.write_text(json.dumps(quotes, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    _stored_quotes.cache_clear()
    return len(quotes)


def nearest_sentence(rule_id: str) -> tuple[str, str]:
    """(the rulebook's German sentence nearest to the rule, its section heading); ("", "") if none.

    Nearest: the sentence of the rule's own rulebook section sharing the most words with the
    catalogue row — its German game terms, numbers and card letters, and the German stems of its
    common English words (``_TERMS``)."""
    heading = _rule_sections().get(rule_id, "")
    sentences = _rulebook_sections().get(heading, [])
    if not sentences:
        return "", heading
    wanted = _stems(rule_text(rule_id))
    lowered = [sentence.lower() for sentence in sentences]
    # A word found in few sentences of the section says more than one found in all of them.
    weight = {stem: 1 / sum(1 for text in lowered if stem in text) for stem in wanted
              if any(stem in text for text in lowered)}

    def score(number: int) -> float:
        return sum(w for stem, w in weight.items() if stem in lowered[number])

    best = max(range(len(sentences)), key=score)  # the first of equal ones: the rulebook's order
    return sentences[best], heading


if __name__ == "__main__":  # python -m games.rulebook: refresh docs/rules/quotes.de.json
    import django

    django.setup()
    print(f"{write_quotes()} rules quoted in {QUOTES}")
