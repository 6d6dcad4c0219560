"""docs/rules.md, Rulings: one test (or a few) per numbered ruling, named after it."""

import pytest

from games.engine import EngineError, analyse, loads, score
from tests.engine.ecarte_kit import (
    DEALER_POINT,
    DEALER_VOLE,
    ELDER_VOLE,
    EXCHANGE_ONE,
    KING_DEALER_ELDER_WINS,
    KING_ELDER,
    POINT,
    REFUSE,
    REVOKE_POINT,
    REVOKE_VOLE,
    TURNED_KING,
    before,
    check,
    ex,
    exhausting,
    full,
    rejects,
    summary,
)

BOTH = {"doubling": True, "offer_point": True}


def irr(kind, by=None, **extra):
    entry = {"type": kind}
    if by:
        entry["by"] = by
    entry.update(extra)
    return entry


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


# 12 ----------------------------------------------------------------------------------------
def test_ruling_12_a_game_ending_turned_king_forbids_any_exchange():
    record = TURNED_KING.record([EXCHANGE_ONE], tricks=[], score_before=before(0, 4))
    rejects(record, "after_game_end", "exchanges[0]")
    record = TURNED_KING.record([REFUSE], tricks=[], score_before=before(0, 4))
    rejects(record, "after_game_end", "exchanges[0]")


def test_ruling_12_a_game_ending_king_held_forbids_any_trick_double_or_offer():
    record = KING_ELDER.record(king="elder", tricks=[], score_before=before(4, 0), rules=BOTH)
    check(record, [("elder", 1, "king_held")], game_over=True, winner="elder")
    rejects(KING_ELDER.first(1, king="elder", score_before=before(4, 0)), "after_game_end",
            "tricks[0]")
    rejects(dict(record, double={"by": "dealer", "before_trick": 1, "accepted": False}),
            "after_game_end", "double")
    rejects(dict(record, offer={"by": "dealer", "accepted": True}), "after_game_end", "offer")


def test_ruling_12_a_king_held_may_follow_an_exchange_and_still_end_the_game():
    record = POINT.record([ex("8C", "KD", "9S", "9H")], king="elder", tricks=[],
                          score_before=before(4, 2))
    check(record, [("elder", 1, "king_held")], game_over=True, winner="elder", vulnerable=None)


# 13 ----------------------------------------------------------------------------------------
def test_ruling_13_the_mark_that_reaches_the_target_is_cut_and_no_later_mark_is_listed():
    check(ELDER_VOLE.record(score_before=before(4, 4)), [("elder", 1, "point")],
          score_after=(5, 4), game_over=True, winner="elder")
    check(POINT.first(0, irregularities=[irr("abandon", "elder")], score_before=before(0, 4)),
          [("dealer", 1, "abandon")], score_after=(0, 5), game_over=True, winner="dealer")
    check(POINT.record(rules=BOTH, double={"by": "elder", "before_trick": 1, "accepted": True},
                       score_before=before(4, 0)),
          [("elder", 1, "point")], score_after=(5, 0), game_over=True, winner="elder")


def test_ruling_13_a_doubled_vole_is_cut_inside_the_double_mark():
    check(ELDER_VOLE.record(rules=BOTH, double={"by": "elder", "before_trick": 1, "accepted": True},
                            score_before=before(2, 0)),
          [("elder", 1, "point"), ("elder", 1, "vole"), ("elder", 1, "double")],
          score_after=(5, 0), game_over=True, winner="elder")


def test_ruling_13_a_king_turned_that_reaches_the_target_is_the_last_mark():
    check(TURNED_KING.record(tricks=[], score_before=before(3, 4)), [("dealer", 1, "king_turned")],
          score_after=(3, 5), game_over=True, winner="dealer")


# 14 ----------------------------------------------------------------------------------------
def test_ruling_14_marks_come_king_turned_then_king_held_then_the_trick_award():
    check(TURNED_KING.record(), [("dealer", 1, "king_turned"), ("elder", 1, "point")])
    check(KING_ELDER.record(king="elder"), [("elder", 1, "king_held"), ("elder", 1, "point")])


# 15 ----------------------------------------------------------------------------------------
def test_ruling_15_point_then_vole_or_refusal_never_both():
    check(DEALER_VOLE.record(), [("dealer", 1, "point"), ("dealer", 1, "vole")])
    check(DEALER_POINT.record(), [("dealer", 1, "point"), ("dealer", 1, "refusal")])


def test_ruling_15_abandon_is_one_mark():
    check(POINT.first(1, exchanges=[REFUSE], irregularities=[irr("abandon", "elder")]),
          [("dealer", 1, "abandon")])
    check(POINT.first(1, irregularities=[irr("abandon", "elder")]), [("dealer", 2, "abandon")])
    check(POINT.first(1, exchanges=[REFUSE], irregularities=[irr("abandon", "dealer")]),
          [("elder", 2, "abandon")])


def test_ruling_15_declined_double_is_one_mark_to_the_proposer():
    double = {"by": "dealer", "before_trick": 2, "accepted": False}
    check(POINT.first(1, exchanges=[REFUSE], rules=BOTH, double=double),
          [("dealer", 1, "declined_double")])
    check(POINT.first(1, rules=BOTH, double=double), [("dealer", 2, "declined_double")])


def test_ruling_15_offer_accepted_is_one_mark_to_the_adversary_of_the_offerer():
    offer = {"by": "dealer", "accepted": True}
    check(POINT.first(0, rules=BOTH, offer=offer), [("elder", 1, "offer_accepted")])
    check(POINT.first(0, exchanges=[REFUSE], rules=BOTH, offer=offer),
          [("elder", 2, "offer_accepted")])


def test_ruling_15_offer_failed_is_one_mark_of_two_to_the_offerer():
    check(ELDER_VOLE.record(rules=BOTH, offer={"by": "dealer", "accepted": False}),
          [("elder", 1, "point"), ("elder", 1, "vole")])
    check(DEALER_POINT.record(rules=BOTH, offer={"by": "elder", "accepted": False}),
          [("elder", 2, "offer_failed")])


# 16 ----------------------------------------------------------------------------------------
def test_ruling_16_an_accepted_double_adds_one_double_mark_equal_to_the_award():
    double = {"by": "elder", "before_trick": 1, "accepted": True}
    check(DEALER_VOLE.record(rules=BOTH, double=double),
          [("dealer", 1, "point"), ("dealer", 1, "vole"), ("dealer", 2, "double")])


def test_ruling_16_an_accepted_double_doubles_an_abandon():
    double = {"by": "elder", "before_trick": 1, "accepted": True}
    check(POINT.first(1, exchanges=[REFUSE], rules=BOTH, double=double,
                      irregularities=[irr("abandon", "elder")]),
          [("dealer", 1, "abandon"), ("dealer", 1, "double")])


# 17 ----------------------------------------------------------------------------------------
def test_ruling_17_the_penalty_takes_one_point_from_the_last_mark_of_the_award():
    revoke = [irr("revoke", "dealer", trick=1)]
    check(REVOKE_VOLE.record(irregularities=revoke), [("dealer", 1, "point")])
    check(REVOKE_POINT.record(irregularities=revoke), [("dealer", 1, "point")])
    check(REVOKE_POINT.record([REFUSE], irregularities=revoke), [])


def test_ruling_17_the_penalty_applies_to_an_abandon():
    revoke = irr("revoke", "dealer", trick=1)  # the dealer revoked, the elder took trick 1
    check(REVOKE_POINT.first(1, irregularities=[revoke, irr("abandon", "elder")]),
          [("dealer", 1, "abandon")])
    check(REVOKE_POINT.first(1, exchanges=[REFUSE],
                             irregularities=[revoke, irr("abandon", "elder")]), [])


def test_ruling_17_the_penalty_applies_to_a_declined_double():
    double = {"by": "dealer", "before_trick": 2, "accepted": False}
    check(REVOKE_POINT.first(1, rules=BOTH, double=double,
                             irregularities=[irr("revoke", "dealer", trick=1)]),
          [("dealer", 1, "declined_double")])


def test_ruling_17_the_penalty_applies_to_an_offer_failed():
    check(REVOKE_POINT.record(rules=BOTH, offer={"by": "dealer", "accepted": False},
                              irregularities=[irr("revoke", "dealer", trick=1)]),
          [("dealer", 1, "offer_failed")])


def test_ruling_17_the_penalty_is_taken_once_per_offender():
    record = REVOKE_VOLE.record(king="dealer", irregularities=[
        irr("false_king", "dealer"), irr("revoke", "dealer", trick=1)])
    check(record, [("dealer", 1, "point")])


def test_ruling_17_the_penalty_comes_before_doubling():
    record = REVOKE_VOLE.record(rules=BOTH, double={"by": "elder", "before_trick": 1,
                                                    "accepted": True},
                                irregularities=[irr("revoke", "dealer", trick=1)])
    check(record, [("dealer", 1, "point"), ("dealer", 1, "double")])


# 18 ----------------------------------------------------------------------------------------
def test_ruling_18_a_false_king_marks_no_king_point():
    check(ELDER_VOLE.record(king="elder", irregularities=[irr("false_king", "elder")]),
          [("elder", 1, "point")])


def test_ruling_18_no_penalty_if_the_adversary_holds_the_king():
    record = KING_DEALER_ELDER_WINS.record(king="elder",
                                           irregularities=[irr("false_king", "elder")])
    check(record, [("elder", 1, "point")])


def test_ruling_18_a_false_king_entry_needs_an_announcement_without_the_king():
    rejects(POINT.record(irregularities=[irr("false_king", "dealer")]), "bad_irregularity",
            at_prefix="irregularities[0]")
    rejects(KING_ELDER.record(king="elder", irregularities=[irr("false_king", "elder")]),
            "bad_irregularity", at_prefix="irregularities[0]")


# 19 ----------------------------------------------------------------------------------------
def test_ruling_19_a_revoke_names_a_recorded_trick_where_that_player_followed_illegally():
    rejects(POINT.first(2, in_progress=True, irregularities=[irr("revoke", "dealer", trick=3)]),
            "bad_irregularity", at_prefix="irregularities[0]")
    rejects(POINT.record(irregularities=[irr("revoke", "elder", trick=2)]), "bad_irregularity",
            at_prefix="irregularities[0]")
    rejects(POINT.record(irregularities=[irr("revoke", "dealer", trick=2)]), "bad_irregularity",
            at_prefix="irregularities[0]")


def test_ruling_19_in_a_summary_a_revoke_must_name_a_played_trick():
    check(summary("exchanged", 0, 5, irregularities=[irr("revoke", "dealer", trick=5)]),
          [("dealer", 1, "point")])
    rejects(summary("exchanged", 0, 5, irregularities=[irr("revoke", "dealer", trick=6)]),
            "bad_irregularity", at_prefix="irregularities[0]")
    rejects(summary("exchanged", 1, 1, irregularities=[irr("abandon", "elder"),
                                                        irr("revoke", "dealer", trick=3)]),
            "bad_irregularity", at_prefix="irregularities[1]")


def test_ruling_19_a_false_king_in_a_summary_is_always_penalised():
    check(summary("exchanged", 3, 2, king="elder", irregularities=[irr("false_king", "elder")]), [])
    check(summary("exchanged", 5, 0, king="elder", irregularities=[irr("false_king", "elder")]),
          [("elder", 1, "point")])


# 20 ----------------------------------------------------------------------------------------
def test_ruling_20_at_most_one_abandon():
    rejects(POINT.first(1, irregularities=[irr("abandon", "elder"), irr("abandon", "elder")]),
            "bad_irregularity", at_prefix="irregularities[1]")


def test_ruling_20_no_abandon_once_five_tricks_are_recorded():
    rejects(DEALER_VOLE.record(irregularities=[irr("abandon", "elder")]), "bad_irregularity",
            at_prefix="irregularities[0]")


def test_ruling_20_only_a_player_with_at_most_two_tricks_abandons():
    rejects(DEALER_VOLE.first(3, irregularities=[irr("abandon", "dealer")]), "bad_irregularity",
            at_prefix="irregularities[0]")
    check(DEALER_VOLE.first(3, irregularities=[irr("abandon", "elder")]),
          [("dealer", 2, "abandon")])


def test_ruling_20_no_abandon_in_a_hand_in_progress():
    rejects(POINT.first(1, in_progress=True, irregularities=[irr("abandon", "elder")]),
            "bad_irregularity", at_prefix="irregularities[0]")


def test_ruling_20_no_abandon_after_a_declined_double_or_an_accepted_offer():
    declined = {"by": "dealer", "before_trick": 2, "accepted": False}
    rejects(POINT.first(1, rules=BOTH, double=declined, irregularities=[irr("abandon", "elder")]),
            "bad_irregularity", at_prefix="irregularities[0]")
    rejects(POINT.first(0, rules=BOTH, offer={"by": "dealer", "accepted": True},
                        irregularities=[irr("abandon", "elder")]),
            "bad_irregularity", at_prefix="irregularities[0]")


def test_ruling_20_an_abandon_takes_precedence_over_a_declined_offers_vole_obligation():
    # the dealer declined the elder's offer, so had to win the vole; the elder then threw in
    record = DEALER_VOLE.first(2, exchanges=[REFUSE], rules=BOTH,
                               offer={"by": "elder", "accepted": False},
                               irregularities=[irr("abandon", "elder")])
    check(record, [("dealer", 2, "abandon")])
    record = POINT.first(1, exchanges=[REFUSE], rules=BOTH,
                         offer={"by": "elder", "accepted": False},
                         irregularities=[irr("abandon", "dealer")])
    check(record, [("elder", 2, "abandon")])


# 21 ----------------------------------------------------------------------------------------
def test_ruling_21_a_replay_marks_nothing_not_even_a_turned_up_king():
    check(TURNED_KING.first(2, irregularities=[irr("replay", reason="misdeal")]), [], void=True)


def test_ruling_21_a_replayed_hand_still_has_its_plays_checked():
    rejects(REVOKE_VOLE.record(irregularities=[irr("replay", reason="revoke")]),
            "must_follow_suit", "tricks[0][1]")
    check(REVOKE_VOLE.record(irregularities=[irr("revoke", "dealer", trick=1),
                                             irr("replay", reason="revoke")]), [], void=True)


def test_ruling_21_at_most_one_replay():
    rejects(POINT.record(irregularities=[irr("replay", reason="revoke"),
                                         irr("replay", reason="misdeal")]),
            "bad_irregularity", at_prefix="irregularities[1]")


# 22 ----------------------------------------------------------------------------------------
def test_ruling_22_a_misdeal_without_a_fresh_deal_cannot_be_a_full_record():
    record = full("KH QH JH 7C 8C 9C", "AS TS 9S AC", "KD", [], [],
                  irregularities=[irr("replay", reason="misdeal")])
    rejects(record, "wrong_hand_size", at_prefix="deal.")


def test_ruling_22_a_claimed_fresh_deal_is_a_replay_for_misdeal():
    check(POINT.first(0, irregularities=[irr("replay", reason="misdeal")]), [], void=True)


# 23 ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("before_trick", [1, 2, 3])
def test_ruling_23_a_declined_double_leaves_exactly_before_trick_minus_one_tricks(before_trick):
    double = {"by": "elder", "before_trick": before_trick, "accepted": False}
    check(POINT.first(before_trick - 1, rules=BOTH, double=double),
          [("elder", 1, "declined_double")])
    rejects(POINT.first(before_trick, rules=BOTH, double=double), "wrong_trick_count", "tricks")


def test_ruling_23_before_trick_is_one_two_or_three():
    for value in (0, 4, 5, "1"):
        rejects(POINT.record(rules=BOTH, double={"by": "elder", "before_trick": value,
                                                 "accepted": True}),
                "bad_format", at_prefix="double")


def test_ruling_23_in_progress_a_double_before_a_trick_not_yet_come_is_bad_format():
    rejects(POINT.first(1, in_progress=True, rules=BOTH,
                        double={"by": "elder", "before_trick": 3, "accepted": True}),
            "bad_format", at_prefix="double")
    check(POINT.first(1, in_progress=True, rules=BOTH,
                      double={"by": "elder", "before_trick": 2, "accepted": True}), [])


# 24 ----------------------------------------------------------------------------------------
def test_ruling_24_an_accepted_offer_leaves_no_trick():
    rejects(POINT.first(1, rules=BOTH, offer={"by": "elder", "accepted": True}),
            "wrong_trick_count", "tricks")


def test_ruling_24_an_accepted_offer_leaves_no_double():
    rejects(POINT.first(0, rules=BOTH, offer={"by": "elder", "accepted": True},
                        double={"by": "elder", "before_trick": 1, "accepted": False}),
            "bad_format", "double")


# 25 ----------------------------------------------------------------------------------------
def test_ruling_25_a_variant_not_enabled_is_variant_disabled():
    rejects(POINT.record(double={"by": "elder", "before_trick": 1, "accepted": True}),
            "variant_disabled", "double")
    rejects(POINT.first(0, rules={"doubling": True}, offer={"by": "elder", "accepted": True}),
            "variant_disabled", "offer")
    rejects(summary("played", 3, 2, double={"by": "elder", "before_trick": 1, "accepted": True}),
            "variant_disabled", "double")


# 26 ----------------------------------------------------------------------------------------
def test_ruling_26_summary_consistency_faults_are_bad_summary():
    rejects(summary("played", 6, -1), "bad_summary", "summary.tricks")
    rejects(summary("played", 4, 0), "bad_summary", "summary.tricks")
    rejects(summary("played", 3, 2, king_turned=True, king="dealer"), "bad_summary",
            at_prefix="summary")
    rejects(summary("played", 3, 2, king_turned=False, s_turn_up="KS"), "bad_summary",
            at_prefix="summary")
    rejects(summary("played", 0, 5, irregularities=[irr("abandon", "elder")]), "bad_summary")


def test_ruling_26_a_summary_ended_early_adds_up_to_the_smaller_number():
    check(summary("played", 1, 0, irregularities=[irr("abandon", "elder")]),
          [("dealer", 2, "abandon")])
    check(summary("played", 0, 0, rules=BOTH, offer={"by": "dealer", "accepted": True}),
          [("elder", 1, "offer_accepted")])


def test_ruling_26_a_summary_with_tricks_after_a_game_ending_king_is_after_game_end():
    rejects(summary("played", 3, 2, king_turned=True, score_before=before(0, 4)),
            "after_game_end", at_prefix="summary")
    check(summary("played", 0, 0, king_turned=True, score_before=before(0, 4)),
          [("dealer", 1, "king_turned")], game_over=True, winner="dealer")


# 27 ----------------------------------------------------------------------------------------
def test_ruling_27_in_progress_appears_only_for_a_hand_in_progress():
    assert score(POINT.first(1, in_progress=True))["in_progress"] is True
    assert "in_progress" not in score(POINT.record())
    assert "in_progress" not in score(summary("played", 3, 2))


def test_ruling_27_winner_is_a_role():
    result = score(POINT.record(score_before=before(4, 0)))
    assert (result["game_over"], result["winner"]) == (True, "elder")
    assert score(POINT.record())["winner"] is None


# 28 ----------------------------------------------------------------------------------------
def test_ruling_28_vulnerable_is_read_from_the_opening_when_the_hand_is_not_played():
    assert score(POINT.first(0, rules=BOTH, offer={"by": "dealer", "accepted": True},
                             exchanges=[REFUSE]))["vulnerable"] == "dealer"
    assert score(TURNED_KING.record(tricks=[], score_before=before(0, 4)))["vulnerable"] == "elder"
    assert score(summary("refused", 0, 0, rules=BOTH,
                         offer={"by": "elder", "accepted": True}))["vulnerable"] == "dealer"


# 29 ----------------------------------------------------------------------------------------
def test_ruling_29_score_with_analyse_adds_the_analysis():
    result = score(POINT.record(), analyse=True)
    assert result["analysis"] == analyse(POINT.record())
    assert set(result["analysis"]) == {"elder_tricks", "by_lead"}


def test_ruling_29_the_analysis_of_a_summary_is_null():
    assert score(summary("played", 3, 2), analyse=True)["analysis"] is None


def test_ruling_29_a_deal_with_no_trick_can_be_analysed():
    assert analyse(POINT.first(0, exchanges=[EXCHANGE_ONE]))["elder_tricks"] == 4


def test_ruling_29_analyse_checks_the_record_like_score():
    with pytest.raises(EngineError) as info:
        analyse(POINT.record(king="dealer"))
    assert (info.value.code, info.value.at) == ("king_not_held", "king")


def test_ruling_29_a_summary_cannot_be_analysed():
    with pytest.raises(EngineError) as info:
        analyse(summary("played", 3, 2))
    assert (info.value.code, info.value.at) == ("bad_format", "deal")
