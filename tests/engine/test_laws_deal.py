"""The Laws to the letter: the deal (docs/rules.md, rulings 86, 87, 93 and 94). A misdeal
played, a hand played with the wrong number of cards, a deal out of turn that stood once the
trump was turned, and the target turned at random."""
import pytest

from games.engine import EngineError, analyse, score
from games.engine.advisor import advise
from games.engine.course import Course, CourseHand, Setup
from games.engine.rules import table_rules
from tests.engine.ecarte_kit import (
    POINT,
    check,
    ex,
    full,
    irr,
    rejects,
    summary,
)

MISDEAL = irr("misdeal_played")


def cards(by, count):
    return irr("wrong_number", by, cards=count)


# -- a misdeal played: no king turned (ruling 86) ----------------------------------------------
# The elder is dealt four cards and plays with them; the king of diamonds is turned up.
SHORT = full("KH QH JH 7C", "AS TS 9S AC KC", "KD", [],
             ["KH 9S", "QH TS", "JH AS", "7C AC"], irregularities=[MISDEAL, cards("elder", 4)])


def test_law_after_a_misdeal_not_claimed_the_dealer_cannot_mark_the_king_turned_up():
    check(SHORT, [("elder", 1, "point")], tricks=(3, 2))
    summary_record = summary("exchanged", 3, 2, king_turned=True, irregularities=[MISDEAL])
    check(summary_record, [("elder", 1, "point")])


def test_law_a_misdeal_played_is_recorded_or_the_hand_is_refused():
    rejects(dict(SHORT, irregularities=[cards("elder", 4)]), "wrong_hand_size", "deal.elder")
    rejects(POINT.record(irregularities=[MISDEAL]), "bad_irregularity", "irregularities[0]")
    # dealt four, he must be recorded as playing with four
    rejects(dict(SHORT, irregularities=[MISDEAL]), "wrong_hand_size", "deal.elder")


# -- the wrong number of cards (ruling 87) -----------------------------------------------------
def test_law_the_dealer_counts_as_tricks_all_cards_which_cannot_be_played_to():
    # The elder, dealt four, takes two; the dealer two, and his fifth card is not played to:
    # three tricks, the point, and the refusal point against the elder who played.
    record = full("KH QH 7C 8C", "AS TS AC KC QC", "7D", [],
                  ["KH AS", "QH TS", "7C QC", "KC 8C"], irregularities=[MISDEAL, cards("elder", 4)])
    check(record, [("dealer", 1, "point"), ("dealer", 1, "refusal")], tricks=(2, 3))


def test_law_a_player_with_more_than_five_cards_marks_nothing_for_the_tricks():
    # The dealer gives the elder two cards for one: the elder plays six and takes all five.
    six = ex("8C", "9H 8H", "9S", "QC")
    record = POINT.record([six], ["KH AS", "QH TS", "JH AC", "9H KC", "8H QC"],
                          irregularities=[cards("elder", 6)])
    check(record, [], tricks=(5, 0))
    rejects(POINT.record([six], ["KH AS", "QH TS", "JH AC", "9H KC", "8H QC"]),
            "bad_exchange", "exchanges[0].elder")


def test_law_the_cards_a_player_played_with_are_recorded_exactly():
    six = ex("8C", "9H 8H", "9S", "QC")
    tricks = ["KH AS", "QH TS", "JH AC", "9H KC", "8H QC"]
    rejects(POINT.record([six], tricks, irregularities=[cards("elder", 7)]),
            "bad_irregularity", "irregularities[0].cards")
    rejects(POINT.record([six], tricks, irregularities=[cards("elder", 5)]),
            "bad_irregularity", "irregularities[0].cards")


def test_law_a_summary_counts_the_cards_not_played_to_among_the_tricks():
    check(summary("played", 2, 3, irregularities=[MISDEAL, cards("elder", 4)]),
          [("dealer", 1, "point"), ("dealer", 1, "refusal")])
    check(summary("exchanged", 5, 0, irregularities=[cards("elder", 6)]), [])
    rejects(summary("exchanged", 2, 2, irregularities=[MISDEAL, cards("elder", 4)]),
            "bad_summary", "summary.tricks")
    # both short: four tricks, and two each win no point
    check(summary("exchanged", 2, 2, irregularities=[MISDEAL, cards("elder", 4),
                                                      cards("dealer", 4)]), [])


def test_law_a_hand_with_the_wrong_number_of_cards_has_no_analysis_nor_advice():
    assert score(SHORT, analyse=True)["analysis"] is None
    for fn, at in ((analyse, "deal"), (advise, "deal.elder")):
        with pytest.raises(EngineError) as caught:
            fn(SHORT)
        assert (caught.value.code, caught.value.at) == ("bad_format", at)


# -- a deal out of turn stands once the trump is turned (ruling 94) ---------------------------
A, B, C = "Athos", "Porthos", "Aramis"
OUT_OF_TURN = [irr("dealt_out_of_turn")]


def course(**rules):
    return Course(Setup(kind="pool", players=(A, B, C), first_dealer=B,
                        rules=table_rules({}) | rules))


def won(elder_tricks, **extra):
    return {"summary": {"opening": "exchanged", "king_turned": False,
                        "tricks": {"elder": elder_tricks, "dealer": 5 - elder_tricks}}, **extra}


def test_law_a_deal_out_of_turn_stands_and_the_course_goes_on_from_it():
    c = course()  # Porthos's deal
    result = c.play(CourseHand(key=1, game=1, elder=B, dealer=A,
                               record=won(3, irregularities=OUT_OF_TURN)))  # Athos dealt
    assert result["marks"] == [{"to": "elder", "points": 1, "for": "point"}]
    assert c.game.score == {A: 0, B: 1} and c.seated[1] == (B, A)
    assert (c.elder, c.dealer) == (A, B)  # Porthos deals the next


def test_law_a_deal_out_of_turn_is_seated_as_it_was_dealt():
    c = course()
    assert c.seating(won(3)) == (A, B)
    assert c.seating(won(3, irregularities=OUT_OF_TURN)) == (B, A)
    c.play(CourseHand(key=1, game=1, elder=A, dealer=B, record=won(5)))  # Athos 2
    # Athos's deal; Porthos deals out of turn, and the game's score follows the seats
    result = c.play(CourseHand(key=2, game=1, elder=A, dealer=B,
                               record=won(2, irregularities=OUT_OF_TURN)))
    assert result["score_after"] == {"elder": 2, "dealer": 1}
    assert (c.elder, c.dealer) == (B, A)


def test_law_a_hand_seated_otherwise_than_its_deal_is_set_aside():
    c = course()
    assert c.play(CourseHand(key=1, game=1, elder=A, dealer=B,
                             record=won(3, irregularities=OUT_OF_TURN))) is None
    assert c.set_aside[0][0] == 1


def test_law_a_deal_out_of_turn_dealt_again_leaves_the_deal_to_the_right_player():
    c = course()
    record = won(3, irregularities=OUT_OF_TURN + [irr("replay", reason="misdeal")])
    assert c.play(CourseHand(key=1, game=1, elder=B, dealer=A, record=record))["void"]
    assert (c.elder, c.dealer) == (A, B)


# -- the retourne turned at random (ruling 93) -------------------------------------------------
def test_law_a_card_turned_at_random_sets_the_target_of_a_game_to_the_retourne():
    c = course(target="retourne_random")
    hand = won(3, target_card="AS")
    hand["summary"]["turn_up"] = "7S"  # the first deal's turn-up does not count here
    c.play(CourseHand(key=1, game=1, elder=A, dealer=B, record=hand))
    assert c.game.target == 11


def test_law_the_first_hand_of_a_random_retourne_game_names_its_card():
    c = course(target="retourne_random")
    with pytest.raises(EngineError) as caught:
        c.play(CourseHand(key=1, game=1, elder=A, dealer=B, record=won(3)))
    assert (caught.value.code, caught.value.at) == ("bad_format", "target_card")
    with pytest.raises(EngineError) as caught:
        c.play(CourseHand(key=1, game=1, elder=A, dealer=B, record=won(3, target_card="XS")))
    assert (caught.value.code, caught.value.at) == ("bad_card", "target_card")
    void = won(3, irregularities=[irr("replay", reason="misdeal")])
    assert c.play(CourseHand(key=1, game=1, elder=A, dealer=B, record=void))["void"]
    assert c.game.target is None


@pytest.mark.parametrize("target, hands", [("retourne_random", 1), ("retourne", 0), (5, 0)])
def test_law_only_the_first_hand_of_a_random_retourne_game_gives_a_target_card(target, hands):
    c = course(target=target)
    if hands:
        c.play(CourseHand(key=1, game=1, elder=A, dealer=B, record=won(3, target_card="9S")))
    record = won(3, target_card="8S")
    if target == "retourne":
        record["summary"]["turn_up"] = "8S"
    with pytest.raises(EngineError) as caught:
        c.play(CourseHand(key=2, game=1, elder=c.elder, dealer=c.dealer, record=record))
    assert (caught.value.code, caught.value.at) == ("bad_format", "target_card")


def test_law_a_record_names_its_target_card_as_a_card():
    rejects(POINT.record(target_card="1S"), "bad_card", "target_card")
    assert score(POINT.record(target_card="AS")) == score(POINT.record())
    # with the deal: a fault of the record's shape comes first
    record = POINT.record([dict(ex("8C", "9H", "9S", "QC"), note="x")], target_card="1S")
    rejects(record, "unknown_field", "exchanges[0].note")
