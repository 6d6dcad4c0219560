"""Laws, section 8: irregularities that change the score."""

from tests.engine.ecarte_kit import (
    DEALER_POINT,
    DEALER_VOLE,
    ELDER_VOLE,
    KING_DEALER,
    KING_DEALER_ELDER_WINS,
    KING_ELDER,
    POINT,
    REFUSE,
    REVOKE_POINT,
    REVOKE_VOLE,
    TURNED_KING,
    check,
    full,
    rejects,
    summary,
)


def false_king(by):
    return {"type": "false_king", "by": by}


def revoke(by, trick):
    return {"type": "revoke", "by": by, "trick": trick}


def abandon(by):
    return {"type": "abandon", "by": by}


def replay(reason):
    return {"type": "replay", "reason": reason}


# --- false king ---------------------------------------------------------------------------

def test_false_king_marks_no_king_point_and_nothing_for_the_point():
    check(POINT.record(king="elder", irregularities=[false_king("elder")]), [], tricks=(3, 2))


def test_false_king_who_wins_the_vole_marks_only_one():
    check(ELDER_VOLE.record(king="elder", irregularities=[false_king("elder")]),
          [("elder", 1, "point")])


def test_false_king_who_wins_the_point_against_a_vulnerable_player_marks_only_one():
    check(POINT.record([REFUSE], king="elder", irregularities=[false_king("elder")]),
          [("elder", 1, "point")])


def test_false_king_by_the_dealer_is_penalised_the_same_way():
    check(DEALER_VOLE.record(king="dealer", irregularities=[false_king("dealer")]),
          [("dealer", 1, "point")])


def test_no_false_king_penalty_when_the_adversary_holds_the_king():
    record = KING_DEALER_ELDER_WINS.record(king="elder", irregularities=[false_king("elder")])
    check(record, [("elder", 1, "point")], tricks=(4, 1))


def test_a_turned_up_king_is_not_held_so_the_false_king_is_penalised():
    check(TURNED_KING.record(king="elder", irregularities=[false_king("elder")]),
          [("dealer", 1, "king_turned")])


def test_a_false_king_who_loses_costs_the_winner_nothing():
    check(DEALER_POINT.record(king="elder", irregularities=[false_king("elder")]),
          [("dealer", 1, "point"), ("dealer", 1, "refusal")])


def test_an_unrecorded_false_king_is_king_not_held():
    rejects(POINT.record(king="elder"), "king_not_held", "king")


def test_false_king_entry_for_a_player_who_did_not_announce_is_bad_irregularity():
    rejects(POINT.record(irregularities=[false_king("elder")]), "bad_irregularity",
            at_prefix="irregularities[0]")
    rejects(POINT.record(king="elder", irregularities=[false_king("dealer")]), "king_not_held",
            "king")


def test_false_king_entry_for_the_true_holder_is_bad_irregularity():
    rejects(KING_ELDER.record(king="elder", irregularities=[false_king("elder")]),
            "bad_irregularity", at_prefix="irregularities[0]")


def test_after_a_false_king_the_adversary_may_have_the_hand_played_again():
    record = POINT.record(king="elder", irregularities=[false_king("elder"), replay("false_king")])
    check(record, [], void=True)


# --- revoke -------------------------------------------------------------------------------

def test_an_unrecorded_revoke_is_an_error():
    rejects(REVOKE_VOLE.record(), "must_follow_suit", "tricks[0][1]", mentions=["7C"])


def test_revoking_winner_of_the_vole_marks_only_one():
    check(REVOKE_VOLE.record(irregularities=[revoke("dealer", 1)]), [("dealer", 1, "point")],
          tricks=(0, 5))


def test_revoking_winner_of_the_point_marks_nothing():
    check(REVOKE_POINT.record([REFUSE], irregularities=[revoke("dealer", 1)]), [], tricks=(1, 4))


def test_revoking_winner_of_the_point_against_a_vulnerable_player_marks_only_one():
    check(REVOKE_POINT.record(irregularities=[revoke("dealer", 1)]), [("dealer", 1, "point")],
          vulnerable="elder")


def test_a_revoke_by_the_loser_costs_the_winner_nothing():
    tricks = ["7C JC", "KC 7H", "QC 8C", "AC 9C", "KH TC"]
    check(DEALER_VOLE.record(tricks=tricks, irregularities=[revoke("elder", 2)]),
          [("dealer", 1, "point"), ("dealer", 1, "vole")], tricks=(0, 5))


def test_failing_to_win_when_able_may_be_recorded_as_a_revoke():
    record = full("TC KH QH JH 8C", "9C AC AS TS 9S", "7D", [], [["TC", "9C"]], in_progress=True,
                  irregularities=[revoke("dealer", 1)])
    check(record, [], tricks=(1, 0))


def test_failing_to_trump_when_able_may_be_recorded_as_a_revoke():
    tricks = KING_DEALER.tricks[:2] + [["QH", "AC"]]
    record = KING_DEALER.record(tricks=tricks, in_progress=True,
                                irregularities=[revoke("dealer", 3)])
    check(record, [], tricks=(3, 0))


def test_a_revoke_entry_must_name_the_offender():
    rejects(REVOKE_VOLE.record(irregularities=[revoke("elder", 1)]), "must_follow_suit",
            "tricks[0][1]")


def test_a_revoke_entry_must_name_the_trick():
    rejects(REVOKE_VOLE.record(irregularities=[revoke("dealer", 2)]), "must_follow_suit",
            "tricks[0][1]")


def test_a_revoke_entry_on_a_legal_play_is_bad_irregularity():
    rejects(POINT.record(irregularities=[revoke("dealer", 1)]), "bad_irregularity",
            at_prefix="irregularities[0]")


def test_the_leader_cannot_revoke():
    rejects(POINT.record(irregularities=[revoke("elder", 1)]), "bad_irregularity",
            at_prefix="irregularities[0]")


def test_a_revoke_entry_on_a_trick_not_recorded_is_bad_irregularity():
    rejects(POINT.record(irregularities=[revoke("dealer", 6)]), "bad_irregularity",
            at_prefix="irregularities[0]")


def test_after_a_revoke_the_adversary_may_have_the_hand_played_again():
    record = REVOKE_VOLE.record(irregularities=[revoke("dealer", 1), replay("revoke")])
    check(record, [], void=True)


# --- abandoned hand -----------------------------------------------------------------------

def test_abandon_with_no_trick_gives_the_adversary_the_vole():
    check(POINT.first(0, exchanges=[REFUSE], irregularities=[abandon("dealer")]),
          [("elder", 2, "abandon")], tricks=(0, 0))
    check(POINT.first(3, irregularities=[abandon("dealer")]), [("elder", 2, "abandon")],
          tricks=(3, 0))


def test_abandon_with_one_or_two_tricks_gives_the_adversary_the_point():
    check(POINT.first(1, exchanges=[REFUSE], irregularities=[abandon("elder")]),
          [("dealer", 1, "abandon")], tricks=(1, 0))
    check(POINT.first(2, exchanges=[REFUSE], irregularities=[abandon("elder")]),
          [("dealer", 1, "abandon")], tricks=(2, 0))


def test_vulnerable_abandoner_with_one_or_two_tricks_gives_two():
    check(POINT.first(2, irregularities=[abandon("elder")]), [("dealer", 2, "abandon")],
          vulnerable="elder")


def test_vulnerable_abandoner_with_no_trick_gives_two_not_three():
    check(POINT.first(0, irregularities=[abandon("elder")]), [("dealer", 2, "abandon")])


def test_a_player_with_three_tricks_cannot_abandon():
    rejects(POINT.first(3, irregularities=[abandon("elder")]), "bad_irregularity",
            at_prefix="irregularities[0]")


def test_a_finished_hand_cannot_be_abandoned():
    rejects(POINT.record(irregularities=[abandon("dealer")]), "bad_irregularity",
            at_prefix="irregularities[0]")


def test_an_abandoned_summary_is_scored_the_same_way():
    check(summary("played", 1, 1, irregularities=[abandon("elder")]), [("dealer", 2, "abandon")])
    check(summary("exchanged", 0, 2, irregularities=[abandon("elder")]),
          [("dealer", 2, "abandon")])


# --- replay -------------------------------------------------------------------------------

def test_a_replayed_hand_is_void_and_marks_nothing():
    result = check(POINT.record(irregularities=[replay("revoke")]), [], void=True)
    assert result["score_after"] == {"elder": 0, "dealer": 0}


def test_a_replayed_hand_does_not_mark_a_turned_up_king():
    record = TURNED_KING.record(irregularities=[replay("misdeal")],
                                score_before={"elder": 1, "dealer": 3})
    check(record, [], void=True, score_after=(1, 3))


def test_a_replayed_summary_is_void():
    check(summary("played", 3, 2, king_turned=True, irregularities=[replay("misdeal")]), [],
          void=True)
