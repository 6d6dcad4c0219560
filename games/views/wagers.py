"""The wager forms of a table's page, posted here: place, take or withdraw, through
games.services.wagers. A refusal is shown beside its form on the table's page and nothing is
saved; otherwise the member goes back to the table's page. Each form carries a key, claimed
with the act (club.idempotency.form_once): a second tap does not place twice. The forms'
address read as a page (a reload after a refusal, a link, a bookmark) leads to the table's
page."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import limits, refusals
from club.errors import Refused
from club.forms import ActionForm, CentsField, KeyField, WholeNumberField, first_error
from club.idempotency import form_once
from club.refusal_codes import ClubCode, ClubRule
from games.models import Table, Wager
from games.pages.table import table_page, visible_table
from games.refusal_codes import GameCode, GameRule
from games.services import wagers as service

LIMITED = ("place", "take")  # tries of the "wagers" limit (club.limits); a withdrawal is not


class PlaceForm(forms.Form):
    """A wager placed on a seated player (`on`), with its stake and, English style, the odds
    a:b as two whole numbers (`odds`, or None when neither was sent)."""
    on = WholeNumberField(rule=GameRule.CHOOSE_SEATED)
    stake = CentsField()
    odds_for = WholeNumberField(required=False, rule=GameRule.ODDS_TYPED)
    odds_against = WholeNumberField(required=False, rule=GameRule.ODDS_TYPED)
    key = KeyField()

    def clean(self):
        names = ("odds_for", "odds_against")
        parts = [self.cleaned_data.get(name) for name in names]
        self.cleaned_data["odds"] = None if parts == [None, None] else tuple(parts)
        for name, part in zip(names, parts):
            if part is None and name not in self.errors and self.cleaned_data["odds"]:
                self.add_error(name, self.fields[name].refused(""))
        return self.cleaned_data


class TakeForm(forms.Form):
    """An English offer taken (`wager`), for the part of its stake typed, or all that is left
    of it when left blank (`stake` None)."""
    wager = WholeNumberField(rule=GameRule.CHOOSE_OFFER)
    stake = CentsField(required=False)
    key = KeyField()


class WithdrawForm(forms.Form):
    """What is unmatched of the reader's `wager` withdrawn."""
    wager = WholeNumberField(rule=GameRule.CHOOSE_OFFER)
    key = KeyField()


WAGER_FORMS = {"place": PlaceForm, "take": TakeForm, "withdraw": WithdrawForm}


def _wager(table, wager_id: int) -> Wager:
    found = Wager.objects.filter(pk=wager_id, table=table).first()
    if found is None:
        raise Refused(GameCode.NO_SUCH_WAGER, "no such wager at this table",
                      rule=GameRule.NO_SUCH_WAGER)
    return found


def _act(by, table, action: str, sent: dict):
    """The service's call for the form's cleaned data `sent`: a function of no arguments."""
    if action == "place":
        return lambda: service.place_wager(table_id=table.pk, by=by, on=sent["on"],
                                           stake=sent["stake"], odds=sent["odds"])
    wager = _wager(table, sent["wager"])
    if action == "take":
        stake = wager.unmatched if sent["stake"] is None else sent["stake"]
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
    chosen = ActionForm(request.POST, actions=tuple(WAGER_FORMS))
    action = chosen.cleaned_data["action"] if chosen.is_valid() else None
    try:
        if action is None:
            raise Refused(ClubCode.BAD_FORM, "unknown action", rule=ClubRule.UNKNOWN_ACTION)
        if action in LIMITED:
            limits.count(request, "wagers")
        form = WAGER_FORMS[action](chosen.data)
        if not form.is_valid():
            return _refused(request, table, action, first_error(form), chosen.data)
        done = form_once(request, form.cleaned_data["key"],
                         _act(request.user, table, action, form.cleaned_data))
    except Refused as refused:
        return _refused(request, table, action or "place", refusals.said(refused), chosen.data)
    if done:
        english = table.wager_style == Table.WagerStyle.ENGLISH
        messages.success(request, DONE["offer" if action == "place" and english else action])
    else:
        messages.info(request, _("This form was sent already: nothing more was done."))
    return redirect(reverse("table", args=[table.pk]))  # the message, then the table


def _refused(request, table: Table, action: str, said, sent):
    """The table's page with the refusal beside the form `action`, what was `sent` in it."""
    table.refresh_from_db()
    return table_page(request, table, errors={action: said}, values=sent, status=400)
