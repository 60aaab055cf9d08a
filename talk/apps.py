from django.apps import AppConfig


class TalkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "talk"
    verbose_name = "Table talk"

    def ready(self) -> None:
        from games import selectors as game_selectors

        # The receivers connect to games.signals; the tasks register with Celery (games.queue sends them by name).
        from . import receivers, tasks  # noqa: F401
        from .selectors import spectator_delay

        # Every surface of a game (page, partials, API) shows spectators the game as late as set here.
        if spectator_delay not in game_selectors.SPECTATOR_DELAYS:
            game_selectors.SPECTATOR_DELAYS.append(spectator_delay)
