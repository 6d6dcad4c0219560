"""Reading a summary record: the outcome of a hand without its cards."""
from .cards import parse_card
from .errors import EngineError
from .full import check_announced_in_time, first_leader, read_announced, tricks_before_king
from .hand import CheckedHand
from .header import (
    check_game_not_over,
    check_keys,
    check_no_play_after_game_end,
    declared,
    false_king,
    forgotten_marks,
    mark_king_held,
    mark_king_turned,
    need_bool,
    need_object,
    need_role,
    read_header,
    read_target_card,
)
from .irregularities import check_count, check_marks, read_irregularities
from .scoring import hand_marks

SUMMARY_RECORD_KEYS = frozenset(
    "format rules score_before target target_card summary double offer irregularities".split()
)
SUMMARY_KEYS = frozenset(
    "opening king_turned king king_holder king_announced tricks turn_up".split())
VULNERABLE_BY_OPENING = {"played": "elder", "refused": "dealer", "exchanged": None}


def read_summary_object(record: dict, keys: frozenset) -> dict:
    """The record's `summary`, with the keys every form's summary needs and a known opening
    (shared with the records à trois and à quatre)."""
    if "summary" not in record:
        raise EngineError("bad_format", "deal_or_summary")
    summary = need_object(record["summary"], "summary", "object")
    check_keys(summary, keys, "summary")
    for key in ("opening", "king_turned", "tricks"):
        if key not in summary:
            raise EngineError("bad_format", "needs_key", f"summary.{key}", where="summary",
                              key=key)
    if type(summary["opening"]) is not str or summary["opening"] not in VULNERABLE_BY_OPENING:
        raise EngineError("bad_format", "opening", "summary.opening")
    return summary


def read_counts(summary: dict, names: tuple, what: str, keys: dict | None = None) -> dict:
    """`summary.tricks` as whole numbers by name (a name left out took none), each kept under
    its key in `keys` if given (à quatre, a side's under its role); `what` the refusal of
    another shape (a detail of errors.MESSAGES)."""
    tricks = need_object(summary["tricks"], "summary.tricks", what)
    check_keys(tricks, frozenset(names), "summary.tricks")
    counts = {}
    for name in names:
        count = tricks.get(name, 0)
        if type(count) is not int:
            raise EngineError("bad_format", "whole_number", f"summary.tricks.{name}",
                              where=f"summary.tricks.{name}")
        counts[keys[name] if keys else name] = count
    return counts


def read_trump(summary: dict, king_turned: bool) -> str | None:
    """The trump suit of the summary's `turn_up`, if given, which must agree with
    `king_turned`."""
    if "turn_up" not in summary:
        return None
    turn_up = parse_card(summary["turn_up"])
    if turn_up is None:
        raise EngineError("bad_card", "turn_up_not_a_card", "summary.turn_up",
                          value=summary["turn_up"])
    if (turn_up[0] == "K") != king_turned:
        raise EngineError("bad_summary", "turn_up_disagrees", "summary.king_turned",
                          card=turn_up, value=str(king_turned).lower())
    return turn_up[1]


def read_king_holder(summary: dict, king_turned: bool, seats: tuple):
    """Who held the king of trumps when play began, if the summary says (`king_holder`, one of
    `seats` or null): then a false king is excused when an adversary held it (docs/rules.md,
    ruling 90). A king announced, not false, is the holder's; a king turned up is no one's."""
    if "king_holder" not in summary:
        return None
    holder = summary["king_holder"]
    if not (holder is None or type(holder) is str and holder in seats):
        raise EngineError("bad_format", "king_holder_one_of", "summary.king_holder",
                          seats=seats)
    if king_turned and holder is not None:
        raise EngineError("bad_summary", "king_turned_no_holder", "summary.king_holder")
    return holder


def king_to_mark(king, king_turned: bool, holder, summary: dict, irregularities: list) -> bool:
    """Whether the king a summary says `king` announced is his to mark: none was announced
    (None); one announced when the king was turned up is refused; one that was not his is
    refused (king_not_held) unless a false king names him, and then it is not marked."""
    if king is None:
        return False
    if king_turned:
        raise EngineError("bad_summary", "king_turned_no_king", "summary.king")
    if false_king(irregularities, king):
        return False
    if "king_holder" in summary and holder != king:
        raise EngineError("king_not_held", "king_not_held_summary", "summary.king", seat=king)
    return True


def read_summary(record: dict) -> CheckedHand:
    check_keys(record, SUMMARY_RECORD_KEYS, "")
    hand = CheckedHand()
    irregularities, _ = read_header(record, hand)
    summary = read_summary_object(record, SUMMARY_KEYS)
    opening = summary["opening"]
    king_turned = need_bool(summary["king_turned"], "summary.king_turned")
    king = need_role(summary.get("king"), "summary.king", nullable=True)
    announced = read_announced(summary, king, "summary.")
    holder = read_king_holder(summary, king_turned, ("elder", "dealer"))
    hand.tricks.update(read_counts(summary, ("elder", "dealer"), "two_counts"))
    check_game_not_over(hand)
    read_target_card(record)

    forgotten = forgotten_marks(irregularities)
    hand.trump = read_trump(summary, king_turned)
    if king_turned and not declared(irregularities, "misdeal_played"):  # ruling 86
        mark_king_turned(hand, ("dealer", "king_turned") in forgotten)
    hand.vulnerable = VULNERABLE_BY_OPENING[opening]
    if king_to_mark(king, king_turned, holder, summary, irregularities):
        check_announced_in_time(hand, announced, "summary.king_announced")
        mark_king_held(hand, king, (king, "king_held") in forgotten, tricks_before_king(
            announced, led_first=first_leader(irregularities) == king))

    played = hand.tricks["elder"] + hand.tricks["dealer"]
    if min(hand.tricks.values()) < 0 or played > 5:
        raise EngineError("bad_summary", "player_tricks", "summary.tricks")
    check_no_play_after_game_end(hand, played, "summary.tricks")
    read_irregularities(irregularities, hand, king=king, holder=holder, illegal=None,
                        played=played, summary=True)
    check_count(hand, played, "summary.tricks", code="bad_summary", summary=True)
    if irregularities:
        check_marks(irregularities, hand_marks(hand))
    return hand
