"""The admin shows the ledger but never changes it: money moves only through club.ledger."""

import pytest

from club import ledger
from club.models import Transaction
from tests.club.kit import account_of, stake

pytestmark = pytest.mark.django_db


def test_the_account_list_shows_balances_in_a_fixed_number_of_queries(
    staff_client, django_assert_max_num_queries
):
    accounts = [account_of(f"Player {n}") for n in range(8)]
    for payer, payee in zip(accounts, accounts[1:]):
        stake(payer=payer, payee=payee, cents=125)

    with django_assert_max_num_queries(8):
        response = staff_client.get("/admin/club/account/")

    assert response.status_code == 200
    assert b"-1.25" in response.content and b"1.25" in response.content


def test_a_transaction_is_shown_with_its_entries(staff_client):
    tx = stake(payer=account_of("Athos"), payee=ledger.house_account(), cents=50)

    response = staff_client.get(f"/admin/club/transaction/{tx.pk}/change/")

    assert response.status_code == 200
    assert b"-0.50" in response.content


def test_transactions_cannot_be_added_through_the_admin(staff_client):
    response = staff_client.post("/admin/club/transaction/add/", {"reason": "deposit"})

    assert response.status_code == 403
    assert not Transaction.objects.exists()


def test_transactions_cannot_be_deleted_through_the_admin(staff_client):
    tx = stake(payer=account_of("Athos"), payee=ledger.house_account(), cents=50)

    response = staff_client.post(f"/admin/club/transaction/{tx.pk}/delete/", {"post": "yes"})

    assert response.status_code == 403
    assert Transaction.objects.filter(pk=tx.pk).exists()


def test_accounts_cannot_be_changed_through_the_admin(staff_client):
    athos = account_of("Athos")

    response = staff_client.post(f"/admin/club/account/{athos.pk}/change/", {"name": "X"})

    assert response.status_code == 403
    athos.refresh_from_db()
    assert athos.name == "Athos"
