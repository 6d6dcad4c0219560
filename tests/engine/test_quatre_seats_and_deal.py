"""Écarté à quatre, the seats and the deal (docs/rules.md, section 13): four seats, partners
opposite, five cards each, the 21st card turned up and a stock of 11."""
from games.engine.quatre import score_quatre
from tests.engine.quatre_kit import (
    STOCK,
    deal,
    full,
    rejects,
    summary,
    swap,
)


def in_progress(the_deal=None, exchanges=(), **extra):
    return full(the_deal, exchanges, tricks=[], in_progress=True, **extra)


def test_four_hands_of_five_and_a_turn_up_are_accepted():
    result = score_quatre(in_progress())
    assert result["format"] == "ecarte-quatre-result/1"
    assert result["in_progress"] is True
    assert result["marks"] == []


def test_the_sides_are_the_elder_and_third_against_the_second_and_dealer():
    # docs/rules.md, ruling 50: partners sit opposite, so a king held marks for the seat's side.
    for seat, side in (("elder", "elder_side"), ("second", "dealer_side"),
                       ("third", "elder_side"), ("dealer", "dealer_side")):
        result = score_quatre(summary("exchanged", 3, 2, king=seat))
        assert result["marks"][0] == {"to": side, "points": 1, "for": "king_held"}


def test_every_seat_must_be_dealt_five_cards():
    for seat in ("elder", "second", "third", "dealer"):
        short = deal(**{seat: deal()[seat][:4]})
        rejects(in_progress(short), "wrong_hand_size", f"deal.{seat}")
        six = deal(**{seat: deal()[seat] + [STOCK[0]]})
        rejects(in_progress(six), "wrong_hand_size", f"deal.{seat}")


def test_a_card_dealt_twice_is_refused_where_it_appears_the_second_time():
    rejects(in_progress(deal(dealer="KC QC JC AC KS")), "duplicate_card", "deal.dealer[4]",
            mentions=["KS"])


def test_the_turn_up_is_not_in_any_hand():
    rejects(in_progress(deal(turn_up="KD")), "duplicate_card", "deal.turn_up")


def test_a_card_that_is_not_a_card_is_named():
    rejects(in_progress(deal(third="KD QD JD AD 1D")), "bad_card", "deal.third[4]")


def test_the_stock_holds_eleven_cards():
    # Eleven cards can be drawn in one round; a twelfth cannot.
    eleven = swap(elder=("KS QS JS AS TS", STOCK[:5]), second=("9S 8S 7S KH QH", STOCK[5:10]),
                  third=("KD", STOCK[10:]))
    score_quatre(in_progress(exchanges=[eleven]))
    twelve = swap(elder=("KS QS JS AS TS", STOCK[:5]), second=("9S 8S 7S KH QH", STOCK[5:10]),
                  third=("KD QD", STOCK[10:] + ["KD"]))
    rejects(in_progress(exchanges=[twelve]), "stock_exhausted", "exchanges[0].third.draw")


def test_the_deal_needs_all_four_hands_and_the_turn_up():
    for key in ("elder", "second", "third", "dealer", "turn_up"):
        the_deal = deal()
        del the_deal[key]
        rejects(in_progress(the_deal), "bad_format", f"deal.{key}")


def test_the_format_is_ecarte_quatre():
    rejects(in_progress(format="ecarte-hand/1"), "bad_format", "format")
    record = in_progress()
    del record["format"]
    score_quatre(record)


def test_a_two_handed_key_is_unknown():
    # docs/rules.md, ruling 51: no double or offer in an à quatre record.
    rejects(in_progress(double={"by": "elder", "before_trick": 1, "accepted": True}),
            "unknown_field", "double")
    rejects(in_progress(offer={"by": "elder", "accepted": True}), "unknown_field", "offer")
    rejects(in_progress(deal(), seat="x"), "unknown_field", "seat")


def test_scores_are_kept_by_side():
    rejects(in_progress(score_before={"elder": 1}), "unknown_field", "score_before.elder")
    score_quatre(in_progress(score_before={"elder_side": 6, "dealer_side": 6}))


def test_the_game_is_played_to_seven_unless_the_record_says_otherwise():
    # docs/rules.md, ruling 50: the default target is 7.
    rejects(in_progress(score_before={"elder_side": 7}), "after_game_end",
            "score_before.elder_side")
    rejects(in_progress(score_before={"dealer_side": 5}, target=5), "after_game_end",
            "score_before.dealer_side")


def test_a_record_that_is_not_an_object_is_refused():
    rejects([], "bad_format", "")


def test_of_the_hand_options_only_the_ranking_applies():
    # docs/rules.md, ruling 51: with the ace high, the second's AS beats the KS led.
    the_deal = deal("KS 8D 7D 7C 8C", "AS 7S 9D 9C TC", "QS KD QD JD TD", "KC QC JC AC 9S")
    play = ["KS 7S QS 9S"]
    score_quatre(full(the_deal, tricks=play, in_progress=True))
    rejects(full(the_deal, tricks=play, in_progress=True, rules={"ranking": "ace_high"}),
            "must_win_trick", "tricks[0][1]", mentions=["AS"])
    score_quatre(full(the_deal, tricks=play, in_progress=True,
                      rules={"doubling": True, "dealer_exchange": "optional"}))
