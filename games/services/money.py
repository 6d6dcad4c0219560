"""Money moved at a table. Every posting goes to the club's ledger through club.ledger, made by
the user whose act made it, with a `Movement` row saying which table, unit and wager it is for.

Accounts are named by their codes (club.accounts): a player's, a pool's pot, a unit's escrow
and the house's (the levy).
"""
import logging

from django.db import transaction

from club import accounts, ledger
from club.models import Account, Player, Transaction
from games.models import Movement, Table, Wager

log = logging.getLogger(__name__)


def post(table: Table, *, reason: Transaction.Reason, amounts: dict, reference: str, by,
         unit: int | None = None, wager: Wager | None = None, memo: str = ""):
    """Posts one balanced transaction of `amounts` ({account code: cents}, zeros left out) for
    `reason` and links it to the table, the unit and the wager."""
    amounts = {code: cents for code, cents in amounts.items() if cents}
    if not amounts:
        return None
    opened = _accounts(table, amounts)
    tx = ledger.post(reason=reason, memo=memo or f"{reason.replace('_', ' ')} at {table.name}",
                     entries=[(opened[code], cents) for code, cents in amounts.items()],
                     reference=reference, by=by)
    Movement.objects.create(transaction=tx, table=table, unit_number=unit, wager=wager)
    _never_below_zero(opened, amounts)
    return tx


def post_if_possible(table: Table, **posting):
    """`post`, for what the course of play owes (a settlement, a void, a refund, what is given
    back when a unit starts): a posting the ledger refuses is left out, logged as an error
    naming its reference, and None returned, so that the hand, the correction or the abandon
    that owes it still goes through, and the table's other postings are made.

    Only a wager written around the services can make one: its stake was never held, so its
    escrow would pay out more than it holds. The money stays where it is, in the escrow or the
    pot, for staff to look into; none is made. The next settlement of the table tries the
    posting again."""
    try:
        with transaction.atomic():
            return post(table, **posting)
    except ledger.LedgerError as err:
        log.error("table %s: %s could not be posted, its money stays held: %s", table.pk,
                  posting["reference"], err)
        return None


def reverse(table: Table, tx_id: int, *, memo: str, by):
    """Undoes a transaction made at the table, linked like the one it reverses."""
    tx = ledger.reverse(tx_id, memo=memo, by=by)
    was = Movement.objects.filter(transaction_id=tx_id).first()
    unit, wager_id = (was.unit_number, was.wager_id) if was else (None, None)
    Movement.objects.create(transaction=tx, table=table, unit_number=unit, wager_id=wager_id)
    return tx


def _never_below_zero(opened: dict, amounts: dict) -> None:
    """An escrow or a pot pays out only what it holds: a posting that would take one below zero
    is a fault of the service, and the whole change is rolled back rather than make money."""
    for code, cents in amounts.items():
        if cents < 0 and accounts.read(code).role in (Account.Role.ESCROW, Account.Role.POT):
            if ledger.balance(opened[code]) < 0:
                raise ledger.LedgerError(f"{code} would pay out more than it holds")


def _accounts(table: Table, amounts: dict) -> dict:
    """The accounts of these codes, opening them on first use."""
    found = ledger.accounts(amounts)
    missing = {code: accounts.read(code) for code in amounts if code not in found}
    players = Player.objects.in_bulk(
        [named.player for named in missing.values() if named.role == Account.Role.PLAYER])
    for code, named in missing.items():
        if named.role == Account.Role.PLAYER:
            found[code] = ledger.account_for_player(players[named.player])
        elif named.role == Account.Role.POT:
            found[code] = ledger.pot_account(named.table,
                                             f"Pool of {table.name} (table {table.pk})")
        elif named.role == Account.Role.ESCROW:
            found[code] = ledger.escrow_account(
                named.table, named.unit,
                f"Wagers on unit {named.unit} of {table.name} (table {table.pk})")
        else:
            found[code] = ledger.house_account()
    return found
