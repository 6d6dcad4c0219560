"""Écarté à quatre, the seats and the record (docs/rules.md, section 13): four seats, partners
opposite; the format, the record's keys, the scores by side and the hand options. What the
deal has as à trois (five cards each, no card twice, the stock of the cards not dealt) is in
test_trois_quatre_deal.py."""
from games.engine.quatre import score_quatre
from tests.engine.quatre_kit import (
    deal,
    full,
    rejects,
    summary,
)


def in_progress(the_deal=None, exchanges=(), **extra):
    return full(the_deal, exchanges, tricks=[], in_progress=True, **extra)


def test_the_sides_are_the_elder_and_third_against_the_second_and_dealer():
    # docs/rules.md, ruling 50: partners sit opposite, so a king held marks for the seat's side.
    for seat, side in (("elder", "elder_side"), ("second", "dealer_side"),
                       ("third", "elder_side"), ("dealer", "dealer_side")):
        result = score_quatre(summary("exchanged", 3, 2, king=seat))
        assert result["marks"][0] == {"to": side, "points": 1, "for": "king_held"}


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
