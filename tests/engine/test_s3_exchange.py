"""Laws, section 3: the exchange (l'écart)."""

from tests.engine.ecarte_kit import (
    EXCHANGE_ONE,
    EXCHANGED,
    POINT,
    REFUSE,
    check,
    ex,
    exhausting,
    rejects,
)

S = POINT.stock  # KS QS JS 8S 7S AH TH 9H 8H 7H KD QD JD AD TD 9D 8D QC JC TC 9C


def in_progress(exchanges, **extra):
    return POINT.record(exchanges, tricks=[], in_progress=True, **extra)


def test_accepted_proposal_replaces_discards_with_drawn_cards():
    check(POINT.record([EXCHANGE_ONE], tricks=EXCHANGED.tricks), [("elder", 1, "point")],
          tricks=(4, 1), vulnerable=None)


def test_discarded_cards_are_out_of_the_hand_for_good():
    record = POINT.record([EXCHANGE_ONE], tricks=[["8C", "AC"]], in_progress=True)
    rejects(record, "card_not_held", "tricks[0][0]", mentions=["8C"])


def test_elder_may_discard_and_draw_five():
    check(in_progress([ex(POINT.elder, S[0:5], "9S", "QC")]), [], vulnerable=None)


def test_elder_must_take_at_least_one_card():
    rejects(in_progress([ex([], [], "9S", "QC")]), "bad_exchange", at_prefix="exchanges[0]")


def test_elder_draws_as_many_cards_as_he_discards():
    rejects(in_progress([ex("8C 7C", "9H", "9S", "QC")]), "bad_exchange", at_prefix="exchanges[0]")


def test_dealer_draws_as_many_cards_as_he_discards():
    rejects(in_progress([ex("8C", "9H", "9S TS", "QC")]), "bad_exchange", at_prefix="exchanges[0]")


def test_discarding_a_card_not_held_is_card_not_held():
    rejects(in_progress([ex("KS", "9H", "9S", "QC")]), "card_not_held",
            "exchanges[0].elder.discard[0]", mentions=["KS"])


def test_dealer_cannot_discard_the_elders_card():
    rejects(in_progress([ex("8C", "9H", "KH", "QC")]), "card_not_held",
            "exchanges[0].dealer.discard[0]", mentions=["KH"])


def test_drawing_a_card_in_the_adversarys_hand_is_duplicate_card():
    rejects(in_progress([ex("8C", "AS", "9S", "QC")]), "duplicate_card",
            "exchanges[0].elder.draw[0]", mentions=["AS"])


def test_drawing_a_card_discarded_before_is_duplicate_card():
    rejects(in_progress([ex("8C", "9H", "9S", "8C")]), "duplicate_card",
            "exchanges[0].dealer.draw[0]", mentions=["8C"])


def test_drawing_a_card_already_drawn_is_duplicate_card():
    rejects(in_progress([ex("8C 7C", "9H 8H", "9S", "8H")]), "duplicate_card",
            "exchanges[0].dealer.draw[0]", mentions=["8H"])


def test_a_card_drawn_in_an_earlier_proposal_cannot_be_drawn_again():
    record = in_progress([EXCHANGE_ONE, ex("7C", "QC", "TS", "KS")])
    rejects(record, "duplicate_card", "exchanges[1].elder.draw[0]", mentions=["QC"])


def test_drawn_cards_can_be_discarded_in_a_later_proposal():
    check(in_progress([EXCHANGE_ONE, ex("9H", "8H", "QC", "7S")]), [], vulnerable=None)


def test_dealer_must_take_a_card_after_accepting_by_default():
    rejects(in_progress([ex("8C", "9H")]), "bad_exchange", at_prefix="exchanges[0]")


def test_dealer_taking_none_with_empty_lists_is_refused_under_required():
    record = in_progress([ex("8C", "9H", [], [])], rules={"dealer_exchange": "required"})
    rejects(record, "bad_exchange", at_prefix="exchanges[0]")


def test_dealer_may_take_none_when_dealer_exchange_is_optional():
    rules = {"dealer_exchange": "optional"}
    check(in_progress([ex("8C", "9H", [], [])], rules=rules), [], vulnerable=None)
    check(in_progress([ex("8C", "9H")], rules=rules), [], vulnerable=None)


def test_an_unknown_dealer_exchange_option_is_bad_format():
    rejects(in_progress([], rules={"dealer_exchange": "sometimes"}), "bad_format",
            "rules.dealer_exchange")


def test_elder_may_propose_again_after_an_exchange():
    check(in_progress([EXCHANGE_ONE, ex("7C", "7S", "TS", "8S"), REFUSE]), [], vulnerable=None)


def test_a_refusal_can_only_be_the_last_entry():
    rejects(in_progress([REFUSE, EXCHANGE_ONE]), "bad_exchange", at_prefix="exchanges[1]")


def test_the_stock_holds_twenty_one_cards():
    check(in_progress(exhausting()), [], vulnerable=None)


def test_when_the_elder_empties_the_stock_the_dealer_must_play_his_hand():
    # the dealer accepted but took nothing: allowed under `required`, as the stock is empty
    check(in_progress(exhausting(), rules={"dealer_exchange": "required"}), [])


def test_no_one_may_draw_more_cards_than_the_stock_holds():
    entries = exhausting()
    entries[2] = ex(S[10:12], [S[20], POINT.elder[0]])
    rejects(in_progress(entries), "stock_exhausted", at_prefix="exchanges[2]")


def test_the_dealer_cannot_draw_from_an_empty_stock():
    entries = exhausting()
    entries[2] = ex(S[10:11], S[20:21], S[15:16], POINT.elder[0:1])
    rejects(in_progress(entries), "stock_exhausted", at_prefix="exchanges[2]")


def test_no_proposal_after_the_stock_is_exhausted():
    rejects(in_progress(exhausting() + [ex(S[11:12], POINT.elder[0:1])]), "stock_exhausted",
            at_prefix="exchanges[3]")


def test_no_refusal_after_the_stock_is_exhausted():
    rejects(in_progress(exhausting() + [REFUSE]), "stock_exhausted", at_prefix="exchanges[3]")


def test_drawing_a_card_that_is_not_a_card_is_bad_card():
    rejects(in_progress([ex("8C", "9X", "9S", "QC")]), "bad_card", "exchanges[0].elder.draw[0]")
