"""Payments between members: cash one member hands another, recorded by staff in the ledger.

A player whose balance is below zero owes the club's members. When he pays a member, his
balance goes up by the amount and the payee's goes down by it (club/ledger.py's signs).

Payments are recorded one at a time, whichever database and however many workers: each takes
the house account's row lock first, so that it reads the balances the payments before it left,
and then its payer's and payee's rows, as a wager's credit check does (games.services.wagers),
so that a payment and a member's wager are checked one after the other. A payment the
settle-up suggested is recorded only while the settle-up still suggests it: two phones tapping
"Paid" on the same payment record it once.
"""
from django.db import transaction

from club import ledger, money_text, names
from club.errors import Refused
from club.models import Account, Player, Transaction
from club.settle_up import club_settle_up

MEMO_LENGTH = Transaction._meta.get_field("memo").max_length


def refuse_unless_staff(user) -> None:
    """Refuses (not_staff) anyone but staff: only staff record payments."""
    if user is None or not user.is_staff:
        raise Refused("not_staff", "only staff may record payments between members",
                      rule="payment_staff")


@transaction.atomic
def record_payment(*, payer: Player | None, payee: Player | None, cents: int, by,
                   memo: str = "", suggested: bool = False) -> Transaction:
    """Record that `payer` paid `payee` `cents`, as the staff user `by` saw it: one balanced
    transaction of kind "payment". None stands for the house, which members pay the levy to.
    Refuses (bad_amount) an amount that is not 0.01 to the club's ceiling (1,000,000.00), a
    party paying itself (same_party), a memo that `check_memo` refuses, and, when the payment
    is one the settle-up `suggested`, a payment it no longer suggests (payment_not_suggested:
    the balances changed since it was shown); nothing is saved."""
    refuse_unless_staff(by)
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise Refused("bad_amount", f"the amount must be whole cents, not {cents!r}")
    if cents <= 0:
        raise Refused("bad_amount", "the amount must be more than 0.00, not "
                      f"{money_text.plain(cents)}", rule="amount_positive")
    ledger.within_ceiling(cents, "the amount", code="bad_amount")
    if payer == payee:
        name = payer.name if payer else "the house"
        raise Refused("same_party", f"{name} cannot pay himself: the payer and the payee must "
                      "be two parties", rule="pay_himself")
    check_memo(memo)
    _one_at_a_time(payer, payee)
    if suggested:
        _refuse_unless_suggested(payer, payee, cents)
    return ledger.post(
        kind="payment",
        memo=memo,
        entries=[(_account(payer), cents), (_account(payee), -cents)],
        by=by,
    )


def check_memo(memo: str) -> None:
    """Refuses (bad_memo, naming what is wrong) a payment's memo that the ledger would not
    keep as it was typed: one over 300 characters, or one holding a character that is not
    printable (a control character such as NUL or ESC, an invisible formatting character, a
    lone surrogate), as a player's name may not. The API and the settle-up page's form both
    check a memo with it (through `record_payment`)."""
    if len(memo) > MEMO_LENGTH:
        raise Refused("bad_memo", f"the memo may be at most {MEMO_LENGTH} characters",
                      rule="memo_length", length=MEMO_LENGTH)
    problem = names.unprintable(memo)
    if problem:
        raise Refused("bad_memo", f"the memo {problem}", rule="memo_unprintable")


def _one_at_a_time(payer: Player | None, payee: Player | None) -> None:
    """Waits for the payments (and the parties' wagers) in progress to commit, and keeps the
    next from starting until this transaction ends: the house account's row, then the players'
    rows in order of id. FOR NO KEY UPDATE, so that postings to those accounts (which only
    share-lock the rows they refer to) go on meanwhile."""
    house = ledger.house_account()
    Account.objects.select_for_update(no_key=True).filter(pk=house.pk).get()
    parties = sorted(party.pk for party in (payer, payee) if party is not None)
    list(Player.objects.select_for_update(no_key=True).filter(pk__in=parties).order_by("pk")
         .values_list("pk", flat=True))


def _refuse_unless_suggested(payer: Player | None, payee: Player | None, cents: int) -> None:
    """Refuses (payment_not_suggested) a payment that the settle-up does not suggest now."""
    wanted = (getattr(payer, "pk", None), getattr(payee, "pk", None), cents)
    if wanted not in {(p.pk, q.pk, c) for p, q, c in club_settle_up(held_apart=True).suggested}:
        raise Refused("payment_not_suggested", "this payment is no longer suggested: the "
                      "balances changed since the page was shown", rule="payment_not_suggested")


def _account(player: Player | None):
    return ledger.account_for_player(player) if player else ledger.house_account()
