"""Payments between members: cash one member hands another, recorded by staff in the ledger.

A player whose balance is below zero owes the club's members. When he pays a member, his
balance goes up by the amount and the payee's goes down by it (club/ledger.py's signs).

Payments are recorded one at a time, whichever database and however many workers: each takes
the house account's row lock first, so that it reads the balances the payments before it left,
and then its payer's and payee's rows, as a wager's credit check does (games.services.wagers),
so that a payment and a member's wager are checked one after the other. A payment the
settle-up suggested is recorded only while the settle-up still suggests it: two phones tapping
"Paid" on the same payment record it once.

A payment recorded by mistake is undone (`undo_payment`) by a reversing transaction that names
it and who undid it; nothing is deleted. Staff undo any payment, and its payer his own during
the evening it was recorded in (club.evenings): undoing it only puts his debt back.
"""
from datetime import datetime
from typing import NamedTuple

from django.db import transaction
from django.utils import timezone

from club import evenings, ledger, money_text, names
from club.errors import Refused
from club.models import Account, Entry, Player, Transaction
from club.refusal_codes import ClubCode, ClubRule
from club.settle_up import HOUSE, Party, club_settle_up

MEMO_LENGTH = Transaction._meta.get_field("memo").max_length


def refuse_unless_staff(user) -> None:
    """Refuses (not_staff) anyone but staff: only staff record payments."""
    if user is None or not user.is_staff:
        raise Refused(ClubCode.NOT_STAFF, "only staff may record payments between members",
                      rule=ClubRule.PAYMENT_STAFF)


@transaction.atomic
def record_payment(*, payer: Player | None, payee: Player | None, cents: int, by,
                   memo: str = "", suggested: bool = False) -> Transaction:
    """Record that `payer` paid `payee` `cents`, as the staff user `by` saw it: one balanced
    transaction for the reason "payment". None stands for the house, which members pay the levy to.
    Refuses (bad_amount) an amount that is not 0.01 to the club's ceiling (1,000,000.00), a
    party paying itself (same_party), a memo that `check_memo` refuses, and, when the payment
    is one the settle-up `suggested`, a payment it no longer suggests (payment_not_suggested:
    the balances changed since it was shown); nothing is saved."""
    refuse_unless_staff(by)
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise Refused(ClubCode.BAD_AMOUNT, f"the amount must be whole cents, not {cents!r}",
                      rule=ClubRule.AMOUNT_WHOLE_CENTS)
    if cents <= 0:
        raise Refused(ClubCode.BAD_AMOUNT, "the amount must be more than 0.00, not "
                      f"{money_text.plain(cents)}", rule=ClubRule.AMOUNT_POSITIVE)
    ledger.within_ceiling(cents, "the amount", code=ClubCode.BAD_AMOUNT)
    if payer == payee:
        name = payer.name if payer else "the house"
        raise Refused(ClubCode.SAME_PARTY, f"{name} cannot pay himself: the payer and the payee "
                      "must be two parties", rule=ClubRule.PAY_HIMSELF)
    check_memo(memo)
    _one_at_a_time(payer, payee)
    if suggested:
        _refuse_unless_suggested(payer, payee, cents)
    return ledger.post(
        reason=Transaction.Reason.PAYMENT,
        memo=memo,
        entries=[(_account(payer), cents), (_account(payee), -cents)],
        by=by,
    )


@transaction.atomic
def undo_payment(*, payment_id: int, by, memo: str = "") -> Transaction:
    """Undo the payment `payment_id`, as the user `by` asks: the reversal, a transaction of
    reason "reversal" of the payment's entries negated, made by `by` with `memo`. Refuses
    (no_such_payment) an id that is no payment, (payment_undone) a payment undone already,
    (not_staff) anyone but staff and, during the payment's evening, its payer's own login, and
    a memo that `check_memo` refuses; nothing is saved."""
    payment = Transaction.objects.filter(pk=payment_id, reason=Transaction.Reason.PAYMENT).first()
    if payment is None:
        raise Refused(ClubCode.NO_SUCH_PAYMENT, f"there is no payment {payment_id}",
                      rule=ClubRule.NO_SUCH_PAYMENT, payment=payment_id)
    check_memo(memo)
    payer, payee, _cents = sides(payment)
    _one_at_a_time(payer, payee)
    if not may_undo(payment, by, payer=payer):
        raise Refused(ClubCode.NOT_STAFF, "only staff, and the payer himself during the evening it "
                      "was recorded in, may undo a payment", rule=ClubRule.UNDO_PAYMENT_STAFF)
    if Transaction.objects.filter(reverses=payment).exists():
        raise Refused(ClubCode.PAYMENT_UNDONE, f"payment {payment.pk} is undone already",
                      rule=ClubRule.PAYMENT_UNDONE, payment=payment.pk)
    return ledger.reverse(payment, memo=memo, by=by)


def may_undo(payment: Transaction, user, *, payer: Player | None) -> bool:
    """Whether `user` may undo `payment` (whose payer is `payer`): staff always; the payer's
    own login during the evening the payment was recorded in."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return (payer is not None and payer.user_id == user.pk
            and evenings.day_of(payment.created_at) == evenings.day_of(timezone.now()))


def _sides(payments: list[Transaction]) -> dict[int, tuple[Player | None, Player | None, int]]:
    """{payment id: (its payer, its payee, its cents)} of each payment; None: the house."""
    sides = {}
    for entry in Entry.objects.filter(transaction__in=payments).select_related("account__player"):
        sides.setdefault(entry.transaction_id, [None, None, abs(entry.amount)])[
            entry.amount < 0] = entry.account.player
    return {pk: tuple(side) for pk, side in sides.items()}


def sides(payment: Transaction) -> tuple[Player | None, Player | None, int]:
    """The payment's payer, payee (None: the house) and cents."""
    return _sides([payment])[payment.pk]


class Recorded(NamedTuple):
    """A payment as recorded, and its undoing if it was undone."""
    pk: int
    at: datetime
    payer: Party
    payee: Party
    cents: int
    memo: str
    made_by: str | None  # the username of who recorded it
    undone: tuple[datetime, str | None] | None  # when and by whom, once undone
    may_undo: bool  # by the user it was listed for


def evening_payments(user) -> list[Recorded]:
    """The payments recorded during this evening (club.evenings), newest first, as `user`
    sees them: whether he may undo each."""
    since, until = evenings.bounds(evenings.day_of(timezone.now()))
    payments = list(Transaction.objects.filter(reason=Transaction.Reason.PAYMENT,
                                               created_at__gte=since, created_at__lt=until)
                    .select_related("made_by").order_by("-pk"))
    undone = {tx.reverses_id: (tx.created_at, tx.made_by and tx.made_by.get_username())
              for tx in Transaction.objects.filter(reverses__in=payments)
              .select_related("made_by")}
    sides = _sides(payments)

    def party(player: Player | None) -> Party:
        return HOUSE if player is None else Party(player.pk, player.name)

    return [Recorded(payment.pk, payment.created_at, party(payer), party(payee), cents,
                     payment.memo, payment.made_by and payment.made_by.get_username(),
                     undone.get(payment.pk),
                     payment.pk not in undone and may_undo(payment, user, payer=payer))
            for payment in payments for payer, payee, cents in [sides[payment.pk]]]


def check_memo(memo: str) -> None:
    """Refuses (bad_memo, naming what is wrong) a payment's memo that the ledger would not
    keep as it was typed: one over 300 characters, or one holding a character that is not
    printable (a control character such as NUL or ESC, an invisible formatting character, a
    lone surrogate), as a player's name may not. The API and the settle-up page's form both
    check a memo with it (through `record_payment`)."""
    if len(memo) > MEMO_LENGTH:
        raise Refused(ClubCode.BAD_MEMO, f"the memo may be at most {MEMO_LENGTH} characters",
                      rule=ClubRule.MEMO_LENGTH, length=MEMO_LENGTH)
    found = names.unprintable_character(memo)
    if found:
        raise Refused(ClubCode.BAD_MEMO, f"the memo {names.described(found)}",
                      rule=ClubRule.MEMO_UNPRINTABLE, character=found[0], category=found[1])


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
    if wanted not in {(p.pk, q.pk, c) for p, q, c in club_settle_up().suggested}:
        raise Refused(ClubCode.PAYMENT_NOT_SUGGESTED, "this payment is no longer suggested: the "
                      "balances changed since the page was shown",
                      rule=ClubRule.PAYMENT_NOT_SUGGESTED)


def _account(player: Player | None):
    return ledger.account_for_player(player) if player else ledger.house_account()
