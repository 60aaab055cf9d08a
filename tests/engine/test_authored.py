"""Authored values (issue 11, ruling R-88): marked in the content data, listed in authored.md, shown on the site."""

from __future__ import annotations

import shutil

import pytest

from games.engine.content import CONTENT_DIR
from games.engine.content.authored import entries, main, render
from games.engine.content.load import build_content
from games.engine.content.validate import FILES, ContentError


@pytest.mark.rule("XP-06")
def test_docs_rules_authored_md_is_generated_from_the_content_and_current(content):
    assert main(["--check"]) == 0, "run python -m games.engine.content.authored"
    text = render(content)
    assert "| baz-01 |" in text and "## Region cards: terrain" in text


@pytest.mark.rule("R-88", "XP-06")
def test_every_kind_of_authored_value_the_issue_names_is_listed(content):
    rows = entries(content)
    sections = {e.section for e in rows}
    assert {"tokens", "items", "bosses", "heroes", "regions", "deeds"} <= sections
    attrs = {a for e in rows for a, _ in e.values}
    # token values and prices, the guardians' modifiers, the thresholds 2/5/8, terrain, boss cards
    assert {"price", "skills", "xp_thresholds", "terrain", "hoard_gold"} <= attrs
    assert {e.thing for e in rows if e.section == "tokens" and ("skills", "magic -2, ranged -2, melee -2") in e.values
            } >= {"grd-1", "grd-2", "grd-3", "grd-4"}, "the guardians' modifiers are ours"
    assert all(e.reason for e in rows), "every marker says why"


@pytest.mark.rule("R-88", "XP-06", "SETUP-04")
def test_the_marker_stands_exactly_where_the_rulebook_prints_nothing(content):
    # The rulebook names the terrain of C, D (Gebirge), I (Wald), W (Wüste), L, Y (See), S (Stadt).
    marked = {letter for letter, r in content.regions.items() if "terrain" in r.authored}
    assert marked == set(content.regions) - set("CDIWLYS")
    # The Hobbit's and the Zentaur's thresholds are printed; the standard 2/5/8 are ours.
    assert {k for k, h in content.heroes.items() if "xp_thresholds" not in h.authored} == {"hobbit", "zentaur"}
    assert all("price" in i.authored for i in content.items.values() if i.price is not None)
    assert all("lp" in c.authored for c in {**content.namenlose_cards, **content.dragon_cards}.values())


@pytest.fixture
def copy_dir(tmp_path):
    for name in FILES:
        shutil.copy(CONTENT_DIR / name, tmp_path / name)
    return tmp_path


def _edit(directory, name, old, new):
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


TERRAIN_A = ('    terrain: plain\n'
             '    authored: {values: [terrain], reason: "the rulebook prints no terrain for this card (R-99)"}\n')
BROKEN = {
    "missing on a card the rulebook does not describe": (
        "regions.yaml", TERRAIN_A, "    terrain: plain\n", "regions[A].authored: terrain must be marked"),
    "on a card whose terrain the rulebook names": (
        "regions.yaml", "    terrain: mountain\n",
        '    terrain: mountain\n    authored: {values: [terrain], reason: "x"}\n',
        "regions[C].authored: terrain must not be marked"),
    "on the Hobbit's printed thresholds": (
        "heroes.yaml", "    xp_thresholds: [1, 4, 7]\n",
        '    xp_thresholds: [1, 4, 7]\n    authored: {values: [xp_thresholds], reason: "x"}\n',
        "heroes[hobbit].authored: xp_thresholds must not be marked"),
    "on a value the rulebook prints": (
        "heroes.yaml", "authored: {values: [xp_thresholds], reason:",
        "authored: {values: [xp_thresholds, lp], reason:", "lp is printed in the rulebook"),
    "the old key": ("items.yaml", 'authored: {values: [price], reason: "the rulebook prints no prices"}',
                    "ours: [price]", "the marker is now `authored"),
    "without a reason": ("items.yaml", 'authored: {values: [price], reason: "the rulebook prints no prices"}',
                         "authored: {values: [price]}", "reason"),
    "a price left unmarked": ("items.yaml", 'authored: {values: [price], reason: "the rulebook prints no prices"}',
                              'authored: {values: [description_de], reason: "x"}', "price must be marked"),
    "which item a Basar token is, left unmarked": (
        "tokens.yaml", 'authored: {values: [face, price], reason: "the rulebook counts the pile but names neither',
        'authored: {values: [price], reason: "x', "tokens[baz-01].authored: face must be marked"),
    "the König der Finsternis' printed -3": (
        "bosses.yaml", 'authored: {values: [lp], reason: "the rulebook prints no LP"}',
        'authored: {values: [lp, skills], reason: "x"}', "skills must not be marked"),
}


@pytest.mark.rule("R-88")
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_the_validator_requires_and_rejects_the_marker(copy_dir, case):
    name, old, new, message = BROKEN[case]
    _edit(copy_dir, name, old, new)
    with pytest.raises(ContentError, match=message.replace("[", r"\[").replace("]", r"\]").replace("`", "`")):
        build_content(copy_dir)


@pytest.mark.django_db
def test_the_rules_page_shows_which_numbers_are_ours(client):
    response = client.get("/rules/authored/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "baz-01" in body and "terrain" in body
