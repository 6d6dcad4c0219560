"""Money as text (club.money_text): decimal strings with at most two places, to and from whole
cents, and amounts written as the page's language writes them."""

from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import translation

from club.errors import Refused
from club.money_text import Local, local, parse, plain
from club.refusals import said
from games.refusal_codes import GameCode, GameRule


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
    assert plain(cents) == text


@pytest.mark.parametrize("value", [12.5, Decimal("12.50"), True, "1250"], ids=repr)
def test_only_whole_cents_are_written(value):
    with pytest.raises(TypeError):
        plain(value)


@pytest.mark.parametrize(
    ("text", "cents"),
    [("12", 1200), ("12.5", 1250), ("12.50", 1250), ("0.05", 5), ("0", 0), ("007.10", 710)],
)
def test_a_decimal_string_is_read_as_cents(text, cents):
    assert parse(text) == cents


def test_a_negative_amount_is_read_when_allowed():
    assert parse("-3.05", allow_negative=True) == -305


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
        parse(text)


@pytest.mark.parametrize("value", [12.5, 12, Decimal("12.50"), None], ids=repr)
def test_only_strings_are_read(value):
    with pytest.raises(ValueError, match="decimal string"):
        parse(value)


@pytest.mark.parametrize("cents", [0, 1, 99, 100, 1250, 123456789])
def test_writing_then_reading_gives_the_same_cents(cents):
    assert parse(plain(cents)) == cents
    assert parse(plain(-cents), allow_negative=True) == -cents


@pytest.mark.parametrize(("language", "cents", "text"), [
    ("en", 1250, "12.50"), ("fr", 1250, "12,50"), ("fr", -305, "-3,05"), ("fr", 5, "0,05"),
    ("fr", 123456789, "1234567,89"), ("en", 0, "0.00"),
])
def test_a_page_writes_an_amount_as_its_language_does(language, cents, text):
    """French writes 12,50 where English writes 12.50, and no page groups thousands: the way
    members type an amount (club.forms) reads back what the page wrote."""
    with translation.override(language):
        assert local(cents) == text
        assert Template("{% load money %}{{ cents|money }}").render(
            Context({"cents": cents})) == text


@pytest.mark.parametrize("value", [12.5, Decimal("12.50"), True, "1250"], ids=repr)
def test_only_whole_cents_are_written_for_a_page(value):
    with pytest.raises(TypeError):
        local(value)


def test_an_amount_named_in_a_refusal_is_said_as_the_readers_language_writes_it():
    """The API's message keeps "0.10"; the page's sentence says the amount in its language."""
    refused = Refused(GameCode.BAD_STAKE, f"the stake must be at least {plain(10)} at this table",
                      rule=GameRule.STAKE_BELOW_MIN, least=Local(10))
    with translation.override("fr"):
        assert "0,10" in str(said(refused))
    with translation.override("en"):
        assert "0.10" in str(said(refused))
    assert refused.message == "the stake must be at least 0.10 at this table"
    assert Local(10) == 10 and Local(10) + 5 == 15
