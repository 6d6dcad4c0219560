"""Reversing: a correction is a new transaction of negated entries, never an edit."""

import pytest
from django.db import IntegrityError, transaction

from club import ledger
from club.ledger import LedgerError
from club.models import Transaction
from tests.club.kit import account_of, stake

pytestmark = pytest.mark.django_db


def test_a_reversal_negates_every_entry():
    athos, porthos = account_of("Athos"), account_of("Porthos")
    tx = stake(payer=athos, payee=porthos, cents=750)

    reversal = ledger.reverse(tx, memo="wrong winner")

    assert reversal.reverses == tx
    assert reversal.reason == "reversal" and reversal.memo == "wrong winner"
    assert sorted(reversal.entries.values_list("account_id", "amount")) == sorted(
        (account_id, -amount)
        for account_id, amount in tx.entries.values_list("account_id", "amount")
    )


def test_a_reversal_brings_the_balances_back():
    athos, porthos = account_of("Athos"), account_of("Porthos")
    stake(payer=athos, payee=porthos, cents=100)
    tx = stake(payer=athos, payee=porthos, cents=750)

    ledger.reverse(tx, memo="")

    assert ledger.balances([athos, porthos]) == {athos: -100, porthos: 100}


def test_the_original_transaction_is_left_as_it_was():
    athos, porthos = account_of("Athos"), account_of("Porthos")
    tx = stake(payer=athos, payee=porthos, cents=750)

    ledger.reverse(tx, memo="")

    assert sorted(tx.entries.values_list("amount", flat=True)) == [-750, 750]
    assert Transaction.objects.count() == 2


def test_a_reversal_keeps_the_reference():
    athos, porthos = account_of("Athos"), account_of("Porthos")
    tx = stake(payer=athos, payee=porthos, cents=750, reference="unit:3")

    assert ledger.reverse(tx, memo="").reference == "unit:3"


def test_a_transaction_is_reversed_only_once():
    athos, porthos = account_of("Athos"), account_of("Porthos")
    tx = stake(payer=athos, payee=porthos, cents=750)
    ledger.reverse(tx, memo="first")

    with pytest.raises(LedgerError, match="already reversed"):
        ledger.reverse(tx, memo="second")

    assert Transaction.objects.count() == 2
    assert ledger.balance(porthos) == 0


def test_the_database_refuses_a_second_reversal():
    tx = Transaction.objects.create(reason=Transaction.Reason.DEPOSIT)
    Transaction.objects.create(reason=Transaction.Reason.REVERSAL, reverses=tx)

    with pytest.raises(IntegrityError), transaction.atomic():
        Transaction.objects.create(reason=Transaction.Reason.REVERSAL, reverses=tx)


def test_a_reversal_can_itself_be_reversed():
    athos, porthos = account_of("Athos"), account_of("Porthos")
    tx = stake(payer=athos, payee=porthos, cents=750)

    ledger.reverse(ledger.reverse(tx, memo=""), memo="it was right after all")

    assert ledger.balances([athos, porthos]) == {athos: -750, porthos: 750}
