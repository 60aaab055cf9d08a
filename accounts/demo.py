"""Demo accounts for a fresh installation (`make run`)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

DEMO_PASSWORD = "heldenweb-demo"
DEMO_USERNAMES = ("alrik", "brida")
_DEMO_PROFILES = {
    "alrik": {"display_name": "Alrik", "language": "de", "email": "alrik@example.org"},
    "brida": {"display_name": "Brida", "language": "en", "email": "brida@example.org"},
}


def ensure_demo_accounts() -> list:
    """Create the demo players if they are missing; never touch existing accounts."""
    User = get_user_model()
    users = []
    for username in DEMO_USERNAMES:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User(username=username, **_DEMO_PROFILES[username])
            user.set_password(DEMO_PASSWORD)
            user.save()
        users.append(user)
    return users
