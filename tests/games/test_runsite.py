"""Mails link to where ``runsite`` serves (issue 16: they said port 8000 when the site ran on 8101)."""

from __future__ import annotations

from games.management.commands.runsite import child_environment


def test_web_worker_and_beat_are_told_the_port_the_site_answers_on():
    env = child_environment("127.0.0.1", "8101", {"PATH": "/bin"})
    assert env["SITE_URL"] == "http://127.0.0.1:8101" and env["PATH"] == "/bin"


def test_a_server_on_every_interface_is_linked_as_localhost():
    assert child_environment("0.0.0.0", "8101", {})["SITE_URL"] == "http://localhost:8101"


def test_a_site_url_the_operator_set_wins():
    env = child_environment("127.0.0.1", "8101", {"SITE_URL": "https://helden.example.org"})
    assert env["SITE_URL"] == "https://helden.example.org"
