"""The memory of a bot seat between its steps (issue 14).

Every bot step on the site — a Celery task per step, or the stand-in playing an overdue seat's turn — builds
its ``Bot`` afresh; what the bot learnt from its earlier steps (tokens it failed to take, fields it idled on,
monsters that beat it, the fields of this turn's walk) is kept on the seat and handed to the next step's
bot, so the site's bots play as the bots the completion benchmark measures.
"""

from __future__ import annotations

from games.bots import Bot
from games.models import BotMemory, Game, Seat


def remembering(bot: Bot, *, game: Game, seat_index: int) -> Bot:
    """``bot`` with the memory its seat kept (none yet: as it is)."""
    data = (BotMemory.objects.filter(seat__game=game, seat__index=seat_index)
            .values_list("data", flat=True).first())
    return bot.remember(data)


def keep(bot: Bot, *, game: Game, seat_index: int) -> None:
    """Keep what ``bot`` knows after its step for the seat's next step."""
    seat_id = Seat.objects.filter(game=game, index=seat_index).values_list("pk", flat=True).first()
    if seat_id is not None:
        BotMemory.objects.update_or_create(seat_id=seat_id, defaults={"data": bot.memory()})
