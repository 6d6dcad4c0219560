"""docs/rules.md, Rulings 1 to 11 (the record, the exchange): one test (or a few) per ruling,
named after it."""

import pytest

from games.engine import EngineError, loads, score
from tests.engine.ecarte_kit import (
    EXCHANGE_ONE,
    POINT,
    REFUSE,
    before,
    check,
    ex,
    exhausting,
    full,
    rejects,
    summary,
)


# 1 -----------------------------------------------------------------------------------------
def test_ruling_01_a_full_record_needs_exchanges():
    record = POINT.record()
    del record["exchanges"]
    rejects(record, "bad_format", at_prefix="")


def test_ruling_01_tricks_left_out_means_no_trick_yet():
    record = POINT.record(in_progress=True)
    del record["tricks"]
    check(record, [], tricks=(0, 0))


# 2 -----------------------------------------------------------------------------------------
def test_ruling_02_a_summary_needs_opening_king_turned_and_tricks():
    for key in ("opening", "king_turned", "tricks"):
        record = summary("played", 3, 2)
        del record["summary"][key]
        rejects(record, "bad_format", at_prefix="summary")


def test_ruling_02_summary_king_defaults_to_null_and_turn_up_is_optional():
    check(summary("played", 3, 2), [("elder", 1, "point")])
    check(summary("played", 3, 2, king=None, s_turn_up="9D"), [("elder", 1, "point")])


def test_ruling_02_in_progress_in_a_summary_is_unknown_field():
    rejects(summary("played", 3, 2, in_progress=True), "unknown_field", "in_progress")


# 3 -----------------------------------------------------------------------------------------
def test_ruling_03_text_that_is_not_json_is_bad_json():
    with pytest.raises(EngineError) as info:
        loads("deal: KH QH")
    assert info.value.code == "bad_json"


def test_ruling_03_json_that_is_not_an_object_is_bad_format_at_the_root():
    for text in ('"KH"', "3", "null", "[]"):
        with pytest.raises(EngineError) as info:
            score(loads(text))
        assert (info.value.code, info.value.at) == ("bad_format", "")


# 4 -----------------------------------------------------------------------------------------
def test_ruling_04_table_options_of_the_rules_are_accepted_and_ignored():
    rules = {"target": 7, "game_value": "graded", "rubber_games": 3, "pool_unit": "game",
             "pool_streak": 2, "pool_entry": "5.00", "pool_forfeit": "0", "levy_percent": 5,
             "wager_style": "french"}
    check(POINT.record(rules=rules, score_before=before(4, 0)), [("elder", 1, "point")],
          game_over=True, winner="elder")


def test_ruling_04_hand_options_are_checked():
    for key in ("ranking", "dealer_exchange", "doubling", "offer_point"):
        rejects(POINT.record(rules={key: "maybe"}), "bad_format", "rules." + key)


def test_ruling_04_any_other_rules_key_is_unknown_field():
    rejects(POINT.record(rules={"trumps": "D"}), "unknown_field", "rules.trumps")


# 5 -----------------------------------------------------------------------------------------
def test_ruling_05_a_card_may_be_written_in_any_case_with_10_or_a_suit_symbol():
    record = full(["kh", "Q♥", "jH", "7c", "8♣"], ["as", "10s", "9♠", "AC", "kc"], "7♦", [],
                  [["KH", "9s"], ["qh", "10♠"], ["J♥", "AS"], ["7C", "ac"], ["K♣", "8C"]])
    check(record, [("elder", 1, "point")], tricks=(3, 2))


@pytest.mark.parametrize("card", [10, None, ["K", "H"], {"rank": "K"}, True])
def test_ruling_05_a_card_that_is_not_a_string_is_bad_card(card):
    record = full([card, "QH", "JH", "7C", "8C"], "AS TS 9S AC KC", "7D", [], [], in_progress=True)
    rejects(record, "bad_card", "deal.elder[0]")


# 6 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", [0, -5, 2.5, "5"])
def test_ruling_06_target_is_a_whole_number_of_at_least_one(target):
    rejects(POINT.record(target=target), "bad_format", "target")


@pytest.mark.parametrize("value", [-1, 1.5, "2"])
def test_ruling_06_score_before_holds_whole_numbers_of_at_least_zero(value):
    rejects(POINT.record(score_before=before(value, 0)), "bad_format", "score_before.elder")


def test_ruling_06_a_score_before_at_the_target_is_after_game_end():
    rejects(POINT.record(score_before=before(0, 5)), "after_game_end", "score_before.dealer")
    rejects(POINT.record(score_before=before(7, 0), target=7), "after_game_end",
            "score_before.elder")
    check(POINT.record(score_before=before(4, 6), target=7), [("elder", 1, "point")])


def test_ruling_06_after_game_end_in_score_before_comes_before_the_deal():
    record = POINT.record(score_before=before(5, 0))
    record["deal"]["elder"][0] = "XX"
    rejects(record, "after_game_end", "score_before.elder")


# 7 -----------------------------------------------------------------------------------------
def test_ruling_07_the_dealers_part_may_be_left_out_when_he_took_none():
    record = POINT.first(0, exchanges=[ex("8C", "9H")], in_progress=True,
                         rules={"dealer_exchange": "optional"})
    check(record, [], vulnerable=None)


def test_ruling_07_unequal_lengths_or_a_count_out_of_range_is_bad_exchange():
    for entry in (ex("8C", "9H 8H", "9S", "QC"), ex([], [], "9S", "QC"),
                  ex("8C", "9H", "9S TS", "QC")):
        rejects(POINT.first(0, exchanges=[entry], in_progress=True), "bad_exchange",
                at_prefix="exchanges[0]")


# 8 -----------------------------------------------------------------------------------------
def test_ruling_08_under_required_the_dealer_takes_a_card_unless_the_stock_is_empty():
    rules = {"dealer_exchange": "required"}
    rejects(POINT.first(0, exchanges=[ex("8C", "9H")], rules=rules, in_progress=True),
            "bad_exchange", at_prefix="exchanges[0]")
    check(POINT.first(0, exchanges=exhausting(), rules=rules, in_progress=True), [])


# 9 -----------------------------------------------------------------------------------------
def test_ruling_09_drawing_more_than_the_stock_holds_is_stock_exhausted():
    entries = exhausting()
    entries[2] = ex(POINT.stock[10:12], [POINT.stock[20], "KH"])
    rejects(POINT.first(0, exchanges=entries, in_progress=True), "stock_exhausted",
            at_prefix="exchanges[2]")


def test_ruling_09_any_entry_after_the_stock_is_empty_is_stock_exhausted():
    rejects(POINT.first(0, exchanges=exhausting() + [REFUSE], in_progress=True),
            "stock_exhausted", at_prefix="exchanges[3]")


# 10 ----------------------------------------------------------------------------------------
def test_ruling_10_discarding_a_card_not_held_is_card_not_held():
    rejects(POINT.first(0, exchanges=[ex("AS", "9H", "9S", "QC")], in_progress=True),
            "card_not_held", "exchanges[0].elder.discard[0]")


@pytest.mark.parametrize("card", ["AS", "7D", "8C", "9H"])  # in a hand, turn-up, discarded, drawn
def test_ruling_10_drawing_a_card_not_in_the_stock_is_duplicate_card(card):
    entries = [ex("8C", "9H", "9S", "QC"), ex("7C", card, "TS", "8S")]
    rejects(POINT.first(0, exchanges=entries, in_progress=True), "duplicate_card",
            "exchanges[1].elder.draw[0]")


# 11 ----------------------------------------------------------------------------------------
def test_ruling_11_a_refusal_followed_by_any_entry_is_bad_exchange():
    for follow in (EXCHANGE_ONE, REFUSE):
        rejects(POINT.first(0, exchanges=[REFUSE, follow], in_progress=True), "bad_exchange",
                at_prefix="exchanges[1]")
