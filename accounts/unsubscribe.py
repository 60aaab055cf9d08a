"""The signed token of a mail's one-click "stop these mails" link: which user, which kind of mail.

The mails that carry it are written by the games (``games.notifications``); the page that reads it is
the accounts' own (``accounts.views.unsubscribe``), so the token lives here, below both.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core import signing

UNSUBSCRIBE_SALT = "heldenweb.unsubscribe"


def unsubscribe_token(user: Any, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str, max_age_days: int = 365) -> tuple[int, str]:
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=timedelta(days=max_age_days))
    return int(data["u"]), str(data["k"])
