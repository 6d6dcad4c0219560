"""The scorer's view of a table (/tables/<id>/score/): a hand entered as a summary in three taps,
or card by card (the deal and the exchanges as a hand in progress, then each trick as it is
played, undone, and the hand finished); a past hand corrected; and a hand's versions. A table
à trois or à quatre takes a hand by the summary forms of games.views.many_forms, or card by card
by those of games.views.many_cards (an à trois game down to two plays on with the two-handed
forms).

Every form carries the number the page believes it is adding (the hand's, or the trick's) and
an idempotency key drawn with the page (club.idempotency.form_once for a trick, an undo or a
finish), so that two scorers' phones, or two taps of one, never record a hand or a trick twice:
a stale page is told what happened and drawn afresh. A refusal of the engine is
shown beside the card or field its `at` names, and nothing is saved."""
import re
import uuid
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from club.errors import Refused
from club.idempotency import form_once
from club.refusals import Said
from games import words
from games.admin import display
from games.engine import EngineError, analyse
from games.engine.cards import PACK, VALUE, parse_card
from games.engine.record import read
from games.formats import MANY_HANDED, SEATS, seats_of
from games.models import Hand, Table
from games.services.changes import may_score
from games.services.hands import correct_hand, record_hand, undo_hand
from games.services.previews import correction_effect, effect_of
from games.services.tricks import add_trick, finish_hand, undo_trick
from games.views import many_cards, many_forms
from games.views.advice import note
from games.views.effects import shown_or_saved
from games.views.many_cards import EXCHANGE_ROWS, PLAYED, cards_of, cards_text, tricks_of

# The six buttons of a summary's tricks: the elder's, the dealer's, and whether it is a vole.
SPLITS = [{"elder": n, "dealer": 5 - n, "vole": n in (0, 5)} for n in (5, 4, 3, 2, 1, 0)]
STALE = ("wrong_hand_number", "wrong_trick_number", "hand_in_progress", "hand_not_in_progress")
REVOKES = ("must_follow_suit", "must_win_trick", "must_trump")  # a card the trick form may keep
# The disclosure's irregularities, in the order their entries go into the record.
IRREGULAR = ("revoke", "false_king", "abandon", "replay")
VARIANT_RULE = {"double": "doubling", "offer": "offer_point"}


def _choices(elder: str, dealer: str) -> dict:
    """The opening's and the king's choices, the players named."""
    announced = [("elder", _("announced by %(name)s, elder") % {"name": elder}),
                 ("dealer", _("announced by %(name)s, dealer") % {"name": dealer})]
    return {"openings": [("played", _("played without proposing")),
                         ("refused", _("proposal refused")), ("exchanged", _("exchanged"))],
            "kings": [("none", _("no king")), ("turned", _("turned up")), *announced],
            "deal_kings": [("none", _("no king announced")), *announced]}


def _scored_table(request, table_id: int) -> Table:
    table = get_object_or_404(Table, pk=table_id)
    if not may_score(table, request.user):
        raise PermissionDenied
    return table


# -- reading the forms --------------------------------------------------------------------
def _role(post, name: str) -> str | None:
    return post.get(name) if post.get(name) in ("elder", "dealer") else None


def variants(post) -> tuple[dict, list[str]]:
    """The disclosure "Irregularities and variants" as the record's keys (docs/hand-record.md):
    `irregularities`, `double`, `offer`; and the field each irregularity came from, in order,
    so that a refusal at "irregularities[i]" is shown beside it."""
    entries, names = [], []
    for kind in IRREGULAR:
        if kind == "replay":
            reason = post.get("replay_reason") or "none"
            if reason != "none":
                entries.append({"type": "replay", "reason": reason})
                names.append(kind)
        elif _role(post, f"{kind}_by"):
            entry = {"type": kind, "by": _role(post, f"{kind}_by")}
            if kind == "revoke":
                entry["trick"] = _number(post, "revoke_trick")
            entries.append(entry)
            names.append(kind)
    changes = {"irregularities": entries} if entries else {}
    if _role(post, "double_by"):
        changes["double"] = {"by": _role(post, "double_by"),
                             "before_trick": _number(post, "double_before"),
                             "accepted": post.get("double_accepted") == "yes"}
    if _role(post, "offer_by"):
        changes["offer"] = {"by": _role(post, "offer_by"),
                            "accepted": post.get("offer_accepted") == "yes"}
    return changes, names


def announced(post, king):
    """Who announced the king, as the form has it (`king`: a role, "turned", or none): a
    false king of the disclosure is an announced king."""
    false_king = _role(post, "false_king_by")
    return false_king if king in (None, "", "none") and false_king else king


def summary_record(post) -> dict:
    """The three taps, with the disclosure's irregularities and variants; a hand that ended
    early (an abandon, a declined double, an accepted offer) gives its two trick counts."""
    opening, king = post.get("opening"), post.get("king", "none")
    if post.get("ended") == "early":
        tricks = {role: _number(post, f"early_{role}") or 0 for role in ("elder", "dealer")}
    else:
        try:
            elder = int(post.get("elder_tricks"))
        except (TypeError, ValueError):
            raise Refused("bad_summary", _("Tap who took how many tricks."),
                          "summary.tricks") from None
        tricks = {"elder": elder, "dealer": 5 - elder}
    if opening not in ("played", "refused", "exchanged"):
        raise Refused("bad_summary", _("Choose the opening."), "summary.opening")
    king = announced(post, king)
    summary = {"opening": opening, "king_turned": king == "turned", "tricks": tricks}
    if king in ("elder", "dealer"):
        summary["king"] = king
    return {"summary": summary, **variants(post)[0]}


def full_record(post, *, in_progress: bool) -> dict:
    """The deal, the exchanges and the king of the card-by-card form; a correction's form has
    the tricks too."""
    turn_up = cards_of(post.get("turn_up"))
    record = {"deal": {"elder": cards_of(post.get("elder")), "dealer": cards_of(post.get("dealer")),
                       "turn_up": turn_up[0] if len(turn_up) == 1 else " ".join(turn_up)},
              "exchanges": []}
    opening = post.get("opening")
    if opening == "refused":
        record["exchanges"] = [{"accepted": False}]
    elif opening == "exchanged":
        for row in range(EXCHANGE_ROWS):
            sides = {role: {part: cards_of(post.get(f"ex{row}_{role}_{part}"))
                            for part in ("discard", "draw")} for role in ("elder", "dealer")}
            if any(cards for side in sides.values() for cards in side.values()):
                record["exchanges"].append({"accepted": True, **sides})
        if post.get("then_refused"):
            record["exchanges"].append({"accepted": False})
    if post.get("king") in ("elder", "dealer"):
        record["king"] = post["king"]
    if in_progress:
        record["in_progress"] = True
    else:
        record["tricks"] = tricks_of(post)
    return record


def field_of(at: str | None, *, trick: bool = False, irregular: list[str] = ()) -> str:
    """The form's field that the engine's `at` points to: "deal.elder[2]" -> "elder",
    "exchanges[0].dealer.draw[1]" -> "ex0_dealer_draw", "tricks[1][1]" -> "follower" on the
    trick form, "trick1" on a correction's; "irregularities[0].trick" -> "revoke_trick" when
    the disclosure's first entry (`irregular`, as `variants` read them) is a revoke, and
    "many_revoke_trick" when it is the fold's à trois or à quatre
    (many_forms.irregular_entries); "double.before_trick" -> "double"."""
    at = at or ""
    found = re.match(r"irregularities\[(\d+)\](?:\.(\w+))?", at)
    if found:
        if int(found[1]) >= len(irregular):
            return "form"
        kind = irregular[int(found[1])]
        return f"{kind}_{found[2] or ('reason' if kind.endswith('replay') else 'by')}"
    found = re.match(r"(double|offer)\b", at)
    if found:
        return found[1]
    found = re.match(r"tricks\[(\d+)\](?:\[(\d)\])?", at)
    if found:
        return PLAYED[int(found[2] or 1)] if trick else f"trick{found[1]}"
    found = re.match(r"exchanges\[(\d+)\](?:\.(elder|middle|second|third|dealer)"
                     r"(?:\.(discard|draw))?)?", at)
    if found:
        if found[2] and int(found[1]) < EXCHANGE_ROWS:
            return f"ex{found[1]}_{found[2]}_{found[3] or 'discard'}"
        return "opening"
    found = re.match(r"(?:deal|summary)\.(\w+)", at)
    if found:
        return {"king_turned": "king"}.get(found[1], found[1])
    return {"deal": "elder", "king": "king", "exchanges": "opening"}.get(at, "form")


def _refused(errors: dict, refused: Refused, *, trick: bool = False, post=None,
             rules: dict | None = None, kind: str = "") -> None:
    """The refusal beside its field; a variant the table does not play has no field on the
    page, so its refusal heads the form. `kind` is the table's format: à trois and à quatre
    the irregularities may come from the fold of their forms."""
    irregular = variants(post or {})[1]
    if kind in MANY_HANDED and not irregular:
        irregular = many_forms.irregular_entries(kind, post or {})[1]
    field = field_of(refused.at, trick=trick, irregular=irregular)
    field = {"refused_by": "opening"}.get(field, field)  # à trois and à quatre: one tap
    if field in ("double", "offer") and not (rules or {}).get(VARIANT_RULE[field]):
        field = "form"
    errors[field] = words.refusal(refused)
    if trick and refused.code in REVOKES:
        errors["revocable"] = True


def _stale(request, table: Table, refused: Refused) -> None:
    """Another phone was first: say so; the page is drawn afresh."""
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


# -- the hand being played ------------------------------------------------------------------
def play_state(hand: Hand, ranking: str) -> dict:
    """The hand in progress as the trick form needs it: the next trick's number, who leads,
    and the cards each still holds."""
    record = hand.record
    held = {role: list(cards) for role, cards in read(record, finished=False).start.items()}
    value = VALUE.get(ranking, VALUE["classic"])
    trump = parse_card(record["deal"]["turn_up"])[1]
    leader = "elder"
    for led, played in record.get("tricks", []):
        led, played = parse_card(led), parse_card(played)
        follower = display.OTHER[leader]
        held[leader].remove(led)
        held[follower].remove(played)
        if display.follower_wins(led, played, trump, value):
            leader = follower
    follower = display.OTHER[leader]
    return {"number": len(record.get("tricks", [])) + 1, "leader": leader, "follower": follower,
            "leader_cards": [words.card(c) | {"code": c} for c in held[leader]],
            "follower_cards": [words.card(c) | {"code": c} for c in held[follower]],
            "tricks": display.trick_lines(record.get("tricks", []), record["deal"]["turn_up"],
                                          ranking),
            "turn_up": words.card(record["deal"]["turn_up"])}


def analysis_of(hand: Hand | None) -> list[str]:
    """The double-dummy analysis of a played hand with its cards, in words; [] otherwise."""
    if hand is None or "deal" not in hand.record or not hand.result \
            or many_forms.kind_of(hand.record) \
            or hand.result.get("in_progress") or hand.result.get("void"):
        return []
    try:
        return words.analysis(hand.record, hand.result, analyse(hand.record))
    except EngineError:
        return []


def card_fields(values, errors: dict, elder: str, dealer: str) -> dict:
    """The card fields of the card-by-card form, each with its label, value and error."""
    def field(name, label, size, kind, role=""):
        return {"name": name, "label": label, "size": size, "kind": kind, "role": role,
                "value": values.get(name, ""), "error": errors.get(name)}
    player = {"elder": elder, "dealer": dealer}
    deal = [field("elder", _("%(name)s, elder: five cards") % {"name": elder}, 5, "hand",
                  "elder"),
            field("dealer", _("%(name)s, dealer: five cards") % {"name": dealer}, 5, "hand",
                  "dealer"),
            field("turn_up", _("The turn-up (trumps)"), 1, "turn_up")]
    exchanges = [[field(f"ex{row}_{role}_{part}", (
        _("%(name)s discards") if part == "discard" else _("%(name)s draws")) % {
        "name": player[role]}, 5, part, role) for role in ("elder", "dealer")
        for part in ("discard", "draw")] for row in range(EXCHANGE_ROWS)]
    tricks = [field(f"trick{n}", _("Trick %(number)s: leader's card, follower's card") % {
        "number": n + 1}, 2, "trick") for n in range(5)]
    return {"deal": deal, "exchanges": exchanges, "tricks": tricks}


def irregular_fields(values, errors: dict, elder: str, dealer: str, rules: dict,
                     action: str) -> dict:
    """The disclosure "Irregularities and variants" of the form whose action is `action`:
    its choices, each with its label, value and the refusal beside it; the double and the
    offer only where the table's rules enable them. `open` when one is chosen or refused."""
    own = errors if errors.get("action") == action else {}
    nobody = ("none", "—")
    players = [nobody, ("elder", _("%(name)s, elder") % {"name": elder}),
               ("dealer", _("%(name)s, dealer") % {"name": dealer})]

    def field(name, label, choices, error=None):
        return {"name": name, "label": label, "choices": [(str(v), t) for v, t in choices],
                "value": str(values.get(name, "")), "error": own.get(error or name)}
    tricks = [(n, n) for n in range(1, 6)]
    out = [field("revoke_by", _("Revoke (renonce) by"), players),
           field("revoke_trick", _("in trick"), tricks),
           field("false_king_by", _("False king (faux roi) by"), players),
           field("abandon_by", _("Hand abandoned, after the tricks recorded, by"), players),
           field("replay_reason", _("Void: the deal to be played again (la donne à refaire), "
                                    "for"), [nobody, ("revoke", _("a revoke")),
                                             ("false_king", _("a false king")),
                                             ("misdeal", _("a misdeal"))]
                 + ([("undone", _("undone by the scorer: entered in error"))]
                    if values.get("replay_reason") == "undone" else []))]
    answers = [("yes", _("he accepted")), ("no", _("he declined"))]
    if rules.get("doubling"):
        out += [field("double_by", _("Double (le double) proposed by"), players, "double"),
                field("double_before", _("before trick"), tricks[:3], "double"),
                field("double_accepted", _("The answer to the double"), answers, "double")]
    if rules.get("offer_point"):
        out += [field("offer_by", _("The point offered (proposer le point) by"), players,
                      "offer"),
                field("offer_accepted", _("The answer to the offer"), answers, "offer")]
    chosen = any(f["value"] not in ("", "none") for f in out if f["name"].endswith(
        ("_by", "_reason")))
    errors_in = any(own.get(name) for name in (
        "revoke_by", "revoke_trick", "false_king_by", "abandon_by", "replay_reason", "double",
        "offer"))
    return {"fields": out, "open": chosen or errors_in, "action": action}


# -- the pages --------------------------------------------------------------------------------
@login_required
def score(request, table_id: int):
    table = _scored_table(request, table_id)
    errors, values, status = {}, {}, 200
    if request.method == "POST" and request.POST.get("action") == "undo_hand":
        return _undo(request, table)
    if request.method == "POST":
        values, action = request.POST, request.POST.get("action")
        try:
            done = _act(request, table, action)
            messages.success(request, done)
            return redirect("score_table", table.pk)
        except Refused as refused:
            if refused.code == "forbidden":
                raise PermissionDenied from None
            if refused.code in STALE:
                _stale(request, table, refused)
                return redirect("score_table", table.pk)
            _refused(errors, refused, trick=action == "trick", post=values, rules=table.rules,
                     kind=table.format)
            errors["action"], status = action, 422
        table.refresh_from_db()
    return render(request, "games/score.html", _context(table, errors, values, request.user),
                  status=status)


def _undo(request, table: Table):
    """The last hand taken back (games.services.hands.undo_hand): at once when that changes
    nothing beyond the hand, else once the scorer has seen what it will change and confirmed.
    A refusal is shown beside the button, with the page as it stands."""
    post = request.POST
    if post.get("back"):
        return redirect("score_table", table.pk)
    hand = get_object_or_404(Hand, pk=_number(post, "hand"), table=table)
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
        errors = {"action": "undo_hand", "form": _undo_refused(refused, hand)}
    table.refresh_from_db()
    return render(request, "games/score.html", _context(table, errors, {}, request.user),
                  status=422)


def _undo_refused(refused: Refused, hand: Hand) -> Said:
    """Why the hand cannot be undone, in the reader's words."""
    texts = {
        "wrong_hand_number": _("Hand %(number)s is no longer the last hand: another was "
                               "entered since. Correct it from its page instead."),
        "forbidden": _("The game or rubber that hand %(number)s counts in is decided: only "
                       "staff may undo it now."),
        "hand_in_progress": _("Hand %(number)s is being entered card by card: take its tricks "
                              "back one by one, or correct it."),
        "conflict": _("Hand %(number)s is void already: there is nothing to undo."),
    }
    if refused.code in texts and not refused.rule:
        return Said(texts[refused.code] % {"number": hand.number})
    return words.refusal(refused)


def _undoable(table: Table, last: list[Hand], user) -> Hand | None:
    """The hand the scorer may undo: the table's last, when it counts, is neither void nor
    being played, and (for a scorer who is not staff) its game goes on."""
    hand = last[0] if last else None
    result = hand.result if hand else None
    if not result or result.get("void") or result.get("in_progress"):
        return None
    if not user.is_staff and (table.status != Table.Status.PLAYING or result.get("game_over")):
        return None
    return hand


def _number(post, name: str = "number") -> int | None:
    try:
        return int(post.get(name))
    except (TypeError, ValueError):
        return None


def _act(request, table: Table, action: str) -> str:
    """Does what the form asks; returns the words that say it was done."""
    post, by = request.POST, request.user
    if action in ("summary", "deal", "many_deal", *SEATS):
        if action in SEATS:
            record = many_forms.summary_record(action, post)
        elif action == "many_deal":
            if table.format not in MANY_HANDED:
                raise Refused("bad_request", _("Unknown action."))
            record = many_cards.deal_record(table.format, post)
        else:
            record = summary_record(post) if action == "summary" else full_record(
                post, in_progress=True)
        hand, new = record_hand(table_id=table.pk, record=record, by=by,
                                idempotency_key=post.get("key") or None,
                                number=_number(post))
        if not new:
            return _("Hand %(number)s was already recorded from this page: it counts once.") % {
                "number": hand.number}
        if action in ("deal", "many_deal"):
            return _("Hand %(number)s is dealt: now enter each trick.") % {"number": hand.number}
        return _("Hand %(number)s recorded.") % {"number": hand.number}
    hand = get_object_or_404(Hand, pk=_number(post, "hand"), table=table)
    said = []
    if not form_once(request, post.get("key", ""),
                     lambda: said.append(_play(request, table, hand, action))):
        return _("This was already sent from this page: it counts once.")
    return said[0]


def _play(request, table: Table, hand: Hand, action: str) -> str:
    """A trick entered or taken back, or the hand finished; the words that say it was done."""
    post, by = request.POST, request.user
    kind = many_forms.kind_of(hand.record)
    if kind and action in ("trick", "finish"):
        return _play_many(table, hand, kind, action, post, by)
    if action == "trick":
        trick = [post.get("leader", ""), post.get("follower", "")]
        if not all(trick):
            raise Refused("bad_format", _("Tap the leader's card and the follower's card."),
                          f"tricks[0][{0 if not trick[0] else 1}]")
        revoke = None
        if post.get("revoke"):  # the follower's illegal card stands: a revoke (section 8)
            revoke = play_state(hand, table.rules.get("ranking", "classic"))["follower"]
        add_trick(hand_id=hand.pk, trick=trick, number=_number(post), by=by, revoke_by=revoke)
        if revoke:
            return _("Trick %(number)s entered, with a revoke by the %(role)s.") % {
                "number": _number(post), "role": _(revoke)}
        return _("Trick %(number)s entered.") % {"number": _number(post)}
    if action == "undo":
        undo_trick(hand_id=hand.pk, number=_number(post), by=by)
        return _("Trick %(number)s taken back.") % {"number": _number(post)}
    if action == "finish":
        changes = variants(post)[0]
        if "irregularities" in changes:  # those entered with the tricks stay
            changes["irregularities"] += hand.record.get("irregularities", [])
        if announced(post, hand.record.get("king")):
            changes["king"] = announced(post, hand.record.get("king"))
        finish_hand(hand_id=hand.pk, by=by, changes=changes)
        return _("Hand %(number)s finished and scored.") % {"number": hand.number}
    raise Refused("bad_request", _("Unknown action."))


def _play_many(table: Table, hand: Hand, kind: str, action: str, post, by) -> str:
    """À trois or à quatre, a trick entered, an illegal card kept as a revoke by the player
    at the place the scorer names (`revoke`: "follower", ...); or the hand finished with the
    fold's false king and hand dealt again (rulings 80 to 83)."""
    if action == "trick":
        trick = many_cards.trick_of(kind, post)
        revoke = None
        if post.get("revoke") in PLAYED[1:len(trick)]:  # the illegal card stands (section 8)
            seats = seats_of(kind, table.seating, hand.elder_id, hand.dealer_id)
            play = many_cards.play_state(kind, hand.record, seats,
                                         table.snapshot.get("names") or {},
                                         table.rules.get("ranking", "classic"))
            revoke = play["players"][PLAYED.index(post["revoke"])]
        add_trick(hand_id=hand.pk, trick=trick, number=_number(post), by=by,
                  revoke_by=revoke and revoke["seat"])
        if revoke:
            return _("Trick %(number)s entered, with a revoke by %(name)s, %(seat)s.") % {
                "number": _number(post), "name": revoke["name"], "seat": revoke["word"]}
        return _("Trick %(number)s entered.") % {"number": _number(post)}
    changes = {}
    entries = many_forms.irregular_entries(kind, post)[0]
    if entries:  # those kept with the tricks stay, after the fold's
        changes["irregularities"] = entries + hand.record.get("irregularities", [])
    king = many_forms.announced(kind, post, hand.record.get("king"))
    if king:
        changes["king"] = king
    finish_hand(hand_id=hand.pk, by=by, changes=changes)
    return _("Hand %(number)s finished and scored.") % {"number": hand.number}


def _trick_sides(play: dict | None, hand: Hand | None, errors: dict, values) -> list:
    """The trick form's two sides: (side, its cards with the one chosen, the player, the
    refusal at that side, the chosen card when the refusal is beside it)."""
    if play is None:
        return []
    names = {"elder": hand.elder.name, "dealer": hand.dealer.name}
    sides = []
    for side in ("leader", "follower"):
        chosen = values.get(side) if errors else None
        cards = [c | {"chosen": chosen} for c in play[f"{side}_cards"]]
        role = play[side]
        err = errors.get(side)
        at_card = chosen if any(c["code"] == chosen for c in cards) else None
        sides.append((side, cards, {"name": names[role], "word": _(role)}, err, at_card))
    return sides


def _names(snap: dict) -> tuple[str, str]:
    """The names of the next hand's elder and dealer."""
    names, seats = snap.get("names") or {}, snap.get("seats") or {}
    return tuple(names.get(str(seats.get(role)), "—") for role in ("elder", "dealer"))


def _many_next(table: Table, snap: dict, values, errors: dict) -> dict:
    """The à trois or à quatre forms of the hand to come, the summary and the card-by-card
    one, while three (or four) play; nothing once an à trois game is down to two, who play
    two-handed hands."""
    part = snap.get(table.format) if table.format in MANY_HANDED else None
    if part and part.get("withdrawn") and part.get("seats"):
        return {"many": None, "withdrawn": (snap.get("names") or {}).get(
            str(part["withdrawn"][0]), "—")}
    if not part or not part.get("seats"):
        return {"many": None}
    match = {"quatre_game": part.get("game"), "belle": part.get("belle")}
    made = many_forms.context(table.format, part["seats"], snap.get("names") or {}, values,
                              errors)
    return made | match | {"many_fields": many_cards.deal_fields(
        table.format, made["seated"], values, errors if errors.get("action") == "many_deal"
        else {})}


def _seated(table: Table, hand: Hand) -> list[dict]:
    """À trois and à quatre, the hand's players in the order of play, each with his seat's
    word (many_forms.named); [] for a two-handed hand."""
    kind = many_forms.kind_of(hand.record)
    if not kind:
        return []
    seats = seats_of(kind, table.seating, hand.elder_id, hand.dealer_id)
    return many_forms.named(kind, seats, table.snapshot.get("names") or {})


def _last_hand(table: Table, hand: Hand) -> tuple[str, str]:
    """A hand of the scorer's last hands: its players in the order of play, from the elder to
    the dealer ("Athos – Porthos"; à trois and à quatre the seats between them too), and its
    marks, each naming who took it ("Athos +1 point"; à quatre the side's partners)."""
    seated = _seated(table, hand) or [{"seat": "elder", "name": hand.elder.name},
                                      {"seat": "dealer", "name": hand.dealer.name}]
    takers = {p["seat"]: p["name"] for p in seated}
    if "third" in takers:  # à quatre: the marks go to the sides
        takers |= {side: " & ".join(takers[seat] for seat in pair)
                   for side, pair in many_forms.SIDES.items()}
    return " – ".join(p["name"] for p in seated), display.marks_text(hand.result, takers)


def _context(table: Table, errors: dict, values, user) -> dict:
    snap = table.snapshot
    last = list(table.hands.select_related("elder", "dealer").order_by("-number")[:6])
    in_progress = None
    if snap.get("hand_in_progress") is not None:
        in_progress = table.hands.get(number=snap["hand_in_progress"])
    ranking = table.rules.get("ranking", "classic")
    play = sides = many_finish = None
    kind = in_progress and many_forms.kind_of(in_progress.record)
    if kind:
        seats = seats_of(kind, table.seating, in_progress.elder_id, in_progress.dealer_id)
        play = many_cards.play_state(kind, in_progress.record, seats, snap.get("names") or {},
                                     ranking)
        sides = many_cards.trick_sides(play, errors, values)
        many_finish = many_forms.irregular_fields(play["seated"], values, "finish", errors,
                                                  revoke=False)
    elif in_progress:
        play = play_state(in_progress, ranking)
        sides = _trick_sides(play, in_progress, errors, values)
    finished = next((h for h in last if h.status == Hand.Status.COUNTED), None)
    return {
        "many_table": table.format in MANY_HANDED, **_many_next(table, snap, values, errors),
        "table": table, "snap": snap, "words": words.live_words(), "errors": errors,
        "values": values, "key": uuid.uuid4().hex, "next_number": table.hands.count() + 1,
        "elder": _names(snap)[0], "dealer": _names(snap)[1],
        "playing": table.status == Table.Status.PLAYING, "splits": SPLITS,
        "pack": [words.card(c) | {"code": c} for c in PACK],
        "fields": card_fields(values, errors, *_names(snap)),
        "irregular": irregular_fields(values, errors, *_names(snap), table.rules,
                                      "finish" if in_progress else "summary"),
        "hand": in_progress, **_choices(*_names(snap)), "many_finish": many_finish,
        "play": play, "trick_sides": sides or [],
        "last_hands": [(h, *_last_hand(table, h)) for h in last],
        "undoable": _undoable(table, last, user),
        "analysis": [] if in_progress else analysis_of(finished),
        "analysed": finished,
    }


@login_required
def hand_history(request, table_id: int, number: int):
    """A hand's versions: each record in words, who entered it and when; and the jeux de règle
    advisor's note on a full record."""
    table = _scored_table(request, table_id)
    hand = get_object_or_404(Hand, table=table, number=number)
    ranking = table.rules.get("ranking", "classic")
    versions = [(v, display.hand_html(v.record, v.result, ranking=ranking))
                for v in hand.versions.select_related("entered_by").order_by("-version")]
    return render(request, "games/hand_history.html", {
        "table": table, "hand": hand, "versions": versions, "analysis": analysis_of(hand),
        "advice": note(hand), "names": {"elder": hand.elder.name, "dealer": hand.dealer.name},
        "seated": _seated(table, hand)})


@login_required
def correct(request, table_id: int, number: int):
    """A past hand corrected with the same widgets, prefilled from its record: a new
    version, and the table replayed from it. A hand entered card by card is corrected card by
    card, its tricks as well, or replaced by a summary; a summary may become a full record."""
    table = _scored_table(request, table_id)
    hand = get_object_or_404(Hand, table=table, number=number)
    errors, status = {}, 200
    kind = many_forms.kind_of(hand.record)
    full = "deal" in hand.record
    values = (_prefill(hand.record) if not kind else many_cards.prefill(hand.record) if full
              else many_forms.prefill(hand.record))
    if request.method == "POST" and request.POST.get("back"):
        values = request.POST  # back from the confirmation: the form as it was sent
    elif request.method == "POST":
        values, action = request.POST, request.POST.get("action")
        try:
            record = _corrected_record(kind, action, values)
            if _number(values, "version") != hand.version:
                messages.warning(request, _("Hand %(number)s was corrected from another phone "
                                            "meanwhile: here is its new version.")
                                 % {"number": hand.number})
                return redirect("correct_hand", table.pk, hand.number)
            return shown_or_saved(
                request, table, hand, undo=False, save=partial(_save, request, hand, record),
                preview=partial(correction_effect, hand_id=hand.pk, record=record,
                                by=request.user))
        except Refused as refused:
            if refused.code == "forbidden":
                raise PermissionDenied from None
            _refused(errors, refused, post=values, rules=table.rules, kind=table.format)
            errors["action"], status = action, 422
    names = {"elder": hand.elder.name, "dealer": hand.dealer.name}
    many = {}
    if kind:
        seats = seats_of(kind, table.seating, hand.elder_id, hand.dealer_id)
        many = many_forms.context(kind, seats, table.snapshot.get("names") or {}, values,
                                  errors)
        many["many_fields"] = many_cards.deal_fields(
            kind, many["seated"], values, errors if errors.get("action") == "many_deal" else {})
    return render(request, "games/correct.html", {
        "table": table, "hand": hand, "errors": errors, "values": values, "splits": SPLITS,
        "key": uuid.uuid4().hex, "elder": names["elder"], "dealer": names["dealer"],
        "pack": [words.card(c) | {"code": c} for c in PACK],
        "fields": card_fields(values, errors, names["elder"], names["dealer"]),
        "irregular": irregular_fields(values, errors, names["elder"], names["dealer"],
                                      table.rules, "summary"),
        "irregular_deal": irregular_fields(values, errors, names["elder"], names["dealer"],
                                           table.rules, "deal"),
        "full": full, "many": None, **many,
        "recorded": display.hand_html(hand.record, hand.result,
                                      ranking=table.rules.get("ranking", "classic")),
        **_choices(names["elder"], names["dealer"])},
        status=status)


def _save(request, hand: Hand, record: dict, seq: int):
    """The correction saved, at the table's `seq`; the hand's history then says so."""
    corrected = correct_hand(hand_id=hand.pk, record=record, by=request.user, seq=seq)
    said = (_("Hand %(number)s is now version %(version)s.") if corrected.version != hand.version
            else _("Nothing changed: hand %(number)s stays version %(version)s."))
    messages.success(request, said % {"number": hand.number, "version": corrected.version})
    return redirect("hand_history", hand.table_id, hand.number)


def _corrected_record(kind: str | None, action: str, values) -> dict:
    """The record a correction's form makes: à trois or à quatre, a summary or a full record
    of the hand's format; else a two-handed summary or full record."""
    if kind:
        if action == "many_deal":
            return many_cards.full_record(kind, values)
        if action == kind:
            return many_forms.summary_record(kind, values)
        raise Refused("bad_request", _("Unknown action."))
    if action not in ("summary", "deal"):
        raise Refused("bad_request", _("Unknown action."))
    record = (summary_record(values) if action == "summary"
              else full_record(values, in_progress=bool(values.get("in_progress"))))
    if action == "deal" and values.get("in_progress"):
        record["tricks"] = full_record(values, in_progress=False)["tricks"]
    if action == "deal":
        record.update(variants(values)[0])
        if announced(values, record.get("king")):
            record["king"] = announced(values, record.get("king"))
    return record


def _prefill(record: dict) -> dict:
    """A stored record as the form's values."""
    if "summary" in record:
        summary = record["summary"]
        king = "turned" if summary.get("king_turned") else summary.get("king") or "none"
        tricks = summary.get("tricks") or {}
        counts = [tricks.get(role) for role in ("elder", "dealer")]
        taken = sum(counts) if all(type(n) is int for n in counts) else 5
        # Five tricks are a split's button (a vole too); fewer, the hand ended early.
        split = {"elder_tricks": str(counts[0])} if taken == 5 else {
            "ended": "early", "early_elder": counts[0], "early_dealer": counts[1]}
        return {"opening": summary.get("opening"), "king": king, **split,
                **_prefill_variants(record)}
    deal, exchanges = record.get("deal") or {}, record.get("exchanges") or []
    values = {"elder": cards_text(deal.get("elder")), "dealer": cards_text(deal.get("dealer")),
              "turn_up": display.card(deal.get("turn_up", "")), "king": record.get("king") or "",
              "opening": "played" if not exchanges else "refused"
              if exchanges == [{"accepted": False}] else "exchanged",
              "then_refused": "on" if exchanges and len(exchanges) > 1
              and not exchanges[-1].get("accepted") else "",
              "in_progress": "on" if record.get("in_progress") else "",
              **_prefill_variants(record)}
    for row, exchange in enumerate(e for e in exchanges if e.get("accepted")):
        for role in ("elder", "dealer"):
            for part in ("discard", "draw"):
                values[f"ex{row}_{role}_{part}"] = cards_text((exchange.get(role) or {}).get(part))
    for n, trick in enumerate(record.get("tricks") or []):
        values[f"trick{n}"] = cards_text(trick)
    return values


def _prefill_variants(record: dict) -> dict:
    """A record's irregularities and variants as the disclosure's values (`variants` read
    back)."""
    values = {}
    for entry in record.get("irregularities") or []:
        if entry.get("type") == "replay":
            values["replay_reason"] = entry.get("reason")
        else:
            values[f"{entry.get('type')}_by"] = entry.get("by")
            if entry.get("type") == "revoke":
                values["revoke_trick"] = entry.get("trick")
    for name in ("double", "offer"):
        if record.get(name):
            values[f"{name}_by"] = record[name].get("by")
            values[f"{name}_accepted"] = "yes" if record[name].get("accepted") else "no"
    if record.get("double"):
        values["double_before"] = record["double"].get("before_trick")
    return values
