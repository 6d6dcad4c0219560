"""Laws, section 6: the play."""

import pytest

from games.engine import score
from tests.engine.ecarte_kit import (
    DEALER_POINT,
    KING_DEALER,
    LEGAL_DEALS,
    POINT,
    check,
    full,
    play_out,
    rejects,
)


@pytest.mark.parametrize("name", sorted(LEGAL_DEALS))
def test_a_legal_line_of_play_is_accepted(name):
    deal, expected = LEGAL_DEALS[name]
    assert play_out(deal.elder, deal.dealer, deal.turn_up[1], deal.tricks) == expected
    assert score(deal.record())["tricks"] == {"elder": expected[0], "dealer": expected[1]}


def opening(elder, dealer, *tricks, turn_up="7D", **extra):
    return full(elder, dealer, turn_up, [], [t.split() for t in tricks], in_progress=True, **extra)


def test_elder_leads_to_the_first_trick():
    rejects(POINT.record(tricks=[["AS", "KH"]]), "card_not_held", "tricks[0][0]", mentions=["AS"])


def test_the_winner_of_a_trick_leads_to_the_next():
    tricks = POINT.tricks[:4] + [["8C", "KC"]]  # the dealer won trick 4 with AC
    rejects(POINT.record(tricks=tricks), "card_not_held", "tricks[4][0]", mentions=["8C"])


def test_a_card_not_held_cannot_be_led():
    rejects(POINT.record(tricks=[["KS", "9S"]]), "card_not_held", "tricks[0][0]", mentions=["KS"])


def test_a_card_not_held_cannot_be_played_to_a_trick():
    rejects(POINT.record(tricks=[["KH", "QS"]]), "card_not_held", "tricks[0][1]", mentions=["QS"])


def test_a_card_played_once_cannot_be_played_again():
    rejects(POINT.record(tricks=[["KH", "9S"], ["KH", "TS"]]), "card_not_held", "tricks[1][0]")


def test_follower_must_follow_suit():
    record = KING_DEALER.record(tricks=[["KS", "7H"]])
    rejects(record, "must_follow_suit", "tricks[0][1]", mentions=["KS"])


def test_follower_must_win_the_trick_when_he_can():
    record = opening("TC KH QH JH 8C", "9C AC AS TS 9S", "TC 9C")
    rejects(record, "must_win_trick", "tricks[0][1]", mentions=["TC", "AC"])


def test_follower_must_win_a_trump_lead_when_he_can():
    record = opening("QD KH QH JH 8C", "KD 8D AS TS 9S", "QD 8D")
    rejects(record, "must_win_trick", "tricks[0][1]", mentions=["QD", "KD"])


def test_follower_who_cannot_win_may_play_any_card_of_the_suit():
    check(opening("KC KH QH JH 8C", "7C 9C AS TS 9S", "KC 9C"), [], tricks=(1, 0))
    check(opening("KC KH QH JH 8C", "7C 9C AS TS 9S", "KC 7C"), [], tricks=(1, 0))


def test_follower_who_can_win_may_choose_which_higher_card():
    check(opening("7C KH QH JH 8C", "KC 9C AS TS 9S", "7C 9C"), [], tricks=(0, 1))
    check(opening("7C KH QH JH 8C", "KC 9C AS TS 9S", "7C KC"), [], tricks=(0, 1))


def test_follower_void_in_the_suit_led_must_trump():
    record = KING_DEALER.record(tricks=KING_DEALER.tricks[:2] + [["QH", "AC"]])
    rejects(record, "must_trump", "tricks[2][1]", mentions=["QH", "KD"])


def test_a_void_follower_may_trump_with_any_trump():
    check(opening("KH 7S 8S 9S TS", "KD 8D AC TC 9C", "KH 8D"), [], tricks=(0, 1))


def test_follower_void_in_the_suit_and_in_trumps_may_play_any_card():
    check(opening("KH 7S 8S 9S TS", "AC TC 9C 8C 7C", "KH 7C"), [], tricks=(1, 0))


def test_trump_led_must_be_followed_with_a_trump():
    record = opening("8D KH QH JH 8C", "9D AS TS 9S 7C", "8D AS")
    rejects(record, "must_follow_suit", "tricks[0][1]", mentions=["8D", "9D"])


def test_a_trump_played_to_a_plain_lead_wins():
    check(opening("AH 7S 8S 9S TS", "8D AC TC 9C 7C", "AH 8D"), [], tricks=(0, 1))


def test_the_trick_goes_to_the_higher_card_of_the_suit_led():
    check(opening("AH 7S 8S 9S TS", "KH AC TC 9C 7C", "AH KH"), [], tricks=(0, 1))


def test_in_classic_ranking_a_knave_must_be_played_on_an_ace():
    rejects(opening("AH KS QS 7C 8C", "JH 9H 9S KC QC", "AH 9H"), "must_win_trick",
            "tricks[0][1]", mentions=["AH", "JH"])


def test_with_ace_high_nothing_beats_an_ace():
    rules = {"ranking": "ace_high"}
    check(opening("AH KS QS 7C 8C", "JH 9H 9S KC QC", "AH 9H", rules=rules), [], tricks=(1, 0))


def test_with_ace_high_an_ace_must_be_played_on_a_knave():
    rules = {"ranking": "ace_high"}
    rejects(opening("JH KS QS 7C 8C", "AH 9H 9S KC QC", "JH 9H", rules=rules), "must_win_trick",
            "tricks[0][1]", mentions=["JH", "AH"])
    check(opening("JH KS QS 7C 8C", "AH 9H 9S KC QC", "JH 9H"), [], tricks=(1, 0))


def test_a_trick_is_exactly_two_cards():
    rejects(POINT.record(tricks=[["KH"]]), "bad_format", "tricks[0]")
    rejects(POINT.record(tricks=[["KH", "9S", "TS"]]), "bad_format", "tricks[0]")


def test_the_dealer_leads_after_winning_and_the_elder_follows_by_the_same_rules():
    # trick 4 of DEALER_POINT: the dealer leads KC and the elder must follow with a club
    tricks = DEALER_POINT.tricks[:3] + [["KC", "KH"]]
    rejects(DEALER_POINT.record(tricks=tricks), "card_not_held", "tricks[3][1]")
    tricks = [["7C", "QC"], ["KC", "KH"]]
    rejects(DEALER_POINT.record(tricks=tricks), "must_follow_suit", "tricks[1][1]", mentions=["KC"])
