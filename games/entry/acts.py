"""A scorer's form done, for the scorer's page (games.views.scoring) and the phone's outbox
(games.views.outbox) alike: the hand it names, the form read (forms.HandForm) and the service
called: a hand recorded (a summary, or the deal of a hand to play card by card), a trick
entered or taken back, the hand finished. Every act but a new hand's is claimed once for the
form's key (club.idempotency.form_once); a new hand's key is the table's own."""
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from club.errors import Refused
from club.idempotency import form_once
from club.refusal_codes import ClubCode, ClubRule
from games.engine import hand_state
from games.entry.forms import DEALS, SUMMARIES, HandForm, NamedForm, kind_for
from games.entry.records import PLAYED, kind_of
from games.models import Hand, Table
from games.pages.score_widgets import play_state, seated
from games.presentation.scorer_words import STALE
from games.refusal_codes import GameCode, GameRule
from games.services.changes import may_score
from games.services.hands import record_hand
from games.services.tricks import add_trick, finish_hand, undo_trick


def scored_table(request, table_id: int) -> Table:
    """The table, if the reader may score it (games.services.changes.may_score); else 403."""
    table = get_object_or_404(Table, pk=table_id)
    if not may_score(table, request.user):
        raise PermissionDenied
    return table


def act(request, table: Table, action: str):
    """Does what the form asks: (None, the words that say it was done); or the form with its
    refusals; or a refusal with no form: another phone was first (the service's, STALE), or
    the form names no hand of this table's. A reader who may no longer score the table:
    PermissionDenied."""
    named = NamedForm(request.POST)
    named.is_valid()
    try:
        hand = None if action in (*SUMMARIES, *DEALS) else posted_hand(table, named)
    except Refused as refused:
        return refused, None
    kind = kind_of(hand.record) if hand else kind_for(action, table.format)
    form = HandForm(named.data, action=action, kind=kind, rules=table.rules,
                    record=hand and hand.record)
    try:
        if not form.is_valid():
            return form, None
        if action == "undo":
            return None, _undo_trick(request, hand, form)
        if hand:
            return None, _play(request, table, hand, form)
        return None, _record(request, table, form)
    except Refused as refused:
        if refused.code == GameCode.NOT_SCORER:
            raise PermissionDenied from None
        if refused.code in STALE:
            return refused, None
        form.refuse(refused)
        return form, None


def posted_hand(table: Table, named) -> Hand:
    """The hand a form names by its id (its hidden `hand`, read by the form `named`); refused
    unless it is one of the table's."""
    if "hand" in named.errors:
        raise Refused(ClubCode.BAD_FORM, "hand must be a whole number", rule=ClubRule.NOT_A_NUMBER)
    hand = table.hands.filter(pk=named.cleaned_data["hand"]).first()
    if hand is None:
        raise Refused(GameCode.NO_SUCH_HAND, "there is no such hand at this table",
                      rule=GameRule.NO_SUCH_HAND)
    return hand


def _record(request, table: Table, form: HandForm) -> str:
    """A new hand recorded: a summary, or the deal of a hand to play card by card."""
    sent = form.cleaned_data
    hand, new = record_hand(table_id=table.pk, record=sent["record"], by=request.user,
                            idempotency_key=sent["key"] or None, number=sent["number"])
    if not new:
        return _("Hand %(number)s was already recorded from this page: it counts once.") % {
            "number": hand.number}
    if form.cleaned_data["record"].get("in_progress"):
        return _("Hand %(number)s is dealt: now enter each trick.") % {"number": hand.number}
    return _("Hand %(number)s recorded.") % {"number": hand.number}


def _undo_trick(request, hand: Hand, form: HandForm) -> str:
    sent = form.cleaned_data
    if not form_once(request, sent["key"], lambda: undo_trick(
            hand_id=hand.pk, number=sent["number"], by=request.user)):
        return _("This was already sent from this page: it counts once.")
    return _("Trick %(number)s taken back.") % {"number": sent["number"]}


def _play(request, table: Table, hand: Hand, form: HandForm) -> str:
    """A trick entered, an illegal card kept as a revoke by the player at the place the
    scorer names (`revoke`: "follower", ...; two-handed "1", the follower's), led out of turn
    by the player the form names (`led_out_of_turn`, two-handed), or the hand finished; the
    words that say it was done."""
    sent, by, said = form.cleaned_data, request.user, []
    if form.action == "finish":
        def act():
            finish_hand(hand_id=hand.pk, by=by, changes=sent["record"])
            said.append(_("Hand %(number)s finished and scored.") % {"number": hand.number})
    else:
        trick = sent["record"]
        place = "follower" if sent["revoke"] == "1" else sent["revoke"]
        play = play_state(form.kind, hand_state(hand.record, table.ranking),
                          seated(table, hand), leader=sent["led_out_of_turn"] or None)
        # the illegal card stands (section 8)
        revoke = play["players"][PLAYED.index(place)] if place in PLAYED[1:len(trick)] else None

        def act():
            add_trick(hand_id=hand.pk, trick=trick, number=sent["number"], by=by,
                      revoke_by=revoke and revoke["seat"], led_out_of_turn_by=play["out_of_turn"])
            said.append(_trick_said(form.kind, sent["number"], revoke))
    if not form_once(request, sent["key"], act):
        return _("This was already sent from this page: it counts once.")
    return said[0]


def _trick_said(kind: str | None, trick: int, revoke: dict | None) -> str:
    if revoke and kind:
        return _("Trick %(number)s entered, with a revoke by %(name)s, %(seat)s.") % {
            "number": trick, "name": revoke["name"], "seat": revoke["word"]}
    if revoke:
        return _("Trick %(number)s entered, with a revoke by the %(role)s.") % {
            "number": trick, "role": revoke["word"]}
    return _("Trick %(number)s entered.") % {"number": trick}
