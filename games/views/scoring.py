"""The scorer's pages of a table (/tables/<id>/score/): a hand entered as a summary in three
taps, or card by card (the deal and the exchanges as a hand in progress, then each trick as it
is played, undone, and the hand finished); the last hand undone; a past hand corrected; and a
hand's versions. The same pages serve the three forms of the game: two-handed, à trois and à
quatre (an à trois game down to two plays on two-handed).

What was sent becomes a record in a form (games.entry.forms.HandForm, the record written
by games.entry.records); the widgets and the hand being played come from
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
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from club.api import refusal_status
from club.errors import Refused
from club.idempotency import form_once
from club.refusals import Said
from games.engine import hand_state
from games.engine.cards import PACK
from games.engine.course import may_end_game
from games.entry.forms import DEALS, SUMMARIES, HandForm, kind_for
from games.entry.records import PLAYED, SEATS_STAY, kind_of, number_of, prefill
from games.models import Hand, Table
from games.pages.advice import note
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
    trick_sides,
    unnamed,
)
from games.presentation import display, words
from games.presentation.cards import card
from games.presentation.results import game_result
from games.selectors.snapshot import LAST_HANDS
from games.selectors.table_state import state_of
from games.services.changes import may_score
from games.services.hands import (
    correct_hand,
    correction_refused,
    record_hand,
    undo_hand,
    undo_refused,
)
from games.services.previews import correction_effect, effect_of
from games.services.tricks import add_trick, finish_hand, undo_trick
from games.table_kinds import MANY_HANDED, seats_of

STALE = ("wrong_hand_number", "wrong_trick_number", "hand_in_progress", "hand_not_in_progress")


def _scored_table(request, table_id: int) -> Table:
    table = get_object_or_404(Table, pk=table_id)
    if not may_score(table, request.user):
        raise PermissionDenied
    return table


def _seated(table: Table, hand: Hand) -> list[dict]:
    """The hand's players in the order of play, each with his seat's word."""
    kind = kind_of(hand.record)
    if kind:
        seats = seats_of(kind, table.seating, hand.elder_id, hand.dealer_id)
        return named(kind, seats, state_of(table).names)
    return named(None, {"elder": hand.elder_id, "dealer": hand.dealer_id},
                 {hand.elder_id: hand.elder.name, hand.dealer_id: hand.dealer.name})


def _last_hand(table: Table, hand: Hand) -> tuple[str, str]:
    """A hand of the scorer's last hands: its players in the order of play, from the elder to
    the dealer ("Athos – Porthos"; à trois and à quatre the seats between them too), and its
    marks, each naming who took it ("Athos +1 point"; à quatre the side's partners), then
    those not marked ("the point of Athos was not marked"), then what the Laws did (a revoke,
    a false king, and what its penalty took: display.rulings)."""
    seated = _seated(table, hand)
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
    target = kind is None and _to_a_card(table) and (
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
        seated = _seated(table, hand)
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


def _to_a_card(table: Table) -> bool:
    """Whether the table plays to the retourne turned at random (docs/rules.md, ruling 93)."""
    return table.rules.get("target") == "retourne_random"


def _sets_target(table: Table, hand: Hand) -> bool:
    """Whether a correction of `hand` is asked for the card turned at random: it gives one, or
    it is the first hand of its game to stand, every one before it void."""
    if "target_card" in hand.record:
        return True
    earlier = table.hands.filter(game_number=hand.game_number, number__lt=hand.number)
    return _to_a_card(table) and all((h.result or {}).get("void") for h in earlier)


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


# -- the pages --------------------------------------------------------------------------------
def score(request, table_id: int):
    if request.method == "POST" and request.headers.get("X-Outbox") == "1":
        return _from_outbox(request, table_id)
    return _score_page(request, table_id)


@login_required
def _score_page(request, table_id: int):
    table = _scored_table(request, table_id)
    errors, status = {}, 200
    values = {"led_out_of_turn": request.GET["led_out_of_turn"]} if (
        "led_out_of_turn" in request.GET) else {}  # the trick form led by the other player
    if request.method == "POST" and request.POST.get("action") == "undo_hand":
        return _undo(request, table)
    if request.method == "POST":
        values = request.POST
        form, done = _act(request, table, request.POST.get("action"))
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


def _from_outbox(request, table_id: int) -> JsonResponse:
    """A form the page's outbox kept on the phone (games/static/games/outbox.js), sent now,
    answered in JSON for the phone to show at its hand: "done" (200), "refused" with the
    refusal in the reader's words (422; 404 for a table or a hand that is not there), "stale"
    when another phone was first (409), or "logged_out" (401) and "not_scorer" (403) when this
    login may no longer send it. The form is the page's own, checked and recorded as the
    page's are."""
    if not request.user.is_authenticated:
        return _outbox_said(401, "logged_out", _(
            "This phone is logged out: log in again and the hands on it will go."))
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return _outbox_said(404, "refused", _("There is no such table."))
    action = request.POST.get("action")
    not_scorer = _("This login is no longer a scorer of this table: the club refuses the hand.")
    if not may_score(table, request.user):
        return _outbox_said(403, "not_scorer", not_scorer)
    if action not in (*SUMMARIES, *DEALS, "trick", "undo", "finish"):
        return _outbox_said(422, "refused", _("Unknown action."))
    try:
        form, done = _act(request, table, action)
    except PermissionDenied:  # a scorer no longer, between the check and the table's lock
        return _outbox_said(403, "not_scorer", not_scorer)
    if form is None:
        messages.success(request, done)
        return JsonResponse({"outcome": "done", "said": done})
    if isinstance(form, Refused) and form.code in STALE:
        return JsonResponse({"outcome": "stale", "message": _first_elsewhere(request, form),
                             "next": table.hands.count() + 1}, status=409)
    if isinstance(form, Refused):  # the form names no hand of this table's
        return _outbox_said(refusal_status(form), "refused", str(words.refusal(form)))
    errors = {field: str(said) for field, said in form.page_errors().items()
              if field not in ("action", "revocable")}
    return JsonResponse({"outcome": "refused", "message": " ".join(dict.fromkeys(
        errors.values())), "fields": errors}, status=422)


def _first_elsewhere(request, refused: Refused) -> str:
    """Another phone was first: what the phone says at the hand it kept."""
    texts = {
        "wrong_hand_number": _("Another phone entered hand %(number)s first: this one was not "
                               "recorded."),
        "hand_in_progress": _("Another phone is entering a hand card by card: this one was not "
                              "recorded."),
        "wrong_trick_number": _("That trick was entered or taken back from another phone "
                                "first: it was not recorded again."),
        "hand_not_in_progress": _("That hand was finished from another phone first."),
    }
    return texts[refused.code] % {"number": number_of(request.POST)}


def _outbox_said(status: int, outcome: str, message: str) -> JsonResponse:
    return JsonResponse({"outcome": outcome, "message": message}, status=status)


def _act(request, table: Table, action: str):
    """Does what the form asks: (None, the words that say it was done); or the form with its
    refusals; or a refusal with no form: another phone was first (the service's, STALE), or
    the form names no hand of this table's."""
    post = request.POST
    try:
        hand = None if action in (*SUMMARIES, *DEALS) else _posted_hand(table, post)
    except Refused as refused:
        return refused, None
    kind = kind_of(hand.record) if hand else kind_for(action, table.format)
    form = HandForm(post, action=action, kind=kind, rules=table.rules,
                    record=hand and hand.record)
    try:
        if not form.is_valid():
            return form, None
        if action == "undo":
            return None, _undo_trick(request, hand)
        if hand:
            return None, _play(request, table, hand, form)
        return None, _record(request, table, form)
    except Refused as refused:
        if refused.code == "not_scorer":
            raise PermissionDenied from None
        if refused.code in STALE:
            return refused, None
        form.refuse(refused)
        return form, None


def _posted_hand(table: Table, post) -> Hand:
    """The hand a form names by its id (its hidden `hand`); refused unless it is one of the
    table's."""
    hand = table.hands.filter(pk=number_of(post, "hand")).first()
    if hand is None:
        raise Refused("no_such_hand", "there is no such hand at this table",
                      rule="no_such_hand")
    return hand


def _record(request, table: Table, form: HandForm) -> str:
    """A new hand recorded: a summary, or the deal of a hand to play card by card."""
    post = request.POST
    hand, new = record_hand(table_id=table.pk, record=form.cleaned_data["record"],
                            by=request.user, idempotency_key=post.get("key") or None,
                            number=number_of(post))
    if not new:
        return _("Hand %(number)s was already recorded from this page: it counts once.") % {
            "number": hand.number}
    if form.cleaned_data["record"].get("in_progress"):
        return _("Hand %(number)s is dealt: now enter each trick.") % {"number": hand.number}
    return _("Hand %(number)s recorded.") % {"number": hand.number}


def _undo_trick(request, hand: Hand) -> str:
    post = request.POST
    if not form_once(request, post.get("key", ""), partial(
            undo_trick, hand_id=hand.pk, number=number_of(post), by=request.user)):
        return _("This was already sent from this page: it counts once.")
    return _("Trick %(number)s taken back.") % {"number": number_of(post)}


def _play(request, table: Table, hand: Hand, form: HandForm) -> str:
    """A trick entered, an illegal card kept as a revoke by the player at the place the
    scorer names (`revoke`: "follower", ...; two-handed "1", the follower's), led out of turn
    by the player the form names (`led_out_of_turn`, two-handed), or the hand finished; the
    words that say it was done."""
    post, by, said = request.POST, request.user, []
    if form.action == "finish":
        def act():
            finish_hand(hand_id=hand.pk, by=by, changes=form.cleaned_data["record"])
            said.append(_("Hand %(number)s finished and scored.") % {"number": hand.number})
    else:
        trick = form.cleaned_data["record"]
        place = "follower" if post.get("revoke") == "1" else post.get("revoke")
        play = play_state(form.kind, hand_state(hand.record, table.ranking),
                          _seated(table, hand), leader=post.get("led_out_of_turn"))
        # the illegal card stands (section 8)
        revoke = play["players"][PLAYED.index(place)] if place in PLAYED[1:len(trick)] else None

        def act():
            add_trick(hand_id=hand.pk, trick=trick, number=number_of(post), by=by,
                      revoke_by=revoke and revoke["seat"], led_out_of_turn_by=play["out_of_turn"])
            said.append(_trick_said(form.kind, number_of(post), revoke))
    if not form_once(request, post.get("key", ""), act):
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


def _stale(request, table: Table, refused: Refused) -> None:
    """Another phone was first, or the form names no hand of this table's: say so; the page is
    drawn afresh."""
    if refused.code not in STALE:
        messages.error(request, str(words.refusal(refused)))
        return
    hand = table.hands.order_by("-number").first()
    number = hand.number if hand else 0
    texts = {
        "wrong_hand_number": _("Hand %(number)s was already entered from another phone: here "
                               "is the table as it stands."),
        "hand_in_progress": _("Hand %(number)s is being entered card by card from another "
                              "phone: here it is."),
        "wrong_trick_number": _("That trick of hand %(number)s was already entered or taken "
                                "back from another phone: here is the hand as it stands."),
        "hand_not_in_progress": _("Hand %(number)s was already finished from another phone."),
    }
    messages.warning(request, texts[refused.code] % {"number": number})



def _undo(request, table: Table):
    """The last hand taken back (games.services.hands.undo_hand): at once when that changes
    nothing beyond the hand, else once the scorer has seen what it will change and confirmed.
    A refusal is shown beside the button, with the page as it stands."""
    post = request.POST
    if post.get("back"):
        return redirect("score_table", table.pk)
    try:
        hand = _posted_hand(table, post)
    except Refused as refused:
        return _undo_page(request, table, words.refusal(refused))
    undo = partial(undo_hand, hand_id=hand.pk, by=request.user)

    def save(seq: int):
        if form_once(request, post.get("key", ""), partial(undo, seq=seq)):
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
        return _undo_page(request, table, _undo_refused(refused, hand))


def _undo_page(request, table: Table, said: Said):
    """The scorer's page with the undo's refusal beside its button."""
    table.refresh_from_db()
    return render(request, "games/score.html",
                  _context(table, {"action": "undo_hand", "form": said}, {}, request.user),
                  status=422)


def _undo_refused(refused: Refused, hand: Hand) -> Said:
    """Why the hand cannot be undone, in the reader's words."""
    texts = {
        "wrong_hand_number": _("Hand %(number)s is no longer the last hand: another was "
                               "entered since. Correct it from its page instead."),
        "unit_decided": _("The game or rubber that hand %(number)s counts in is decided: only "
                       "staff may undo it now."),
        "hand_in_progress": _("Hand %(number)s is being entered card by card: take its tricks "
                              "back one by one, or correct it."),
        "hand_void": _("Hand %(number)s is void already: there is nothing to undo."),
    }
    if refused.code in texts:
        return Said(texts[refused.code] % {"number": hand.number})
    return words.refusal(refused)


@login_required
def hand_history(request, table_id: int, number: int):
    """A hand's versions: each record in words, who entered it and when; and the jeux de règle
    advisor's note on a full record."""
    table = _scored_table(request, table_id)
    hand = get_object_or_404(Hand, table=table, number=number)
    ranking = table.ranking
    versions = [(v, display.hand_html(v.record, v.result, ranking=ranking))
                for v in hand.versions.select_related("entered_by").order_by("-version")]
    return render(request, "games/hand_history.html", {
        "table": table, "hand": hand, "versions": versions, "analysis": analysis_of(hand),
        "advice": note(hand), "names": {"elder": hand.elder.name, "dealer": hand.dealer.name},
        "seated": _seated(table, hand) if kind_of(hand.record) else []})


@login_required
def correct(request, table_id: int, number: int):
    """A past hand corrected with the same widgets, prefilled from its record: a new
    version, and the table's course rebuilt from it. A hand entered card by card is corrected
    card by card, its tricks as well, or replaced by a summary; a summary may become a full
    record."""
    table = _scored_table(request, table_id)
    hand = get_object_or_404(Hand.objects.select_related("elder", "dealer"), table=table,
                             number=number)
    errors, status, kind = {}, 200, kind_of(hand.record)
    values = prefill(hand.record)
    if request.method == "POST" and request.POST.get("back"):
        values = request.POST  # back from the confirmation: the form as it was sent
    elif request.method == "POST":
        values = request.POST
        form = HandForm(values, action=values.get("action"), kind=kind, rules=table.rules,
                        correcting=True)
        try:
            if form.is_valid():
                if number_of(values, "version") != hand.version:
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
            if refused.code in ("not_scorer", "unit_decided"):
                raise PermissionDenied from None
            form.refuse(refused)
        errors, status = form.page_errors(), 422
    players = _seated(table, hand)
    return render(request, "games/correct.html", {
        "table": table, "hand": hand, "errors": errors, "values": values,
        "key": uuid.uuid4().hex, "elder": players[0]["name"], "dealer": players[-1]["name"],
        "pack": [card(c) | {"code": c} for c in PACK], "full": "deal" in hand.record,
        "recorded": display.hand_html(hand.record, hand.result,
                                      ranking=table.ranking),
        **forms_of(kind, players, values, errors, table.rules, result=hand.result or {},
                   target=kind is None and _sets_target(table, hand))}, status=status)


def _save(request, hand: Hand, record: dict, seq: int):
    """The correction saved, at the table's `seq`; the hand's history then says so."""
    corrected = correct_hand(hand_id=hand.pk, record=record, by=request.user, seq=seq)
    said = (_("Hand %(number)s is now version %(version)s.") if corrected.version != hand.version
            else _("Nothing changed: hand %(number)s stays version %(version)s."))
    messages.success(request, said % {"number": hand.number, "version": corrected.version})
    return redirect("hand_history", hand.table_id, hand.number)
