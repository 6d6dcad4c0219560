"""The Laws to the letter: a mark that is not claimed in time is lost (docs/rules.md, rulings
84 and 85). "If a player omit to mark his score, he may rectify the omission at any time
before the trump card of the next deal is turned up"; "if a king be turned up, the dealer is
entitled to mark it at any time before the trump card of the next deal is turned up"."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import EngineError, score
from games.engine.claims import check_claim, claim_open
from games.engine.course import CourseHand
from tests.engine.ecarte_kit import (
    ELDER_VOLE,
    POINT,
    TURNED_KING,
    M,
    before,
    check,
    irr,
    rejects,
    summary,
)
from tests.engine.test_properties import Hand
from tests.hypothesis_profiles import examples


def unmarked(by, mark):
    return irr("unmarked", by, mark=mark)


def marked_late(by, mark):
    return irr("marked_late", by, mark=mark)


# -- recording a forgotten mark (ruling 84) ---------------------------------------------------
def test_law_a_mark_the_player_omits_to_mark_is_not_marked():
    result = check(POINT.record(irregularities=[unmarked("elder", "point")]), [], tricks=(3, 2))
    assert result["unmarked"] == [M("elder", 1, "point")]
    assert "unmarked" not in score(POINT.record())  # listed only when a mark was omitted


def test_law_a_part_of_the_score_may_be_omitted():
    result = check(ELDER_VOLE.record(irregularities=[unmarked("elder", "vole")]),
                   [("elder", 1, "point")])
    assert result["unmarked"] == [M("elder", 1, "vole")]


def test_law_a_summary_records_a_forgotten_mark_too():
    result = check(summary("exchanged", 3, 2, irregularities=[unmarked("elder", "point")]), [])
    assert result["unmarked"] == [M("elder", 1, "point")]


def test_law_a_king_turned_up_and_not_marked_ends_no_game_at_the_deal():
    # The dealer at 4 of 5 turns up a king and does not mark it: the hand is played.
    record = TURNED_KING.record(score_before=before(0, 4),
                                irregularities=[unmarked("dealer", "king_turned")])
    result = check(record, [("elder", 1, "point")])
    assert result["unmarked"] == [M("dealer", 1, "king_turned")]


def test_law_the_dealer_may_mark_the_king_turned_up_late():
    # Marked late, before the next deal's turn-up: after the hand's other marks, and it wins
    # the game.
    record = TURNED_KING.record(score_before=before(0, 4),
                                irregularities=[marked_late("dealer", "king_turned")])
    result = check(record, [("elder", 1, "point"), ("dealer", 1, "king_turned")],
                   game_over=True, winner="dealer")
    assert "unmarked" not in result
    # The elder's point, marked first, wins the game when both stand at 4.
    record["score_before"] = before(4, 4)
    check(record, [("elder", 1, "point")], game_over=True, winner="elder")


@pytest.mark.parametrize("entry, at", [
    (unmarked("dealer", "point"), "irregularities[0]"),  # the elder won the point
    (unmarked("dealer", "king_turned"), "irregularities[0]"),  # no king was turned up
    (unmarked("elder", "points"), "irregularities[0].mark"),
])
def test_law_an_omitted_mark_is_one_the_hand_gives_that_player(entry, at):
    rejects(POINT.record(irregularities=[entry]), "bad_irregularity", at)


@given(st.randoms(use_true_random=False))
@settings(max_examples=examples(150), deadline=None)
def test_law_any_mark_of_a_legal_hand_may_be_omitted_or_marked_late(rnd):
    record = Hand(rnd, fresh_game=True).record()  # a first hand: no mark wins the game
    marks = score(record)["marks"]
    chosen = rnd.choice(marks)
    others = [mark for mark in marks if mark != chosen]
    for kind in ("unmarked", "marked_late"):
        entry = irr(kind, chosen["to"], mark=chosen["for"])
        result = score(dict(record, irregularities=record.get("irregularities", []) + [entry]))
        if kind == "unmarked":
            assert (result["marks"], result["unmarked"]) == (others, [chosen])
            assert sum(result["points"].values()) == sum(m["points"] for m in others)
        else:
            assert result["marks"] == others + [chosen] and "unmarked" not in result


def test_law_a_mark_is_omitted_or_marked_late_once():
    rejects(POINT.record(irregularities=[unmarked("elder", "point"),
                                         marked_late("elder", "point")]),
            "bad_irregularity", "irregularities[1]")


def test_law_the_count_of_tricks_comes_before_the_mark_an_entry_names():
    rejects(POINT.first(4, irregularities=[unmarked("elder", "point")]), "wrong_trick_count",
            "tricks")


# -- the time of a claim (ruling 85) ----------------------------------------------------------
FORGOTTEN = summary("exchanged", 3, 2, irregularities=[unmarked("elder", "point")])
CLAIMED = summary("exchanged", 3, 2)
NEXT = summary("exchanged", 2, 3)


def table(*records):
    return [CourseHand(key=n, game=1, elder="A", dealer="B", record=record)
            for n, record in enumerate(records, start=1)]


def test_law_an_omission_may_be_rectified_until_the_next_deal_is_turned_up():
    assert claim_open(table(FORGOTTEN), 1)
    check_claim(table(FORGOTTEN), 1, score(FORGOTTEN), score(CLAIMED))
    assert not claim_open(table(FORGOTTEN, NEXT), 1)


def test_law_a_claim_after_the_next_trump_is_turned_up_is_too_late():
    with pytest.raises(EngineError) as caught:
        check_claim(table(FORGOTTEN, NEXT), 1, score(FORGOTTEN), score(CLAIMED))
    assert (caught.value.code, caught.value.at) == ("too_late", "irregularities")
    late = summary("exchanged", 3, 2, irregularities=[marked_late("elder", "point")])
    with pytest.raises(EngineError):
        check_claim(table(FORGOTTEN, NEXT), 1, score(FORGOTTEN), score(late))


def test_law_a_correction_that_claims_no_forgotten_mark_is_never_too_late():
    hands = table(FORGOTTEN, NEXT)
    check_claim(hands, 1, score(FORGOTTEN), score(FORGOTTEN))
    check_claim(hands, 1, score(CLAIMED), score(summary("exchanged", 5, 0)))


@pytest.mark.parametrize("reason, turn_up, turned", [
    ("undone", "7S", False),  # entered in error: no deal at all
    ("misdeal", None, False),  # dealt again before its trump was turned, as its record says
    ("misdeal", "7S", True),
])
def test_law_a_deal_dealt_again_closes_the_claim_only_once_its_trump_is_turned(
        reason, turn_up, turned):
    extra = {"s_turn_up": turn_up} if turn_up else {}
    void = summary("exchanged", 3, 2, irregularities=[irr("replay", reason=reason)], **extra)
    assert claim_open(table(FORGOTTEN, void), 1) is not turned
    assert claim_open(table(FORGOTTEN, void, NEXT), 1) is False


def test_law_a_full_record_dealt_again_has_turned_its_trump():
    void = POINT.record(irregularities=[irr("replay", reason="misdeal")])
    assert not claim_open(table(FORGOTTEN, void), 1)
