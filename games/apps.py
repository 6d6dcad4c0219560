from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        # The live feed's receivers: a session's end, or a login changed, closes its sockets.
        from games.live import publish  # noqa: F401
