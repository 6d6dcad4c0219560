"""docs/hand-record.md: the two forms of the record, the result, and the errors in their order."""

import copy

import pytest

from games.engine import EngineError, loads, score
from tests.engine.ecarte_kit import (
    ERRORS,
    EXCHANGE_ONE,
    KING_ELDER,
    POINT,
    REVOKE_VOLE,
    check,
    ex,
    rejects,
    summary,
    with_deal,
)

RESULT_KEYS = {"format", "tricks", "vulnerable", "marks", "points", "score_after", "game_over",
               "winner", "void"}


def rejects_text(text, code, at):
    with pytest.raises(EngineError) as info:
        score(loads(text))
    assert (info.value.code, info.value.at) == (code, at)


# --- the two forms ------------------------------------------------------------------------

def test_a_record_with_a_deal_is_a_full_record():
    assert score(POINT.record())["tricks"] == {"elder": 3, "dealer": 2}


def test_a_record_without_a_deal_is_a_summary():
    check(summary("exchanged", 3, 2), [("elder", 1, "point")], tricks=(3, 2))


def test_a_full_record_cannot_carry_a_summary():
    record = POINT.record(summary={"opening": "played", "king_turned": False,
                                   "tricks": {"elder": 3, "dealer": 2}})
    rejects(record, "unknown_field", "summary")


def test_format_may_be_left_out():
    record = POINT.record()
    del record["format"]
    check(record, [("elder", 1, "point")])


def test_format_when_given_must_be_ecarte_hand_1():
    rejects(POINT.record(format="ecarte-hand/2"), "bad_format", "format")
    rejects(summary("played", 3, 2, format="ecarte-result/1"), "bad_format", "format")


def test_an_unknown_key_is_unknown_field():
    rejects(POINT.record(comment="nice hand"), "unknown_field", "comment")
    rejects(summary("played", 3, 2, comment="nice hand"), "unknown_field", "comment")


def test_an_unknown_table_option_is_unknown_field():
    rejects(POINT.record(rules={"foo": 1}), "unknown_field", "rules.foo")


def test_an_unknown_key_in_the_deal_is_unknown_field():
    record = POINT.record()
    record["deal"]["stock"] = []
    rejects(record, "unknown_field", "deal.stock")


def test_an_unknown_key_in_an_exchange_is_unknown_field():
    record = POINT.record([dict(EXCHANGE_ONE, note="x")], tricks=[], in_progress=True)
    rejects(record, "unknown_field", "exchanges[0].note")


def test_an_unknown_key_in_the_summary_is_unknown_field():
    rejects(summary("played", 3, 2, s_note="x"), "unknown_field", "summary.note")


def test_text_that_is_not_json_is_bad_json():
    with pytest.raises(EngineError) as info:
        loads('{"deal": ')
    assert info.value.code == "bad_json"


def test_loads_reads_a_record():
    import json
    assert loads(json.dumps(POINT.record())) == POINT.record()


def test_json_that_is_not_an_object_is_bad_format_at_the_root():
    rejects_text("[1, 2]", "bad_format", "")
    rejects([], "bad_format", "")


@pytest.mark.parametrize("key,value", [
    ("exchanges", {}), ("exchanges", "played"), ("exchanges", None),
    ("tricks", {}), ("tricks", None), ("irregularities", {}), ("irregularities", "none"),
    ("rules", []), ("score_before", [0, 0]), ("deal", []), ("deal", None), ("king", ""),
    ("in_progress", "yes"), ("in_progress", 1), ("target", None), ("target", True),
])
def test_a_key_of_the_wrong_type_is_bad_format_at_that_key(key, value):
    record = POINT.record()
    record[key] = value
    rejects(record, "bad_format", key)


def test_a_summary_of_the_wrong_type_is_bad_format():
    rejects({"summary": []}, "bad_format", "summary")
    rejects({"summary": {"opening": "played", "king_turned": False, "tricks": [3, 2]}},
            "bad_format", "summary.tricks")
    rejects(summary("played", 3, 2, king_turned="no"), "bad_format", "summary.king_turned")


def test_a_summary_opening_is_played_refused_or_exchanged():
    rejects(summary("proposed", 3, 2), "bad_format", "summary.opening")


def test_the_king_is_elder_dealer_or_null():
    rejects(KING_ELDER.record(king="nobody"), "bad_format", "king")


def test_score_does_not_change_the_record():
    record = KING_ELDER.record(king="elder", rules={"ranking": "classic"})
    kept = copy.deepcopy(record)
    score(record)
    assert record == kept


# --- the result ---------------------------------------------------------------------------

def test_the_result_has_the_keys_of_hand_record_md():
    assert set(score(POINT.record())) == RESULT_KEYS
    assert set(score(summary("played", 3, 2))) == RESULT_KEYS


def test_the_result_of_the_example_in_hand_record_md():
    # vulnerable elder, king turned up, elder takes the point
    assert score(summary("played", 3, 2, king_turned=True)) == {
        "format": "ecarte-result/1",
        "tricks": {"elder": 3, "dealer": 2},
        "vulnerable": "elder",
        "marks": [{"to": "dealer", "points": 1, "for": "king_turned"},
                  {"to": "elder", "points": 1, "for": "point"}],
        "points": {"elder": 1, "dealer": 1},
        "score_after": {"elder": 1, "dealer": 1},
        "game_over": False,
        "winner": None,
        "void": False,
    }


# --- hands in progress --------------------------------------------------------------------

def test_a_hand_in_progress_says_so_in_the_result():
    result = score(POINT.first(2, in_progress=True))
    assert result["in_progress"] is True
    assert set(result) == RESULT_KEYS | {"in_progress"}


def test_a_hand_in_progress_marks_no_trick_points():
    check(POINT.first(3, in_progress=True), [], tricks=(3, 0))


def test_a_hand_in_progress_marks_the_kings():
    check(KING_ELDER.first(1, king="elder", in_progress=True), [("elder", 1, "king_held")])


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_wrong_trick_count_never_applies_to_a_hand_in_progress(n):
    check(POINT.first(n, in_progress=True), [])


def test_in_progress_false_is_a_finished_hand():
    rejects(POINT.first(4, in_progress=False), "wrong_trick_count", "tricks")


def test_a_hand_in_progress_is_checked_like_any_other():
    rejects(REVOKE_VOLE.first(1, in_progress=True), "must_follow_suit", "tricks[0][1]")


# --- the summary's checks -----------------------------------------------------------------

def test_summary_tricks_must_add_up_to_five():
    rejects(summary("played", 3, 3), "bad_summary", "summary.tricks")
    rejects(summary("played", 2, 2), "bad_summary", "summary.tricks")
    rejects(summary("played", -1, 6), "bad_summary", "summary.tricks")


def test_summary_king_turned_must_agree_with_the_turn_up():
    rejects(summary("played", 3, 2, s_turn_up="KD"), "bad_summary", at_prefix="summary")
    rejects(summary("played", 3, 2, king_turned=True, s_turn_up="9D"), "bad_summary",
            at_prefix="summary")
    check(summary("played", 3, 2, king_turned=True, s_turn_up="KD"),
          [("dealer", 1, "king_turned"), ("elder", 1, "point")])


def test_summary_turn_up_must_be_a_card():
    rejects(summary("played", 3, 2, s_turn_up="KX"), "bad_card", "summary.turn_up")


def test_summary_cannot_have_a_king_turned_and_a_king_announced():
    rejects(summary("played", 3, 2, king_turned=True, king="elder"), "bad_summary",
            at_prefix="summary")


def test_summary_vole_with_an_abandon_is_bad_summary():
    record = summary("played", 5, 0, irregularities=[{"type": "abandon", "by": "dealer"}])
    rejects(record, "bad_summary")


# --- errors: every code with its pointer --------------------------------------------------

@pytest.mark.parametrize("code,make,at", ERRORS, ids=[e[0] for e in ERRORS])
def test_every_error_code_points_into_the_record(code, make, at):
    if at.endswith("*"):
        rejects(make(), code, at_prefix=at[:-1])
    else:
        rejects(make(), code, at)


def test_bad_json_points_at_the_whole_record():
    with pytest.raises(EngineError) as info:
        loads("not json")
    assert (info.value.code, info.value.at) == ("bad_json", "")


def test_every_error_code_of_hand_record_md_is_covered():
    codes = {"bad_json", "unknown_field", "bad_format", "bad_card", "duplicate_card",
             "wrong_hand_size", "bad_exchange", "stock_exhausted", "card_not_held",
             "must_follow_suit", "must_win_trick", "must_trump", "king_not_held",
             "wrong_trick_count", "after_game_end", "variant_disabled", "bad_summary",
             "bad_irregularity", "too_late"}
    assert codes - {e[0] for e in ERRORS} == {"bad_json"}


def test_an_error_carries_code_message_and_at():
    error = rejects(POINT.record(king="dealer"), "king_not_held", "king")
    assert isinstance(error.message, str) and error.message


# --- errors: the first fault met, in the order of docs/hand-record.md --------------------------

def test_shape_comes_before_the_deal():
    rejects(with_deal(dealer="AS TS 9S AC KX", foo=1), "unknown_field", "foo")


def test_a_shape_fault_deep_in_the_record_comes_before_the_deal():
    record = POINT.record([EXCHANGE_ONE, dict(EXCHANGE_ONE, note="x")], tricks=[],
                          in_progress=True)
    record["deal"]["dealer"][4] = "AS"
    rejects(record, "unknown_field", "exchanges[1].note")


def test_a_finished_score_before_comes_right_after_the_shape():
    rejects(with_deal(dealer="AS TS 9S AC KX", score_before={"elder": 5, "dealer": 0}),
            "after_game_end", "score_before.elder")
    rejects(with_deal(foo=1, score_before={"elder": 5, "dealer": 0}), "unknown_field", "foo")


def test_the_deal_comes_before_the_exchanges():
    record = POINT.record([ex("KS", "9H", "9S", "QC")], tricks=[], in_progress=True)
    record["deal"]["dealer"][4] = "AS"
    rejects(record, "duplicate_card", "deal.dealer[4]")


def test_the_exchanges_are_checked_in_order():
    record = POINT.record([ex("KS", "9H", "9S", "QC"), ex("QH", "AS", "TS", "8S")], tricks=[],
                          in_progress=True)
    rejects(record, "card_not_held", "exchanges[0].elder.discard[0]")


def test_the_exchanges_come_before_the_king():
    record = POINT.record([ex("KS", "9H", "9S", "QC")], king="elder", tricks=[], in_progress=True)
    rejects(record, "card_not_held", "exchanges[0].elder.discard[0]")


def test_the_king_comes_before_the_tricks():
    rejects(REVOKE_VOLE.record(king="elder"), "king_not_held", "king")


def test_the_tricks_are_checked_in_order():
    tricks = REVOKE_VOLE.tricks[:2] + [["QS", "9C"]] + REVOKE_VOLE.tricks[3:]
    rejects(REVOKE_VOLE.record(tricks=tricks), "must_follow_suit", "tricks[0][1]")


def test_a_sixth_trick_is_a_card_not_held_before_it_is_a_wrong_count():
    rejects(POINT.record(tricks=POINT.tricks + [["KH", "9S"]]), "card_not_held", "tricks[5][0]")


def test_the_leaders_card_is_checked_before_the_followers():
    rejects(POINT.record(tricks=[["QS", "KS"]]), "card_not_held", "tricks[0][0]")


def test_the_tricks_come_before_the_irregularities():
    record = POINT.record(tricks=[["KH", "9S"], ["QS", "TS"]],
                          irregularities=[{"type": "false_king", "by": "elder"}])
    rejects(record, "card_not_held", "tricks[1][0]")


def test_the_irregularities_come_before_the_count_of_tricks():
    record = POINT.first(4, irregularities=[{"type": "revoke", "by": "dealer", "trick": 1}])
    rejects(record, "bad_irregularity", at_prefix="irregularities[0]")
