"""The scorer's page of a table (/tables/<id>/score/): a hand entered as a summary in three
taps, or card by card (the deal and the exchanges as a hand in progress, then each trick as it
is played, undone, and the hand finished); and the last hand undone. The same page serves the
three forms of the game: two-handed, à trois and à quatre (an à trois game down to two plays
on two-handed). A past hand's history and its correction are games.views.corrections; the
forms the phone kept and sends later, games.views.outbox.

What was sent is done by games.entry.acts (the form, games.entry.forms.HandForm, the record
written by games.entry.records); the widgets and the hand being played come from
games.pages.score_widgets, which reads the hand from the engine. A refusal of the form or of a
service is shown beside the card or field its `at` names, and nothing is saved.

Every form carries the number the page believes it is adding (the hand's, or the trick's) and
an idempotency key drawn with the page (club.idempotency.form_once for a trick, an undo or a
finish), so that two scorers' phones, or two taps of one, never record a hand or a trick twice:
a stale page is told what happened and drawn afresh."""
import uuid
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from club.errors import Refused
from club.forms import first_error
from club.idempotency import form_once
from club.refusals import Said
from games.engine import hand_state
from games.engine.cards import PACK
from games.engine.course import may_end_game
from games.entry.acts import act, posted_hand, scored_table
from games.entry.forms import NamedForm, UndoHandForm
from games.entry.records import SEATS_STAY, kind_of
from games.models import Hand, Table
from games.pages.effects import shown_or_saved
from games.pages.score_widgets import (
    SIDES,
    analysis_of,
    fold_fields,
    forms_of,
    named,
    offline_play,
    play_state,
    seated_words,
    swapped,
    to_a_card,
    trick_sides,
    unnamed,
)
from games.pages.score_widgets import seated as seated_of
from games.presentation import display, scorer_words, words
from games.presentation.cards import card
from games.presentation.results import game_result
from games.selectors.snapshot import LAST_HANDS
from games.selectors.table_state import state_of
from games.services.hands import correction_refused, undo_hand, undo_refused
from games.services.previews import effect_of
from games.table_kinds import MANY_HANDED


def _last_hand(table: Table, hand: Hand) -> tuple[str, str]:
    """A hand of the scorer's last hands: its players in the order of play, from the elder to
    the dealer ("Athos – Porthos"; à trois and à quatre the seats between them too), and its
    marks, each naming who took it ("Athos +1 point"; à quatre the side's partners), then
    those not marked ("the point of Athos was not marked"), then what the Laws did (a revoke,
    a false king, and what its penalty took: display.rulings)."""
    seated = seated_of(table, hand)
    takers = {p["seat"]: p["name"] for p in seated}
    if "third" in takers:  # à quatre: the marks go to the sides
        takers |= {side: " & ".join(takers[seat] for seat in pair)
                   for side, pair in SIDES.items()}
    marks = [display.marks_text(hand.result, takers), display.unmarked_text(hand.result, takers),
             *display.rulings(hand.record, hand.result, takers)]
    return " – ".join(p["name"] for p in seated), " · ".join(m for m in marks if m)


def _hand_games(table: Table, last: list[Hand], user) -> tuple[list[dict], list[tuple]]:
    """The last hands grouped by game, newest first, each game under its result in words
    ("Game 2: Claire takes it 5–3", or its score while it is played: games.presentation.
    results), each hand (hand, its players, its marks, whether it may be corrected: the
    service's answer, games.services.hands.correction_refused); and apart, the hands a
    correction has set aside (none counts, none has a game), each (hand, its players)."""
    state = state_of(table)
    course, names = state.course, state.names
    partners = getattr(getattr(course, "engine", None), "partnerships", ())
    groups: list[dict] = []
    aside: list[tuple] = []
    for hand in last:
        line = (hand, *_last_hand(table, hand),
                correction_refused(table, hand, user, course=course) is None)
        if hand.status == Hand.Status.SET_ASIDE:
            aside.append(line[:2])
            continue
        game, _result = course.placed(hand.number)
        number = game.number if game else hand.game_number
        if not groups or groups[-1]["number"] != number:
            title = (game_result(game, names, partners) if game
                     else _("Game %(number)s") % {"number": number})
            groups.append({"number": number, "title": title, "hands": []})
        groups[-1]["hands"].append(line)
    return groups, aside


def _undoable(table: Table, last: list[Hand], user) -> Hand | None:
    """The hand the scorer may undo, as the service says (games.services.hands.undo_refused):
    the table's last, when it may be taken back."""
    hand = last[0] if last else None
    return hand if hand and not undo_refused(
        table, hand, user, course=state_of(table).course) else None


def _context(table: Table, errors: dict, values, user) -> dict:
    """The scorer's page: the forms of the next hand, or the trick form and the finish form of
    the hand being played; the last hands, the one that may be undone, and the analysis of the
    last one played with its cards. The next hand's words that name players are Seated: what
    the phone says of the hand after one it keeps (outbox.js, `seating`) is the club's: the
    players, the deal passed, at a two-handed table where no hand can end the game first (the
    engine's `may_end_game`) and that hand stands with its seats (not SEATS_STAY); else the
    seats only."""
    state = state_of(table)
    names, many = state.names, state.many_seats
    last = list(table.hands.select_related("elder", "dealer").order_by("-number")[:LAST_HANDS])
    withdrawn = state.withdrawn if many else None  # à trois, two play on two-handed
    kind = table.format if many and withdrawn is None else None
    players = named(kind, many if kind else state.seats, names)
    target = kind is None and to_a_card(table) and (
        state.game.target is None)  # the game's first hand that stands: its target not yet set
    sure = table.format not in MANY_HANDED and not may_end_game(
        state.game.score, state.game.target, table.rules)
    page = seated_words(*(forms_of(kind, seen, values, errors, table.rules, target=target) | {
        "elder": seen[0]["name"], "dealer": seen[-1]["name"]} for seen in (
        players, swapped(players) if sure else unnamed(players), unnamed(players))))
    if kind == Table.Kind.QUATRE:
        page |= {"quatre_game": state.game.number, "belle": state.game.number == 3}
    if withdrawn is not None:
        page["withdrawn"] = names.get(withdrawn, "—")
    hand = play = None
    ranking = table.ranking
    if state.course.hand_in_progress is not None:
        hand = table.hands.select_related("elder", "dealer").get(
            number=state.course.hand_in_progress)
        played = kind_of(hand.record)
        seated = seated_of(table, hand)
        dealt = hand_state(hand.record, ranking)
        play = play_state(played, dealt, seated, leader=values.get("led_out_of_turn"))
        page["finish_irregular"] = fold_fields(played, seated, values, "finish", errors,
                                               table.rules, part="finish")
        if played is None:
            page["offline_play"] = offline_play(dealt, seated)
    finished = next((h for h in last if h.status == Hand.Status.COUNTED), None)
    hand_games, set_aside = _hand_games(table, last, user)
    return page | {
        "hand_games": hand_games, "set_aside": set_aside,
        "many_table": table.format in MANY_HANDED, "table": table, "snap": table.snapshot,
        "words": words.live_words(), "errors": errors, "values": values,
        "key": uuid.uuid4().hex, "next_number": table.hands.count() + 1,
        "playing": table.status == Table.Status.PLAYING,
        "pack": [card(c) | {"code": c} for c in PACK],
        "hand": hand, "play": play, "trick_sides": trick_sides(play, errors, values) if play
        else [], "newest": last[0] if last else None,
        "undoable": _undoable(table, last, user), "outbox_words": _outbox_words(),
        "seating": {"sure": sure, "hand": table.hands.count() + (1 if hand else 2),
                    "stay": SEATS_STAY},
        "analysis": [] if hand else analysis_of(finished), "analysed": finished}


def _outbox_words() -> dict:
    """The words the page's outbox (outbox.js) says, in the reader's language; "%(number)s"
    and the like are filled in by the script."""
    return {
        "hand": _("Hand %(number)s"), "record_hand": _("Record hand %(number)s"),
        "trick": _("Hand %(number)s, trick %(trick)s"),
        "undo": _("Hand %(number)s, trick %(trick)s taken back"),
        "finish": _("Hand %(number)s finished"), "by_card": _("card by card"),
        "not_sent": _("not yet sent"), "not_recorded": _("not recorded"),
        "offline": _("Offline: what you enter is kept on this phone, and goes when the network "
                     "is back."),
        "waiting": _("Waiting to be sent: %(count)s."),
        "other_login": _("Kept for another login on this phone: log in as that member to send "
                         "it, or drop it."),
        "session_gone": _("The club no longer knows this page's login: log in again, and what "
                          "is kept goes."),
        "log_in": _("Log in"), "correct": _("Correct it"), "drop": _("Drop it"),
        "drop_confirm": _("Drop %(hand)s? It will not be recorded."),
        "tricks_too": _("Offline, the hand is kept whole: enter its tricks too."),
    }


@login_required
def score(request, table_id: int):
    table = scored_table(request, table_id)
    errors, status = {}, 200
    values = {"led_out_of_turn": request.GET["led_out_of_turn"]} if (
        "led_out_of_turn" in request.GET) else {}  # the trick form led by the other player
    named = NamedForm(request.POST)
    named.is_valid()
    action = named.cleaned_data.get("action")
    if request.method == "POST" and action == "undo_hand":
        return _undo(request, table, named)
    if request.method == "POST":
        values = named.data
        form, done = act(request, table, action)
        if form is None:
            messages.success(request, done)
            return redirect("score_table", table.pk)
        if isinstance(form, Refused):  # another phone was first, or no such hand
            _stale(request, table, form)
            return redirect("score_table", table.pk)
        errors, status = form.page_errors(), 422
        table.refresh_from_db()
    return render(request, "games/score.html", _context(table, errors, values, request.user),
                  status=status)


def _stale(request, table: Table, refused: Refused) -> None:
    """Another phone was first, or the form names no hand of this table's: say so; the page is
    drawn afresh."""
    if refused.code not in scorer_words.STALE:
        messages.error(request, str(words.refusal(refused)))
        return
    hand = table.hands.order_by("-number").first()
    messages.warning(request, scorer_words.stale(refused.code, hand.number if hand else 0))


def _undo(request, table: Table, named: NamedForm):
    """The last hand taken back (games.services.hands.undo_hand): at once when that changes
    nothing beyond the hand, else once the scorer has seen what it will change and confirmed.
    A refusal is shown beside the button, with the page as it stands."""
    if named.cleaned_data.get("back"):
        return redirect("score_table", table.pk)
    form = UndoHandForm(named.data)
    try:
        if not form.is_valid() and "hand" not in form.errors:
            return _undo_page(request, table, first_error(form))
        hand = posted_hand(table, form)
    except Refused as refused:
        return _undo_page(request, table, words.refusal(refused))
    undo = partial(undo_hand, hand_id=hand.pk, by=request.user)

    def save(seq: int):
        if form_once(request, form.cleaned_data["key"], partial(undo, seq=seq)):
            messages.success(request, _("Hand %(number)s undone: it is void, and the same "
                                        "dealer deals again. Enter the hand afresh.")
                             % {"number": hand.number})
        else:
            messages.success(request, _("This was already sent from this page: it counts once."))
        return redirect("score_table", table.pk)
    try:
        return shown_or_saved(request, table, hand, preview=partial(effect_of, table.pk, undo),
                              save=save, undo=True)
    except Refused as refused:
        return _undo_page(request, table, scorer_words.undo_refused(refused, hand.number))


def _undo_page(request, table: Table, said: Said | str):
    """The scorer's page with the undo's refusal beside its button."""
    table.refresh_from_db()
    return render(request, "games/score.html",
                  _context(table, {"action": "undo_hand", "form": said}, {}, request.user),
                  status=422)
