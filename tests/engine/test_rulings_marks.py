"""docs/rules.md, Rulings 12 to 22 (game end by a king mark, the marks, the penalties, the
irregularities): one test (or a few) per ruling, named after it."""

from tests.engine.ecarte_kit import (
    BOTH,
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
    full,
    irr,
    rejects,
    summary,
)


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


def test_ruling_20_the_offerers_abandon_takes_precedence_over_the_declined_vole_obligation():
    # the dealer declined the elder's offer, so had to win the vole; the elder then threw in
    record = DEALER_VOLE.first(2, exchanges=[REFUSE], rules=BOTH,
                               offer={"by": "elder", "accepted": False},
                               irregularities=[irr("abandon", "elder")])
    check(record, [("dealer", 2, "abandon")])


def test_ruling_20_the_decliner_who_abandons_fails_the_vole_he_was_bound_to():
    # ruling 91: the dealer, who declined, throws in his hand; it was an abandon worth 2 to
    # the elder, it is the offer failed
    record = POINT.first(1, exchanges=[REFUSE], rules=BOTH,
                         offer={"by": "elder", "accepted": False},
                         irregularities=[irr("abandon", "dealer")])
    check(record, [("elder", 2, "offer_failed")])


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
