"""The content matches the printed rulebook: the tables the loader used to carry (issue 12).

The loader (games/engine/content/validate.py and integrity.py) accepts any content the engine can
play; whether the numbers are the rulebook's is checked here and in test_content.py, each test
naming its rule. The last tests feed drifted copies of the data: they still load, and the rulebook
tests catch the drift.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from games.engine.content import CONTENT_DIR, FILES, Border, TokenCategory, TokenKind, load_content
from tests.engine import test_content as printed

B = Border

# The rim colours the rulebook gives each kind of token ("Der Typ einer Marke wird durch die
# Farbe(n) ihres Randes bestimmt"): one colour set, or a choice of sets, per category ...
CATEGORY_RIMS: dict[TokenCategory, tuple[frozenset[Border], ...]] = {
    TokenCategory.BAZAAR: (frozenset({B.YELLOW}),),
    TokenCategory.CITY: (frozenset({B.YELLOW}),),
    TokenCategory.NAMENLOSER: (frozenset({B.VIOLET}),),
    TokenCategory.DRAGON: (frozenset({B.VIOLET}),),
    TokenCategory.DRACHENMENSCH: (frozenset({B.DARKBLUE}),),
    TokenCategory.SERVANT: (frozenset({B.GREY}),),
    TokenCategory.GUARDIAN: (frozenset({B.DARKBLUE}),),
    TokenCategory.DRAGON_EVENT: (frozenset({B.ORANGE, B.VIOLET}),),
    TokenCategory.OPEN_EVENT: (frozenset({B.ORANGE}),),
    TokenCategory.ENCOUNTER: (frozenset({B.GREEN}),),
    TokenCategory.RED: (frozenset({B.RED}),),
    TokenCategory.QUEST_ITEM: (frozenset({B.YELLOW, B.BLUE}),),
}
# ... and, in the mixed piles (face-down tokens, deed and weapon parts), per kind of token.
KIND_RIMS: dict[tuple[TokenCategory, TokenKind], tuple[frozenset[Border], ...]] = {
    (TokenCategory.FACE_DOWN, TokenKind.MONSTER): (frozenset({B.RED}),),
    (TokenCategory.FACE_DOWN, TokenKind.ITEM): (frozenset({B.YELLOW}),),
    (TokenCategory.FACE_DOWN, TokenKind.SPELL): (frozenset({B.YELLOW}),),
    (TokenCategory.FACE_DOWN, TokenKind.QUEST): (frozenset({B.BLUE}),),
    (TokenCategory.FACE_DOWN, TokenKind.ENCOUNTER): (frozenset({B.GREEN}),),
    (TokenCategory.DEED_PART, TokenKind.MONSTER): (frozenset({B.RED, B.VIOLET}),),
    (TokenCategory.DEED_PART, TokenKind.ENCOUNTER): (frozenset({B.GREEN, B.VIOLET}), frozenset({B.VIOLET})),
    (TokenCategory.DEED_PART, TokenKind.ITEM): (frozenset({B.VIOLET}),),
    (TokenCategory.DEED_PART, TokenKind.DEED_PART): (frozenset({B.VIOLET}),),
    (TokenCategory.WEAPON_PART, TokenKind.MONSTER): (frozenset({B.RED}), frozenset({B.RED, B.VIOLET})),
    (TokenCategory.WEAPON_PART, TokenKind.ENCOUNTER): (frozenset({B.GREEN}), frozenset({B.GREEN, B.VIOLET})),
    (TokenCategory.WEAPON_PART, TokenKind.ITEM): (frozenset({B.YELLOW, B.VIOLET}),),
}

# Which Namenloser needs which weapon (a star) or is softened by which item (no double damage).
NAMENLOSE: dict[str, tuple[str | None, set[str]]] = {
    "Dämon": (None, {"amulett"}),
    "Sechsarmige Göttin": (None, {"kreuz"}),
    "Schwarzer Ritter": ("eibenstab", set()),
    "Wesen aus der Tiefe": ("elfenbogen", set()),
    "Magier": ("schwert_vom_see", set()),
    "König der Finsternis": (None, set()),
}


@pytest.fixture(scope="module")
def content():
    return load_content()


def rim_drift(content) -> list[str]:
    """``tokens.yaml: tokens[id].border: ...`` for every token whose rim is not the rulebook's."""
    out = []
    for t in content.tokens.values():
        allowed = CATEGORY_RIMS.get(t.category) or KIND_RIMS.get((t.category, t.kind), ())
        if frozenset(t.border) not in allowed:
            want = " or ".join("/".join(sorted(b.value for b in s)) for s in allowed) or "none"
            out.append(f"tokens.yaml: tokens[{t.id}].border: the rulebook gives a {t.category.value} "
                       f"{t.kind.value} a {want} rim, not {'/'.join(b.value for b in t.border)}")
    return out


@pytest.mark.rule("TOK-04", "TOK-05", "TOK-10", "TOK-15", "TOK-22", "TOK-23", "ITEM-01", "QUEST-01", "ENC-01")
def test_every_token_has_the_rulebooks_rim(content):
    assert rim_drift(content) == []


def test_the_rim_tables_cover_every_category(content):
    fixed = set(CATEGORY_RIMS)
    mixed = {cat for cat, _kind in KIND_RIMS}
    assert fixed | mixed == set(TokenCategory) and not fixed & mixed


@pytest.mark.rule("END-08", "GLOS-34")
def test_namenloser_weapons_and_protections(content):
    cards = {c.name_de: c for c in content.namenlose_cards.values()}
    assert set(cards) == set(NAMENLOSE)
    for name, (weapon, protections) in NAMENLOSE.items():
        assert cards[name].weapon == weapon, name
        assert {item for item, _effect in cards[name].protections} == protections, name


@pytest.mark.rule("TOK-27", "TOK-31", "SETUP-18")
def test_the_namenloser_the_dragon_and_their_followers_show_their_faces(content):
    faces = {t.category: {o.face for o in content.tokens.values() if o.category is t.category}
             for t in content.tokens.values()}
    assert faces[TokenCategory.NAMENLOSER] == {"namenloser"}
    assert faces[TokenCategory.DRAGON] == {"drache"}
    assert faces[TokenCategory.DRACHENMENSCH] == {"drachenmensch"}
    assert faces[TokenCategory.SERVANT] == {"diener"}
    assert faces[TokenCategory.GUARDIAN] == {"waechter"}


# =============================================================================================
# Drifted copies load (the engine could play them) and the rulebook tests catch the drift
# =============================================================================================


@pytest.fixture
def copy_dir(tmp_path):
    for name in FILES:
        shutil.copy(CONTENT_DIR / name, tmp_path / name)
    return tmp_path


def drift(directory: Path, name: str, old: str, new: str):
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_content(directory)


def test_a_missing_servant_is_caught_by_the_token_count(copy_dir):
    text = (copy_dir / "tokens.yaml").read_text(encoding="utf-8")
    start = text.index("  - id: srv-14\n")
    end = text.index("  - id: ", start + 1)
    (copy_dir / "tokens.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    drifted = load_content(copy_dir)
    assert len(drifted.tokens) == 167
    with pytest.raises(AssertionError):
        printed.test_token_category_counts(drifted)


def test_a_moved_site_is_caught_by_the_rulebook_coordinates(copy_dir):
    drifted = drift(copy_dir, "regions.yaml", "site: witch_house,", "site: cottage,")
    assert drifted.regions["K"].field("K2").site == "cottage"
    with pytest.raises(AssertionError):
        printed.test_rulebook_coordinates(drifted, "K2")


def test_a_guardian_modifier_is_caught(copy_dir):
    drifted = drift(
        copy_dir,
        "tokens.yaml",
        "    target: H5\n    skills: {magic: -2, ranged: -2, melee: -2}",
        "    target: H5\n    skills: {magic: -1, ranged: -2, melee: -2}",
    )
    with pytest.raises(AssertionError):
        printed.test_guardians_minus_two_everywhere(drifted)


def test_a_wrong_rim_is_caught(copy_dir):
    drifted = drift(
        copy_dir, "tokens.yaml", "  - id: grd-1\n    category: guardian\n    border: [darkblue]\n",
        "  - id: grd-1\n    category: guardian\n    border: [grey]\n",
    )
    assert rim_drift(drifted) == [
        "tokens.yaml: tokens[grd-1].border: the rulebook gives a guardian guardian a darkblue rim, not grey"
    ]

