"""Which channels a notification takes to a user: the one place that decides it.

Mail (``games.notifications``) and web push (``talk.push``) both ask ``channels_for``; a kind the
user switched off reaches him by no channel, and a kind he wants reaches him once by each channel
he chose (the claim that makes it "once" is the notification's row, see ``games.notifications``).
"""

from __future__ import annotations

EMAIL = "email"
PUSH = "push"

#: The "what" preference of each kind of notification (a kind without one is always wanted).
KIND_PREFERENCE = {
    "your_turn": "notify_my_turn",
    "reminder": "notify_reminders",
    "finished": "notify_game_finished",
    "mention": "notify_chat_mentions",
}
#: Kinds that only make sense by mail (a digest collects mails) or only by push (a chat mention).
EMAIL_ONLY = frozenset({"digest"})
PUSH_ONLY = frozenset({"mention"})


def channels_for(user, kind: str) -> frozenset[str]:
    """The channels by which ``user`` wants to hear about ``kind`` (empty: not at all)."""
    if user is None or not user.is_active:
        return frozenset()
    preference = KIND_PREFERENCE.get(kind)
    if preference and not getattr(user, preference):
        return frozenset()
    channels = set()
    if user.notify_by_email and user.email and kind not in PUSH_ONLY:
        channels.add(EMAIL)
    if user.notify_by_push and kind not in EMAIL_ONLY:
        channels.add(PUSH)
    return frozenset(channels)
