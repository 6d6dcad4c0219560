"""What the engine's tests of the three forms share; ecarte_kit.py, trois_kit.py and
quatre_kit.py build each form's records and reference model on it (no tests here).

The pack, card lists written as text (`H`), the outer shape of a full and of a summary record
(docs/hand-record.md), the marks of a result as tuples, and the assertion that the engine
refuses a record with a given error.
"""
import pytest

from games.engine import EngineError

SUITS = "SHDC"
CLASSIC = "KQJAT987"
ALL_CARDS = [r + s for s in SUITS for r in CLASSIC]


def H(text):
    """'KS QS JS' -> ['KS', 'QS', 'JS']."""
    return text.split() if isinstance(text, str) else list(text)


def full_record(form: str, deal: dict, exchanges=(), tricks=None, **extra) -> dict:
    """A full record in `form` ("ecarte-hand/1", ...): the deal, a copy of each exchange, the
    tricks ('LEAD FOLLOW ...' strings or lists) when given, and any other key in `extra`."""
    record = {"format": form, "deal": deal, "exchanges": [dict(e) for e in exchanges]}
    if tricks is not None:
        record["tricks"] = [H(t) for t in tricks]
    record.update(extra)
    return record


def summary_record(form: str, body: dict, **extra) -> dict:
    """A summary record in `form` around the summary object `body`; a key of `extra` written
    with an 's_' prefix goes into the summary object, any other beside it in the record."""
    body = dict(body)
    for key in [key for key in extra if key.startswith("s_")]:
        body[key[2:]] = extra.pop(key)
    return {"format": form, "summary": body, **extra}


def marks(result):
    """A result's marks as (to, points, for) tuples."""
    return [(m["to"], m["points"], m["for"]) for m in result["marks"]]


def refuses(fn, record, code, at=None, *, at_prefix=None, mentions=()):
    """Asserts that `fn(record)` raises the engine's error `code`, at `at` (or under
    `at_prefix`) when given, its message naming each of `mentions`; returns the error."""
    with pytest.raises(EngineError) as caught:
        fn(record)
    error = caught.value
    assert error.code == code, (error.code, error.at, error.message)
    if at is not None:
        assert error.at == at, (error.at, error.message)
    if at_prefix is not None:
        assert error.at.startswith(at_prefix), (error.at, error.message)
    for text in mentions:
        assert text in error.message, error.message
    return error
