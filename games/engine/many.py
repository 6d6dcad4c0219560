"""Reading a record of a many-handed form, à trois (`ecarte-trois/1`) or à quatre
(`ecarte-quatre/1`): one reading for both, told by the form's `Form` (trois.FORM, quatre.FORM).

    read(record, form) -> the form's checked hand, raises EngineError

The rules are the same for both: the record's shape, the deal, the stock running out, nothing
after a refusal and only those asked refusing, the elder drawing at least one card, the king of
trumps held or a false king, five tricks in a finished hand; each is written here once, in the
contract's order (docs/hand-record.md, "Errors"). What differs is data: the seats, who answers a
proposal, the stock, the target, and who scores: each player for himself à trois, each side à
quatre as a player of the two-handed game (a seat scores as its side's role). trois.py and
quatre.py keep what is theirs alone: the first to two tricks, the sides, the scoring and the
match.
"""
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from .cards import SUIT_OF
from .errors import EngineError
from .full import NO_EXCHANGE, exchange_side, exchange_sides_shape
from .header import (
    check_keys,
    check_no_exchange_after_game_end,
    check_no_play_after_game_end,
    false_king,
    mark_king_held,
    mark_king_turned,
    need_bool,
    need_count,
    need_deal,
    need_list,
    need_object,
    need_tricks,
    read_irregularity_entries,
)
from .irregularities import Players, read_irregularities
from .rules import read_rules
from .summary import (
    king_to_mark,
    read_counts,
    read_king_holder,
    read_summary_object,
    read_trump,
)
from .tricks import play_tricks, read_deal

COMMON_KEYS = "format rules score_before target irregularities".split()
FULL_KEYS = frozenset(COMMON_KEYS + "deal exchanges king tricks in_progress".split())
SUMMARY_RECORD_KEYS = frozenset(COMMON_KEYS + ["summary"])
SUMMARY_KEYS = frozenset("opening refused_by king_turned king king_holder tricks turn_up".split())


@dataclass(frozen=True)
class Form:
    """A many-handed form of record, as its reading needs it.

    `seats` in the order of play from the elder; `answering`, who answers a proposal and so
    may refuse it; `stock`, the cards left after the deal; `target`, the game's default.
    `scorers` name the record's `score_before` and the summary's `tricks` (the seats à trois,
    the sides à quatre), and `scorer` says which (the parameter of the game-over refusal);
    `role` gives the key a scorer's score and tricks are kept under in the hand, and
    `seat_role` the key a seat's tricks and king count for (the seat itself à trois, its
    side's role à quatre). `details` name the messages of errors.MESSAGES that word a fault
    in the form's own terms (`scores`, `game_over`, `deal`, `counts`, `range`).
    `took(hand, seats)`, if any, reads more from the seats that took the tricks in order;
    `read_more(summary)`, if any, reads the form's own keys of a summary with its shape, and
    `check_more(hand, what it read)` checks them once the hand's tricks are read."""

    format: str
    seats: tuple
    answering: tuple
    stock: int
    target: int
    scorers: tuple
    scorer: str
    role: dict
    seat_role: dict
    details: dict
    hand: type
    players: Players
    summary_keys: frozenset
    took: Callable | None = None
    read_more: Callable | None = None
    check_more: Callable | None = None

    @cached_property
    def scorer_keys(self) -> frozenset:
        return frozenset(self.scorers)

    @cached_property
    def exchange_keys(self) -> frozenset:
        return frozenset(("accepted", "refused_by") + self.seats)


def read(record, form: Form):
    """The checked hand of a record of `form`, full or summary."""
    if type(record) is not dict:
        raise EngineError("bad_format", "not_object")
    return read_full(record, form) if "deal" in record else read_summary(record, form)


def need_seat(value, where: str, seats: tuple, nullable: bool = False, code="bad_format"):
    """`value`, one of `seats` (or null when `nullable`), or the refusal `code` at `where`."""
    if type(value) is str and value in seats or (nullable and value is None):
        return value
    raise EngineError(code, "need_seat_or_null" if nullable else "need_seat", where,
                      where=where, seats=seats)


def _read_header(record: dict, hand, form: Form) -> tuple:
    """The keys both kinds of record share; returns the irregularities and the revokes they
    name."""
    if "format" in record and record["format"] != form.format:
        raise EngineError("bad_format", "format", "format", format=form.format)
    hand.rules = read_rules(record.get("rules"))
    role = form.role
    hand.score_before = dict.fromkeys(role.values(), 0)
    if "score_before" in record:
        given = need_object(record["score_before"], "score_before", form.details["scores"])
        check_keys(given, form.scorer_keys, "score_before")
        for name, value in given.items():
            hand.score_before[role[name]] = need_count(value, f"score_before.{name}", 0)
    hand.target = need_count(record.get("target", form.target), "target", 1)
    return read_irregularity_entries(record)


def _check_game_not_over(hand, form: Form) -> None:
    scores, role, target = hand.score_before, form.role, hand.target
    if max(scores.values()) < target:
        return
    for name in form.scorers:
        points = scores[role[name]]
        if points >= target:
            raise EngineError("after_game_end", form.details["game_over"],
                              f"score_before.{name}", points=points, target=hand.target,
                              **{form.scorer: name})


# -- the full record ------------------------------------------------------------------------
def read_full(record: dict, form: Form):
    check_keys(record, FULL_KEYS, "")
    hand = form.hand()
    seats = form.seats
    irregularities, revokes = _read_header(record, hand, form)
    hand.in_progress = need_bool(record.get("in_progress", False), "in_progress")
    king = need_seat(record.get("king"), "king", seats, nullable=True)
    exchanges = need_list(record.get("exchanges"), "exchanges", "proposals")
    for i, entry in enumerate(exchanges):
        _exchange_shape(entry, f"exchanges[{i}]", form)
    tricks = need_tricks(record, len(seats), "n_card_trick", count=len(seats))
    need_deal(record, seats, form.details["deal"])
    _check_game_not_over(hand, form)

    hands, seen, turn_up = read_deal(record["deal"], seats)
    hand.trump = SUIT_OF[turn_up]
    if turn_up[0] == "K":
        mark_king_turned(hand)
    check_no_exchange_after_game_end(hand, exchanges)
    _read_exchanges(exchanges, hands, seen, hand, form)
    hand.start = {seat: list(hands[seat]) for seat in seats}
    king_of_trumps = "K" + hand.trump
    holder = next((seat for seat in seats if king_of_trumps in hands[seat]), None)
    if king is not None and king != holder:
        if not false_king(irregularities, king):
            raise EngineError("king_not_held", "king_not_held", "king", seat=king,
                              card=king_of_trumps)
    elif king is not None:
        mark_king_held(hand, form.seat_role[king])
    illegal = set()
    _read_tricks(tricks, hands, hand, revokes, illegal, form)
    read_irregularities(irregularities, hand, king=king, holder=holder, illegal=illegal,
                        played=len(tricks), players=form.players)
    if not (hand.in_progress or hand.game_over_before_play or hand.void) and len(tricks) != 5:
        raise EngineError("wrong_trick_count", "five_tricks_not", "tricks", count=len(tricks))
    return hand


def _exchange_shape(entry, where: str, form: Form) -> None:
    """A proposal's shape, and who refused it: one of those asked, named by a refusal only."""
    need_object(entry, where, "object")
    check_keys(entry, form.exchange_keys, where)
    need_bool(entry.get("accepted"), f"{where}.accepted")
    if "refused_by" in entry:
        need_seat(entry["refused_by"], f"{where}.refused_by", form.seats)
    exchange_sides_shape(entry, form.seats, where)


def _check_refusal(entry: dict, where: str, form: Form) -> None:
    """A refusal names one of those asked (rulings 42 and 52), and only a refusal names one:
    else `bad_exchange`, the proposals being read in order (a seat's name that is no seat is
    the shape's fault, found with it)."""
    place = f"{where}.refused_by"
    if not entry["accepted"]:
        need_seat(entry.get("refused_by"), place, form.answering, code="bad_exchange")
    elif "refused_by" in entry:
        raise EngineError("bad_exchange", "refused_by_only", place)


def _read_exchanges(exchanges: list, hands: dict, seen: set, hand, form: Form) -> None:
    """The proposals in order (docs/rules.md, rulings 41 to 44 and 52 to 55)."""
    if not exchanges:
        hand.vulnerable = "elder"  # he played without proposing
        return
    stock = form.stock
    for i, entry in enumerate(exchanges):
        where = f"exchanges[{i}]"
        if stock == 0:
            raise EngineError("stock_exhausted", "stock_empty", where)
        accepted = entry["accepted"]
        if not accepted and any(seat in entry for seat in form.seats):
            raise EngineError("bad_exchange", "refused_exchanges", where)
        _check_refusal(entry, where, form)
        if not accepted:
            if i + 1 < len(exchanges):
                raise EngineError("bad_exchange", "after_refusal", f"exchanges[{i + 1}]")
            if i == 0:
                hand.vulnerable = form.seat_role[entry["refused_by"]]
            return
        if entry.get("elder") is None:
            raise EngineError("bad_exchange", "needs_elder", where)
        for seat in form.seats:
            least = 1 if seat == "elder" else 0
            stock = exchange_side(entry.get(seat) or NO_EXCHANGE, seat, least, hands, seen,
                                  stock, i)


def _read_tricks(tricks: list, hands: dict, hand, revokes: set, illegal: set,
                 form: Form) -> None:
    check_no_play_after_game_end(hand, len(tricks), "tricks[0]")
    won, seat_role = hand.tricks, form.seat_role
    takers = [seat for _, _, _, seat, _ in play_tricks(
        tricks, hands, form.seats, hand.trump, hand.rules["ranking"], revokes=revokes,
        illegal=illegal)]
    for seat in takers:
        won[seat_role[seat]] += 1
    if form.took:
        form.took(hand, takers)


# -- the summary record ---------------------------------------------------------------------
def read_summary(record: dict, form: Form):
    check_keys(record, SUMMARY_RECORD_KEYS, "")
    hand = form.hand()
    seats = form.seats
    irregularities, _ = _read_header(record, hand, form)
    summary = read_summary_object(record, form.summary_keys)
    opening = summary["opening"]
    refuser = summary.get("refused_by")
    if refuser is not None:  # a seat's name: the shape's; who may refuse: the summary's
        need_seat(refuser, "summary.refused_by", seats)
    king_turned = need_bool(summary["king_turned"], "summary.king_turned")
    king = need_seat(summary.get("king"), "summary.king", seats, nullable=True)
    holder = read_king_holder(summary, king_turned, seats)
    hand.tricks = read_counts(summary, form.scorers, form.details["counts"], form.role)
    more = form.read_more(summary) if form.read_more else None
    _check_game_not_over(hand, form)

    # A refusal names one of those asked, and only a refusal names one.
    if opening != "refused":
        if refuser is not None:
            raise EngineError("bad_summary", "only_refused_names", "summary.refused_by")
    else:
        need_seat(refuser, "summary.refused_by", form.answering, code="bad_summary")
    hand.trump = read_trump(summary, king_turned)
    if king_turned:
        mark_king_turned(hand)
    if opening != "exchanged":  # the elder who played without proposing, or who refused
        hand.vulnerable = "elder" if opening == "played" else form.seat_role[refuser]
    if king_to_mark(king, king_turned, holder, summary, irregularities):
        mark_king_held(hand, form.seat_role[king])

    played = sum(hand.tricks.values())
    if min(hand.tricks.values()) < 0 or played > 5:
        raise EngineError("bad_summary", form.details["range"], "summary.tricks")
    check_no_play_after_game_end(hand, played, "summary.tricks")
    read_irregularities(irregularities, hand, king=king, holder=holder, illegal=None,
                        played=played, summary=True, players=form.players)
    if not (hand.game_over_before_play or hand.void) and played != 5:
        raise EngineError("bad_summary", "tricks_add_up", "summary.tricks", count=played)
    if form.read_more:
        form.check_more(hand, more)
    return hand
