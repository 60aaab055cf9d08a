"""Signals other apps listen to, so ``games`` never imports them.

Both are sent after the transaction that caused them has committed, with the game's id
(not the row, which the receiver reloads): a league, a chat hook or a push service reacts to
a fact that is already stored and cannot be rolled back.
"""
from django.dispatch import Signal

#: A game has ended. ``game_id``.
game_finished = Signal()

#: The turn (or the setup step) passed to another seat. ``game_id``, ``turn``, ``seat``.
turn_passed = Signal()

#: A notification (your turn, reminder, finished) was recorded for a user who wants it by a
#: channel besides mail. ``notification_id``. The row is the once-only claim of the event.
notification_recorded = Signal()
