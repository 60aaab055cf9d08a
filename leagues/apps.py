from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Club leagues")

    def ready(self) -> None:
        # The receivers connect to games.signals; the tasks register with Celery (games.queue sends them by name).
        from . import receivers, tasks  # noqa: F401
