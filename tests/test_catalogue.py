"""The rules catalogue names, for every rule, the tests that prove it — and is kept in step."""

from functools import cache

from tools.catalogue import CATALOGUE, collect, render


@cache
def proven() -> dict[str, set[str]]:
    """The tests' rule marks, parsed from every test module once for the tests below."""
    return collect()


def test_every_rule_id_named_by_a_test_exists_in_the_catalogue():
    _, unknown = render(CATALOGUE.read_text(encoding="utf-8"), proven())
    assert unknown == []


def test_the_catalogue_lists_the_tests_of_each_rule():
    current = CATALOGUE.read_text(encoding="utf-8")
    updated, _ = render(current, proven())
    assert updated == current, "docs/rules/catalogue.md is out of date: run `make catalogue`"


def test_every_ruling_of_issue_11_is_proven_by_a_test_naming_it():
    from tools.catalogue import ruling_ids

    issue_11 = {f"R-{n}" for n in (*range(76, 104), 160)}
    assert issue_11 <= ruling_ids()
    assert sorted(issue_11 - set(proven()), key=lambda r: int(r[2:])) == []


def test_a_test_may_name_only_a_ruling_that_exists():
    _, unknown = render(CATALOGUE.read_text(encoding="utf-8"), {"R-9999": {"tests/x.py::test_x"}})
    assert unknown == ["R-9999"]
