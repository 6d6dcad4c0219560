"""Laws, section 9: the variants doubling and offer_point."""

from tests.engine.ecarte_kit import (
    DEALER_POINT,
    DEALER_VOLE,
    ELDER_VOLE,
    KING_ELDER,
    POINT,
    REFUSE,
    TURNED_KING,
    check,
    rejects,
    summary,
)

DOUBLING = {"doubling": True}
OFFER = {"offer_point": True}


def double(by, before_trick, accepted):
    return {"by": by, "before_trick": before_trick, "accepted": accepted}


def offer(by, accepted):
    return {"by": by, "accepted": accepted}


# --- doubling -----------------------------------------------------------------------------

def test_an_accepted_double_doubles_the_point():
    check(POINT.record(rules=DOUBLING, double=double("dealer", 2, True)),
          [("elder", 1, "point"), ("elder", 1, "double")], tricks=(3, 2))


def test_an_accepted_double_doubles_the_vole_to_four():
    check(ELDER_VOLE.record(rules=DOUBLING, double=double("elder", 1, True)),
          [("elder", 1, "point"), ("elder", 1, "vole"), ("elder", 2, "double")])


def test_an_accepted_double_doubles_the_point_against_a_vulnerable_player_to_four():
    check(DEALER_POINT.record(rules=DOUBLING, double=double("dealer", 3, True)),
          [("dealer", 1, "point"), ("dealer", 1, "refusal"), ("dealer", 2, "double")])


def test_an_accepted_double_does_not_double_the_king_held():
    check(KING_ELDER.record(king="elder", rules=DOUBLING, double=double("elder", 1, True)),
          [("elder", 1, "king_held"), ("elder", 1, "point"), ("elder", 1, "double")])


def test_an_accepted_double_does_not_double_the_king_turned():
    check(TURNED_KING.record(rules=DOUBLING, double=double("dealer", 1, True)),
          [("dealer", 1, "king_turned"), ("elder", 1, "point"), ("elder", 1, "double")])


def test_a_declined_double_ends_the_hand_and_the_proposer_marks_the_point():
    check(POINT.first(1, rules=DOUBLING, double=double("elder", 2, False)),
          [("elder", 1, "declined_double")], tricks=(1, 0))


def test_a_declined_double_gives_two_when_the_decliner_was_vulnerable():
    check(POINT.first(0, exchanges=[REFUSE], rules=DOUBLING, double=double("elder", 1, False)),
          [("elder", 2, "declined_double")], vulnerable="dealer")
    check(POINT.first(2, rules=DOUBLING, double=double("dealer", 3, False)),
          [("dealer", 2, "declined_double")], vulnerable="elder")


def test_a_vulnerable_proposer_whose_double_is_declined_marks_one():
    check(POINT.first(0, rules=DOUBLING, double=double("elder", 1, False)),
          [("elder", 1, "declined_double")], vulnerable="elder")


def test_a_declined_double_leaves_no_trick_after_it():
    rejects(POINT.record(rules=DOUBLING, double=double("elder", 2, False)), "wrong_trick_count",
            "tricks")


def test_a_double_is_proposed_before_the_third_trick_at_the_latest():
    rejects(POINT.record(rules=DOUBLING, double=double("elder", 4, True)), "bad_format",
            at_prefix="double")
    rejects(POINT.record(rules=DOUBLING, double=double("elder", 0, True)), "bad_format",
            at_prefix="double")


def test_doubling_is_off_by_default():
    rejects(POINT.record(double=double("elder", 1, True)), "variant_disabled", "double")
    rejects(POINT.record(rules={"doubling": False}, double=double("elder", 1, True)),
            "variant_disabled", "double")


def test_a_summary_with_a_declined_double_holds_the_tricks_before_it():
    check(summary("exchanged", 1, 1, rules=DOUBLING, double=double("dealer", 3, False)),
          [("dealer", 1, "declined_double")])
    rejects(summary("exchanged", 3, 2, rules=DOUBLING, double=double("dealer", 3, False)),
            "bad_summary", "summary.tricks")


# --- offering the point -------------------------------------------------------------------

def test_an_accepted_offer_gives_the_adversary_the_point():
    check(POINT.first(0, exchanges=[REFUSE], rules=OFFER, offer=offer("elder", True)),
          [("dealer", 1, "offer_accepted")], tricks=(0, 0))


def test_an_accepted_offer_by_a_vulnerable_player_gives_two():
    check(POINT.first(0, rules=OFFER, offer=offer("elder", True)),
          [("dealer", 2, "offer_accepted")], vulnerable="elder")
    check(POINT.first(0, exchanges=[REFUSE], rules=OFFER, offer=offer("dealer", True)),
          [("elder", 2, "offer_accepted")], vulnerable="dealer")


def test_an_accepted_offer_keeps_the_king_marked_before_it():
    check(KING_ELDER.first(0, king="elder", rules=OFFER, offer=offer("elder", True)),
          [("elder", 1, "king_held"), ("dealer", 2, "offer_accepted")])


def test_a_declined_offer_binds_the_decliner_to_the_vole_and_the_vole_marks_two():
    check(DEALER_VOLE.record(rules=OFFER, offer=offer("elder", False)),
          [("dealer", 1, "point"), ("dealer", 1, "vole")])


def test_a_decliner_who_takes_fewer_than_five_tricks_gives_the_offerer_two():
    check(DEALER_POINT.record(rules=OFFER, offer=offer("elder", False)),
          [("elder", 2, "offer_failed")], tricks=(2, 3))
    check(POINT.record(rules=OFFER, offer=offer("dealer", False)),
          [("dealer", 2, "offer_failed")], tricks=(3, 2))


def test_a_decliner_who_loses_the_point_gives_the_offerer_two_and_nothing_more():
    check(POINT.record([REFUSE], rules=OFFER, offer=offer("elder", False)),
          [("elder", 2, "offer_failed")], tricks=(3, 2))


def test_offering_the_point_is_off_by_default():
    rejects(POINT.first(0, offer=offer("elder", True)), "variant_disabled", "offer")


def test_a_summary_with_an_accepted_offer_has_no_trick():
    check(summary("played", 0, 0, rules=OFFER, offer=offer("elder", True)),
          [("dealer", 2, "offer_accepted")])
    rejects(summary("played", 3, 2, rules=OFFER, offer=offer("elder", True)), "bad_summary",
            "summary.tricks")


def test_a_double_or_an_offer_names_a_role_and_says_whether_it_was_accepted():
    rejects(POINT.record(rules=DOUBLING, double=double("banker", 1, True)), "bad_format",
            at_prefix="double")
    rejects(POINT.record(rules=DOUBLING, double=double("elder", 1, "yes")), "bad_format",
            at_prefix="double")
    rejects(POINT.record(rules=OFFER, offer=offer("observer", False)), "bad_format",
            at_prefix="offer")
    rejects(POINT.record(rules=OFFER, offer=offer("elder", None)), "bad_format",
            at_prefix="offer")
