"""The club nights' refusals in the reader's words, for the pages (club.refusals says them):
the sentence of each code and rule of nights.services and nights.selectors. Added to
club.refusals.SENTENCES when the app is ready, so that the club names none of them."""
from django.utils.translation import gettext_lazy as _

from club.refusals import FORBIDDEN, NOT_AS_ASKED

SENTENCES = {
    "not_director": FORBIDDEN,
    "bad_season": NOT_AS_ASKED,
    "no_such_night": _("There is no club night %(night)s."),
    "night_director": _("Only staff and the club's directors open a night."),
    "fee_negative": _("A fee is an amount of 0.00 or more."),
    "night_open": _("The night %(name)s is open: close it before opening another."),
    "night_closed": _("This night is closed."),
    "present_unlinked": _("Your login is not linked to a player: ask the night's director."),
    "present_others": _("A member says only that he himself is here; the director marks the "
                        "others."),
    "already_present": _("%(name)s is already here."),
    "guest_limit": _("%(name)s has played his guest nights (%(nights)s, the most a guest "
                     "may): he joins the club before he plays again."),
    "draw_director": _("Only staff and the club's directors draw the tables."),
    "night_format": _("The night's tables are pools or rubbers."),
    "night_stakes_by_staff": _("A pool with stakes is drawn by staff."),
    "too_few_waiting": _("%(waiting)s waiting: a table takes %(seats)s."),
    "close_director": _("Only staff and the club's directors close the night."),
    "tables_in_play": _("Tables of the night still in play: %(count)s. Finish or abandon them "
                        "first."),
    "season_staff": _("Only staff define seasons."),
    "season_dates": _("The season's first night comes before its last."),
    "best_nights_least": _("The nights counted are at least 1, or all of them."),
    "minimum_nights_least": _("The nights to qualify are 0 or more."),
    "no_such_season": _("There is no season %(season)s."),
    "against_himself": _("Choose two different players."),
}
