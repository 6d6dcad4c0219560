"""Écarté à trois, the point (docs/rules.md, section 12): it goes to the player with the most
tricks; when two take two tricks each and the third one, to the first of the two to take his
second trick; the vole is all five tricks and marks 2. Up to three points may be marked on
tricks in one hand, but never all three by one player."""
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.trois import score_trois
from tests.engine.kit import marks
from tests.engine.trois_kit import SEATS, full, legal_hands, rejects, summary
from tests.hypothesis_profiles import examples

TRICK_MARKS = ("point", "vole", "refusal")
# Trump diamonds, none dealt. The elder takes the first trick, the middle the next two, the
# elder the fourth and the dealer the last: the middle is the first to take two.
SPLIT = full("KS 7H 9H QS 8C", "KH QH 7S 8S AH", "KC QC JC AC TC", "8D", [], [
    "KS 7S TC", "7H KH JC", "QH AC 9H", "8S QC QS", "8C AH KC"])


def test_the_most_tricks_win_the_point():
    for tricks, seat in (((3, 1, 1), "elder"), ((1, 3, 1), "middle"), ((0, 2, 3), "dealer"),
                         ((4, 1, 0), "elder"), ((0, 1, 4), "dealer"), ((2, 3, 0), "middle")):
        assert marks(score_trois(summary("exchanged", tricks))) == [(seat, 1, "point")]


def test_two_two_one_the_first_to_take_his_second_trick_wins_the_point():
    # docs/rules.md, ruling 45: the elder was vulnerable and lost the point; the dealer, who
    # took the last trick, marks the refusal point as the third player.
    result = score_trois(SPLIT)
    assert result["tricks"] == {"elder": 2, "middle": 2, "dealer": 1}
    assert result["first_to_two"] == "middle"
    assert marks(result) == [("middle", 1, "point"), ("dealer", 1, "refusal")]


def test_a_two_two_one_summary_names_the_first_to_take_two():
    # docs/rules.md, ruling 45.
    for first in ("elder", "dealer"):
        result = score_trois(summary("exchanged", (2, 1, 2), first_to_two=first))
        assert marks(result) == [(first, 1, "point")]
        assert result["first_to_two"] == first
    rejects(summary("exchanged", (2, 1, 2)), "bad_summary",
            "summary.first_to_two")
    rejects(summary("exchanged", (2, 1, 2), first_to_two="middle"),
            "bad_summary", "summary.first_to_two")
    rejects(summary("exchanged", (3, 1, 1), first_to_two="elder"),
            "bad_summary", "summary.first_to_two")
    assert score_trois(summary("exchanged", (3, 1, 1)))["first_to_two"] is None


def test_the_vole_marks_two():
    assert marks(score_trois(summary("exchanged", (0, 0, 5)))) == [
        ("dealer", 1, "point"), ("dealer", 1, "vole")]


def test_the_tricks_add_up_to_five():
    for tricks in ((3, 1, 0), (3, 2, 1), (6, 0, -1)):
        rejects(summary("exchanged", tricks), "bad_summary", "summary.tricks")


def trick_points(result):
    points = dict.fromkeys(SEATS, 0)
    for m in result["marks"]:
        if m["for"] in TRICK_MARKS:
            points[m["to"]] += m["points"]
    return points


def check_trick_points(result):
    points = trick_points(result)
    assert sum(points.values()) <= 3
    assert max(points.values()) <= 2
    assert sum(points.values()) >= 1  # somebody always wins the point


@st.composite
def summaries(draw):
    elder = draw(st.integers(0, 5))
    middle = draw(st.integers(0, 5 - elder))
    tricks = (elder, middle, 5 - elder - middle)
    opening = draw(st.sampled_from(["played", "refused", "exchanged"]))
    fields = {}
    if opening == "refused":
        fields["refused_by"] = draw(st.sampled_from(["middle", "dealer"]))
    if sorted(tricks) == [1, 2, 2]:
        fields["first_to_two"] = draw(st.sampled_from(
            [seat for seat, n in zip(SEATS, tricks) if n == 2]))
    return summary(opening, tricks, **fields)


@settings(max_examples=examples(200), deadline=None)
@given(summaries())
def test_never_more_than_three_points_on_tricks_nor_all_three_to_one(record):
    check_trick_points(score_trois(record))


@settings(max_examples=examples(60), deadline=None)
@given(legal_hands())
def test_a_played_hand_never_marks_more_than_three_on_tricks_nor_all_to_one(hand):
    record, facts = hand
    result = score_trois(record)
    check_trick_points(result)
    most = max(facts["tricks"].values())
    takers = [s for s in SEATS if facts["tricks"][s] == most]
    taker = facts["first_to_two"] if len(takers) > 1 else takers[0]
    assert trick_points(result)[taker] == (2 if most == 5 else 1)
