"""Laws, section 5: the king of trumps."""

from tests.engine.ecarte_kit import (
    KING_DEALER,
    KING_ELDER,
    POINT,
    TURNED_KING,
    check,
    ex,
    full,
    rejects,
    summary,
)


def test_elder_holding_the_king_of_trumps_marks_one_by_announcing_it():
    check(KING_ELDER.record(king="elder"), [("elder", 1, "king_held"), ("elder", 1, "point")],
          tricks=(3, 2))


def test_dealer_holding_the_king_of_trumps_marks_one_by_announcing_it():
    check(KING_DEALER.record(king="dealer"),
          [("dealer", 1, "king_held"), ("dealer", 1, "point"), ("dealer", 1, "refusal")],
          tricks=(2, 3))


def test_a_king_not_announced_marks_nothing():
    check(KING_ELDER.record(), [("elder", 1, "point")])
    check(KING_ELDER.record(king=None), [("elder", 1, "point")])


def test_the_king_of_trumps_is_the_king_of_the_turn_ups_suit():
    record = full("KH QH JH 7C 8C", "AS TS 9S AC KC", "7H", [], [], in_progress=True, king="elder")
    check(record, [("elder", 1, "king_held")])


def test_a_king_drawn_in_the_exchange_counts_like_one_dealt():
    record = POINT.record([ex("8C", "KD", "9S", "9H")], king="elder",
                          tricks=["KH 9H", "QH AS", "JH TS", "KD AC", "7C KC"])
    check(record, [("elder", 1, "king_held"), ("elder", 1, "point")], tricks=(4, 1),
          vulnerable=None)


def test_a_king_drawn_by_the_dealer_counts_like_one_dealt():
    record = POINT.record([ex("8C", "9H", "9S", "KD")], king="dealer", tricks=[], in_progress=True)
    check(record, [("dealer", 1, "king_held")])


def test_announcing_a_king_not_held_is_king_not_held():
    rejects(POINT.record(king="elder"), "king_not_held", "king")
    rejects(POINT.record(king="dealer"), "king_not_held", "king")


def test_only_the_holder_of_the_king_can_announce_it():
    rejects(KING_ELDER.record(king="dealer"), "king_not_held", "king")


def test_a_king_discarded_in_the_exchange_is_not_held_when_play_starts():
    record = KING_ELDER.record([ex("KD", "9H", "9S", "QC")], king="elder", tricks=[],
                               in_progress=True)
    rejects(record, "king_not_held", "king")


def test_a_turned_up_king_is_held_by_no_one():
    rejects(TURNED_KING.record(king="dealer"), "king_not_held", "king")
    rejects(TURNED_KING.record(king="elder"), "king_not_held", "king")


def test_a_king_announced_in_a_summary_marks_one():
    check(summary("exchanged", 2, 3, king="elder"),
          [("elder", 1, "king_held"), ("dealer", 1, "point")])


def test_the_king_is_marked_in_a_hand_in_progress():
    check(KING_ELDER.first(2, king="elder", in_progress=True), [("elder", 1, "king_held")],
          tricks=(2, 0))
