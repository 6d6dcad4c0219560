"""Écarté à quatre, scoring (docs/rules.md, section 13): the sides score as the two players of
the two-handed game do: the point for three or four tricks, the vole for five, the refusal point
against a vulnerable side, and the kings."""
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import score
from games.engine.quatre import score_quatre
from tests.engine.kit import marks
from tests.engine.quatre_kit import full, random_hand, summary
from tests.hypothesis_profiles import examples

ROLE = {"elder_side": "elder", "dealer_side": "dealer"}
SIDE = {"elder": "elder_side", "dealer": "dealer_side", None: None}
SIDE_OF = {"elder": "elder_side", "second": "dealer_side", "third": "elder_side",
           "dealer": "dealer_side"}


def test_three_or_four_tricks_win_the_point():
    assert marks(score_quatre(summary("exchanged", 3, 2))) == [("elder_side", 1, "point")]
    assert marks(score_quatre(summary("exchanged", 1, 4))) == [("dealer_side", 1, "point")]


def test_five_tricks_win_the_vole():
    assert marks(score_quatre(summary("exchanged", 0, 5))) == [
        ("dealer_side", 1, "point"), ("dealer_side", 1, "vole")]


def test_a_vulnerable_side_that_loses_the_point_gives_the_refusal_point():
    played = summary("played", 2, 3)
    assert marks(score_quatre(played)) == [("dealer_side", 1, "point"),
                                           ("dealer_side", 1, "refusal")]
    third_refused = summary("refused", 1, 4, s_refused_by="third")
    assert score_quatre(third_refused)["points"] == {"elder_side": 0, "dealer_side": 2}
    second_refused = summary("refused", 3, 2, s_refused_by="second")
    assert score_quatre(second_refused)["points"] == {"elder_side": 2, "dealer_side": 0}


def test_a_vulnerable_side_that_wins_the_point_marks_only_the_point():
    assert score_quatre(summary("played", 4, 1))["points"] == {"elder_side": 1,
                                                               "dealer_side": 0}


def test_the_vole_and_the_refusal_point_do_not_add_up():
    assert score_quatre(summary("played", 0, 5))["points"] == {"elder_side": 0,
                                                               "dealer_side": 2}


def test_kings_are_marked_before_the_tricks():
    result = score_quatre(summary("exchanged", 2, 3, king="third"))
    assert marks(result) == [("elder_side", 1, "king_held"), ("dealer_side", 1, "point")]
    result = score_quatre(summary("exchanged", 2, 3, king_turned=True, s_turn_up="KD"))
    assert marks(result) == [("dealer_side", 1, "king_turned"), ("dealer_side", 1, "point")]


def test_the_game_ends_at_the_target_and_nothing_more_is_marked():
    result = score_quatre(summary("played", 0, 5, score_before={"dealer_side": 6}))
    assert result["score_after"] == {"elder_side": 0, "dealer_side": 7}
    assert result["game_over"] and result["winner"] == "dealer_side"
    assert marks(result) == [("dealer_side", 1, "point")]


def test_a_full_hand_is_scored_from_its_tricks():
    # The elder's side takes every spade; the second's KH takes the fourth trick.
    record = full(tricks=["KS 9S KD KC", "QS 8S QD QC", "JS 7S JD JC", "AS KH AD AC",
                          "QH TD TC TS"])
    result = score_quatre(record)
    assert result["tricks"] == {"elder_side": 3, "dealer_side": 2}
    assert marks(result) == [("elder_side", 1, "point")]
    assert result["vulnerable"] == "elder_side"


def two_handed(quatre_summary):
    """The ecarte-hand/1 summary of the same tricks, vulnerability and kings."""
    body = quatre_summary["summary"]
    vulnerable = {"played": "elder_side", "exchanged": None}.get(body["opening"])
    if body["opening"] == "refused":
        vulnerable = SIDE_OF[body["refused_by"]]
    opening = {"elder_side": "played", "dealer_side": "refused", None: "exchanged"}[vulnerable]
    record = {
        "format": "ecarte-hand/1",
        "target": quatre_summary.get("target", 7),
        "score_before": {ROLE[s]: n for s, n in quatre_summary.get("score_before", {}).items()},
        "summary": {"opening": opening, "king_turned": body["king_turned"],
                    "tricks": {ROLE[s]: n for s, n in body["tricks"].items()}},
    }
    if body.get("king"):
        record["summary"]["king"] = ROLE[SIDE_OF[body["king"]]]
    return record


def same_result(quatre, hand):
    assert quatre["points"] == {SIDE[r]: n for r, n in hand["points"].items()}
    assert quatre["score_after"] == {SIDE[r]: n for r, n in hand["score_after"].items()}
    assert marks(quatre) == [(SIDE[m["to"]], m["points"], m["for"]) for m in hand["marks"]]
    assert quatre["winner"] == SIDE[hand["winner"]]
    assert quatre["vulnerable"] == SIDE[hand["vulnerable"]]


@settings(max_examples=examples(200), deadline=None)
@given(opening=st.sampled_from(("played", "exchanged", "second", "third", "dealer")),
       elder_side=st.integers(0, 5), king=st.sampled_from((None, "turned", "elder", "second",
                                                           "third", "dealer")),
       target=st.integers(1, 9), before=st.tuples(st.integers(0, 8), st.integers(0, 8)))
def test_a_sides_points_equal_the_two_handed_scorers(opening, elder_side, king, target, before):
    extra = {"target": target,
             "score_before": {"elder_side": min(before[0], target - 1),
                              "dealer_side": min(before[1], target - 1)}}
    if opening in ("second", "third", "dealer"):
        extra["s_refused_by"], opening = opening, "refused"
    if king and king != "turned":
        extra["king"] = king
    record = summary(opening, elder_side, 5 - elder_side, king_turned=king == "turned", **extra)
    if king_ends_game(record):  # no trick was played
        record["summary"]["tricks"] = {}
    same_result(score_quatre(record), score(two_handed(record)))


def king_ends_game(record):
    """A king mark reaches the target before play (docs/rules.md, section 7)."""
    body, before = record["summary"], record["score_before"]
    if body["king_turned"]:
        return before["dealer_side"] + 1 >= record["target"]
    return bool(body.get("king")) and before[SIDE_OF[body["king"]]] + 1 >= record["target"]


@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_a_full_hands_points_equal_the_two_handed_scorers(data):
    record, taken = random_hand(data)
    result = score_quatre(record)
    king_turned = record["deal"]["turn_up"][0] == "K"
    exchanges = record["exchanges"]
    opening = "played" if not exchanges else "exchanged"
    quatre_summary = summary(opening, taken["elder_side"], taken["dealer_side"],
                             king_turned=king_turned)
    if exchanges and not exchanges[0]["accepted"]:
        quatre_summary["summary"].update(opening="refused",
                                         refused_by=exchanges[0]["refused_by"])
    if record.get("king"):
        quatre_summary["summary"]["king"] = record["king"]
    same_result(result, score(two_handed(quatre_summary)))
