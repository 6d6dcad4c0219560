"""Écarté à quatre, the Laws' irregularities (docs/rules.md, section 8, rulings 80 and 83): the
sides stand in the place of the two players. A revoke or a false king kept in the record costs
the offender's side one point of its trick award, and the hand may be dealt again (`replay`)
instead. Hearts are trumps in every deal here (the turn-up 7H); the elder plays without
proposing, so his side is vulnerable."""
from games.engine.quatre import QuatreMatch, score_quatre
from tests.engine.kit import marks
from tests.engine.quatre_kit import REVOKE, REVOKE_DEAL, REVOKE_TRICKS, deal, full, rejects, summary


def test_an_illegal_card_is_refused_unless_a_revoke_keeps_it():
    rejects(full(REVOKE_DEAL, tricks=REVOKE_TRICKS), "must_follow_suit", "tricks[0][1]")
    rejects(full(REVOKE_DEAL, tricks=REVOKE_TRICKS, irregularities=[
        REVOKE, {"type": "revoke", "by": "third", "trick": 1}]),
        "bad_irregularity", "irregularities[1]")


def test_a_revoke_costs_the_offenders_side_one_point():
    # The dealer's side's vole marks 2 (the point and the vole; with the vulnerable elder's
    # side beaten, the vole and the refusal point never add up). The second's revoke costs
    # his side one point, the vole's: 1 (ruling 83).
    result = score_quatre(full(REVOKE_DEAL, tricks=REVOKE_TRICKS, irregularities=[REVOKE]))
    assert result["tricks"] == {"elder_side": 0, "dealer_side": 5}
    assert marks(result) == [("dealer_side", 1, "point")]
    assert "void" not in result


def test_the_penalty_falls_once_on_a_side_whoever_offended():
    # Both partners revoke: the side loses one point all the same (ruling 83). The dealer's
    # side takes 4 tricks against the vulnerable elder's side: point and refusal, 2, less 1.
    record = summary("played", 1, 4, irregularities=[
        {"type": "revoke", "by": "second", "trick": 1},
        {"type": "revoke", "by": "dealer", "trick": 3}])
    assert marks(score_quatre(record)) == [("dealer_side", 1, "point")]
    # A revoke by the side that loses the point costs nothing: it has no trick award.
    record = summary("played", 1, 4, irregularities=[
        {"type": "revoke", "by": "third", "trick": 2}])
    assert marks(score_quatre(record)) == [("dealer_side", 1, "point"),
                                           ("dealer_side", 1, "refusal")]


# The dealer announces the king of trumps without holding it. The elder leads the 9D and the
# KH, and wins both; the 9C he leads next is trumped by the second and overtaken in clubs by
# the dealer's QC (he must beat the 9C); the second then wins with the QH and the QS. Three
# tricks to the dealer's side.
HOLDER_ELDER = deal("KH 9C 8C 7C 9D", "QS QH JH TH 8D", "JS 7S 8S TS 7D", "KC QC JC AC TC",
                    "7H")
ELDER_TRICKS = ["9D 8D 7D TC", "KH TH 7S JC", "9C JH 8S QC", "QH TS AC 8C", "QS JS KC 7C"]
# The same, but the KH is the second's, the dealer's partner. The elder's AH is overtaken by
# the second's QH, who wins every trick after the first.
HOLDER_SECOND = deal("AH 9C 8C 7C 9D", "QS KH QH TH 8D", "JS 7S 8S TS 7D", "KC QC JC AC TC",
                     "7H")
SECOND_TRICKS = ["9D 8D 7D TC", "AH QH 7S JC", "KH 8S QC 9C", "TH TS AC 8C", "QS JS KC 7C"]
FALSE_KING = {"type": "false_king", "by": "dealer"}


def test_a_false_king_is_excused_when_an_adversary_holds_the_king():
    # The dealer's side wins the point against the vulnerable elder's side: 1 and the refusal
    # point, 1. The KH is in the elder's hand, an adversary's: no penalty, and no king mark
    # (ruling 83).
    result = score_quatre(full(HOLDER_ELDER, tricks=ELDER_TRICKS, king="dealer",
                               irregularities=[FALSE_KING]))
    assert result["tricks"] == {"elder_side": 2, "dealer_side": 3}
    assert marks(result) == [("dealer_side", 1, "point"), ("dealer_side", 1, "refusal")]


def test_a_false_king_is_penalised_when_the_partner_holds_the_king():
    # Four tricks to the dealer's side, point and refusal; the KH is his partner's, who is no
    # adversary: the side loses the refusal point, its last mark (ruling 83).
    result = score_quatre(full(HOLDER_SECOND, tricks=SECOND_TRICKS, king="dealer",
                               irregularities=[FALSE_KING]))
    assert result["tricks"] == {"elder_side": 1, "dealer_side": 4}
    assert marks(result) == [("dealer_side", 1, "point")]
    # Without its entry, the announcement is refused: the dealer does not hold the king.
    rejects(full(HOLDER_SECOND, tricks=SECOND_TRICKS, king="dealer"), "king_not_held", "king")


def test_a_false_king_in_a_summary_is_penalised_and_marks_no_king():
    record = summary("played", 1, 4, king="dealer", irregularities=[FALSE_KING])
    assert marks(score_quatre(record)) == [("dealer_side", 1, "point")]


def test_a_hand_dealt_again_marks_nothing_and_the_same_dealer_deals():
    match = QuatreMatch(("A", "B", "C", "D"), first_dealer="A")
    result = match.play(summary("exchanged", 0, 0, king_turned=True, irregularities=[
        {"type": "replay", "reason": "misdeal"}]))
    assert result["void"] is True and result["marks"] == []
    assert result["points"] == {"elder_side": 0, "dealer_side": 0}
    assert match.next_dealer == "A" and set(match.score.values()) == {0}
    replayed = score_quatre(full(REVOKE_DEAL, tricks=REVOKE_TRICKS, irregularities=[
        REVOKE, {"type": "replay", "reason": "revoke"}]))
    assert replayed["void"] is True and replayed["marks"] == []


def test_a_seat_names_the_offender_and_there_is_no_abandon():
    rejects(summary("played", 1, 4, irregularities=[{"type": "revoke", "by": "middle",
                                                     "trick": 1}]),
            "bad_irregularity", "irregularities[0].by")
    rejects(summary("played", 1, 4, irregularities=[{"type": "abandon", "by": "elder"}]),
            "bad_irregularity", "irregularities[0]")
    rejects(full(REVOKE_DEAL, tricks=REVOKE_TRICKS[:1], in_progress=True, irregularities=[
        REVOKE, {"type": "replay", "reason": "revoke"}]), "bad_irregularity",
        "irregularities[1]")
