"""The club tests' kit: players and their accounts, and money moved between them."""

from club import ledger
from club.models import Account, Player, Transaction


def seat(name: str) -> Player:
    return Player.objects.create(name=name)


def account_of(name: str) -> Account:
    return ledger.account_for_player(seat(name))


def stake(*, payer: Account, payee: Account, cents: int, **options):
    """Move `cents` from one account to another as one transaction."""
    return ledger.post(
        reason=Transaction.Reason.DEPOSIT,
        memo=f"{payer.code} -> {payee.code}",
        entries=[(payer, -cents), (payee, cents)],
        **options,
    )
