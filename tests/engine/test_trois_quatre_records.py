"""Écarté à trois and à quatre, the shape of a record (docs/hand-record.md, "Écarté à trois" and
"Écarté à quatre") where both forms read it alike: a record holds its deal or a summary, and a
summary its opening, its king turned and its tricks. Each test is run for each form (the `form`
fixture); test_trois_records.py and test_quatre_summary.py hold what each form reads its own
way."""
import pytest

# A summary's tricks that add up to five: the elder's point, or his side's.
SPLIT = {"trois": (3, 1, 1), "quatre": (3, 2)}


def test_a_record_holds_its_deal_or_a_summary(form):
    form.rejects({"format": form.format}, "bad_format", "")


@pytest.mark.parametrize("key", ["opening", "king_turned", "tricks"])
def test_a_summary_needs_its_opening_its_king_turned_and_its_tricks(form, key):
    record = form.summary("played", SPLIT[form.name])
    form.score(record)
    del record["summary"][key]
    form.rejects(record, "bad_format", f"summary.{key}")


@pytest.mark.parametrize("opening", ["dealt", "proposed", "Played", ""])
def test_the_opening_is_played_refused_or_exchanged(form, opening):
    form.rejects(form.summary(opening, SPLIT[form.name]), "bad_format", "summary.opening")
