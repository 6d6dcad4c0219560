"""The confirmation step of a correction or an undo on the scorer's pages: what it will change
(games.services.previews) in words, with Confirm and Back. The form the scorer sent goes
back with it unchanged, with the table's `seq` as it was previewed; the change is saved only
at that `seq` (the service checks it under the table's lock), so a confirmation made after the
table changed is previewed again."""
from collections.abc import Callable

from django import forms
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club import money_text
from club.errors import Refused
from club.forms import WholeNumberField
from games.models import Hand, Table
from games.presentation import display
from games.presentation.words import wager_outcome
from games.refusal_codes import GameRule
from games.services.previews import Effect

NOT_RESENT = ("csrfmiddlewaretoken", "confirm", "back")
CHANGED = GameRule.TABLE_CHANGED  # the refusal of a change saved at a `seq` the table has left


class ConfirmForm(forms.Form):
    """The confirmation's button: the table's `seq` as the change was previewed, or nothing
    (not confirmed, or not a whole number: previewed again)."""
    confirm = WholeNumberField(required=False)


def shown_or_saved(request, table: Table, hand: Hand, *, preview: Callable[[], Effect],
                   save: Callable[[int], HttpResponse], undo: bool) -> HttpResponse:
    """Saves the change (`save(seq)`, the page's answer) when the scorer confirmed it at the
    table's `seq`, or at once when it changes nothing beyond its hand; otherwise the page that
    says what it will change (`preview()`). The service's refusals are raised."""
    confirmed = ConfirmForm(request.POST)
    seq = confirmed.cleaned_data["confirm"] if confirmed.is_valid() else None
    if seq is None:  # not confirmed
        effect = preview()
        if effect.beyond_the_hand:
            return confirm_page(request, table, hand, effect, undo=undo)
        seq = effect.seq
    try:
        return save(seq)
    except Refused as refused:
        if refused.rule != CHANGED:
            raise
    return confirm_page(request, table, hand, preview(), undo=undo, again=True)


def _won(what: str, number: int, name: str | None) -> str:
    if what == "table":
        return (_("the table won by %(name)s") % {"name": name} if name
                else _("the table still in play"))
    if what == "unit":
        return (_("rubber %(number)s won by %(name)s") % {"number": number, "name": name}
                if name else _("rubber %(number)s undecided") % {"number": number})
    return (_("game %(number)s won by %(name)s") % {"number": number, "name": name}
            if name else _("game %(number)s unfinished") % {"number": number})


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def effect_lines(effect: Effect) -> list[str]:
    """What the change will do, one sentence each."""
    lines = []
    if effect.set_aside:
        lines.append(ngettext(
            "Hand %(numbers)s will be set aside: it will count for nothing.",
            "Hands %(numbers)s will be set aside: they will count for nothing.",
            len(effect.set_aside)) % {"numbers": _numbers(effect.set_aside)})
    if effect.counted_again:
        lines.append(ngettext("Hand %(numbers)s will count again.",
                              "Hands %(numbers)s will count again.",
                              len(effect.counted_again))
                     % {"numbers": _numbers(effect.counted_again)})
    for d in effect.decided:
        lines.append(_("Decided again: %(before)s becomes %(after)s.") % {
            "before": _won(d.what, d.number, d.before), "after": _won(d.what, d.number, d.after)})
    for m in effect.moved:
        lines.append(_("%(name)s: balance %(before)s, then %(after)s (%(change)s).") % {
            "name": m.name or _("The house"), "before": money_text.local(m.before),
            "after": money_text.local(m.after),
            "change": ("+" if m.cents > 0 else "") + money_text.local(m.cents)})
    if effect.moved and effect.squared:
        lines.append(_("The settle-up had been paid: every balance was 0.00. The payments "
                       "recorded will no longer square, and these balances are owed again."))
    for w in effect.wagers:
        lines.append(_("The wager of %(bettor)s on %(on)s, %(stake)s: %(before)s, then "
                       "%(after)s.") % {
            "bettor": w.bettor, "on": w.on, "stake": money_text.local(w.stake),
            "before": wager_outcome(w.before), "after": wager_outcome(w.after)})
    if effect.held_after != effect.held_before:
        lines.append(_("Money held at the tables (pots, wagers in escrow): %(before)s, then "
                       "%(after)s. The settle-up waits for what is held.") % {
            "before": money_text.local(effect.held_before),
            "after": money_text.local(effect.held_after)})
    return lines


def sent_back(request) -> list[tuple[str, str]]:
    """The scorer's form as he sent it, to send back unchanged with the confirmation (NOT_RESENT
    aside): nothing in it is read here; the page that takes it back reads it through its form."""
    return [(name, value) for name, values in request.POST.lists()
            for value in values if name not in NOT_RESENT]


def confirm_page(request, table: Table, hand: Hand, effect: Effect, *, undo: bool,
                 again: bool = False):
    """The page that says what the correction (or the undo) of `hand` will change, with the
    form sent back to confirm it; `again` when the table changed since it was last shown."""
    ranking = table.ranking
    return render(request, "games/confirm_correction.html", {
        "table": table, "hand": hand, "undo": undo, "again": again,
        "lines": effect_lines(effect), "resent": sent_back(request), "seq": table.seq,
        "recorded": display.hand_html(hand.record, hand.result, ranking=ranking),
        "becomes": display.hand_html(effect.record, effect.result, ranking=ranking)})
