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
        from club.api import add_statuses
        from club.refusals import add_sentences
        from games import cached  # noqa: F401
        from games.api import STATUSES
        from games.live import publish  # noqa: F401
        from games.presentation.refusal_words import SENTENCES

        # The status of each refusal of the games and their engine in the API, and its words
        # on the pages (club.api, club.refusals): the club names none of them.
        add_statuses(STATUSES)
        add_sentences(SENTENCES)
