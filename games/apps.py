from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from . import checks, poll  # noqa: F401  (the content check registers; poll's receivers drop stamps)
