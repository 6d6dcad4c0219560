"""Money as text: decimal strings with at most two places, to and from whole cents."""

from decimal import Decimal

import pytest

from club.ledger import cents_to_str, parse_money


@pytest.mark.parametrize(
    ("cents", "text"),
    [
        (0, "0.00"),
        (5, "0.05"),
        (1250, "12.50"),
        (-305, "-3.05"),
        (-5, "-0.05"),
        (10**12, "10000000000.00"),
    ],
)
def test_cents_are_written_with_two_places(cents, text):
    assert cents_to_str(cents) == text


@pytest.mark.parametrize("value", [12.5, Decimal("12.50"), True, "1250"], ids=repr)
def test_only_whole_cents_are_written(value):
    with pytest.raises(TypeError):
        cents_to_str(value)


@pytest.mark.parametrize(
    ("text", "cents"),
    [("12", 1200), ("12.5", 1250), ("12.50", 1250), ("0.05", 5), ("0", 0), ("007.10", 710)],
)
def test_a_decimal_string_is_read_as_cents(text, cents):
    assert parse_money(text) == cents


def test_a_negative_amount_is_read_when_allowed():
    assert parse_money("-3.05", allow_negative=True) == -305


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("-3.05", "negative amounts are not allowed"),
        ("1.234", "at most two decimal places"),
        ("1.230", "at most two decimal places"),
        ("NaN", "not a number"),
        ("-nan", "not a number"),
        ("Infinity", "not a finite amount"),
        ("1e3", "exponents are not accepted"),
        ("1E-2", "exponents are not accepted"),
        (" 12", "spaces"),
        ("12\n", "spaces"),
        ("+12", r'leading "\+"'),
        ("", "not an amount of money"),
        ("12.", "not an amount of money"),
        (".5", "not an amount of money"),
        ("1,50", "not an amount of money"),
        ("1_000", "not an amount of money"),
        ("١٢", "not an amount of money"),
        ("ten", "not an amount of money"),
        ("99999999999999999999", "too large"),
    ],
)
def test_a_malformed_amount_is_refused_saying_why(text, complaint):
    with pytest.raises(ValueError, match=complaint):
        parse_money(text)


@pytest.mark.parametrize("value", [12.5, 12, Decimal("12.50"), None], ids=repr)
def test_only_strings_are_read(value):
    with pytest.raises(ValueError, match="decimal string"):
        parse_money(value)


@pytest.mark.parametrize("cents", [0, 1, 99, 100, 1250, 123456789])
def test_writing_then_reading_gives_the_same_cents(cents):
    assert parse_money(cents_to_str(cents)) == cents
    assert parse_money(cents_to_str(-cents), allow_negative=True) == -cents
