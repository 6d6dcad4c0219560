from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        """Connects the app's signal receivers (Django's way: importing their modules here,
        whatever else imports them): the live feed's (a session's end, or a login changed,
        closes its sockets) and the anonymous pages' cache's (a table opened, edited, won or
        abandoned, a re-rating owed or done, draws the lists anew).
        tests/server/test_receivers.py checks them after django.setup() alone."""
        from games import cached  # noqa: F401
        from games.live import publish  # noqa: F401
