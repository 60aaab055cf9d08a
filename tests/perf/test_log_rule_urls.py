"""The log's rule links (issue 17, seventh wave): the rule page's URL is reversed once per log and each
plain rule written into it — exactly as reversing it for that rule writes it."""

from __future__ import annotations

import html

from django.urls import reverse

from games.templatetags import games_tags


def test_each_rule_url_is_the_one_reverse_writes():
    rules: dict = {}
    for rule in ("R-12", "MOVE_3.1", "x", "a b?ä&", "R-12"):
        assert games_tags._rule_url(rule, rules) == html.escape(reverse("games:rule", args=[rule]))


def test_the_rule_page_is_reversed_once_per_log_for_plain_rules(monkeypatch):
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return reverse(*args, **kwargs)
    monkeypatch.setattr(games_tags, "reverse", counted)
    rules: dict = {}
    for n in range(20):
        games_tags._rule_url(f"R-{n}", rules)
    assert len(calls) == 1
