"""The evening at a glance, a table's page, and the projector's views of one table and of all.

The live parts of a table (the cloth with its places and the trick, the score, the pot, the
last hands, the wagers) are drawn by one renderer, games/static/games/live.js with the picture
of games/static/games/table_picture.js, from the table's snapshot: the page sends the stored
snapshot with json_script, and the live feed sends each new one. The page itself renders only
what does not change while the table is played (its name, its options, the cut) and, before
the script, the end of the last game (templates/games/_game_end.html)."""
import re
import uuid

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from club import money_text, refusals
from club.errors import Refused
from club.forms import KeyField, WholeNumberField, first_error
from club.idempotency import form_once
from games import cached
from games.models import Table
from games.pages.advice import latest_noted, note
from games.pages.table import table_page, visible_table
from games.pages.wager_forms import wager_panel
from games.presentation import words
from games.refusal_codes import GameCode, GameRule
from games.selectors import tables as lists
from games.selectors.visibility import visible_tables
from games.services.previews import abandon_effect
from games.services.tables import abandon_table

EVENING_PAGE = 12  # tables in play on a page of the evening: a phone's few screens
TV_PAGE = 24  # tables on a page of the projector, which live.js turns a screen at a time
FINISHED_PAGE = 50  # finished tables on a page of their list: a line each


def _pages(request, rows, size: int) -> dict:
    """The page of `rows` that `?page=N` asks for (Django's Paginator: the first when N is not
    a number, the last when beyond it), how many tables come after it, and the links to the
    first page and to the pages before and after it, the other parameters kept."""
    page = Paginator(rows, size).get_page(request.GET.get("page"))

    def link(number: int) -> str:
        query = request.GET.copy()
        query["page"] = str(number)
        return "?" + query.urlencode()
    return {"page": page, "first": link(1), "more": page.paginator.count - page.end_index(),
            "previous": link(page.previous_page_number()) if page.has_previous() else None,
            "next": link(page.next_page_number()) if page.has_next() else None}


@cached.for_anonymous(cached.LISTS_FRESH, version=cached.lists_version)
def evening(request):
    """Tonight's tables in play, EVENING_PAGE to a page; with `?finished=1`, the tables won or
    abandoned, the latest first, FINISHED_PAGE to a page."""
    tables = visible_tables(request.user)
    if request.GET.get("finished"):
        rows = lists.finished(tables).only("name", "status", "finished_at")
        return render(request, "games/evening.html", {
            "finished": True, "pages": _pages(request, rows, FINISHED_PAGE)})
    return render(request, "games/evening.html", {
        "pages": _pages(request, lists.in_play_tonight(tables), EVENING_PAGE),
        "words": words.live_words()})


@cached.for_anonymous(cached.TABLE_PAGE_FOR, version=cached.table_seq)
def table(request, table_id: int):
    return table_page(request, visible_table(request, table_id))


def table_advice(request, table_id: int):
    """The advisor's note on the table's latest full-record hand, alone: the table page's
    section, which live.js fetches again after a new hand."""
    found = visible_table(request, table_id)
    return render(request, "games/_advice.html", {
        "table": found, "advice": note(latest_noted(found))})


class AbandonForm(forms.Form):
    """A table's abandon confirmed at the table's `seq` as the page showed it (None: not
    confirmed yet, or at no seq: the page is shown first)."""
    seq = WholeNumberField(required=False)
    key = KeyField()


CHANGED = GameRule.TABLE_CHANGED  # the refusal of an abandon confirmed after the table changed


@login_required
def abandon(request, table_id: int):
    """Abandoning a table, for its scorers and staff (the service judges:
    games.services.tables.may_abandon and abandon_table). The page says what abandoning it
    gives back to whom, found by abandoning it and rolling that back
    (games.services.previews.abandon_effect); its form abandons it at the `seq` it was shown
    at, once for its key (club.idempotency.form_once): after a change of the table, the page
    is shown again with what it gives back now."""
    table = visible_table(request, table_id)
    if request.method != "POST":
        return _abandon_page(request, table)
    form = AbandonForm(request.POST)
    if not form.is_valid() and "seq" in form.errors or form.cleaned_data["seq"] is None:
        return _abandon_page(request, table)  # not confirmed at a seq: shown first
    if form.errors:
        return _abandon_page(request, table, error=first_error(form))
    try:
        done = form_once(request, form.cleaned_data["key"], lambda: abandon_table(
            table_id=table.pk, by=request.user, seq=form.cleaned_data["seq"]))
    except Refused as refused:
        if refused.rule == CHANGED:
            return _abandon_page(request, table, again=True)
        return _abandon_page(request, table, error=refusals.said(refused))
    messages.success(request, _("The table is abandoned: what was still held at it went back "
                                "to whoever put it up.") if done else
                     _("This form was sent already: nothing more was done."))
    return redirect(reverse("table", args=[table.pk]))


def _abandon_page(request, table: Table, *, again: bool = False, error=None):
    """The abandon's page: what it gives back to whom, and the form that confirms it; or why
    the reader may not abandon the table (`error`, or the service's refusal of the preview)."""
    context = {"table": table, "again": again, "error": error}
    try:
        effect = abandon_effect(table_id=table.pk, by=request.user)
    except Refused as refused:
        context["error"] = refusals.said(refused)
        return render(request, "games/confirm_abandon.html", context,
                      status=403 if refused.code == GameCode.NOT_SCORER else 409)
    context |= {"seq": effect.seq, "key": uuid.uuid4().hex, "lines": [
        _("%(name)s gets %(amount)s back: balance %(before)s, then %(after)s.") % {
            "name": moved.name or _("The house"), "amount": money_text.local(moved.cents),
            "before": money_text.local(moved.before), "after": money_text.local(moved.after)}
        for moved in effect.moved]}
    return render(request, "games/confirm_abandon.html", context,
                  status=400 if error else 200)


def table_wagers(request, table_id: int):
    """The table page's wager forms alone (games.pages.wager_forms.wager_panel), which live.js
    fetches again when the feed says the unit started, a new one opened or the table ended:
    the forms are offered only while the service would take them."""
    found = visible_table(request, table_id)
    panel = wager_panel(request, found, errors={}, values={})
    if panel is None:
        raise Http404("this table takes no wagers")
    return render(request, "games/_wager_forms.html", {"table": found, "w": panel})


def tv_table(request, table_id: int):
    found = visible_table(request, table_id)
    return render(request, "games/tv.html", {"tables": [found], "words": words.live_words(),
                                             "single": True})


TURN_EVERY = 15  # seconds: the projector turns to the next tables that fit


@cached.for_anonymous(cached.LISTS_FRESH, version=cached.lists_version)
def tv_all(request):
    """Tonight's tables in play on the projector, TV_PAGE to a page of the server: as many side
    by side as fit, the next ones shown every 15 s (`?every=N` seconds, from 0.5 to 120, a
    fraction too, as 1.5: for a rehearsal or a test), and after the page's last ones the next
    page (games/static/games/tv_turn.js), the first again after the last. The page is given
    `every` as a plain number, never localised ("1,5" in French)."""
    every = request.GET.get("every", "")
    every = (f"{min(max(float(every), 0.5), 120):g}"
             if re.fullmatch(r"\d{1,3}(\.\d{1,3})?", every) else TURN_EVERY)
    pages = _pages(request, lists.in_play_tonight(visible_tables(request.user)), TV_PAGE)
    turn = pages["next"] or (pages["first"] if pages["page"].paginator.num_pages > 1 else None)
    return render(request, "games/tv.html", {"tables": pages["page"], "pages": pages,
                                             "turn": turn, "every": every,
                                             "words": words.live_words(), "single": False})
