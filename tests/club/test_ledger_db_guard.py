"""On PostgreSQL the database itself refuses, at commit, a transaction that does not balance."""

import pytest
from django.db import IntegrityError, connection, transaction

from club.models import Entry, Transaction
from tests.club.kit import account_of

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="the balancing trigger exists only on PostgreSQL; on SQLite club.ledger guards it",
    ),
    pytest.mark.django_db(transaction=True),
]


def test_an_unbalanced_entry_written_directly_fails_at_commit():
    athos = account_of("Athos")

    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        tx = Transaction.objects.create(reason=Transaction.Reason.DEPOSIT)
        Entry.objects.create(transaction=tx, account=athos, amount=500)

    assert not Transaction.objects.exists() and not Entry.objects.exists()


def test_balanced_entries_written_one_by_one_are_committed():
    athos, porthos = account_of("Athos"), account_of("Porthos")

    with transaction.atomic():
        tx = Transaction.objects.create(reason=Transaction.Reason.DEPOSIT)
        Entry.objects.create(transaction=tx, account=athos, amount=500)
        Entry.objects.create(transaction=tx, account=porthos, amount=-500)

    assert Entry.objects.filter(transaction=tx).count() == 2


def _balanced_transaction():
    athos, porthos = account_of("Athos"), account_of("Porthos")
    with transaction.atomic():
        tx = Transaction.objects.create(reason=Transaction.Reason.DEPOSIT)
        Entry.objects.create(transaction=tx, account=athos, amount=500)
        Entry.objects.create(transaction=tx, account=porthos, amount=-500)
    return tx


def test_changing_one_amount_of_a_committed_transaction_fails_at_commit():
    tx = _balanced_transaction()

    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        Entry.objects.filter(transaction=tx, amount=500).update(amount=400)

    assert sorted(tx.entries.values_list("amount", flat=True)) == [-500, 500]


def test_deleting_one_entry_of_a_committed_transaction_fails_at_commit():
    tx = _balanced_transaction()

    with pytest.raises(IntegrityError, match="does not balance"), transaction.atomic():
        Entry.objects.filter(transaction=tx, amount=500).delete()

    assert tx.entries.count() == 2
