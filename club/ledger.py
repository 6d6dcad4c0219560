"""The money ledger's services: every write to accounts, transactions and entries goes here.

Amounts are whole cents (`int`), never floats. Sign convention: a positive entry credits the
account (adds to its balance), a negative one debits it. Every transaction's entries sum to
zero, so the sum of all balances is always zero.

Accounts are named by their codes (club.accounts): a player's (account_for_player), the
house's (house_account), a pool's pot (pot_account) and the escrow of a unit's wagers
(escrow_account), each created on first use.
"""

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.db.models import Sum

from club import accounts as codes
from club import money_text
from club.errors import RefusalCode, RefusalRule, Refused
from club.models import Account, Entry, Player, Transaction
from club.money_text import CENTS_MAX, MAX_AMOUNT
from club.refusal_codes import ClubRule


class LedgerError(ValueError):
    """A posting the ledger refuses; nothing was saved."""


def within_ceiling(cents: int, what: str, *, code: RefusalCode,
                   rule: RefusalRule = ClubRule.AMOUNT_ABOVE_MAX, **params) -> int:
    """`cents`, when it is at most the club's ceiling (MAX_AMOUNT); otherwise the refusal
    `code` that names `what` (such as "the stake") and the ceiling, as `most` (and `limit`)
    for the pages' sentence of its `rule`, with the caller's `params` (a form's `field`)."""
    if cents > MAX_AMOUNT:
        most = money_text.Local(MAX_AMOUNT)
        raise Refused(code, f"{what} must be at most {money_text.plain(most)}, the club's "
                      f"ceiling on any amount, not {money_text.plain(cents)}", rule=rule,
                      most=most, limit=most, **params)
    return cents


def overflowed(err: BaseException) -> bool:
    """Whether a database error says that a sum or a value left the 64-bit integers: SQLite's
    "integer overflow" (an OperationalError, as an unreachable database's are) or PostgreSQL's
    numeric_value_out_of_range. Only rows stored before the ceiling, or written around the
    services, can make one."""
    return str(err) == "integer overflow" or getattr(err.__cause__, "sqlstate", None) == "22003"


# --- accounts -------------------------------------------------------------------------------


def _account(*, code: str, role: Account.Role, name: str,
             player: Player | None = None) -> Account:
    account, _ = Account.objects.get_or_create(
        code=code, defaults={"role": role, "name": name, "player": player}
    )
    if account.role != role:
        raise LedgerError(f"account {code!r} is a {account.role} account, not a {role} account")
    return account


@transaction.atomic
def account_for_player(player: Player) -> Account:
    """The player's own account, created on first use."""
    if player.pk is None:
        raise LedgerError("the player must be saved before he has an account")
    return _account(
        code=codes.player(player.pk), role=Account.Role.PLAYER, name=player.name, player=player
    )


@transaction.atomic
def house_account() -> Account:
    """The club's account: levies and anything else the house takes or gives."""
    return _account(code=codes.HOUSE, role=Account.Role.HOUSE, name="House")


@transaction.atomic
def pot_account(table_id: int, name: str) -> Account:
    """The pot of the pool at table `table_id`, created on first use."""
    return _account(code=codes.pot(table_id), role=Account.Role.POT, name=name)


@transaction.atomic
def escrow_account(table_id: int, unit: int, name: str) -> Account:
    """Where the stakes wagered on `unit` of table `table_id` are held until it is settled,
    created on first use."""
    return _account(code=codes.escrow(table_id, unit), role=Account.Role.ESCROW, name=name)


# --- posting --------------------------------------------------------------------------------


def _checked_entries(entries: list[tuple[Account, int]]) -> list[tuple[Account, int]]:
    """The entries if the ledger can take them; otherwise LedgerError saying why."""
    if not entries:
        raise LedgerError("a transaction needs entries; none were given")
    checked = []
    for position, item in enumerate(entries, start=1):
        try:
            account, amount = item
        except (TypeError, ValueError):
            raise LedgerError(f"entry {position} is not an (account, amount) pair") from None
        if not isinstance(account, Account) or account.pk is None:
            raise LedgerError(f"entry {position}: {account!r} is not a saved Account")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise LedgerError(
                f"entry {position} ({account.code}): the amount must be whole cents as an int, "
                f"not {type(amount).__name__} {amount!r}"
            )
        if amount == 0:
            raise LedgerError(f"entry {position} ({account.code}): the amount is zero")
        if abs(amount) > CENTS_MAX:
            raise LedgerError(f"entry {position} ({account.code}): the amount is too large")
        checked.append((account, amount))
    total = sum(amount for _, amount in checked)
    if total != 0:
        raise LedgerError(
            f"the entries do not balance: they sum to {money_text.plain(total)}, not 0.00"
        )
    return checked


def post(
    *,
    reason: Transaction.Reason,
    memo: str,
    entries: list[tuple[Account, int]],
    reference: str | None = None,
    by=None,
    reverses: Transaction | None = None,
) -> Transaction:
    """Record one balanced transaction for `reason` and return it; `by` is the user whose act
    made it, and `reverses` the transaction it undoes (`reverse` says it).

    Refuses (LedgerError, nothing saved) an empty list, an amount that is zero or not an int,
    and entries that do not sum to zero; a reason that is not a member of
    `Transaction.Reason` (a bare string included) is a TypeError at once.
    """
    if not isinstance(reason, Transaction.Reason):
        raise TypeError(f"a transaction's reason is a Transaction.Reason, not {reason!r}")
    checked = _checked_entries(entries)
    # Only a reversal can lose a race (the same transaction reversed twice): its savepoint
    # leaves the caller's transaction usable after the loss.
    try:
        with transaction.atomic(savepoint=reverses is not None):
            tx = Transaction.objects.create(
                reason=reason,
                memo=memo,
                reference=reference or "",
                reverses=reverses,
                made_by=by,
            )
            Entry.objects.bulk_create(
                Entry(transaction=tx, account=account, amount=amount) for account, amount in checked
            )
    except IntegrityError:
        if reverses is not None:  # another worker reversed it meanwhile
            raise LedgerError(f"transaction #{reverses.pk} is already reversed") from None
        raise
    return tx


@transaction.atomic
def reverse(tx: Transaction | int, *, memo: str, by=None) -> Transaction:
    """Undo `tx` (a transaction or its id) with a new transaction of the negated entries, made
    by the user `by`. A transaction is reversed once."""
    locked = Transaction.objects.select_for_update().get(pk=getattr(tx, "pk", tx))
    if Transaction.objects.filter(reverses=locked).exists():
        raise LedgerError(f"transaction #{locked.pk} is already reversed")
    entries = [(entry.account, -entry.amount) for entry in locked.entries.select_related("account")]
    return post(
        reason=Transaction.Reason.REVERSAL,
        memo=memo,
        entries=entries,
        reference=locked.reference or None,
        by=by,
        reverses=locked,
    )


def standing(reference_prefix: str) -> dict[int, tuple[str, dict[str, int]]]:
    """The transactions whose reference starts with `reference_prefix` and that still hold
    (neither reversed nor reversals): {id: (reference, {account code: cents})}."""
    found = {}
    for tx_id, reference, code, cents in Entry.objects.filter(
        transaction__reference__startswith=reference_prefix,
        transaction__reverses__isnull=True,
        transaction__reversal__isnull=True,
    ).values_list("transaction_id", "transaction__reference", "account__code", "amount"):
        found.setdefault(tx_id, (reference, {}))[1][code] = cents
    return found


# --- balances -------------------------------------------------------------------------------


def accounts(codes: Iterable[str]) -> dict[str, Account]:
    """The accounts that exist among these codes, by code."""
    return {account.code: account for account in Account.objects.filter(code__in=list(codes))}


def balance(account: Account) -> int:
    """The account's balance in cents: the sum of its entries."""
    total = Entry.objects.filter(account=account).aggregate(total=Sum("amount"))["total"]
    return total or 0


def balances(accounts: Iterable[Account]) -> dict[Account, int]:
    """Each account's balance in cents, keyed by account, in one query."""
    accounts = list(accounts)
    totals = dict(
        Entry.objects.filter(account__in=[account.pk for account in accounts])
        .values("account_id")
        .annotate(total=Sum("amount"))
        .values_list("account_id", "total")
    )
    return {account: totals.get(account.pk, 0) for account in accounts}


def player_balance(player: Player) -> int:
    """The player's money in cents: the balance of his own account (0 if he has none yet).

    Stakes he has put into a pot or escrow are no longer in it until they are settled back.
    """
    total = Entry.objects.filter(account__code=codes.player(player.pk)).aggregate(
        total=Sum("amount")
    )["total"]
    return total or 0


def player_nets(*, since=None, until=None, player_id: int | None = None, among=None):
    """(player id, cents) for every player whose money moved in transactions created from
    `since` (inclusive) to `until` (exclusive), either end open when None: what each gained or
    lost. Only `player_id`'s when one is given; only the transactions among `among` (a query
    of transaction ids) when it is given."""
    entries = Entry.objects.filter(account__role=Account.Role.PLAYER)
    if player_id is not None:
        entries = entries.filter(account__player_id=player_id)
    if since is not None or until is not None or among is not None:
        made = Transaction.objects.all()  # as a subquery: SQLite then starts from it
        if among is not None:
            made = made.filter(pk__in=among)
        if since is not None:
            made = made.filter(created_at__gte=since)
        if until is not None:
            made = made.filter(created_at__lt=until)
        entries = entries.filter(transaction__in=made.values("pk"))
    return entries.values("account__player_id").annotate(net=Sum("amount")).order_by(
    ).values_list("account__player_id", "net")


def player_balances() -> dict[int, int]:
    """{player id: his balance in cents} for every player whose account has entries."""
    return dict(
        Entry.objects.filter(account__role=Account.Role.PLAYER)
        .values("account__player_id")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("account__player_id", "total")
    )


def house_balance() -> int:
    """The house's balance in cents (what the levy brought in, less what it paid out)."""
    total = Entry.objects.filter(account__code=codes.HOUSE).aggregate(total=Sum("amount"))["total"]
    return total or 0


def player_movements(player: Player, *, limit: int, before: int | None = None
                     ) -> list[tuple[Transaction, int]]:
    """The transactions that moved the player's money, newest (highest id) first, each with
    his side of it in cents: at most `limit` of them, and only those older than transaction
    `before` when it is given."""
    entries = Entry.objects.filter(account__code=codes.player(player.pk))
    if before is not None:
        entries = entries.filter(transaction_id__lt=before)
    sides = list(
        entries.values("transaction_id")
        .annotate(cents=Sum("amount"))
        .order_by("-transaction_id")
        .values_list("transaction_id", "cents")[:limit]
    )
    found = Transaction.objects.select_related("made_by", "reverses").in_bulk(
        [pk for pk, _ in sides])
    return [(found[pk], cents) for pk, cents in sides]
