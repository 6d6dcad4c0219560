"""The club nights' refusals in the reader's words, for the pages (club.refusals says them):
the sentence of each code and rule of nights.services and nights.selectors. Added to
club.refusals.SENTENCES when the app is ready, so that the club names none of them."""
from django.utils.translation import gettext_lazy as _

from club.refusals import FORBIDDEN, NOT_AS_ASKED
from nights.refusal_codes import NightCode, NightRule

SENTENCES = {
    NightCode.NOT_DIRECTOR: FORBIDDEN,
    NightCode.BAD_SEASON: NOT_AS_ASKED,
    NightRule.NO_SUCH_NIGHT: _("There is no club night %(night)s."),
    NightRule.NIGHT_DIRECTOR: _("Only staff and the club's directors open a night."),
    NightRule.FEE_NEGATIVE: _("A fee is an amount of 0.00 or more."),
    NightRule.NIGHT_OPEN: _("The night %(name)s is open: close it before opening another."),
    NightRule.NIGHT_CLOSED: _("This night is closed."),
    NightRule.PRESENT_UNLINKED: _("Your login is not linked to a player: ask the night's "
                                  "director."),
    NightRule.PRESENT_OTHERS: _("A member says only that he himself is here; the director marks "
                                "the others."),
    NightRule.ALREADY_PRESENT: _("%(name)s is already here."),
    NightRule.GUEST_LIMIT: _("%(name)s has played his guest nights (%(nights)s, the most a guest "
                             "may): he joins the club before he plays again."),
    NightRule.DRAW_DIRECTOR: _("Only staff and the club's directors draw the tables."),
    NightRule.NIGHT_FORMAT: _("The night's tables are pools or rubbers."),
    NightRule.NIGHT_STAKES_BY_STAFF: _("A pool with stakes is drawn by staff."),
    NightRule.TOO_FEW_WAITING: _("%(waiting)s waiting: a table takes %(seats)s."),
    NightRule.CLOSE_DIRECTOR: _("Only staff and the club's directors close the night."),
    NightRule.TABLES_IN_PLAY: _("Tables of the night still in play: %(count)s. Finish or abandon "
                                "them first."),
    NightRule.SEASON_STAFF: _("Only staff define seasons."),
    NightRule.SEASON_DATES: _("The season's first night comes before its last."),
    NightRule.BEST_NIGHTS_LEAST: _("The nights counted are at least 1, or all of them."),
    NightRule.MINIMUM_NIGHTS_LEAST: _("The nights to qualify are 0 or more."),
    NightRule.NO_SUCH_SEASON: _("There is no season %(season)s."),
    NightRule.AGAINST_HIMSELF: _("Choose two different players."),
}
