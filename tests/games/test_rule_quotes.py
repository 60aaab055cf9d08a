"""Rule links: the rulebook's own German sentence on the German site, an English summary on the English one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import rulebook

pytestmark = [pytest.mark.django_db, pytest.mark.rule("R-182")]
RULEBOOK_TEXT = rulebook.RULEBOOK.read_text(encoding="utf-8") if rulebook.RULEBOOK.exists() else ""
needs_rulebook = pytest.mark.skipif(not RULEBOOK_TEXT, reason="the German rulebook text is not on this machine")


@pytest.mark.rule("XP-06")
def test_the_german_quote_is_a_sentence_of_the_rulebook_from_the_rules_own_section():
    quote, section = rulebook.german_quote("XP-06")
    assert section == "Erfahrung"
    assert quote.startswith("Aus diesem Würfelwurf sucht er sich zwei Würfel heraus")
    assert not RULEBOOK_TEXT or quote in RULEBOOK_TEXT


@needs_rulebook
def test_every_stored_quote_is_whole_rulebook_sentences_under_its_own_section():
    stored = rulebook._stored_quotes()
    assert stored and set(stored) <= set(rulebook.rules())
    bad = {rule: rulebook.quote_problem(quote, section) for rule, (quote, section) in stored.items()}
    assert {rule: why for rule, why in bad.items() if why} == {}
    assert all(quote in RULEBOOK_TEXT for quote, _ in stored.values())


@needs_rulebook
def test_a_part_of_a_sentence_or_a_sentence_from_another_section_is_refused():
    sentence = "Aktionen werden durch Marken mit einem farbigen Rand beschrieben."
    assert rulebook.quote_problem(sentence, "Aktionen") == ""
    assert rulebook.quote_problem(sentence[:-1], "Aktionen")  # no full stop: only a part
    assert rulebook.quote_problem("Aktionen werden durch Marken", "Aktionen")
    assert "stands under 'Aktionen'" in rulebook.quote_problem(sentence, "Bewegung")
    assert rulebook.quote_problem("Der Ring gibt drei LP.", "Aktionen")


@needs_rulebook
def test_suggest_prints_candidates_and_never_writes_the_stored_file(capsys):
    before = rulebook.QUOTES.read_bytes()
    assert rulebook.main(["--suggest", "XP-06"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("XP-06 [Erfahrung]") and "Würfel" in printed
    assert rulebook.main([]) == 0
    assert rulebook.QUOTES.read_bytes() == before


def test_the_rule_page_quotes_german_on_the_german_site_and_summarises_in_english(client, user):
    url = reverse("games:rule", args=["XP-06"])
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Aus diesem Würfelwurf sucht er sich zwei Würfel heraus" in german
    assert "Aus der Spielregel, Abschnitt „Erfahrung“" in german and 'lang="de"' in german
    client.force_login(user)
    user.language = "en"
    user.save()
    english = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert rulebook.rule_text("XP-06")[:40] in english and "Würfelwurf" not in english


@needs_rulebook
def test_the_check_fails_on_a_stored_quote_that_is_not_the_rulebooks(monkeypatch, capsys):
    monkeypatch.setattr(rulebook, "_stored_quotes", lambda: {"GLOS-51": ["Der Ring gibt drei LP.", "Aktionen"]})
    assert rulebook.main([]) == 1
    assert "GLOS-51: not a run of whole sentences" in capsys.readouterr().out
