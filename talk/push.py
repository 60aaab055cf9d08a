"""Web push (filled in below)."""


def mention_push(*, message_id: int, user_ids: list[int]) -> None:
    return None
