"""The scorer's forms (games.entry.forms.HandForm) on their own: what was tapped becomes
the record docs/hand-record.md describes, in each form of the game; a stored record read back
into a form (games.entry.records.prefill) and sent again is the same record; a refusal, the
form's or a service's, marks the field its `at` names."""
import pytest

from club.errors import Refused
from games.entry.forms import HandForm
from games.entry.records import prefill
from games.refusal_codes import EngineCode

RULES = {"doubling": False, "offer_point": False}


def form(data, action, kind=None, **kwargs):
    made = HandForm(data, action=action, kind=kind, rules=kwargs.pop("rules", RULES), **kwargs)
    made.is_valid()
    return made


def test_a_two_handed_summary_in_three_taps():
    made = form({"opening": "exchanged", "king": "turned", "elder_tricks": "3"}, "summary")
    assert made.is_valid()
    assert made.cleaned_data["record"] == {"summary": {
        "opening": "exchanged", "king_turned": True, "tricks": {"elder": 3, "dealer": 2}}}


def test_a_false_king_of_the_fold_is_an_announced_king():
    made = form({"opening": "played", "king": "none", "elder_tricks": "5",
                 "false_king_by": "dealer"}, "summary")
    summary = made.cleaned_data["record"]["summary"]
    assert summary["king"] == "dealer" and summary["tricks"] == {"elder": 5, "dealer": 0}
    assert made.cleaned_data["record"]["irregularities"] == [
        {"type": "false_king", "by": "dealer"}]


def test_a_trois_summary_names_who_refused_and_each_count():
    made = form({"opening": "refused:middle", "king": "none", "tricks_elder": "2",
                 "tricks_middle": "2", "tricks_dealer": "1", "first_to_two": "middle"},
                "trois", "trois")
    assert made.cleaned_data["record"] == {"format": "ecarte-trois/1", "summary": {
        "opening": "refused", "refused_by": "middle", "king_turned": False,
        "tricks": {"elder": 2, "middle": 2, "dealer": 1}, "first_to_two": "middle"}}


@pytest.mark.parametrize(("data", "field"), [
    ({"king": "none", "elder_tricks": "3"}, "opening"),
    ({"opening": "played", "king": "none"}, "tricks"),
])
def test_a_missing_tap_is_marked_on_its_field(data, field):
    made = form(data, "summary")
    assert not made.is_valid()
    errors = made.page_errors()
    assert set(errors) == {field, "action", "revocable"} and errors["action"] == "summary"


def test_an_unknown_action_heads_the_form():
    made = form({"opening": "played"}, "trois")  # a trois summary of a two-handed hand
    assert "form" in made.page_errors()


@pytest.mark.parametrize(("action", "at", "field"), [
    ("deal", "exchanges[0].dealer.draw[1]", "ex0_dealer_draw"),
    ("deal", "deal.turn_up", "turn_up"),
    ("deal", "tricks[3][0]", "trick3"),
    ("trick", "tricks[0][1]", "follower"),
    ("deal", "double.before_trick", "form"),  # the table does not play the double
    ("deal", "summary.refused_by", "opening"),
])
def test_a_services_refusal_is_marked_where_its_at_points(action, at, field):
    made = form({"leader": "KS", "follower": "7H", "opening": "played"}, action,
                correcting=True)
    made.refuse(Refused(EngineCode.MUST_FOLLOW_SUIT, "the follower must follow suit", at))
    errors = made.page_errors()
    assert field in errors
    assert errors["revocable"] is (action == "trick")


def test_a_refused_revoke_is_marked_on_its_trick_of_the_fold():
    data = {"opening": "played", "false_king_by": "elder", "revoke_by": "dealer",
            "revoke_trick": "9"}
    made = form(data, "deal", correcting=True)
    made.refuse(Refused(EngineCode.BAD_IRREGULARITY, "no trick 9", "irregularities[0].trick"))
    assert "revoke_trick" in made.page_errors()
    many = form({"opening": "played", "many_revoke_by": "third", "many_revoke_trick": "9"},
                "many_deal", "quatre", correcting=True)
    many.refuse(Refused(EngineCode.BAD_IRREGULARITY, "no trick 9", "irregularities[0].trick"))
    assert "many_revoke_trick" in many.page_errors()


TWO_HANDED_FULL = {
    "deal": {"elder": ["KS", "QS", "TD", "8C", "7H"], "dealer": ["AS", "9H", "JD", "8D", "7C"],
             "turn_up": "9S"},
    "exchanges": [{"accepted": True, "elder": {"discard": ["7H"], "draw": ["KH"]},
                   "dealer": {"discard": ["7C", "8D"], "draw": ["QH", "AD"]}},
                  {"accepted": False}],
    "king": "elder",
    "tricks": [["KS", "AS"], ["QH", "KH"]],
    "in_progress": True,
    "irregularities": [{"type": "abandon", "by": "dealer"}],
}
QUATRE_FULL = {
    "format": "ecarte-quatre/1",
    "deal": {"elder": ["KS", "QS", "TD", "8C", "7H"], "second": ["AS", "9H", "JD", "8D", "7C"],
             "third": ["AH", "KD", "QC", "9C", "8H"], "dealer": ["JS", "TS", "AC", "KC", "JC"],
             "turn_up": "9S"},
    "exchanges": [{"accepted": True, "elder": {"discard": ["7H"], "draw": ["TH"]}},
                  {"accepted": False, "refused_by": "third"}],
    "tricks": [["KS", "AS", "AH", "JS"]],
    "irregularities": [{"type": "revoke", "by": "second", "trick": 1}],
}


@pytest.mark.parametrize(("record", "action", "kind"), [
    (TWO_HANDED_FULL, "deal", None),
    (QUATRE_FULL, "many_deal", "quatre"),
    ({"summary": {"opening": "refused", "king_turned": False, "king": "dealer",
                  "tricks": {"elder": 1, "dealer": 2}},
      "irregularities": [{"type": "replay", "reason": "misdeal"}]}, "summary", None),
    ({"format": "ecarte-quatre/1", "summary": {"opening": "refused", "refused_by": "second",
                                               "king_turned": True,
                                               "tricks": {"elder_side": 0, "dealer_side": 0}}},
     "quatre", "quatre"),
])
def test_a_stored_record_read_back_and_sent_again_is_the_same_record(record, action, kind):
    made = form(prefill(record), action, kind, correcting=True)
    assert made.is_valid(), made.page_errors()
    assert made.cleaned_data["record"] == record
