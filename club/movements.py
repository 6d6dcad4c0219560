"""A movement of a member's money, from its transaction's kind and reference: data, never its
memo, which for a posting at a table is the code's English. The one place where the references
of the postings at a table are written and read:

    table:<id>:entry:<player>   a pool's entry      table:<id>:forfeit:<unit>   a forfeit
    table:<id>:refund           a pool refunded     table:<id>:payout           its payout
    table:<id>:unit:<n>:wagers  a unit's wagers settled, or void
    wager:<id>:stake, wager:<id>:take:<take>, wager:<id>:<status>   a wager's own acts
    night:<id>:fee:<player>     a player's fee for a club night (nights.services)

A payment between members has none; a reversal keeps the reference of what it reverses. The
kinds of transaction are said here too, in the reader's words, for the member's account page
and his member's page."""
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

KINDS = {
    "pool_entry": gettext_lazy("entry to the pool"), "pool_forfeit": gettext_lazy("forfeit"),
    "pool_refund": gettext_lazy("pool refunded"), "pool_payout": gettext_lazy("pool paid out"),
    "wager_stake": gettext_lazy("stake of a wager"), "wager_lay": gettext_lazy("offer taken"),
    "wager_withdrawn": gettext_lazy("wager withdrawn"),
    "wager_lapsed": gettext_lazy("unmatched stake given back"),
    "wager_matched": gettext_lazy("offer matched"),
    "wager_balanced": gettext_lazy("gallery balanced: the excess given back"),
    "wager_settlement": gettext_lazy("wagers settled"), "wager_void": gettext_lazy("wagers void"),
    "night_fee": gettext_lazy("fee of a club night"),
    "payment": gettext_lazy("payment between members"), "reversal": gettext_lazy("reversal"),
}


def kind_words(kind: str) -> str:
    """A transaction's kind in the reader's words; a kind the club does not know, as it is."""
    return str(KINDS[kind]) if kind in KINDS else kind.replace("_", " ")


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
    kind, _colon, rest = (reference or "").partition(":")
    parts = rest.split(":")
    if kind == "table" and _number(parts[0]) is not None:
        unit = _number(parts[2]) if len(parts) > 2 and parts[1] in ("unit", "forfeit") else None
        return Reference(table=_number(parts[0]), unit=unit)
    if kind == "wager" and _number(parts[0]) is not None:
        return Reference(wager=_number(parts[0]))
    return Reference()


def what(transaction) -> str:
    """What moved a member's money, in the reader's words; a reversal names what it reverses
    (load `reverses` with the transaction)."""
    if transaction.reverses is not None:
        return _("reversal of: %(kind)s") % {"kind": kind_words(transaction.reverses.kind)}
    return kind_words(transaction.kind)


def said(transaction) -> dict:
    """A member's movement for his account page: `what` moved his money, and the `table`,
    `unit` and `wager` its reference names (their ids, or None)."""
    reference = read(transaction.reference)
    return {"what": what(transaction), "table": reference.table, "unit": reference.unit,
            "wager": reference.wager}
