"""Laws, section 2: the deal."""

from tests.engine.ecarte_kit import POINT, TURNED_KING, check, ex, full, rejects, summary


def test_each_player_is_dealt_five_cards():
    record = POINT.record(in_progress=True, tricks=[])
    check(record, [], tricks=(0, 0), vulnerable="elder")


def test_an_elder_with_four_cards_is_wrong_hand_size():
    record = full("KH QH JH 7C", "AS TS 9S AC KC", "7D", [], in_progress=True)
    rejects(record, "wrong_hand_size", "deal.elder")


def test_a_dealer_with_six_cards_is_wrong_hand_size():
    record = full("KH QH JH 7C 8C", "AS TS 9S AC KC QC", "7D", [], in_progress=True)
    rejects(record, "wrong_hand_size", "deal.dealer")


def test_a_card_dealt_twice_to_one_hand_is_a_duplicate():
    record = full("KH QH KH 7C 8C", "AS TS 9S AC KC", "7D", [], in_progress=True)
    rejects(record, "duplicate_card", "deal.elder[2]", mentions=["KH"])


def test_a_card_dealt_to_both_players_is_a_duplicate():
    record = full("KH QH JH 7C 8C", "AS KH 9S AC KC", "7D", [], in_progress=True)
    rejects(record, "duplicate_card", "deal.dealer[1]", mentions=["KH"])


def test_the_turn_up_cannot_also_be_in_a_hand():
    record = full("KH QH JH 7C 8C", "AS TS 9S AC KC", "JH", [], in_progress=True)
    rejects(record, "duplicate_card", "deal.turn_up", mentions=["JH"])


def test_a_bad_turn_up_is_bad_card():
    record = full("KH QH JH 7C 8C", "AS TS 9S AC KC", "1D", [], in_progress=True)
    rejects(record, "bad_card", "deal.turn_up")


def test_the_suit_of_the_turn_up_is_trumps():
    hands = ("KH 7S 8S 9S TS", "8D 9D TD JD QD")
    diamonds = full(*hands, "7D", [], [["KH", "8D"]], in_progress=True)
    clubs = full(*hands, "7C", [], [["KH", "8D"]], in_progress=True)
    check(diamonds, [], tricks=(0, 1))
    check(clubs, [], tricks=(1, 0))


def test_the_turn_up_is_never_drawn_from_the_stock():
    record = POINT.record([ex("8C", "7D", "9S", "QC")], in_progress=True, tricks=[])
    rejects(record, "duplicate_card", "exchanges[0].elder.draw[0]", mentions=["7D"])


def test_king_turned_up_marks_the_dealer_one_point():
    check(TURNED_KING.first(0, in_progress=True), [("dealer", 1, "king_turned")])


def test_king_turned_up_is_marked_even_when_the_dealer_then_loses():
    check(TURNED_KING.record(),
          [("dealer", 1, "king_turned"), ("elder", 1, "point")],
          tricks=(3, 2), vulnerable="elder")


def test_any_other_turn_up_marks_nothing():
    check(POINT.record(), [("elder", 1, "point")], tricks=(3, 2))


def test_king_turned_up_in_a_summary_marks_the_dealer_one_point():
    check(summary("exchanged", 3, 2, king_turned=True),
          [("dealer", 1, "king_turned"), ("elder", 1, "point")])


def test_a_claimed_misdeal_is_replayed_and_scores_nothing():
    record = TURNED_KING.record(tricks=[], irregularities=[{"type": "replay", "reason": "misdeal"}])
    check(record, [], void=True)
