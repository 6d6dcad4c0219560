"""docs/rules.md, Rulings 23 to 29 (the variants, the summary, the result): one test (or a few)
per ruling, named after it."""

import pytest

from games.engine import EngineError, analyse, score
from tests.engine.ecarte_kit import (
    BOTH,
    EXCHANGE_ONE,
    POINT,
    REFUSE,
    TURNED_KING,
    before,
    check,
    irr,
    rejects,
    summary,
)


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
