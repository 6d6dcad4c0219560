"""The club night's pages: the night (`/night/`, the open one; `/nights/<id>/`, any), its
projector (`/night/tv/`) and the sheet for the club's door (`/night/door/`), both with a QR code
that opens the night's page.

The night's page says who is here (since when, his fee, his table), who waits (the longest
first), its tables, and, once a table of the night has ended and enough wait, the next table
("Next: Athos, Porthos, Aramis at the next free table"). A signed-in member with a player says
"I'm here" with one tap, the page saying his fee first; staff and directors open the night, mark
anyone present (a player, or a new guest by name), draw and close it. Every form carries a key
(club.idempotency.form_once): a second tap does nothing more. nights.services decides; a refusal
is said beside its form in the reader's words (club.refusals), with its code's one status
(club.api.REFUSAL_STATUS).

The page and the projector stay live through the lists' feed (games/static/games/live.js): the
night's tables in play are drawn from their snapshots ([data-live-list]), and a change of the
night (nights.services publishes one, as the tables publish theirs) makes the page read itself
again and replace its [data-relist] parts: who is here, who waits, the next table."""
import uuid

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club import money_text, refusals
from club.api import REFUSAL_STATUS
from club.errors import Refused
from club.forms import KeyForm, first_error
from club.idempotency import form_once
from club.players import create_player
from club.refusal_codes import ClubCode
from games.models import Table
from games.money_options import STAKES
from games.presentation import words
from games.selectors.names import public_name
from games.selectors.visibility import visible_tables
from games.services.tables import SEAT_COUNT
from games.views.opening import IN_VIEW, WAGER_OPTIONS
from nights import selectors, services
from nights.forms import DrawForm, GuestForm, OpenNightForm, PresentForm
from nights.models import Night


def _open_night() -> Night | None:
    return Night.objects.filter(status=Night.Status.OPEN).first()


def _player(user):
    return getattr(user, "player", None) if user.is_authenticated else None


def next_table(night: Night, waiting: list, names: dict) -> list[str]:
    """The names of the next table's players, once a table of the night has ended and enough
    wait for one of the kind last drawn: the longest waiting, as the draw takes them."""
    tables = selectors.night_tables(night)
    last = tables.last()
    if last is None or not tables.exclude(status=Table.Status.PLAYING).exists():
        return []
    size = SEAT_COUNT[last.format]
    return [names[pk] for pk in waiting[:size]] if len(waiting) >= size else []


def night_parts(request, night: Night) -> dict:
    """What the night's page and the projector show of it: who is here (each with since, his
    fee and his table in play), who waits, the next table, the tables in play (those the reader
    may see) and the others; each player named as the reader reads him
    (games.selectors.names)."""
    presences = list(night.presences.select_related("player"))
    seated = selectors.seated(night)
    waiting = selectors.waiting(night, presences)
    names = {presence.player_id: public_name(presence.player, request.user)
             for presence in presences}
    tables = selectors.night_tables(night).filter(pk__in=visible_tables(request.user))
    by_id = {table.pk: table for table in tables.only("name")}
    since = {presence.player_id: presence.since for presence in presences}
    return {
        "night": night, "words": words.live_words(),
        "present": [{"name": names[presence.player_id], "since": presence.since,
                     "fee": money_text.local(presence.fee), "guest": presence.guest,
                     "table": by_id.get(seated.get(presence.player_id))}
                    for presence in presences],
        "waiting": [{"name": names[pk], "since": since[pk]} for pk in waiting],
        "next": next_table(night, waiting, names),
        "playing": tables.filter(status=Table.Status.PLAYING),
        "ended": tables.exclude(status=Table.Status.PLAYING),
        "fees": {"member": money_text.local(night.member_fee),
                 "guest": money_text.local(night.guest_fee)},
    }


DESK = ("present", "guest", "draw", "close")  # the director's forms, on an open night


def _page(request, night: Night | None, *, errors=None, forms=None, status=200):
    """The night's page; after a refused form, its refusal beside it (at the top of the page
    when the reader is not offered that form) and the form as sent."""
    errors, forms = errors or {}, forms or {}
    directs = services.may_direct(request.user)
    context = {"errors": errors, "directs": directs, "key": uuid.uuid4().hex}
    drawn = {"here"}
    if night is None:
        if directs:
            context["open_form"] = forms.get("open") or OpenNightForm()
            drawn.add("open")
    else:
        context |= night_parts(request, night)
        player = _player(request.user)
        is_open = night.status == Night.Status.OPEN
        context["here"] = (is_open and player is not None
                           and not night.presences.filter(player=player).exists())
        context["member_fee"] = money_text.local(night.member_fee)
        if directs and is_open:
            draw = forms.get("draw") or DrawForm()
            context |= {"present_form": forms.get("present") or PresentForm(night=night),
                        "guest_form": forms.get("guest") or GuestForm(),
                        "draw_form": draw, **_draw_placed(draw)}
            drawn.update(DESK)
    context["refused"] = next((said for form, said in errors.items() if form not in drawn),
                              None)
    return render(request, "nights/night.html", context, status=status)


def _draw_placed(form: DrawForm) -> dict:
    """The draw's fields placed as the open-table page places them (games.views.opening): the
    stakes and the wagers' limits in view, a rubber's "best of" in view for a rubber, the other
    rules folded away."""
    placed = form.placed
    in_view = IN_VIEW.get(form.kind_shown, ())
    rare = [placed[option["key"]] for option in words.options()
            if option["key"] not in (*STAKES, *WAGER_OPTIONS)]
    return {"p": placed, "rare": rare, "in_view": in_view,
            "limits": [placed[name] for name in WAGER_OPTIONS],
            "rare_open": any(o["f"].errors for o in rare if o["f"].name not in in_view)}


def tonight(request):
    """The open night's page; when none is open, says so (and offers to open one to staff
    and directors)."""
    return _page(request, _open_night())


def night(request, night_id: int):
    try:
        found = selectors.get_night(night_id)
    except Refused as refused:
        return render(request, "nights/night.html", {"missing": refusals.said(refused)},
                      status=404)
    return _page(request, found)


def _night_of(night_id: int | None) -> Night | None:
    """The night `night_id`, or the open one when None."""
    return selectors.get_night(night_id) if night_id else _open_night()


def _done(request, night_id: int | None, form: str, work, *, forms=None, said=None):
    """Runs the form's `work` once for its key; back to the night's page, or the page again
    with the refusal beside the form `form`."""
    sent = KeyForm(request.POST)
    try:
        if not sent.is_valid():  # its key, refused as form_once would (checked_key)
            return _page(request, _night_of(night_id),
                         errors={form: refusals.Said(first_error(sent))}, forms=forms,
                         status=REFUSAL_STATUS[ClubCode.BAD_FORM])
        done = form_once(request, sent.cleaned_data["key"], work)
    except Refused as refused:
        return _page(request, _night_of(night_id), errors={form: refusals.said(refused)},
                     forms=forms, status=REFUSAL_STATUS[refused.code])
    if said and done:
        messages.success(request, said())
    elif not done:
        messages.info(request, _("This form was sent already: nothing more was done."))
    return redirect(reverse("night", args=[night_id]) if night_id else reverse("tonight"))


def _invalid(request, night_id: int | None, form: str, sent):
    found = selectors.get_night(night_id) if night_id else _open_night()
    return _page(request, found, forms={form: sent}, status=400)


@login_required
@require_POST
def open_night(request):
    form = OpenNightForm(request.POST)
    if not form.is_valid():
        return _invalid(request, None, "open", form)
    data = form.cleaned_data
    return _done(request, None, "open", lambda: services.open_night(
        name=data["name"].strip(), by=request.user,
        member_fee=money_text.parse(data["member_fee"] or "0.00"),
        guest_fee=money_text.parse(data["guest_fee"] or "0.00")), forms={"open": form},
        said=lambda: _("The night is open."))


@login_required
@require_POST
def here(request, night_id: int):
    """The member's own "I'm here": his fee posted by his own act."""
    return _done(request, night_id, "here", lambda: services.mark_present(
        night_id=night_id, by=request.user),
        said=lambda: _("You are here. Welcome!"))


@login_required
@require_POST
def present(request, night_id: int):
    """Staff and directors mark a player present."""
    found = selectors.get_night(night_id)
    form = PresentForm(request.POST, night=found)
    if not form.is_valid():
        return _invalid(request, night_id, "present", form)
    player = form.cleaned_data["player"]
    return _done(request, night_id, "present", lambda: services.mark_present(
        night_id=night_id, player=player, by=request.user), forms={"present": form},
        said=lambda: _("%(name)s is here.") % {"name": player.name})


@login_required
@require_POST
def guest(request, night_id: int):
    """Staff and directors mark a new guest present: a player without a login, made with the
    mark, or neither."""
    form = GuestForm(request.POST)
    if not form.is_valid():
        return _invalid(request, night_id, "guest", form)
    made = []

    def work():
        made.append(create_player(name=form.cleaned_data["name"]))
        services.mark_present(night_id=night_id, player=made[0], by=request.user)
    return _done(request, night_id, "guest", work, forms={"guest": form},
                 said=lambda: _("%(name)s is here.") % {"name": made[0].name})


@login_required
@require_POST
def draw(request, night_id: int):
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _invalid(request, night_id, "draw", form)
    drawn = []
    return _done(request, night_id, "draw", lambda: drawn.append(services.draw(
        night_id=night_id, format=form.kind, rules=form.rules(), by=request.user,
        wager_style=form.cleaned_data["wager_style"],
        balance=form.cleaned_data["balance"])), forms={"draw": form},
        said=lambda: _("Tables drawn: %(tables)s.") % {
            "tables": ", ".join(table.name for table in drawn[0][0])})


@login_required
@require_POST
def close(request, night_id: int):
    return _done(request, night_id, "close", lambda: services.close_night(
        night_id=night_id, by=request.user), said=lambda: _("The night is closed."))


def _qr(request, title: str) -> str:
    """The QR code of the open night's page, as an SVG drawn in the page."""
    return segno.make(request.build_absolute_uri(reverse("tonight")), error="m").svg_inline(
        border=2, dark="#000", light="#fff", title=title, svgclass="qr", omitsize=True)


def tv(request):
    """The open night on the projector: its next table, who waits, its tables in play, and
    the QR code that opens its page."""
    found = _open_night()
    context = {"tv": True}
    if found is not None:
        context |= night_parts(request, found) | {
            "qr": _qr(request, _("The night's page")),
            "address": request.build_absolute_uri(reverse("tonight"))}
    return render(request, "nights/tv.html", context)


def door(request):
    """The sheet for the club's door, to print: the night's QR code and its address."""
    found = _open_night()
    return render(request, "nights/door.html", {
        "night": found, "qr": _qr(request, _("The night's page")) if found else None,
        "address": request.build_absolute_uri(reverse("tonight")),
        "fees": found and {"member": money_text.local(found.member_fee),
                           "guest": money_text.local(found.guest_fee)}})
