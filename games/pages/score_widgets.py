"""What the scorer's forms show (templates/games/score.html, correct.html and their parts), for
the three forms of the game (`kind` None two-handed, "trois", "quatre"): the players named by
their seats, the choices of the taps, the card fields, the fold of irregularities and
variants, each with its value and the refusal beside it; and the hand being played as the
trick form shows it, read from the engine (games.engine.hand_state): who has taken each trick,
who leads the next, the cards each still holds. Nothing here decides a rule."""
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import EngineError, analyse, first_loss
from games.engine import quatre as quatre_rules
from games.engine.cards import PACK
from games.entry.forms import DEALS, actions
from games.entry.records import (
    ANSWERING,
    COUNTS,
    EXCHANGE_ROWS,
    KING_TIMES,
    NO_KING,
    PLAYED,
    SPLITS,
    kind_of,
    seats,
)
from games.models import Hand, Table
from games.presentation import display, words
from games.presentation.cards import card
from games.presentation.cards import face as card_face
from games.presentation.marks import mark_word
from games.selectors.table_state import state_of
from games.table_kinds import seats_of

SEAT_WORDS = {"elder": gettext_lazy("elder"), "middle": gettext_lazy("middle"),
              "second": gettext_lazy("second"), "third": gettext_lazy("third"),
              "dealer": gettext_lazy("dealer")}
SIDES = {side: tuple(seat for seat in quatre_rules.SEATS if quatre_rules.SIDE_OF[seat] == side)
         for side in quatre_rules.SIDES}  # the elder and the third, the second and the dealer


def named(kind: str | None, seated: dict, names: dict) -> list[dict]:
    """The seats in the order of play ({seat: player id} `seated`), each with its player's
    name (`names`: {player id: name}) and its word."""
    return [{"seat": seat, "name": names.get(seated.get(seat), "—"),
             "word": SEAT_WORDS[seat]} for seat in seats(kind)]


def seated(table: Table, hand: Hand) -> list[dict]:
    """The hand's players in the order of play, each with his seat's word."""
    kind = kind_of(hand.record)
    if kind:
        return named(kind, seats_of(kind, table.seating, hand.elder_id, hand.dealer_id),
                     state_of(table).names)
    return named(None, {"elder": hand.elder_id, "dealer": hand.dealer_id},
                 {hand.elder_id: hand.elder.name, hand.dealer_id: hand.dealer.name})


def to_a_card(table: Table) -> bool:
    """Whether the table plays to the retourne turned at random (docs/rules.md, ruling 93)."""
    return table.rules.get("target") == "retourne_random"


def sets_target(table: Table, hand: Hand) -> bool:
    """Whether a correction of `hand` is asked for the card turned at random: it gives one, or
    it is the first hand of its game to stand, every one before it void."""
    if "target_card" in hand.record:
        return True
    earlier = table.hands.filter(game_number=hand.game_number, number__lt=hand.number)
    return to_a_card(table) and all((h.result or {}).get("void") for h in earlier)


def swapped(players: list[dict]) -> list[dict]:
    """Two-handed, the players of the hand after theirs: the deal passes to the other."""
    elder, dealer = players
    return [elder | {"name": dealer["name"]}, dealer | {"name": elder["name"]}]


def unnamed(players: list[dict]) -> list[dict]:
    """The seats with no name: the forms then say "announced by the elder", "elder 3, dealer
    2" (a name alone left empty, beside its seat's word)."""
    return [p | {"name": ""} for p in players]


@dataclass(frozen=True)
class Seated:
    """Words of the scorer's forms that name players: as the page names them (`now`, also
    what the words say as text), for the hand after a hand the phone keeps (`next`), and by
    the seats only (`seats`). outbox.js shows `next` or `seats` whole, as the club made them."""
    now: str
    next: str
    seats: str

    def __str__(self) -> str:
        return self.now


def seated_words(now, next_, seats_):
    """Three renderings of the same forms (forms_of), the players named now, for the next hand
    and by their seats only, made one: each string that differs a Seated."""
    if isinstance(now, dict):
        return {key: seated_words(now[key], next_[key], seats_[key]) for key in now}
    if isinstance(now, list | tuple):
        return type(now)(seated_words(*three) for three in zip(now, next_, seats_))
    if isinstance(now, str) and not now == next_ == seats_:
        return Seated(now, next_, seats_)
    return now


def _player(kind: str | None, p: dict, *, announced: bool = False) -> str:
    """A player named with his seat ("Athos, elder"), or as the one who announced the king;
    two-handed, in the words of the two-handed forms; a seat with no name by its word alone
    ("elder", "announced by the elder")."""
    if not p["name"]:
        return (_("announced by the %(seat)s") % {"seat": p["word"]} if announced
                else str(p["word"]))
    if kind:
        text = _("announced by %(name)s, %(seat)s") if announced else _("%(name)s, %(seat)s")
    elif announced:
        text = {"elder": _("announced by %(name)s, elder"),
                "dealer": _("announced by %(name)s, dealer")}[p["seat"]]
    else:
        text = {"elder": _("%(name)s, elder"), "dealer": _("%(name)s, dealer")}[p["seat"]]
    return text % {"name": p["name"], "seat": p["word"]}


def choices(kind: str | None, players: list[dict]) -> dict:
    """The opening's and the king's choices, the players named by their seats; à trois and à
    quatre each refusal of the proposal is an opening, one tap each."""
    if kind:
        refusals = [(f"refused:{p['seat']}", _by(p, _("proposal refused by %(name)s, %(seat)s"),
                                                 _("proposal refused by the %(seat)s")))
                    for p in players if p["seat"] in ANSWERING[kind]]
    else:
        refusals = [("refused", _("proposal refused"))]
    announced = [(p["seat"], _player(kind, p, announced=True)) for p in players]
    return {"openings": [("played", _("played without proposing")), *refusals,
                         ("exchanged", _("exchanged"))],
            "kings": [("none", _("no king")), ("turned", _("turned up")), *announced],
            "deal_kings": [("none", _("no king announced")), *announced]}


def _by(p: dict, text: str, unnamed_text: str) -> str:
    """`text` said of the player `p` and his seat, or `unnamed_text` of his seat alone."""
    return text % {"name": p["name"], "seat": p["word"]} if p["name"] else unnamed_text % {
        "seat": p["word"]}


def split_label(players: list[dict], split: dict) -> str:
    """A two-handed split's button, for screen readers: "Athos 3, Porthos 2", by the seats
    "elder 3, dealer 2"; and ", the vole"."""
    counts = (split["elder"], split["dealer"])
    said = ", ".join(f"{p['name'] or p['word']} {n}" for p, n in zip(players, counts))
    return f"{said}, {_('the vole')}" if split["vole"] else said


def sides(players: list[dict]) -> list[dict]:
    """The two sides à quatre, each with its partners."""
    by_seat = {p["seat"]: p for p in players}
    said = {"elder_side": _("the elder's side"), "dealer_side": _("the dealer's side")}
    return [{"side": side, "word": said[side], "players": [by_seat[s] for s in pair]}
            for side, pair in SIDES.items()]


def card_fields(kind: str | None, players: list[dict], values, errors: dict) -> dict:
    """The card fields of the card-by-card form, each seat named by its player, each field with
    its label, value and refusal; à trois and à quatre who may refuse a further proposal."""
    own = errors if errors.get("action") in DEALS else {}

    def field(name, label, size, kind_, seat=""):
        return {"name": name, "label": label, "size": size, "kind": kind_, "role": seat,
                "value": values.get(name, ""), "error": own.get(name)}
    deal = [field(p["seat"], _by(p, _("%(name)s, %(seat)s: five cards") if kind else {
        "elder": _("%(name)s, elder: five cards"), "dealer": _("%(name)s, dealer: five cards")}[
        p["seat"]], _("%(seat)s: five cards")), 5, "hand", p["seat"]) for p in players]
    deal.append(field("turn_up", _("The turn-up (trumps)"), 1, "turn_up"))
    exchanges = [[field(f"ex{row}_{p['seat']}_{part}", (
        _("%(name)s discards") if part == "discard" else _("%(name)s draws")) % {
        "name": p["name"] or p["word"]}, 5, part, p["seat"]) for p in players
        for part in ("discard", "draw")] for row in range(EXCHANGE_ROWS)]
    if kind is None:  # a card the dealer turned up in error (docs/rules.md, ruling 89)
        for row, fields_ in enumerate(exchanges):
            fields_.append(field(f"ex{row}_exposed", _("A card the dealer turned up in error "
                                                       "as he gave them (if any)"), 1,
                                 "exposed"))
    later = [("", _("no later refusal"))] + [
        (p["seat"], _by(p, _("refused by %(name)s, %(seat)s"), _("refused by the %(seat)s")))
        for p in players if kind and p["seat"] in ANSWERING[kind]]
    label = (_("Trick %(number)s: each card from the leader's") if kind
             else _("Trick %(number)s: leader's card, follower's card"))
    tricks = [field(f"trick{n}", label % {"number": n + 1}, len(players), "trick")
              for n in range(5)]
    return {"deal": deal, "exchanges": exchanges, "later_refusals": later, "tricks": tricks}


def fold_fields(kind: str | None, players: list[dict], values, action: str, errors: dict,
                rules: dict, *, part: str = "summary", marks: list | None = None) -> dict:
    """The fold "Irregularities" (two-handed "Irregularities and variants") of the form whose
    action is `action`: its choices, each player named by his seat, with the value chosen and
    the refusal beside it; two-handed the double and the offer where the table's rules enable
    them, and the Laws to the letter (docs/rules.md, rulings 84 to 94). Each `part` takes what
    its record may carry: "summary" (who held the king beside a false king, ruling 90, at
    every form of the game), "full" (a correction card by card: a forgotten mark may be
    marked late there, ruling 85), "deal" (a new hand card by card: the deal's own, a misdeal
    played, the wrong number of cards, a deal out of turn), "played" (the rest of that hand,
    kept whole offline) and "finish" (a hand played card by card finished: no revoke à trois
    and à quatre, where the trick form keeps each one as it is played). `marks` are the marks
    the hand gave, [(seat, for)], when its result is known. `open` when one is chosen or
    refused."""
    own = errors if errors.get("action") == action else {}
    nobody = ("none", "—")
    seated = [nobody] + [(p["seat"], _player(kind, p)) for p in players]
    name = ("many_" if kind else "") + "%s"
    reasons = [nobody, ("revoke", _("a revoke")), ("false_king", _("a false king")),
               ("misdeal", _("a misdeal"))]
    if values.get(name % "replay_reason") == "undone":
        reasons.append(("undone", _("undone by the scorer: entered in error")))

    def field(field_name, label, choices, error=None):
        return {"name": field_name, "label": label,
                "choices": [(str(v), t) for v, t in choices],
                "value": str(values.get(field_name, "")), "error": own.get(error or field_name)}
    tricks = [(n, n) for n in range(1, 6)]
    fields = []
    if part != "deal":
        if not (kind and part == "finish"):
            fields += [field(name % "revoke_by", _("Revoke (renonce) by"), seated),
                       field(name % "revoke_trick", _("in trick"), tricks)]
        fields.append(field(name % "false_king_by", _("False king (faux roi) by"), seated))
        if part == "summary":
            fields.append(field(name % "king_holder", _("Beside a false king, the king of "
                                                        "trumps was held by"), [
                ("", _("not said: the false king is penalised"))] + seated[1:] + [
                (NO_KING, _("nobody: it was in no hand"))]))
        if kind is None:
            fields.append(field("abandon_by", _("Hand abandoned, after the tricks recorded, "
                                                "by"), seated))
        fields.append(field(name % "replay_reason", _("Void: the deal to be played again (la "
                                                      "donne à refaire), for"), reasons))
    if kind is None:
        fields += _law_fields(field, players, seated, rules, part, marks)
    answers = [("yes", _("accepted it")), ("no", _("declined it"))]
    if kind is None and part != "deal" and rules.get("doubling"):
        fields += [field("double_by", _("Double (le double) proposed by"), seated, "double"),
                   field("double_before", _("before trick"), tricks[:3], "double"),
                   field("double_accepted", _("The answer to the double"), answers, "double")]
    if kind is None and part != "deal" and rules.get("offer_point"):
        fields += [field("offer_by", _("The point offered (proposer le point) by"), seated,
                         "offer"),
                   field("offer_accepted", _("The answer to the offer"), answers, "offer")]
    chosen = any(f["value"] not in ("", "none", "no", KING_TIMES[0]) for f in fields
                 if not f["name"].endswith(UNCHOSEN))
    return {"fields": fields, "open": chosen or any(f["error"] for f in fields),
            "action": action, "id": f"{action}-dealt" if part == "deal" else action,
            "variants": kind is None and part != "deal",
            "title": _("The deal's irregularities") if part == "deal" else None}


# The fold's fields that only say more of another: chosen alone, they open no fold.
UNCHOSEN = ("_trick", "_cards", "_before", "_accepted", "_late")


def _law_fields(field, players: list[dict], seated: list, rules: dict, part: str,
                marks: list | None) -> list[dict]:
    """The two-handed fold's fields of the Laws to the letter that `part` takes (fold_fields):
    a lead out of turn that stood; the deal's (a misdeal played, the wrong number of cards, a
    deal out of turn that stood); a mark not made, and on a correction marked late; when the
    king was announced, at a table whose reading gives the holder until his second card."""
    yes = [("", _("no")), ("yes", _("yes"))]
    fields = []
    if part in ("summary", "full", "played"):
        fields += [field("lead_out_of_turn_by", _("A lead out of turn, played to, by"), seated),
                   field("lead_out_of_turn_trick", _("in trick"), [(n, n) for n in range(1, 6)])]
    if part in ("summary", "full", "deal"):
        counts = [("", "—")] + [(n, n) for n in range(1, 11) if n != 5]
        fields += [field("misdeal_played", _("A misdeal played as dealt, no fresh deal claimed"),
                         yes),
                   field("wrong_number_by", _("Played with the wrong number of cards: who"),
                         seated),
                   field("wrong_number_cards", _("with how many cards"), counts),
                   field("dealt_out_of_turn", _("Dealt out of turn, and the deal stood"), yes)]
    if part == "deal":
        return fields
    by_seat = {p["seat"]: p for p in players}
    given = marks if marks is not None else [
        (p["seat"], mark) for p in players for mark in MARK_CHOICES
        if (mark != "king_turned" or p["seat"] == "dealer")
        and (rules.get("doubling") or "double" not in mark)
        and (rules.get("offer_point") or not mark.startswith("offer"))]
    fields.append(field("unmarked", _("A mark not made in time"), [("none", "—")] + [
        (f"{seat}:{mark}", _("%(player)s: %(mark)s") % {
            "player": _player(None, by_seat[seat]), "mark": mark_word(mark)})
        for seat, mark in given if seat in by_seat]))
    if marks is not None:  # a correction: the claim of a forgotten mark
        fields.append(field("unmarked_late", _("That mark was"), [
            ("no", _("not marked")),
            ("yes", _("marked late, before the next trump was turned up"))]))
    if rules.get("king_announcement") == "french":
        fields.append(field("king_announced", _("The king of trumps was announced"), [
            (KING_TIMES[0], _("before play")),
            (KING_TIMES[1], _("with the holder's first card, the king")),
            (KING_TIMES[2], _("after his first card, before his second"))]))
    return fields


# The marks a hand may give, as a new hand's "mark not made" offers them (marks.MARKS).
MARK_CHOICES = ("king_turned", "king_held", "point", "vole", "refusal", "double",
                "declined_double", "offer_accepted", "offer_failed", "abandon")


def forms_of(kind: str | None, players: list[dict], values, errors: dict, rules: dict, *,
             result: dict | None = None, target: bool = False) -> dict:
    """What the summary and the card-by-card forms of a hand of `kind` need, the players
    `players` in the order of play, with the refusals of the form last sent; a correction's
    with the hand's `result` (the marks it gave, to be claimed or left out). `target` when the
    hand is the first of a game to a card turned at random (docs/rules.md, ruling 93): the
    forms ask for that card."""
    summary, deal = actions(kind)
    marks = None if result is None else list(dict.fromkeys(
        (m["to"], m["for"]) for m in [*result.get("marks", []), *result.get("unmarked", [])]))
    return {"many": kind, "seated": players, **choices(kind, players),
            "summary_action": summary, "deal_action": deal,
            "summary_form": f"games/_{kind or 'summary'}_form.html",
            "fields": card_fields(kind, players, values, errors),
            "target_card": _target_field(values, errors) if target else None,
            "irregular": fold_fields(kind, players, values, summary, errors, rules,
                                     marks=marks),
            "irregular_deal": fold_fields(kind, players, values, deal, errors, rules,
                                          part="played" if result is None else "full",
                                          marks=marks),
            "deal_irregular": fold_fields(kind, players, values, deal, errors, rules,
                                          part="deal") if kind is None and result is None
            else None,
            "splits": [n | {"label": split_label(players, n)} for n in SPLITS] if not kind
            else SPLITS, "counts": COUNTS,
            "trick_rows": [p | {"field": f"tricks_{p['seat']}", "label": _player(kind, p),
                                "chosen": str(values.get(f"tricks_{p['seat']}", ""))}
                           for p in players] if kind == "trois" else [],
            "sides": sides(players) if kind == "quatre" else []}


def _target_field(values, errors: dict) -> dict:
    """The card turned at random before the game, whose value is its target: a choice of the
    32 cards, each by its name."""
    return {"name": "target_card", "label": _("The card turned at random for this game's "
                                              "target"),
            "choices": [("", "—")] + [(c, f"{card(c)['face']} · {card(c)['name']}")
                                      for c in PACK],
            "value": values.get("target_card", ""), "error": errors.get("target_card")}


# -- the hand being played -------------------------------------------------------------------
def play_state(kind: str | None, state, players: list[dict], leader: str | None = None) -> dict:
    """The hand in progress as the trick form needs it, from the engine's reading of it
    (`hand_state`): the next trick's number, the players in the order they play to it from
    its leader, each with the cards he still holds, and the tricks so far in words. Two-handed,
    `leader` the other player leads it out of turn (docs/rules.md, ruling 88): the form is his
    first (`out_of_turn`); `other` is who may lead it so."""
    by_seat = {p["seat"]: p for p in players}
    order = state.order
    out_of_turn = leader if not kind and leader in order[1:] else None
    if out_of_turn:
        order = (out_of_turn, *(seat for seat in order if seat != out_of_turn))
    if kind:  # à trois and à quatre the scorer reads the players' names; the <ol> numbers
        lines = [_("%(cards)s; %(name)s takes it") % {
            "name": by_seat[trick.winner]["name"],
            "cards": ", ".join(f"{by_seat[seat]['name']} {card_face(card)}"
                               for seat, card in zip(trick.seats, trick.cards))}
            for trick in state.tricks]
    else:
        lines = display.trick_lines(state, numbered=False)  # the page's <ol> numbers them
    return {"many": kind, "number": state.number, "seated": players,
            "turn_up": card(state.turn_up), "tricks": lines,
            "out_of_turn": out_of_turn, "other": None if kind else by_seat[state.order[-1]],
            "players": [by_seat[seat] | {"cards": [card(c) | {"code": c}
                                                   for c in state.held[seat]]}
                        for seat in order]}


def offline_play(state, players: list[dict]) -> dict:
    """A two-handed hand in progress as a phone that loses the network plays the rest of it
    (outbox.js): each player's cards, who leads the next trick, and who takes every trick the
    two may still play, as the engine says ({"KS 7S": 0}: the leader's card first, 0 when
    the leader takes it), so that the phone decides no rule of its own; the club checks every
    card when the tricks arrive. `state` is the engine's reading of the hand (`hand_state`)."""
    first, second = state.seats
    return {
        "trick": state.number, "leader": state.leader, "held": state.held,
        "seats": {p["seat"]: {"name": p["name"], "word": p["word"]} for p in players},
        "cards": {c: card(c) for seat in state.seats for c in state.held[seat]},
        "takes": {f"{a} {b}": state.taker((a, b)) for one, other in ((first, second),
                                                                       (second, first))
                  for a in state.held[one] for b in state.held[other]},
        "lines": {"leads": _("%(name)s (%(role)s) leads"),
                  "plays": _("%(name)s (%(role)s) plays"),
                  "took": _("%(cards)s; %(name)s takes it"),
                  "enter": _("Enter trick %(number)s"),
                  "all_in": _("Hand %(number)s: the five tricks are in")},
    }


def trick_sides(play: dict, errors: dict, values) -> list:
    """The trick form's places, one a player in the order he plays: (field, his cards, the
    player, the refusal at that card, the chosen card when the refusal is beside it)."""
    sides_ = []
    for side, player in zip(PLAYED, play["players"]):
        chosen = values.get(side) if errors else None
        cards = [c | {"chosen": chosen} for c in player["cards"]]
        at_card = chosen if any(c["code"] == chosen for c in cards) else None
        sides_.append((side, cards, {"name": player["name"], "word": player["word"]},
                       errors.get(side), at_card))
    return sides_


def analysis_of(hand: Hand | None) -> list[str]:
    """The double-dummy analysis of a two-handed hand played with its cards, and the first card
    played that lost value against it, in words; [] otherwise."""
    if hand is None or "deal" not in hand.record or not hand.result \
            or kind_of(hand.record) \
            or hand.result.get("in_progress") or hand.result.get("void"):
        return []
    try:
        return words.analysis(hand.record, hand.result, analyse(hand.record),
                              first_loss(hand.record))
    except EngineError:
        return []
