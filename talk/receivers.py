"""Receivers of games.signals: thin, they only enqueue talk's tasks (after the commit already)."""
