from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NightsConfig(AppConfig):
    name = "nights"
    verbose_name = _("Club nights")

    def ready(self):
        # A director may score, correct and abandon at the tables of the night in play.
        from games.services import changes
        from games.views.members import SECTIONS
        from games.views.standings import SEASONS
        from nights import mail, pages
        from nights.services import directs_table

        changes.SCORING_HOOKS.append(directs_table)
        # The season's ladder on the standings, head to head and the night's cards on a
        # member's page; his card mailed once the night closes.
        SEASONS.append(pages.standings_seasons)
        SECTIONS.extend((pages.head_to_head, pages.night_cards))
        mail.connect()
        # The status of each refusal of the club nights in the API, and its words on the pages.
        from club.api import add_statuses
        from club.refusals import add_sentences
        from nights.api import STATUSES
        from nights.refusal_words import SENTENCES

        add_statuses(STATUSES)
        add_sentences(SENTENCES)
