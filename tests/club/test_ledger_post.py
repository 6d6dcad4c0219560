"""Posting to the ledger: only balanced transactions of whole cents are recorded."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club import ledger
from club.ledger import LedgerError
from club.models import Account, Entry, Player, Transaction
from tests.club.kit import account_of, stake
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

Reason = Transaction.Reason


def test_a_balanced_transaction_is_saved_with_its_entries():
    athos, porthos = account_of("Athos"), account_of("Porthos")

    tx = ledger.post(
        reason=Reason.POOL_ENTRY,
        memo="entry",
        entries=[(athos, -500), (porthos, 500)],
        reference="pool:7",
    )

    assert Transaction.objects.get() == tx
    assert tx.reference == "pool:7"
    assert sorted(tx.entries.values_list("account__code", "amount")) == [
        (athos.code, -500),
        (porthos.code, 500),
    ]
    assert ledger.balance(athos) == -500 and ledger.balance(porthos) == 500


def test_a_transaction_of_three_entries_is_saved():
    athos, porthos, house = account_of("Athos"), account_of("Porthos"), ledger.house_account()

    ledger.post(reason=Reason.PAYMENT, memo="",
                entries=[(athos, -1000), (porthos, 950), (house, 50)])

    assert ledger.balances([athos, porthos, house]) == {athos: -1000, porthos: 950, house: 50}


def test_an_unbalanced_transaction_is_refused_and_nothing_saved():
    athos, porthos = account_of("Athos"), account_of("Porthos")

    with pytest.raises(LedgerError, match="do not balance: they sum to 0.01"):
        ledger.post(reason=Reason.DEPOSIT, memo="", entries=[(athos, -500), (porthos, 501)])

    assert not Transaction.objects.exists() and not Entry.objects.exists()


def test_an_empty_transaction_is_refused():
    with pytest.raises(LedgerError, match="needs entries"):
        ledger.post(reason=Reason.DEPOSIT, memo="", entries=[])

    assert not Transaction.objects.exists()


def test_a_zero_amount_is_refused():
    athos, porthos = account_of("Athos"), account_of("Porthos")

    with pytest.raises(LedgerError, match="amount is zero"):
        ledger.post(reason=Reason.DEPOSIT, memo="",
                    entries=[(athos, 0), (porthos, 500), (athos, -500)])

    assert not Transaction.objects.exists()


@pytest.mark.parametrize("amount", [5.0, Decimal(5), True, "5"], ids=repr)
def test_an_amount_that_is_not_an_int_is_refused(amount):
    athos, porthos = account_of("Athos"), account_of("Porthos")

    with pytest.raises(LedgerError, match="whole cents as an int"):
        ledger.post(reason=Reason.DEPOSIT, memo="", entries=[(athos, amount), (porthos, -5)])

    assert not Transaction.objects.exists()


def test_an_unsaved_account_is_refused():
    athos = account_of("Athos")
    stranger = Account(code="nobody", role=Account.Role.PLAYER, name="Nobody")

    with pytest.raises(LedgerError, match="not a saved Account"):
        ledger.post(reason=Reason.DEPOSIT, memo="", entries=[(athos, -1), (stranger, 1)])


@pytest.mark.parametrize("reason", ["", None, "payment", "gift"])
def test_a_reason_that_is_not_a_member_of_the_reasons_is_refused_before_anything_is_saved(
        reason):
    athos, porthos = account_of("Athos"), account_of("Porthos")

    with pytest.raises(TypeError, match="reason is a Transaction.Reason"):
        ledger.post(reason=reason, memo="", entries=[(athos, -1), (porthos, 1)])
    assert not Transaction.objects.exists()


def test_a_refusal_inside_a_callers_transaction_leaves_it_usable():
    athos, porthos = account_of("Athos"), account_of("Porthos")

    with transaction.atomic():
        with pytest.raises(LedgerError):
            ledger.post(reason=Reason.DEPOSIT, memo="", entries=[(athos, -1)])
        stake(payer=athos, payee=porthos, cents=1)

    assert ledger.balance(porthos) == 1


def test_the_database_refuses_a_zero_entry():
    athos = account_of("Athos")
    tx = Transaction.objects.create(reason=Reason.DEPOSIT)

    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(transaction=tx, account=athos, amount=0)


legs = st.lists(
    st.tuples(st.integers(0, 4), st.integers(-(10**9), 10**9).filter(bool)), min_size=1, max_size=4
)


@settings(
    max_examples=examples(40), deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(st.tuples(legs, st.integers(0, 4)), min_size=1, max_size=12))
def test_the_sum_of_all_balances_is_zero_after_any_transactions(transactions):
    accounts = [ledger.account_for_player(player) for player in _seats(5)]
    expected = {account: ledger.balance(account) for account in accounts}
    for legs_of_tx, balancing in transactions:
        entries = [(accounts[i], cents) for i, cents in legs_of_tx]
        rest = -sum(cents for _, cents in entries)
        if rest:
            entries.append((accounts[balancing], rest))
        if len(entries) < 2:
            continue
        ledger.post(reason=Reason.DEPOSIT, memo="", entries=entries)
        for account, cents in entries:
            expected[account] += cents

    assert ledger.balances(Account.objects.all()) == expected
    assert sum(ledger.balances(Account.objects.all()).values()) == 0


def _seats(count):
    return [Player.objects.get_or_create(name=f"Seat {n}")[0] for n in range(count)]
