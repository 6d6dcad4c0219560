"""Écarté à trois, the Laws' irregularities (docs/rules.md, section 8, rulings 80 to 82): a
revoke or a false king kept in the record costs the offender one point of his own trick
marks, and the hand may be dealt again (`replay`) instead. Each player plays for himself, so
both others are his adversaries."""
from games.engine.trois import score_trois
from games.engine.trois_game import TroisGame
from tests.engine.kit import marks
from tests.engine.trois_kit import REVOKE, REVOKE_DEAL, REVOKE_TRICKS, full, rejects, summary


def revoked(**extra):
    return full(*REVOKE_DEAL, [], REVOKE_TRICKS, **extra)


def test_an_illegal_card_is_refused_unless_a_revoke_keeps_it():
    rejects(revoked(), "must_follow_suit", "tricks[0][1]")
    score_trois(revoked(irregularities=[REVOKE]))


def test_the_revoker_loses_his_point_and_the_third_keeps_his_consolation():
    # The middle takes 4 tricks, the elder 1, the dealer none. The elder played without
    # proposing and failed: the point to the middle, the refusal point to the dealer (section
    # 12). The middle's revoke costs him his point, which goes to no one (ruling 81).
    result = score_trois(revoked(irregularities=[REVOKE]))
    assert result["tricks"] == {"elder": 1, "middle": 4, "dealer": 0}
    assert marks(result) == [("dealer", 1, "refusal")]
    assert result["points"] == {"elder": 0, "middle": 0, "dealer": 1}
    assert "void" not in result


def test_a_revoke_costs_a_vole_one_point_and_the_third_his_consolation():
    # Summaries, the elder vulnerable. The middle's vole marks 2 and the dealer the refusal
    # point (section 12); the middle's revoke cuts his vole to 1. In the next hand the dealer,
    # who would mark the refusal point of the failing elder, loses it for his own revoke.
    vole = summary("played", (0, 5, 0),
                   r_irregularities=[{"type": "revoke", "by": "middle", "trick": 2}])
    assert marks(score_trois(vole)) == [("middle", 1, "point"), ("dealer", 1, "refusal")]
    point = summary("played", (1, 4, 0),
                    r_irregularities=[{"type": "revoke", "by": "dealer", "trick": 3}])
    assert marks(score_trois(point)) == [("middle", 1, "point")]


def test_the_penalty_is_one_point_however_many_offences():
    # Ruling 81, as ruling 17: once per offender.
    record = summary("played", (0, 5, 0), r_irregularities=[
        {"type": "revoke", "by": "middle", "trick": 1},
        {"type": "revoke", "by": "middle", "trick": 4}])
    assert marks(score_trois(record)) == [("middle", 1, "point"), ("dealer", 1, "refusal")]


def test_a_revoke_names_an_illegal_play_of_that_seat():
    rejects(revoked(irregularities=[REVOKE, {"type": "revoke", "by": "dealer",
                                                          "trick": 2}]),
            "bad_irregularity", "irregularities[1]")
    rejects(revoked(irregularities=[REVOKE, {"type": "revoke", "by": "middle",
                                                          "trick": 6}]),
            "bad_irregularity", "irregularities[1].trick")
    rejects(revoked(irregularities=[REVOKE, {"type": "revoke", "by": "second",
                                                          "trick": 1}]),
            "bad_irregularity", "irregularities[1].by")


# Diamonds are trumps again. The elder, who plays without proposing, announces the king of
# trumps without holding it. He wins the KS and the QS; the middle, out of spades, must trump
# the JS and does; he leads the 7C, which the elder's KC takes; the AS takes the last trick.
ELDER, DEALER = "KS QS JS AS KC", "JH AH TH 9H 8H"
FALSE_TRICKS = ["KS 9S JH", "QS 8S AH", "JS {trump} TH", "7C 9H KC", "AS 8C 8H"]
FALSE_KING = {"type": "false_king", "by": "elder"}


def false_king(middle_trump: str):
    """The middle holds `middle_trump` (KD, the king of trumps, or QD) and trumps trick 3."""
    middle = f"9S 8S {middle_trump} 7C 8C"
    tricks = [t.format(trump=middle_trump) for t in FALSE_TRICKS]
    return full(ELDER, middle, DEALER, "7D", [], tricks, king="elder",
                irregularities=[FALSE_KING])


def test_a_false_king_held_by_another_player_is_not_penalised():
    # The elder takes tricks 1, 2, 4 and 5; the middle trick 3 with his trump. The elder was
    # vulnerable and won the point: 1. The KD is in the middle's hand, an adversary's: no
    # penalty (ruling 82), and no king mark for a false king.
    result = score_trois(false_king("KD"))
    assert result["tricks"] == {"elder": 4, "middle": 1, "dealer": 0}
    assert marks(result) == [("elder", 1, "point")]


def test_a_false_king_not_dealt_costs_the_point():
    # The same hand with the QD for the middle: the KD is in the stock, nobody could show it.
    result = score_trois(false_king("QD"))
    assert result["tricks"] == {"elder": 4, "middle": 1, "dealer": 0}
    assert marks(result) == []


def test_a_false_king_needs_its_entry_and_a_king_announced():
    record = false_king("QD")
    del record["irregularities"]
    rejects(record, "king_not_held", "king")
    record = false_king("QD") | {"king": None}
    rejects(record, "bad_irregularity", "irregularities[0]")


def test_a_false_king_in_a_summary_is_penalised_and_marks_no_king():
    # Ruling 19: a summary cannot show who held the king.
    record = summary("played", (4, 1, 0), king="elder", r_irregularities=[FALSE_KING])
    assert marks(score_trois(record)) == []


def test_a_hand_dealt_again_marks_nothing():
    # A misdeal, claimed: the hand is void, not even the king turned up is marked (ruling 21).
    record = summary("exchanged", (0, 0, 0), king_turned=True,
                     r_irregularities=[{"type": "replay", "reason": "misdeal"}])
    result = score_trois(record)
    assert result["void"] is True and result["marks"] == []
    assert result["points"] == {"elder": 0, "middle": 0, "dealer": 0}
    assert not result["game_over"]
    # The adversaries of the revoker may have the hand played again instead of the penalty.
    replayed = score_trois(revoked(irregularities=[REVOKE, {"type": "replay",
                                                            "reason": "revoke"}]))
    assert replayed["void"] is True and replayed["marks"] == []


def test_the_same_dealer_deals_a_void_hand_again():
    game = TroisGame(("ann", "bob", "cy"), first_dealer="ann")
    game.play(summary("exchanged", (3, 1, 1),
                      r_irregularities=[{"type": "replay", "reason": "misdeal"}]))
    assert game.dealer == "ann" and game.score == {"ann": 0, "bob": 0, "cy": 0}


def test_no_replay_in_a_hand_in_progress_and_no_abandon():
    record = full(*REVOKE_DEAL, [], REVOKE_TRICKS[:1], in_progress=True,
                  irregularities=[REVOKE, {"type": "replay", "reason": "revoke"}])
    rejects(record, "bad_irregularity", "irregularities[1]")
    rejects(summary("played", (3, 1, 1), r_irregularities=[
        {"type": "abandon", "by": "dealer"}]), "bad_irregularity", "irregularities[0]")
