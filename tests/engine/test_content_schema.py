"""The content schema (games/engine/content/schema.py and validate.py, issue 12): it describes every attribute of the
model, and its reader names the file and the field path of every problem."""

from __future__ import annotations

from dataclasses import fields

import pytest

from games.engine.content.model import BossCard, Deed, DeedPart, Field, Hero, Item, Quest, Region, Token
from games.engine.content.schema import ContentError, Key, Kind, Record, read
from games.engine.content.validate import (
    DEED,
    DEED_PART,
    DRAGON_CARD,
    FIELD,
    HERO,
    ITEM,
    NAMENLOSER_CARD,
    QUEST,
    REGION,
    TOKEN,
)

# attributes the loader fills from elsewhere than the record's own keys
DERIVED = {
    Field: {"code"},            # the card's letter and the field's number
    BossCard: {"kind", "star_modifier"},  # the section the card is in; the rulebook's -3
}


def _keys(record: Record) -> set[str]:
    names = set()
    for key in record.keys:
        if key.kind is Kind.AUTHORED:
            names |= {"authored", "authored_reason"}
        elif key.kind is not Kind.RETIRED:
            names.add(key.name)
    return names


@pytest.mark.parametrize(
    ("record", "cls"),
    [
        (FIELD, Field), (REGION, Region), (HERO, Hero), (ITEM, Item), (QUEST, Quest), (TOKEN, Token),
        (DEED_PART, DeedPart), (DEED, Deed), (NAMENLOSER_CARD, BossCard), (DRAGON_CARD, BossCard),
    ],
    ids=lambda v: getattr(v, "name", None) or getattr(v, "__name__", ""),
)
def test_every_attribute_of_the_model_has_its_key(record, cls):
    assert _keys(record) == {f.name for f in fields(cls)} - DERIVED.get(cls, set())


def _quest(**changes):
    raw = {"type": 1, "target": "A1", "text_de": "Geh", "text_en": "Go"}
    raw.update(changes)
    return {k: v for k, v in raw.items() if v is not ...}


def _error(record: Record, raw, where: str = "tokens[t].quest") -> str:
    with pytest.raises(ContentError) as info:
        read(record, "tokens.yaml", where, raw)
    return str(info.value)


def test_a_record_becomes_its_dataclass_with_defaults():
    quest = read(QUEST, "tokens.yaml", "tokens[t].quest", _quest())
    assert quest == Quest(type=1, target="A1", text_de="Geh", text_en="Go")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (_quest(type=...), "tokens.yaml: tokens[t].quest.type: missing"),
        (_quest(type="1"), "tokens.yaml: tokens[t].quest.type: expected an integer, got str"),
        (_quest(type=True), "tokens.yaml: tokens[t].quest.type: expected an integer, got bool"),
        (_quest(type=7), "tokens.yaml: tokens[t].quest.type: 7 is above 6"),
        (_quest(target="a1"), "tokens.yaml: tokens[t].quest.target: 'a1' does not match"),
        (_quest(text_de="  "), "tokens.yaml: tokens[t].quest.text_de: must not be empty"),
        (_quest(reward_xp=[["red"], ["pink"]]), "tokens.yaml: tokens[t].quest.reward_xp[1]: 'pink' is not one of"),
        (_quest(reward_special="Fly!"), "tokens.yaml: tokens[t].quest.reward_special: 'Fly!' does not match"),
        (_quest(colour="red"), "tokens.yaml: tokens[t].quest.colour: unknown key"),
        ([1], "tokens.yaml: tokens[t].quest: expected a mapping, got list"),
    ],
)
def test_the_reader_names_file_and_field_path(raw, message):
    assert _error(QUEST, raw).startswith(message)


def test_a_key_with_choices_and_a_hint_says_what_it_wants():
    key = Key("letter", Kind.STR, choices=frozenset("AB"), hint="a card letter")
    record = Record("r", (key,), build=lambda values, parent: values)
    assert _error(record, {"letter": "Q"}, "regions[Q]") == "tokens.yaml: regions[Q].letter: 'Q' is not a card letter"


def test_a_nested_list_names_the_entry():
    raw = {"number": 1, "action": "fight", "tokens": ["dp-1", 7], "target": "A1", "gives": "x",
           "text_de": "a", "text_en": "b"}
    message = _error(DEED_PART, raw, "deeds[d].parts[0]")
    assert message == "tokens.yaml: deeds[d].parts[0].tokens[1]: expected a string, got int"


def test_the_retired_marker_is_refused_with_its_successor():
    raw = {"key": "k", "name_de": "a", "name_en": "b", "parts": [], "ours": ["lp"]}
    assert "deeds[k].ours: the marker is now `authored:" in _error(DEED, raw, "deeds[k]")
