"""A movement of a member's money, from its transaction's reason and reference: data, never its
memo, which for a posting at a table is the code's English. The one place where the references
of the postings at a table are written and read:

    table:<id>:entry:<player>   a pool's entry      table:<id>:forfeit:<unit>   a forfeit
    table:<id>:refund           a pool refunded     table:<id>:payout           its payout
    table:<id>:unit:<n>:wagers  a unit's wagers settled, or void
    wager:<id>:stake, wager:<id>:take:<take>, wager:<id>:<status>   a wager's own acts
    night:<id>:fee:<player>     a player's fee for a club night (nights.services)

A payment between members has none; a reversal keeps the reference of what it reverses. The
reasons of transactions are said here too, in the member's words, for his account page and his
member's page (`SAID`)."""
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.models import Transaction

Reason = Transaction.Reason

# What moved a member's money, in his own words, by the transaction's reason. The admin's words
# are the reasons' own labels (`Transaction.Reason`, `get_reason_display`); every reason has both
# (tests/club/test_transaction_reasons.py).
SAID = {
    Reason.DEPOSIT: gettext_lazy("money paid in"),
    Reason.PAYMENT: gettext_lazy("payment between members"),
    Reason.REVERSAL: gettext_lazy("reversal"),
    Reason.POOL_ENTRY: gettext_lazy("entry to the pool"),
    Reason.POOL_FORFEIT: gettext_lazy("forfeit"),
    Reason.POOL_REFUND: gettext_lazy("pool refunded"),
    Reason.POOL_PAYOUT: gettext_lazy("pool paid out"),
    Reason.WAGER_STAKE: gettext_lazy("stake of a wager"),
    Reason.WAGER_LAY: gettext_lazy("offer taken"),
    Reason.WAGER_WITHDRAWN: gettext_lazy("wager withdrawn"),
    Reason.WAGER_LAPSED: gettext_lazy("unmatched stake given back"),
    Reason.WAGER_MATCHED: gettext_lazy("offer matched"),
    Reason.WAGER_BALANCED: gettext_lazy("gallery balanced: the excess given back"),
    Reason.WAGER_SETTLEMENT: gettext_lazy("wagers settled"),
    Reason.WAGER_VOID: gettext_lazy("wagers void"),
    Reason.NIGHT_FEE: gettext_lazy("fee of a club night"),
}


def reason_words(reason: str) -> str:
    """A transaction's reason in the member's words; a reason the club does not know (a row
    written around the services), as it is."""
    return str(SAID[reason]) if reason in SAID else reason.replace("_", " ")


def table_reference(table_id: int, *parts) -> str:
    """The reference of a posting of table `table_id`: "table:7:unit:3:wagers"; with "" as
    its one part, the beginning every posting of the table shares."""
    return ":".join(["table", str(table_id), *map(str, parts)])


def wager_reference(wager_id: int, *parts) -> str:
    """The reference of an act of wager `wager_id`: "wager:12:stake"."""
    return ":".join(["wager", str(wager_id), *map(str, parts)])


def night_reference(night_id: int, *parts) -> str:
    """The reference of a posting of club night `night_id`: "night:4:fee:12"."""
    return ":".join(["night", str(night_id), *map(str, parts)])


@dataclass(frozen=True)
class Reference:
    """What a reference names, by id: the table, the unit (of a unit's wagers, or a forfeit),
    the wager; None for what it does not name."""
    table: int | None = None
    unit: int | None = None
    wager: int | None = None


def _number(text: str) -> int | None:
    return int(text) if text.isdecimal() and text.isascii() else None


def read(reference: str) -> Reference:
    """The reference `reference` read back as data (an empty Reference for none, or for a
    reference the club did not write)."""
    named, _colon, rest = (reference or "").partition(":")
    parts = rest.split(":")
    if named == "table" and _number(parts[0]) is not None:
        unit = _number(parts[2]) if len(parts) > 2 and parts[1] in ("unit", "forfeit") else None
        return Reference(table=_number(parts[0]), unit=unit)
    if named == "wager" and _number(parts[0]) is not None:
        return Reference(wager=_number(parts[0]))
    return Reference()


def what(transaction) -> str:
    """What moved a member's money, in the reader's words; a reversal names what it reverses
    (load `reverses` with the transaction)."""
    if transaction.reverses is not None:
        return _("reversal of: %(reason)s") % {"reason": reason_words(transaction.reverses.reason)}
    return reason_words(transaction.reason)


def said(transaction) -> dict:
    """A member's movement for his account page: `what` moved his money, and the `table`,
    `unit` and `wager` its reference names (their ids, or None)."""
    reference = read(transaction.reference)
    return {"what": what(transaction), "table": reference.table, "unit": reference.unit,
            "wager": reference.wager}
