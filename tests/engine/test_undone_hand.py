"""A hand the scorer took back (docs/rules.md, ruling 74) is a `replay` for `undone`: void
like any hand dealt again, whatever was entered with it."""
import pytest

from games.engine import EngineError, score

UNDONE = {"type": "replay", "reason": "undone"}


def test_an_undone_vole_marks_nothing_not_even_its_turned_king():
    result = score({"summary": {"opening": "played", "king_turned": True,
                                "tricks": {"elder": 5, "dealer": 0}},
                    "irregularities": [UNDONE]})
    assert result["void"] is True and result["marks"] == []
    assert result["points"] == {"elder": 0, "dealer": 0}


def test_a_replay_for_another_reason_is_still_refused_and_the_reasons_are_named():
    with pytest.raises(EngineError) as refused:
        score({"summary": {"opening": "played", "king_turned": False,
                           "tricks": {"elder": 3, "dealer": 2}},
               "irregularities": [{"type": "replay", "reason": "mistake"}]})
    assert refused.value.code == "bad_irregularity"
    assert "misdeal or undone" in refused.value.message
