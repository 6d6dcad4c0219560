from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NightsConfig(AppConfig):
    name = "nights"
    verbose_name = _("Club nights")

    def ready(self):
        # A director may score, correct and abandon at the tables of the night in play.
        from games.services import changes
        from nights.services import directs_table

        changes.SCORING_HOOKS.append(directs_table)
