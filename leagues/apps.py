from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Club leagues")

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (connects to games.signals)
