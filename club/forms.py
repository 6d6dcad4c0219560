"""An amount of money typed on a page, read in the page's language: the one reading that every
page's form uses (the payments of the settle-up, the stakes of a new table, the wagers). And a
whole number a page's form sends (an id, a hand's or a trick's number), read the one way too.

A reader writes an amount as his language writes numbers: "12.50" in English, "12,50" in
French. Either reading gives whole cents, and a point is read as the decimal point in every
language (no page writes a thousands separator). The JSON API keeps "12.50" only
(club.money_text.parse, which this calls once the page's separator is read)."""
import re
from decimal import Decimal

from django import forms
from django.utils import formats

from club import money_text
from club.errors import RefusalRule, Refused
from club.idempotency import FORM, checked_key
from club.players import by_name
from club.refusal_codes import ClubCode, ClubRule
from club.refusals import said

# How an amount is written in the page's language, said with every refusal.
EXAMPLE = Decimal("12.50")
SHOWN = 20  # characters of a refused amount said back to the reader
# A whole number as a page sends it: the digits 0 to 9, at most 18 (within the database's ids).
DIGITS = re.compile(r"[0-9]{1,18}")


def refusal(refused: Refused) -> forms.ValidationError:
    """A refusal as a form field's error: in the reader's words (club.refusals.Said, which a
    page may show in its parts), its rule the error's code."""
    return forms.ValidationError(said(refused), code=refused.rule or refused.code)


def first_error(form: forms.Form) -> str:
    """The first of an invalid form's errors, in its fields' order, as the page says it."""
    return next(iter(form.errors.values()))[0]


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
        raise Refused(ClubCode.BAD_AMOUNT, str(err), rule=ClubRule.AMOUNT_TYPED, typed=text[:SHOWN],
                      example=example()) from None


def typed_amount(text: str | None) -> str:
    """The amount typed on a page, written as a table's options keep it (and the API writes
    it): "12.50"."""
    return money_text.plain(typed_cents(text))


class ActionForm(forms.Form):
    """Which of a page's forms was sent (its `action`), one of `actions`."""
    action = forms.ChoiceField()

    def __init__(self, data, *, actions: tuple):
        super().__init__(data)
        self.fields["action"].choices = [(name, name) for name in actions]


class AmountField(forms.CharField):
    """A form's amount of money in the page's language (`typed_amount`): cleaned to "12.50",
    or None when left blank and not required. A bad amount is the field's error, in the
    reader's words. An amount the form fills in ("0.00", its initial, or what it cleaned) is
    written as the page writes amounts ("0,00" in French); what the reader typed, as typed."""

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
            raise refusal(refused) from None

    def prepare_value(self, value):
        try:
            return money_text.local(money_text.parse(value))
        except (ValueError, TypeError):
            return value


def whole_number(text) -> int:
    """A whole number a page's form sent: an id, a hand's or a trick's number, a count. Only
    the digits 0 to 9, at most 18 of them: Python's int() would also read other scripts'
    digits ("١٢", "１２"), " 12", "+12" and "1_2". ValueError otherwise."""
    if not isinstance(text, str) or not DIGITS.fullmatch(text):
        raise ValueError("not a whole number in the digits 0 to 9")
    return int(text)


class CentsField(forms.CharField):
    """A form's amount of money in the page's language, in whole cents (`typed_cents`); None
    when left blank and not required. A bad amount, or none where one is required, is the
    field's error, in the reader's words."""

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values and not self.required:
            return None
        try:
            return typed_cents(text)
        except Refused as refused:
            raise refusal(refused) from None


class WholeNumberField(forms.Field):
    """A whole number a page's form sends, read by `whole_number`; None when it is left empty
    and not required. Anything else, or nothing where one is required, is refused by `rule`
    (club.refusals), the text as sent its `typed`."""

    def __init__(self, *, rule: RefusalRule = ClubRule.NOT_A_NUMBER, **kwargs):
        super().__init__(**kwargs)
        self.rule = rule

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return whole_number(value)
        except ValueError:
            raise self.refused(value) from None

    def validate(self, value):
        if value is None and self.required:
            raise self.refused("")

    def refused(self, text) -> forms.ValidationError:
        """The field's error for `text`, sent where a whole number belongs."""
        return refusal(Refused(ClubCode.BAD_FORM, "not a whole number in the digits 0 to 9",
                               rule=self.rule, typed=str(text)[:SHOWN]))


class KeyField(forms.CharField):
    """A form's key, the one a page drew it with so that a second tap does nothing more
    (club.idempotency.form_once, stored after `prefix`): checked by `checked_key`, its
    refusal the field's error. A key that is not required may be left empty."""

    def __init__(self, *, prefix: str = FORM, **kwargs):
        kwargs.setdefault("strip", False)
        super().__init__(**kwargs)
        self.prefix = prefix

    def validate(self, value):
        if value or self.required:
            try:
                checked_key(value, prefix=self.prefix)
            except Refused as refused:
                raise refusal(refused) from None


class KeyForm(forms.Form):
    """A form's key alone (KeyField), read from a POST that carries other forms' fields too
    or none: a payment's "Undo", a club night's buttons."""
    key = KeyField()


class IdChoiceField(forms.ModelChoiceField):
    """A row chosen by its id, the id sent as `whole_number` reads it (Django's own field
    would take "١٢" for 12): anything else is an invalid choice."""

    def to_python(self, value):
        if value not in self.empty_values and not isinstance(value, self.queryset.model):
            try:
                whole_number(str(value))
            except ValueError:
                raise forms.ValidationError(self.error_messages["invalid_choice"],
                                            code="invalid_choice") from None
        return super().to_python(value)


class _ByName(forms.models.ModelChoiceIterator):
    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for player in by_name(self.queryset):
            yield self.choice(player)


class PlayerField(IdChoiceField):
    """A player chosen by his id, the players offered in the order of their names
    (club.players.by_name)."""
    iterator = _ByName
