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
def test_most_rules_find_a_sentence_and_every_quote_is_verbatim():
    found = {rule: rulebook.german_quote(rule)[0] for rule in rulebook.rules()}
    quoted = [text for text in found.values() if text]
    assert len(quoted) > len(found) * 0.7
    assert all(text in RULEBOOK_TEXT for text in quoted)


@needs_rulebook
def test_the_stored_quotes_are_the_ones_the_rulebook_gives_now():
    assert all(rulebook.german_quote(rule) == rulebook.nearest_sentence(rule) for rule in rulebook.rules()
               if rulebook.german_quote(rule)[0])


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
