"""docs/hand-record.md, cards: `10` for `T`, lower case and suit symbols on input; canonical
output."""

import pytest

from games.engine import analyse, score
from tests.engine.ecarte_kit import POINT, check, ex, full, rejects, summary

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def written(card, ten=False, lower=False, symbol=False):
    rank, suit = card[0], card[1]
    if ten and rank == "T":
        rank = "10"
    if symbol:
        suit = SYMBOL[suit]
    text = rank + suit
    return text.lower() if lower else text


def rewrite(record, **how):
    """The same record with every card written another way."""
    if isinstance(record, str):
        return written(record, **how)
    if isinstance(record, list):
        return [rewrite(x, **how) for x in record]
    if isinstance(record, dict):
        out = {}
        for key, value in record.items():
            cardish = key in ("deal", "exchanges", "tricks", "elder", "dealer", "turn_up",
                              "discard", "draw")
            out[key] = rewrite(value, **how) if cardish and not isinstance(value, (bool, int)) \
                else value
        return out
    return record


# POINT with a ten in each hand: TS with the dealer, and an exchange that draws TH
TENS = POINT.record([ex("8C", "TH", "9S", "TC")],
                    tricks=[["KH", "AS"], ["QH", "TS"], ["JH", "TC"], ["TH", "KC"], ["7C", "AC"]])


@pytest.mark.parametrize("how", [{"ten": True}, {"lower": True}, {"symbol": True},
                                 {"ten": True, "lower": True, "symbol": True}])
def test_another_notation_gives_the_same_result(how):
    assert score(rewrite(TENS, **how)) == score(TENS)


def test_ten_may_be_written_10():
    assert rewrite("TS", ten=True) == "10S"
    check(rewrite(TENS, ten=True), [("elder", 1, "point")], tricks=(4, 1))


def test_cards_may_be_written_in_lower_case_or_mixed_case():
    record = full("kh qH Jh 7c 8C", "aS ts 9s ac Kc", "7d", [],
                  ["kh 9S", "Qh ts", "jH as", "7C aC", "kc 8c"])
    check(record, [("elder", 1, "point")], tricks=(3, 2))


def test_suits_may_be_written_as_symbols():
    record = full("K♥ Q♥ J♥ 7♣ 8♣", "A♠ 10♠ 9♠ A♣ K♣", "7♦", [],
                  ["K♥ 9♠", "Q♥ 10♠", "J♥ A♠", "7♣ A♣", "K♣ 8♣"])
    check(record, [("elder", 1, "point")], tricks=(3, 2))


def test_the_turn_up_written_as_a_symbol_sets_trumps():
    record = full("KH 7S 8S 9S TS", "8D 9D TD JD QD", "7♦", [], [["KH", "8D"]], in_progress=True)
    check(record, [], tricks=(0, 1))


def test_the_analysis_names_cards_in_canonical_form():
    by_lead = analyse(rewrite(TENS, ten=True, lower=True, symbol=True))["by_lead"]
    assert set(by_lead) == {"KH", "QH", "JH", "TH", "7C"}  # the elder's hand after the exchange
    by_lead = analyse(full("kh 10h jh 7♣ 8c", "AS TS 9S AC KC", "7D", []))["by_lead"]
    assert set(by_lead) == {"KH", "TH", "JH", "7C", "8C"}


def test_error_messages_name_cards_in_canonical_form():
    record = full("10c KH QH JH 8C", "9c a♣ AS TS 9S", "7D", [], [["10♣", "9♣"]],
                  in_progress=True)
    rejects(record, "must_win_trick", "tricks[0][1]", mentions=["TC", "AC"])


def test_the_same_card_in_two_notations_is_a_duplicate():
    record = full("KH QH JH 7C TS", "AS 10♠ 9S AC KC", "7D", [], [], in_progress=True)
    rejects(record, "duplicate_card", "deal.dealer[1]")
    record = full("KH QH JH 7C ts", "AS TS 9S AC KC", "7D", [], [], in_progress=True)
    rejects(record, "duplicate_card", "deal.dealer[1]")


def test_a_summary_turn_up_may_use_any_notation():
    check(summary("played", 3, 2, king_turned=True, s_turn_up="k♦"),
          [("dealer", 1, "king_turned"), ("elder", 1, "point")])


@pytest.mark.parametrize("card", ["1S", "10", "T", "♠", "SK", "♠K", "K S", " KS", "KS ", "KSS",
                                  "11H", "1OS", "TEN", "01S", "K10"])
def test_anything_else_is_bad_card(card):
    record = full([card, "QH", "JH", "7C", "8C"], "AS TS 9S AC KC", "7D", [], [], in_progress=True)
    rejects(record, "bad_card", "deal.elder[0]")


@pytest.mark.parametrize("card", ["K♤", "K♡", "K♢", "K♧", "K♠\ufe0f"])
def test_only_the_four_suit_symbols_of_hand_record_md_are_suits(card):
    # Ruling 5 (docs/rules.md): suit S H D C or ♠ ♥ ♦ ♣; the white symbols (or an emoji-style ♠
    # followed by the variation selector U+FE0F) are "anything else"
    record = full([card, "QH", "JH", "7C", "8C"], "AS TS 9S AC QC", "7D", [], [], in_progress=True)
    rejects(record, "bad_card", "deal.elder[0]")
