"""Presenters: turn engine facts into what the game page shows (labels, costs, stories)."""
