"""Payments between members: cash one member hands another, recorded by staff in the ledger.

A player whose balance is below zero owes the club's members. When he pays a member, his
balance goes up by the amount and the payee's goes down by it (club/ledger.py's signs).
"""
from django.db import transaction

from club import ledger, money_text, names
from club.errors import Refused
from club.models import Player, Transaction

MEMO_LENGTH = Transaction._meta.get_field("memo").max_length


def refuse_unless_staff(user) -> None:
    """Refuses (not_staff) anyone but staff: only staff record payments."""
    if user is None or not user.is_staff:
        raise Refused("not_staff", "only staff may record payments between members",
                      rule="payment_staff")


@transaction.atomic
def record_payment(*, payer: Player | None, payee: Player | None, cents: int, by,
                   memo: str = "") -> Transaction:
    """Record that `payer` paid `payee` `cents`, as the staff user `by` saw it: one balanced
    transaction of kind "payment". None stands for the house, which members pay the levy to.
    Refuses (bad_amount) an amount that is not 0.01 to the club's ceiling (1,000,000.00), a
    party paying itself (same_party), and a memo that `check_memo` refuses; nothing is saved."""
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


def _account(player: Player | None):
    return ledger.account_for_player(player) if player else ledger.house_account()
