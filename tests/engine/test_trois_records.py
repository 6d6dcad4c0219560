"""Écarté à trois, the records (docs/hand-record.md, "Écarté à trois"): the `ecarte-trois/1`
record, full and summary, is checked with the two-handed record's care, codes and pointers,
and scored into an `ecarte-trois-result/1`. What à quatre reads alike (a record's deal or
summary, a summary's opening, king turned and tricks) is in test_trois_quatre_records.py."""
import json
import re
from pathlib import Path

from hypothesis import given, settings

from games.engine import score
from games.engine.trois import score_trois
from tests.engine.kit import refuses
from tests.engine.trois_kit import full, legal_hands, rejects, summary
from tests.hypothesis_profiles import examples

ELDER, MIDDLE, DEALER = "KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H"
ELDER_VOLE = ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"]


def vole(**extra):
    return full(ELDER, MIDDLE, DEALER, "7D", [], ELDER_VOLE, **extra)


def test_the_result_of_a_full_record():
    assert score_trois(vole()) == {
        "format": "ecarte-trois-result/1",
        "tricks": {"elder": 5, "middle": 0, "dealer": 0},
        "vulnerable": "elder",
        "first_to_two": None,
        "marks": [{"to": "elder", "points": 1, "for": "point"},
                  {"to": "elder", "points": 1, "for": "vole"}],
        "points": {"elder": 2, "middle": 0, "dealer": 0},
        "score_after": {"elder": 2, "middle": 0, "dealer": 0},
        "game_over": False,
        "winner": None,
    }


def test_the_result_of_a_summary():
    result = score_trois(summary("refused", (2, 1, 2), refused_by="middle",
                                 first_to_two="dealer", r_score_before={"middle": 4}))
    assert result["marks"] == [{"to": "dealer", "points": 1, "for": "point"},
                               {"to": "elder", "points": 1, "for": "refusal"}]
    assert result["score_after"] == {"elder": 1, "middle": 4, "dealer": 1}


def test_the_examples_of_the_contract_are_what_the_engine_reads_and_gives():
    text = Path(__file__).resolve().parents[2].joinpath("docs", "hand-record.md").read_text()
    start = text.index("## Écarté à trois")
    section = text[start:text.index("\n## ", start)]
    full_example, summary_example, result_example = (
        json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S))
    assert score_trois(full_example)["first_to_two"] == "middle"
    assert score_trois(summary_example) == result_example


def test_the_format_is_ecarte_trois():
    record = vole(format="ecarte-hand/1")
    rejects(record, "bad_format", "format")
    del record["format"]
    score_trois(record)


def test_the_two_handed_scorer_does_not_take_an_a_trois_record():
    refuses(score, vole(), "bad_format", "format")
    refuses(score, summary("played", (3, 1, 1)), "bad_format", "format")


def test_a_record_is_an_object():
    rejects(["deal"], "bad_format", "")


def test_unknown_keys_are_refused_where_they_stand():
    rejects(vole(offer={"by": "elder", "accepted": True}), "unknown_field", "offer")
    record = vole()
    record["deal"]["observer"] = []
    rejects(record, "unknown_field", "deal.observer")
    rejects(summary("played", (3, 1, 1), in_progress=True), "unknown_field",
            "summary.in_progress")
    rejects(summary("played", (3, 1, 1), r_tricks=[]), "unknown_field", "tricks")
    rejects(vole(rules={"colour": "red"}), "unknown_field", "rules.colour")


def test_the_variants_are_not_recorded_a_trois():
    # docs/rules.md, ruling 48; the irregularities are recorded
    # (test_trois_quatre_irregularities.py).
    rejects(vole(double={"by": "elder", "before_trick": 1, "accepted": True}),
            "unknown_field", "double")
    rejects(vole(offer={"by": "elder", "accepted": True}), "unknown_field",
            "offer")


def test_a_trick_is_three_cards():
    record = vole()
    record["tricks"][2] = ["JS", "7S"]
    rejects(record, "bad_format", "tricks[2]")


def test_a_finished_hand_has_five_tricks():
    record = vole()
    record["tricks"].pop()
    rejects(record, "wrong_trick_count", "tricks")


def test_a_hand_in_progress_marks_no_trick_points():
    record = vole(in_progress=True)
    record["tricks"] = record["tricks"][:3]
    result = score_trois(record)
    assert result["in_progress"] is True
    assert result["marks"] == [] and result["tricks"]["elder"] == 3


def test_the_game_score_names_the_three_seats_and_the_target_defaults_to_seven():
    # docs/rules.md, ruling 48.
    rejects(vole(score_before={"observer": 1}), "unknown_field",
            "score_before.observer")
    rejects(vole(score_before={"middle": -1}), "bad_format", "score_before.middle")
    rejects(vole(score_before={"middle": 7}), "after_game_end",
            "score_before.middle")
    result = score_trois(vole(score_before={"elder": 4}))
    assert result["score_after"]["elder"] == 6 and not result["game_over"]
    result = score_trois(vole(score_before={"elder": 4}, target=5))
    assert result["winner"] == "elder"


def test_a_summary_names_a_seat_as_the_king_s_holder():
    rejects(summary("played", (3, 1, 1), king="observer"), "bad_format", "summary.king")


@settings(max_examples=examples(80), deadline=None)
@given(legal_hands())
def test_a_random_legal_hand_is_accepted(hand):
    record, facts = hand
    result = score_trois(record)
    assert result["tricks"] == facts["tricks"]
    assert result["vulnerable"] == facts["vulnerable"]
    if sorted(facts["tricks"].values()) == [1, 2, 2]:
        assert result["first_to_two"] == facts["first_to_two"]
    kings = [m["to"] for m in result["marks"] if m["for"].startswith("king")]
    assert kings == (["dealer"] if facts["king_turned"] else []) + (
        [facts["king"]] if facts["king"] else [])
