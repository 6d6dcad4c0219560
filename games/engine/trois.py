"""Écarté à trois: three players, all playing (docs/rules.md, section 12).

    score_trois(record) -> result dict (docs/hand-record.md, "Écarté à trois"), raises
    EngineError

The seats are named by role: `elder` at the dealer's left leads first, `middle` at the
elder's left, then `dealer`. Play passes to the left, in that order.
"""
from .cards import SUIT_OF
from .errors import EngineError
from .full import NO_EXCHANGE, SIDE_KEYS, exchange_side
from .header import (
    check_keys,
    check_no_exchange_after_game_end,
    check_no_play_after_game_end,
    false_king,
    mark_king_held,
    mark_king_turned,
    need_bool,
    need_count,
    need_list,
    need_object,
    read_irregularity_entries,
)
from .irregularities import Players, read_irregularities
from .rules import read_rules
from .scoring import hand_marks, penalised, penalised_list, penalty, up_to_target
from .summary import (
    check_king_held,
    read_counts,
    read_king_holder,
    read_summary_object,
    read_trump,
)
from .tricks import play_tricks, read_deal

FORMAT = "ecarte-trois/1"
RESULT_FORMAT = "ecarte-trois-result/1"
SEATS = ("elder", "middle", "dealer")
ANSWERING = ("middle", "dealer")  # who answers a proposal, in turn
STOCK = 16
TARGET = 7
FULL_KEYS = frozenset("format rules score_before target deal exchanges king tricks "
                      "in_progress irregularities".split())
SUMMARY_RECORD_KEYS = frozenset("format rules score_before target summary irregularities".split())
SUMMARY_KEYS = frozenset(
    "opening refused_by king_turned king king_holder tricks first_to_two turn_up".split())
DEAL_KEYS = frozenset(SEATS + ("turn_up",))
EXCHANGE_KEYS = frozenset(("accepted", "refused_by") + SEATS)
# The Laws' irregularities, each player for himself: his own trick marks bear his penalty, and
# the king of trumps in either other hand excuses his false king (rulings 81 and 82).
PLAYERS = Players(names=SEATS, kinds=("revoke", "false_king", "replay"),
                  penalised={seat: seat for seat in SEATS},
                  adversaries={seat: tuple(s for s in SEATS if s != seat) for seat in SEATS},
                  replay_in_progress=False)


class TroisHand:
    """A checked hand à trois. Records of both forms read into one."""

    rules: dict
    score_before: dict
    target: int
    trump = None
    vulnerable = None  # the seat that made the hand be played as dealt, if any
    king_turned = False
    king_mark = None  # the seat that marks the king of trumps, if any
    double = offer = None  # à trois, no double and no offer
    first_to_two = None  # the first seat to take his second trick
    in_progress = False
    void = False  # dealt again: nothing is marked
    game_over_before_play = False  # a king mark reached the target
    tricks_before_end = 0  # a king mark is made before play
    start = None  # each seat's cards when play began (full records)

    def __init__(self):
        self.tricks = dict.fromkeys(SEATS, 0)
        self.offenders = set()  # seats penalised for a revoke or a false king


def score_trois(record) -> dict:
    """The result of an à trois hand record, full or summary."""
    if type(record) is not dict:
        raise EngineError("bad_format", "not_object")
    hand = read_full(record) if "deal" in record else read_summary(record)
    return result(hand)


# -- the parts common to both forms ---------------------------------------------------------
def _need_seat(value, where: str, allowed: tuple, nullable: bool = False):
    if type(value) is str and value in allowed or (nullable and value is None):
        return value
    raise EngineError("bad_format", "need_seat_or_null" if nullable else "need_seat", where,
                      where=where, seats=allowed)


def _read_header(record: dict, hand: TroisHand) -> tuple:
    """The keys both forms share; returns the irregularities and the revokes they name."""
    if "format" in record and record["format"] != FORMAT:
        raise EngineError("bad_format", "format", "format", format=FORMAT)
    hand.rules = read_rules(record.get("rules"))
    score_before = dict.fromkeys(SEATS, 0)
    if "score_before" in record:
        given = need_object(record["score_before"], "score_before",
                            "three_scores")
        check_keys(given, frozenset(SEATS), "score_before")
        for seat, value in given.items():
            score_before[seat] = need_count(value, f"score_before.{seat}", 0)
    hand.score_before = score_before
    hand.target = need_count(record.get("target", TARGET), "target", 1)
    return read_irregularity_entries(record)


def _check_game_not_over(hand: TroisHand) -> None:
    for seat in SEATS:
        if hand.score_before[seat] >= hand.target:
            raise EngineError("after_game_end", "withdrawn", f"score_before.{seat}", seat=seat,
                              points=hand.score_before[seat], target=hand.target)


# -- the full record ------------------------------------------------------------------------
def read_full(record: dict) -> TroisHand:
    check_keys(record, FULL_KEYS, "")
    hand = TroisHand()
    irregularities, revokes = _read_header(record, hand)
    hand.in_progress = need_bool(record.get("in_progress", False), "in_progress")
    king = _need_seat(record.get("king"), "king", SEATS, nullable=True)
    exchanges = need_list(record.get("exchanges"), "exchanges", "proposals")
    for i, entry in enumerate(exchanges):
        _exchange_shape(entry, f"exchanges[{i}]")
    tricks = need_list(record.get("tricks", []), "tricks", "tricks_list")
    for i, trick in enumerate(tricks):
        if type(trick) is not list or len(trick) != 3:
            raise EngineError("bad_format", "three_card_trick", f"tricks[{i}]")
    deal = need_object(record.get("deal"), "deal", "three_hands")
    check_keys(deal, DEAL_KEYS, "deal")
    for key in SEATS + ("turn_up",):
        if key not in deal:
            raise EngineError("bad_format", "needs_key", f"deal.{key}", where="deal", key=key)
    for seat in SEATS:
        need_list(deal[seat], f"deal.{seat}", "five_cards")
    _check_game_not_over(hand)

    hands, seen, turn_up = read_deal(deal, SEATS)
    hand.trump = SUIT_OF[turn_up]
    if turn_up[0] == "K":
        mark_king_turned(hand)
    check_no_exchange_after_game_end(hand, exchanges)
    _read_exchanges(exchanges, hands, seen, hand)
    hand.start = {seat: list(cards) for seat, cards in hands.items()}
    king_of_trumps = "K" + hand.trump
    holder = next((seat for seat in SEATS if king_of_trumps in hands[seat]), None)
    if king is not None and king != holder:
        if not false_king(irregularities, king):
            raise EngineError("king_not_held", "king_not_held", "king", seat=king,
                              card=king_of_trumps)
    elif king is not None:
        mark_king_held(hand, king)
    illegal = set()
    _read_tricks(tricks, hands, hand, revokes, illegal)
    read_irregularities(irregularities, hand, king=king, holder=holder, illegal=illegal,
                        played=len(tricks), players=PLAYERS)
    if not (hand.in_progress or hand.game_over_before_play or hand.void) and len(tricks) != 5:
        raise EngineError("wrong_trick_count", "five_tricks_not", "tricks", count=len(tricks))
    return hand


def _exchange_shape(entry, where: str) -> None:
    need_object(entry, where, "object")
    check_keys(entry, EXCHANGE_KEYS, where)
    if not need_bool(entry.get("accepted"), f"{where}.accepted"):
        _need_seat(entry.get("refused_by"), f"{where}.refused_by", ANSWERING)
    elif "refused_by" in entry:
        raise EngineError("bad_format", "refused_by_only", f"{where}.refused_by")
    for seat in SEATS:
        side = entry.get(seat)
        if side is None:
            continue
        place = f"{where}.{seat}"
        need_object(side, place, "discard_and_draw")
        check_keys(side, SIDE_KEYS, place)
        need_list(side.get("discard"), f"{place}.discard", "cards")
        need_list(side.get("draw"), f"{place}.draw", "cards")


def _read_exchanges(exchanges: list, hands: dict, seen: set, hand: TroisHand) -> None:
    if not exchanges:
        hand.vulnerable = "elder"  # he played without proposing
        return
    stock = STOCK
    for i, entry in enumerate(exchanges):
        where = f"exchanges[{i}]"
        if stock == 0:
            raise EngineError("stock_exhausted", "stock_empty", where)
        if not entry["accepted"]:
            if any(seat in entry for seat in SEATS):
                raise EngineError("bad_exchange", "refused_exchanges", where)
            if i + 1 < len(exchanges):
                raise EngineError("bad_exchange", "after_refusal", f"exchanges[{i + 1}]")
            if i == 0:
                hand.vulnerable = entry["refused_by"]
            return
        if entry.get("elder") is None:
            raise EngineError("bad_exchange", "needs_elder", where)
        for seat in SEATS:
            least = 1 if seat == "elder" else 0
            stock = exchange_side(entry.get(seat) or NO_EXCHANGE, seat, least, hands, seen,
                                  stock, i)


def _read_tricks(tricks: list, hands: dict, hand: TroisHand, revokes: set, illegal: set) -> None:
    check_no_play_after_game_end(hand, len(tricks), "tricks[0]")
    for _, _, _, seat, _ in play_tricks(tricks, hands, SEATS, hand.trump, hand.rules["ranking"],
                                        revokes=revokes, illegal=illegal):
        hand.tricks[seat] += 1
        if hand.tricks[seat] == 2 and hand.first_to_two is None:
            hand.first_to_two = seat


# -- the summary record ---------------------------------------------------------------------
def read_summary(record: dict) -> TroisHand:
    check_keys(record, SUMMARY_RECORD_KEYS, "")
    hand = TroisHand()
    irregularities, _ = _read_header(record, hand)
    summary = read_summary_object(record, SUMMARY_KEYS)
    opening = summary["opening"]
    refused_by = None
    if opening == "refused":
        refused_by = _need_seat(summary.get("refused_by"), "summary.refused_by", ANSWERING)
    elif "refused_by" in summary:
        raise EngineError("bad_summary", "only_refused_names", "summary.refused_by")
    king_turned = need_bool(summary["king_turned"], "summary.king_turned")
    king = _need_seat(summary.get("king"), "summary.king", SEATS, nullable=True)
    holder = read_king_holder(summary, king_turned, SEATS)
    hand.tricks = read_counts(summary, SEATS, "three_counts")
    first = _need_seat(summary.get("first_to_two"), "summary.first_to_two", SEATS,
                       nullable=True)
    _check_game_not_over(hand)

    hand.trump = read_trump(summary, king_turned)
    if king_turned:
        mark_king_turned(hand)
    hand.vulnerable = {"played": "elder", "refused": refused_by, "exchanged": None}[opening]
    if king is not None:
        if king_turned:
            raise EngineError("bad_summary", "king_turned_no_king", "summary.king")
        check_king_held(king, holder, summary, false_king(irregularities, king))
        if not false_king(irregularities, king):
            mark_king_held(hand, king)

    counts = sorted(hand.tricks.values())
    played = sum(counts)
    if counts[0] < 0 or played > 5:
        raise EngineError("bad_summary", "trois_tricks", "summary.tricks")
    check_no_play_after_game_end(hand, played, "summary.tricks")
    read_irregularities(irregularities, hand, king=king, holder=holder, illegal=None,
                        played=played, summary=True, players=PLAYERS)
    if not (hand.game_over_before_play or hand.void) and played != 5:
        raise EngineError("bad_summary", "tricks_add_up", "summary.tricks", count=played)
    if counts == [1, 2, 2]:
        if first is None or hand.tricks[first] != 2:
            raise EngineError("bad_summary", "first_to_two_needed", "summary.first_to_two")
    elif first is not None:
        raise EngineError("bad_summary", "first_to_two_only", "summary.first_to_two")
    hand.first_to_two = first
    return hand


# -- scoring --------------------------------------------------------------------------------
def trick_marks(hand: TroisHand, *, penalty: bool = True) -> list:
    """The marks for the tricks, as (seat, points, for): never more than 3, never all three
    to one player; without the `penalty` of a revoke or a false king, what they would have
    been."""
    tricks, vulnerable = hand.tricks, hand.vulnerable
    most = max(tricks.values())
    if most == 2:  # two-two-one: the first of the two to take his second trick
        taker = hand.first_to_two
    else:
        taker = next(seat for seat in SEATS if tricks[seat] == most)
    marks = [(taker, 1, "point")]
    if most == 5:
        marks.append((taker, 1, "vole"))
    if vulnerable is not None and vulnerable != taker:  # to the third player, in consolation
        third = next(seat for seat in SEATS if seat not in (taker, vulnerable))
        marks.append((third, 1, "refusal"))
    # Each offender loses his last mark (ruling 81): a point becomes nothing, a vole 1; a
    # refusal point he was to mark is lost too.
    return penalised(marks, hand.offenders) if penalty else marks


def result(hand: TroisHand) -> dict:
    marks, points, score, winner_seat = up_to_target(hand, hand_marks(hand, trick_marks))
    split = sorted(hand.tricks.values()) == [1, 2, 2]
    out = {
        "format": RESULT_FORMAT,
        "tricks": dict(hand.tricks),
        "vulnerable": hand.vulnerable,
        "first_to_two": hand.first_to_two if split else None,
        "marks": marks,
        "points": points,
        "score_after": score,
        "game_over": winner_seat is not None,
        "winner": winner_seat,
    } | penalised_list(penalty(hand, trick_marks))
    if hand.in_progress:
        out["in_progress"] = True
    if hand.void:
        out["void"] = True
    return out
