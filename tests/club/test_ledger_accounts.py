"""Accounts are created on first use, and balances are derived from the entries."""

import pytest

from club import ledger
from club.ledger import LedgerError
from club.models import Account, Player
from tests.club.kit import account_of, seat, stake

pytestmark = pytest.mark.django_db


def test_a_players_account_is_created_once():
    athos = seat("Athos")

    first = ledger.account_for_player(athos)
    again = ledger.account_for_player(athos)

    assert again == first
    assert (first.code, first.role, first.player, first.name) == (
        f"player:{athos.pk}",
        "player",
        athos,
        "Athos",
    )
    assert Account.objects.count() == 1


def test_the_house_account_is_one_account():
    assert ledger.house_account() == ledger.house_account()
    assert Account.objects.get().code == "house"


def test_a_pot_is_named_after_its_table():
    pot = ledger.pot_account(7, "Pool 7")

    assert (pot.code, pot.role, pot.name) == ("pot:table:7", "pot", "Pool 7")
    assert ledger.pot_account(7, "Pool 7") == pot


def test_an_escrow_account_is_named_after_its_unit():
    escrow = ledger.escrow_account(7, 4, "Wagers on unit 4")

    assert (escrow.code, escrow.role) == ("escrow:table:7:unit:4", "escrow")


def test_a_code_taken_by_an_account_of_another_role_is_refused():
    Account.objects.create(code="pot:table:7", role=Account.Role.ESCROW, name="odd")

    with pytest.raises(LedgerError, match="not a pot account"):
        ledger.pot_account(7, "Pool 7")


def test_a_new_account_has_a_zero_balance():
    assert ledger.balance(account_of("Athos")) == 0


def test_balances_are_read_in_one_query(django_assert_num_queries):
    accounts = [account_of(name) for name in ("Athos", "Porthos", "Aramis")]
    stake(payer=accounts[0], payee=accounts[1], cents=250)

    with django_assert_num_queries(1):
        found = ledger.balances(accounts)

    assert found == {accounts[0]: -250, accounts[1]: 250, accounts[2]: 0}


def test_a_players_balance_is_his_accounts_balance():
    athos, porthos = seat("Athos"), seat("Porthos")
    stake(
        payer=ledger.account_for_player(athos), payee=ledger.pot_account(1, "P"), cents=500
    )

    assert ledger.player_balance(athos) == -500
    assert ledger.player_balance(porthos) == 0
    assert not Account.objects.filter(player=porthos).exists()


def test_player_names_are_unique_ignoring_case():
    from django.db import IntegrityError, transaction

    seat("Athos")

    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="ATHOS")
