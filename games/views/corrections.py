"""A past hand's pages for its table's scorers and staff: its versions (/tables/<id>/hands/<n>/),
each record in words, who entered it and when, with the jeux de règle advisor's note on a full
record; and its correction (.../correct/) with the scorer's widgets, prefilled from its record
(games.entry.records.prefill): a new version, and the table's course rebuilt from it. A hand
entered card by card is corrected card by card, its tricks as well, or replaced by a summary;
a summary may become a full record. A correction that reaches past its own hand is shown first
and saved once confirmed (games.pages.effects.shown_or_saved)."""
import uuid
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from club.errors import Refused
from games.engine.cards import PACK
from games.entry.acts import scored_table
from games.entry.forms import HandForm, NamedForm
from games.entry.records import kind_of, prefill
from games.models import Hand
from games.pages.advice import note
from games.pages.effects import shown_or_saved
from games.pages.score_widgets import analysis_of, forms_of, seated, sets_target
from games.presentation import display
from games.presentation.cards import card
from games.refusal_codes import GameCode
from games.services.hands import correct_hand
from games.services.previews import correction_effect


@login_required
def hand_history(request, table_id: int, number: int):
    table = scored_table(request, table_id)
    hand = get_object_or_404(Hand, table=table, number=number)
    ranking = table.ranking
    versions = [(v, display.hand_html(v.record, v.result, ranking=ranking))
                for v in hand.versions.select_related("entered_by").order_by("-version")]
    return render(request, "games/hand_history.html", {
        "table": table, "hand": hand, "versions": versions, "analysis": analysis_of(hand),
        "advice": note(hand), "names": {"elder": hand.elder.name, "dealer": hand.dealer.name},
        "seated": seated(table, hand) if kind_of(hand.record) else []})


@login_required
def correct(request, table_id: int, number: int):
    table = scored_table(request, table_id)
    hand = get_object_or_404(Hand.objects.select_related("elder", "dealer"), table=table,
                             number=number)
    errors, status, kind = {}, 200, kind_of(hand.record)
    values = prefill(hand.record)
    named = NamedForm(request.POST)
    named.is_valid()
    if request.method == "POST" and named.cleaned_data.get("back"):
        values = named.data  # back from the confirmation: the form as it was sent
    elif request.method == "POST":
        values = named.data
        form = HandForm(values, action=named.cleaned_data.get("action"), kind=kind,
                        rules=table.rules, correcting=True)
        try:
            if form.is_valid():
                if form.cleaned_data["version"] != hand.version:
                    messages.warning(request, _("Hand %(number)s was corrected from another "
                                                "phone meanwhile: here is its new version.")
                                     % {"number": hand.number})
                    return redirect("correct_hand", table.pk, hand.number)
                record = form.cleaned_data["record"]
                return shown_or_saved(
                    request, table, hand, undo=False, save=partial(_save, request, hand, record),
                    preview=partial(correction_effect, hand_id=hand.pk, record=record,
                                    by=request.user))
        except Refused as refused:
            if refused.code in (GameCode.NOT_SCORER, GameCode.UNIT_DECIDED):
                raise PermissionDenied from None
            form.refuse(refused)
        errors, status = form.page_errors(), 422
    players = seated(table, hand)
    return render(request, "games/correct.html", {
        "table": table, "hand": hand, "errors": errors, "values": values,
        "key": uuid.uuid4().hex, "elder": players[0]["name"], "dealer": players[-1]["name"],
        "pack": [card(c) | {"code": c} for c in PACK], "full": "deal" in hand.record,
        "recorded": display.hand_html(hand.record, hand.result,
                                      ranking=table.ranking),
        **forms_of(kind, players, values, errors, table.rules, result=hand.result or {},
                   target=kind is None and sets_target(table, hand))}, status=status)


def _save(request, hand: Hand, record: dict, seq: int):
    """The correction saved, at the table's `seq`; the hand's history then says so."""
    corrected = correct_hand(hand_id=hand.pk, record=record, by=request.user, seq=seq)
    said = (_("Hand %(number)s is now version %(version)s.") if corrected.version != hand.version
            else _("Nothing changed: hand %(number)s stays version %(version)s."))
    messages.success(request, said % {"number": hand.number, "version": corrected.version})
    return redirect("hand_history", hand.table_id, hand.number)
