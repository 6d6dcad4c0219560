"""Money as text, written and read in one place. Inside, money is whole cents (`int`); it
becomes text only at the edges:

    plain(cents)  1250 -> "12.50": the API's decimal strings (docs/api.md), the table's options,
                  the CSV exports, the admin, the logs, and the messages of the refusals
    parse(text)   "12.50" -> 1250: the API's strings and the table's options
    local(cents)  1250 -> "12.50" in English, "12,50" in French: the pages, in the reader's
                  language (Django's l10n; `{{ cents|money }}` in a template, club/templatetags;
                  a `Local` named in a refusal is said so on the page)

An amount typed on a page is read in the page's language by club.forms, which calls `parse`.
MAX_AMOUNT is the club's ceiling on every amount it accepts (club.ledger.within_ceiling).
"""
import re
from decimal import Decimal, InvalidOperation

CENTS_MAX = 2**63 - 1  # the most cents the ledger's columns hold (signed 64-bit integers)
MAX_AMOUNT = 1_000_000_00
"""The club's ceiling, in cents, on every amount it accepts: a wager's stake, what a layer puts
up against it at its odds (the lay), a pool's entry and forfeit, a payment, the options
`wager_min` and `wager_max`, and the club's credit limit. 1,000,000.00 is far above any club's
stakes, and far below what the ledger's columns hold (signed 64-bit integers of cents, up to
92,233,720,368,547,758.07).

Money is never made at the club, only moved: every cent of a pot, an escrow, a payout or a
balance was put up by one of these amounts. A winner collects at most twice what was staked on
his side (his own stake and the other side's, which the ceiling bounds as well), and a balance is
the sum of what its owner put up and collected, each amount counted at most twice. So no sum the
ledger keeps or adds up exceeds 2 × N × MAX_AMOUNT, N the number of amounts ever accepted: to
leave a 64-bit integer it would take N = 46,116,860,184, some forty-six billion stakes and
payments at the ceiling; at ten a second, day and night, that is over a hundred and forty years,
and rows of the ledger beyond any disk of the club's.
"""
SHAPE = re.compile(r"-?[0-9]+(\.[0-9]{1,2})?", re.ASCII)


def plain(cents: int) -> str:
    """1250 -> "12.50", -305 -> "-3.05"."""
    _whole(cents)
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}.{rest:02d}"


def local(cents: int) -> str:
    """The amount as the page's language writes it, with two places: "12.50", "12,50"."""
    from django.utils import formats  # here, so that the engine imports this without Django

    _whole(cents)
    return formats.number_format(Decimal(cents).scaleb(-2), 2)


def signed(cents: int) -> str:
    """An amount won or lost, a win with its sign, as the page's language writes it: "+6.00",
    "-4,00", "0.00"."""
    return ("+" if cents > 0 else "") + local(cents)


class Local(int):
    """Whole cents that write themselves as the page's language does (`local`): an amount
    named in a refusal (club.errors), which club.refusals says in the reader's sentence."""

    def __str__(self) -> str:
        return local(self)


def parse(text: str, *, allow_negative: bool = False) -> int:
    """A decimal string such as "12", "12.5" or "12.50" as whole cents: 1250.

    Refuses (ValueError, saying what is wrong) anything that is not a str, more than two
    decimal places, NaN and infinities, exponents, signs other than a leading "-", and a
    negative amount unless `allow_negative`.
    """
    if not isinstance(text, str):
        raise ValueError(
            f'money must be a decimal string such as "12.50", not {type(text).__name__} {text!r}'
        )
    if SHAPE.fullmatch(text) is None:
        raise ValueError(_why_not(text))
    if text.startswith("-") and not allow_negative:
        raise ValueError(f"negative amounts are not allowed here: {text!r}")
    try:
        cents = int(Decimal(text) * 100)
    except InvalidOperation:  # pragma: no cover - the shape check already refused it
        raise ValueError(f"not an amount of money: {text!r}") from None
    if abs(cents) > CENTS_MAX:
        raise ValueError(f"amount too large: {text!r}; no amount may be more than "
                         f"{plain(MAX_AMOUNT)}, the club's ceiling")
    return cents


def _whole(cents) -> None:
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise TypeError(f"cents must be an int, not {type(cents).__name__}")


def _why_not(text: str) -> str:
    try:
        number = Decimal(text)
    except InvalidOperation:
        return f'not an amount of money: {text!r} (write it like "12.50")'
    lowered = text.strip().lower()
    if number.is_nan() or "nan" in lowered:
        return f"not a number: {text!r}"
    if number.is_infinite():
        return f"not a finite amount: {text!r}"
    if "e" in lowered:
        return f'exponents are not accepted: {text!r} (write it like "12.50")'
    if text != text.strip():
        return f"spaces around the amount are not accepted: {text!r}"
    if text.startswith("+"):
        return f'a leading "+" is not accepted: {text!r}'
    if number.as_tuple().exponent < -2:
        return f"at most two decimal places: {text!r}"
    return f'not an amount of money: {text!r} (write it like "12.50")'
