"""Écarté à quatre, the summary record (docs/hand-record.md, "Écarté à quatre"): the outcome of a
hand without its cards, enough to score it. What à trois reads alike (a record's deal or summary,
a summary's opening, king turned and tricks) is in test_trois_quatre_records.py."""
import json
from pathlib import Path

from games.engine.quatre import score_quatre
from tests.engine.quatre_kit import rejects, summary


def test_a_summary_is_scored():
    result = score_quatre(summary("exchanged", 4, 1))
    assert result["tricks"] == {"elder_side": 4, "dealer_side": 1}
    assert result["points"] == {"elder_side": 1, "dealer_side": 0}
    assert "in_progress" not in result


def test_the_tricks_of_the_two_sides_add_up_to_five():
    # docs/rules.md, ruling 57.
    rejects(summary("exchanged", 3, 1), "bad_summary", "summary.tricks", mentions=["4"])
    rejects(summary("exchanged", 6, -1), "bad_summary", "summary.tricks")
    rejects(summary("exchanged", 3, "2"), "bad_format", "summary.tricks.dealer_side")


def test_the_tricks_are_counted_by_side():
    record = summary("exchanged", 3, 2)
    record["summary"]["tricks"] = {"elder": 3, "dealer": 2}
    rejects(record, "unknown_field", "summary.tricks.elder")


def test_only_one_of_the_three_who_were_asked_refuses():
    rejects(summary("refused", 3, 2, s_refused_by="elder"), "bad_summary", "summary.refused_by")
    rejects(summary("refused", 3, 2, s_refused_by="north"), "bad_format", "summary.refused_by")


def test_the_turn_up_agrees_with_king_turned():
    score_quatre(summary("exchanged", 3, 2, king_turned=True, s_turn_up="KS"))
    rejects(summary("exchanged", 3, 2, s_turn_up="KS"), "bad_summary", "summary.king_turned")
    rejects(summary("exchanged", 3, 2, s_turn_up="ZZ"), "bad_card", "summary.turn_up")


def test_a_summary_has_no_cards_and_no_play_keys():
    rejects(summary("exchanged", 3, 2, in_progress=True), "unknown_field", "in_progress")
    rejects(summary("exchanged", 3, 2, s_double=True), "unknown_field", "summary.double")


def test_the_examples_of_the_hand_record_document_hold():
    text = (Path(__file__).parents[2] / "docs" / "hand-record.md").read_text()
    section = text.split("## Écarté à quatre", 1)[1].split("\n## ", 1)[0]
    blocks = [json.loads(b.split("```", 1)[0]) for b in section.split("```json\n")[1:]]
    record, quatre_summary, result, error = blocks
    assert score_quatre(record) == result
    assert score_quatre(quatre_summary)["points"] == {"elder_side": 0, "dealer_side": 3}
    assert error["error"]["code"] == "must_trump"
