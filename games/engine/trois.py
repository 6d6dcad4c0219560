"""Écarté à trois: three players, all playing (docs/rules.md, section 12).

    score_trois(record) -> result dict (docs/hand-record.md, "Écarté à trois"), raises
    EngineError

The seats are named by role: `elder` at the dealer's left leads first, `middle` at the
elder's left, then `dealer`. Play passes to the left, in that order.
"""
from . import many
from .errors import EngineError
from .irregularities import Players
from .many import SUMMARY_KEYS, Form, need_seat, read
from .scoring import hand_marks, penalised, penalised_list, penalty, up_to_target

FORMAT = "ecarte-trois/1"
RESULT_FORMAT = "ecarte-trois-result/1"
SEATS = ("elder", "middle", "dealer")
ANSWERING = ("middle", "dealer")  # who answers a proposal, in turn
STOCK = 16
TARGET = 7
# The Laws' irregularities, each player for himself: his own trick marks bear his penalty, and
# the king of trumps in either other hand excuses his false king (rulings 81 and 82).
PLAYERS = Players(names=SEATS, types=("revoke", "false_king", "replay"),
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
    return result(read(record, FORM))


def read_full(record: dict) -> TroisHand:
    """The checked hand of a full à trois record (games.engine.many reads both forms)."""
    return many.read_full(record, FORM)


def read_summary(record: dict) -> TroisHand:
    """The checked hand of an à trois summary record."""
    return many.read_summary(record, FORM)


# -- the first to two tricks: who takes the point when the tricks fall two, two and one --------
def _took(hand: TroisHand, takers: list) -> None:
    """The first seat to take his second trick, from the seats that took the tricks in order."""
    won = dict.fromkeys(SEATS, 0)
    for seat in takers:
        won[seat] += 1
        if won[seat] == 2:
            hand.first_to_two = seat
            return


def _read_first_to_two(summary: dict):
    """The summary's `first_to_two`: a seat, or null."""
    return need_seat(summary.get("first_to_two"), "summary.first_to_two", SEATS, nullable=True)


def _check_first_to_two(hand: TroisHand, first) -> None:
    """`first_to_two` is given when two players took two tricks each, and then only."""
    if sorted(hand.tricks.values()) == [1, 2, 2]:
        if first is None or hand.tricks[first] != 2:
            raise EngineError("bad_summary", "first_to_two_needed", "summary.first_to_two")
    elif first is not None:
        raise EngineError("bad_summary", "first_to_two_only", "summary.first_to_two")
    hand.first_to_two = first


FORM = Form(
    format=FORMAT, seats=SEATS, answering=ANSWERING, stock=STOCK, target=TARGET,
    scorers=SEATS, scorer="seat", role={seat: seat for seat in SEATS},
    seat_role={seat: seat for seat in SEATS},
    details={"scores": "three_scores", "game_over": "withdrawn", "deal": "three_hands",
             "counts": "three_counts", "range": "trois_tricks"}, hand=TroisHand,
    players=PLAYERS, summary_keys=SUMMARY_KEYS | {"first_to_two"}, took=_took,
    read_more=_read_first_to_two, check_more=_check_first_to_two)


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
