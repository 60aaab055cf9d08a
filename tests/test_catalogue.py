"""The rules catalogue names, for every rule, the tests that prove it — and is kept in step."""

from tools.catalogue import CATALOGUE, collect, render


def test_every_rule_id_named_by_a_test_exists_in_the_catalogue():
    _, unknown = render(CATALOGUE.read_text(encoding="utf-8"), collect())
    assert unknown == []


def test_the_catalogue_lists_the_tests_of_each_rule():
    current = CATALOGUE.read_text(encoding="utf-8")
    updated, _ = render(current, collect())
    assert updated == current, "docs/rules/catalogue.md is out of date: run `make catalogue`"
