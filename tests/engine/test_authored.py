"""Authored values (issue 11, ruling R-88): marked in the content data, listed in authored.md, shown on the site."""

from __future__ import annotations

import pytest

from games.engine.content.authored import entries, main, render


@pytest.mark.rule("XP-06")
def test_docs_rules_authored_md_is_generated_from_the_content_and_current(content):
    assert main(["--check"]) == 0, "run python -m games.engine.content.authored"
    text = render(content)
    assert "| baz-01 |" in text and "## Region cards: terrain" in text


def test_every_kind_of_authored_value_the_issue_names_is_listed(content):
    rows = entries(content)
    sections = {e.section for e in rows}
    assert {"tokens", "items", "bosses", "heroes", "regions"} <= sections
    attrs = {a for e in rows for a, _ in e.values}
    # token values and prices, the guardians' modifiers, the thresholds 2/5/8, terrain, boss cards
    assert {"price", "skills", "xp_thresholds", "terrain", "hoard_gold"} <= attrs
    grd = [e for e in rows if e.thing.startswith("grd-")]
    assert grd, "the guardians' modifiers are ours"


@pytest.mark.django_db
def test_the_rules_page_shows_which_numbers_are_ours(client):
    response = client.get("/rules/authored/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "baz-01" in body and "terrain" in body
