"""The wager forms of a table's page, posted here: place, take or withdraw, through
games.services.wagers. A refusal is shown beside its form on the table's page and nothing is
saved; otherwise the member goes back to the table's page. Each form carries a key, claimed
with the act (club.idempotency.form_once): a second tap does not place twice. The forms'
address read as a page (a reload after a refusal, a link, a bookmark) leads to the table's
page."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import limits, refusals
from club.errors import Refused
from club.forms import typed_cents, whole_number
from club.idempotency import form_once
from games.models import Table, Wager
from games.pages.table import table_page, visible_table
from games.services import wagers as service

ACTIONS = ("place", "take", "withdraw")
LIMITED = ("place", "take")  # tries of the "wagers" limit (club.limits); a withdrawal is not


def _number(text, rule: str) -> int:
    try:
        return whole_number(text)
    except ValueError:
        raise Refused("bad_form", rule.replace("_", " "), rule=rule) from None


def _wager(table, text) -> Wager:
    wager_id = _number(text, "choose_offer")
    found = Wager.objects.filter(pk=wager_id, table=table).first()
    if found is None:
        raise Refused("no_such_wager", "no such wager at this table", rule="no_such_wager")
    return found


def _act(request, table, action: str):
    """The service's call for the form: a function of no arguments."""
    post, by = request.POST, request.user
    if action == "place":
        on = _number(post.get("on"), "choose_seated")
        odds = None
        if post.get("odds_for") or post.get("odds_against"):
            odds = f"{post.get('odds_for', '').strip()}:{post.get('odds_against', '').strip()}"
        stake = typed_cents(post.get("stake"))
        return lambda: service.place_wager(table_id=table.pk, by=by, on=on, stake=stake,
                                           odds=odds)
    wager = _wager(table, post.get("wager"))
    if action == "take":
        given = post.get("stake", "").strip()
        stake = typed_cents(given) if given else wager.unmatched
        return lambda: service.take_wager(wager_id=wager.pk, by=by, stake=stake)
    return lambda: service.withdraw_wager(wager_id=wager.pk, by=by)


DONE = {"place": gettext_lazy("Your wager is placed."),
        "offer": gettext_lazy("Your offer is posted: it stands until a member takes it, and "
                              "what nobody has taken when the unit starts comes back to you."),
        "take": gettext_lazy("You took the offer."),
        "withdraw": gettext_lazy("Your wager is withdrawn: what was unmatched of it is back in "
                                 "your balance.")}


@login_required
@limits.page
def wager_form(request, table_id: int):
    table = visible_table(request, table_id)
    if request.method != "POST":
        return redirect(reverse("table", args=[table.pk]))
    action = request.POST.get("action")
    try:
        if action not in ACTIONS:
            raise Refused("bad_form", "unknown action", rule="unknown_action")
        if action in LIMITED:
            limits.count(request, "wagers")
        done = form_once(request, request.POST.get("key", ""), _act(request, table, action))
    except Refused as refused:
        table.refresh_from_db()
        return table_page(request, table, errors={action if action in ACTIONS else "place":
                                                  refusals.said(refused)},
                          values=request.POST, status=400)
    if done:
        english = table.wager_style == Table.WagerStyle.ENGLISH
        messages.success(request, DONE["offer" if action == "place" and english else action])
    else:
        messages.info(request, _("This form was sent already: nothing more was done."))
    return redirect(reverse("table", args=[table.pk]))  # the message, then the table
