"""Laws, section 7: scoring a hand, and the end of the game."""

from tests.engine.ecarte_kit import (
    DEALER_POINT,
    DEALER_VOLE,
    ELDER_FOUR,
    ELDER_VOLE,
    KING_DEALER,
    KING_ELDER,
    KING_ELDER_VOLE,
    POINT,
    REFUSE,
    TURNED_KING,
    before,
    check,
    rejects,
    summary,
)


def test_three_tricks_win_the_point_for_one():
    check(POINT.record(), [("elder", 1, "point")], tricks=(3, 2))


def test_four_tricks_win_the_point_for_one():
    check(ELDER_FOUR.record(), [("elder", 1, "point")], tricks=(4, 1))


def test_the_dealer_wins_the_point_with_three_tricks():
    check(DEALER_POINT.record([REFUSE]), [("dealer", 1, "point")], tricks=(2, 3))


def test_the_vole_marks_two():
    check(ELDER_VOLE.record(), [("elder", 1, "point"), ("elder", 1, "vole")], tricks=(5, 0))
    check(DEALER_VOLE.record([REFUSE]), [("dealer", 1, "point"), ("dealer", 1, "vole")])


def test_the_loser_of_the_point_marks_nothing_for_his_tricks():
    result = check(ELDER_FOUR.record(), [("elder", 1, "point")])
    assert result["points"] == {"elder": 1, "dealer": 0}


def test_king_held_and_vole_make_the_most_one_hand_can_give_three():
    check(KING_ELDER_VOLE.record(king="elder"),
          [("elder", 1, "king_held"), ("elder", 1, "point"), ("elder", 1, "vole")])


def test_king_held_and_point_against_a_vulnerable_player_make_three():
    check(KING_DEALER.record(king="dealer"),
          [("dealer", 1, "king_held"), ("dealer", 1, "point"), ("dealer", 1, "refusal")])


def test_king_turned_and_vole_make_three_for_the_dealer():
    record = DEALER_VOLE.record()
    record["deal"]["turn_up"] = "KD"
    check(record, [("dealer", 1, "king_turned"), ("dealer", 1, "point"), ("dealer", 1, "vole")])


def test_score_after_adds_the_points_to_the_score_before():
    check(KING_ELDER.record(king="elder", score_before=before(1, 2)),
          [("elder", 1, "king_held"), ("elder", 1, "point")], score_after=(3, 2))


def test_king_turned_up_that_reaches_the_target_ends_the_game_before_play():
    record = TURNED_KING.record(tricks=[], score_before=before(0, 4))
    check(record, [("dealer", 1, "king_turned")], score_after=(0, 5), game_over=True,
          winner="dealer")


def test_no_trick_may_be_played_after_a_king_turned_up_ended_the_game():
    record = TURNED_KING.record(score_before=before(0, 4))
    rejects(record, "after_game_end", "tricks[0]")


def test_king_held_that_reaches_the_target_ends_the_game_before_play():
    record = KING_ELDER.record(king="elder", tricks=[], score_before=before(4, 3))
    check(record, [("elder", 1, "king_held")], score_after=(5, 3), game_over=True, winner="elder")


def test_no_trick_may_be_played_after_a_king_held_ended_the_game():
    record = KING_ELDER.record(king="elder", score_before=before(4, 3))
    rejects(record, "after_game_end", "tricks[0]")


def test_the_game_ends_the_moment_a_player_reaches_the_target():
    check(POINT.record(score_before=before(4, 4)), [("elder", 1, "point")],
          score_after=(5, 4), game_over=True, winner="elder")


def test_a_vole_at_four_is_cut_to_the_one_point_needed():
    check(ELDER_VOLE.record(score_before=before(4, 0)), [("elder", 1, "point")],
          score_after=(5, 0), game_over=True, winner="elder")


def test_a_vole_at_three_reaches_the_target_exactly():
    check(ELDER_VOLE.record(score_before=before(3, 0)),
          [("elder", 1, "point"), ("elder", 1, "vole")], score_after=(5, 0), game_over=True,
          winner="elder")


def test_the_refusal_point_is_not_marked_once_the_game_is_over():
    check(DEALER_POINT.record(score_before=before(2, 4)), [("dealer", 1, "point")],
          score_after=(2, 5), game_over=True, winner="dealer")


def test_a_king_held_at_three_then_the_point_ends_the_game():
    check(KING_ELDER.record(king="elder", score_before=before(3, 0)),
          [("elder", 1, "king_held"), ("elder", 1, "point")], score_after=(5, 0),
          game_over=True, winner="elder")


def test_score_after_never_exceeds_the_target():
    check(KING_ELDER_VOLE.record(king="elder", score_before=before(3, 0)),
          [("elder", 1, "king_held"), ("elder", 1, "point")], score_after=(5, 0),
          game_over=True, winner="elder")


def test_a_higher_target_keeps_the_game_going():
    check(ELDER_VOLE.record(score_before=before(4, 0), target=7),
          [("elder", 1, "point"), ("elder", 1, "vole")], score_after=(6, 0))


def test_target_seven_ends_the_game_at_seven():
    check(ELDER_VOLE.record(score_before=before(6, 0), target=7), [("elder", 1, "point")],
          score_after=(7, 0), game_over=True, winner="elder")


def test_a_summary_is_scored_by_the_same_table():
    check(summary("exchanged", 5, 0, king="elder"),
          [("elder", 1, "king_held"), ("elder", 1, "point"), ("elder", 1, "vole")])
    check(summary("played", 0, 5), [("dealer", 1, "point"), ("dealer", 1, "vole")])
    check(summary("refused", 1, 4), [("dealer", 1, "point")])
