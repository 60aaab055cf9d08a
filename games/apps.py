from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # The content check registers; poll's receivers drop stamps; the tasks register with Celery, so
        # that games.queue finds them by name in the web process too.
        from . import checks, poll, tasks  # noqa: F401
