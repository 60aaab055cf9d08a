from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from . import poll  # noqa: F401  (its receivers drop a game's poll stamp when the game changes)
