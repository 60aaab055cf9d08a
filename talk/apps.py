from django.apps import AppConfig


class TalkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "talk"
    verbose_name = "Table talk"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects to games.signals)
