"""Taking one's pending seat at a pool with stakes from the table's page (docs/api.md, Seats and
stakes), through games.services.tables.take_seat: the member's entry is paid then. Staff seat
another player (one without a login can be seated no other way) with the same form, naming him
in its `player` field. A refusal is shown beside the form on the table's page and nothing is
saved; otherwise the reader goes back to the table's page. The form carries a key
(club.idempotency.form_once): a second tap does nothing more."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club import money_text, refusals
from club.errors import Refused
from club.forms import KeyField, WholeNumberField, first_error
from club.idempotency import form_once
from club.models import Player
from club.refusal_codes import ClubCode, ClubRule
from games.pages.table import table_page, visible_table
from games.services.tables import take_seat


class SeatForm(forms.Form):
    """One's pending seat taken; staff name the `player` they seat (None: their own seat)."""
    player = WholeNumberField(required=False, rule=ClubRule.CHOOSE_PLAYER)
    key = KeyField()


@login_required
@require_POST
def seat_form(request, table_id: int):
    table = visible_table(request, table_id)
    form = SeatForm(request.POST)
    named = form["player"].value() not in (None, "")
    try:
        if not form.is_valid():
            return _refused(request, table, named, first_error(form))
        player = _player(form.cleaned_data["player"]) if named else None
        done = form_once(request, form.cleaned_data["key"],
                         lambda: take_seat(table_id=table.pk, by=request.user, player=player))
    except Refused as refused:
        return _refused(request, table, named, refusals.said(refused))
    entry = money_text.local(table.entry_cents)
    if done and player is not None:
        messages.success(request, _("%(name)s is seated: the entry of %(entry)s is "
                                    "paid.") % {"name": player.name, "entry": entry})
    elif done:
        messages.success(request, _("You have taken your seat: your entry of %(entry)s is "
                                    "paid.") % {"entry": entry})
    else:
        messages.info(request, _("This form was sent already: nothing more was done."))
    return redirect(reverse("table", args=[table.pk]))


def _player(player_id: int) -> Player:
    """The player a staff form names by his id."""
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise Refused(ClubCode.BAD_FORM, "choose a player", rule=ClubRule.CHOOSE_PLAYER)
    return player


def _refused(request, table, named: bool, said):
    """The table's page with the refusal beside the form: staff's (`named` a player) or the
    reader's own seat's."""
    table.refresh_from_db()
    return table_page(request, table, errors={"unseated" if named else "seat": said},
                      status=400)
