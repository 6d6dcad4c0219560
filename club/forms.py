"""An amount of money typed on a page, read in the page's language: the one reading that every
page's form uses (the payments of the settle-up, the stakes of a new table, the wagers).

A reader writes an amount as his language writes numbers: "12.50" in English, "12,50" in
French. Either reading gives whole cents, and a point is read as the decimal point in every
language (no page writes a thousands separator). The JSON API keeps "12.50" only
(club.money_text.parse, which this calls once the page's separator is read)."""
from decimal import Decimal

from django import forms
from django.utils import formats

from club import money_text
from club.errors import Refused
from club.refusals import said

# How an amount is written in the page's language, said with every refusal.
EXAMPLE = Decimal("12.50")
SHOWN = 20  # characters of a refused amount said back to the reader


def example() -> str:
    """12.50 as the page's language writes it: "12.50", or "12,50" in French."""
    return formats.number_format(EXAMPLE, 2)


def typed_cents(text: str | None) -> int:
    """The amount typed on a page, in whole cents (0 or more). Refused (bad_amount, rule
    "amount_typed") otherwise, with the typed text and an example in the page's language, so
    that club.refusals says it in the reader's words."""
    text = (text or "").strip()
    separator = formats.get_format("DECIMAL_SEPARATOR")
    try:
        return money_text.parse(text.replace(separator, "."))
    except ValueError as err:
        raise Refused("bad_amount", str(err), rule="amount_typed", typed=text[:SHOWN],
                      example=example()) from None


def typed_amount(text: str | None) -> str:
    """The amount typed on a page, written as a table's options keep it (and the API writes
    it): "12.50"."""
    return money_text.plain(typed_cents(text))


class AmountField(forms.CharField):
    """A form's amount of money in the page's language (`typed_amount`): cleaned to "12.50",
    or None when left blank and not required. A bad amount is the field's error, in the
    reader's words."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 20)
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "decimal", "autocomplete": "off"})

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        try:
            return typed_amount(text)
        except Refused as refused:
            raise forms.ValidationError(str(said(refused)), code="amount_typed") from None
