"""The settle-up: who pays whom, in whole cents, to bring every player's balance to zero in
the fewest payments.

Players whose balances sum to zero among themselves settle up apart from the others, and a
group of g players settles up in g - 1 payments (`greedy`). So the fewest payments for n
players with a balance is n minus the largest number of disjoint zero-sum groups they split
into. `settle_up` finds those groups exactly for up to EXACT_LIMIT players with a balance
(`_zero_sum_groups`); beyond that, it settles them all up as one group, in at most n - 1
payments. Each payment it gives is a `SuggestedPayment`, until staff record it as a payment
(club.payments). `club_settle_up` does it for the balances the ledger holds now.

Money held at a table (a pool's pot, the stakes of wagers in play) is nobody's until it is paid
out, so the balances then do not sum to zero. The API refuses to settle up then; the page
settles up what is decided, counting the money held as its stakers' (an abandoned table would
give it back to them), and says where it is held. It also says whose balance moved since the
last payment: after a correction reversed a payout once the settle-up was paid, the payments
made no longer square, and the page says what to pay now.
"""
from typing import NamedTuple

from django.db.models import Sum

from club import ledger, money_text
from club.errors import Refused
from club.models import Account, Entry, Player, Transaction

EXACT_LIMIT = 20
HOLDING = (Account.Kind.POT, Account.Kind.ESCROW)
PARTIES = (Account.Kind.PLAYER, Account.Kind.HOUSE)


class SuggestedPayment(NamedTuple):
    """A payment the settle-up suggests (a payment is one recorded: club.payments)."""
    payer: int
    payee: int
    cents: int


def settle_up(balances: dict[int, int]) -> list[SuggestedPayment]:
    """The payments that bring every balance ({player id: cents}) to zero, sorted by payer then
    payee; the fewest possible when at most EXACT_LIMIT balances are not zero.

    The payer is a player whose balance is below zero: paying raises it. Refuses (ValueError)
    balances that do not sum to zero, and (TypeError) amounts that are not whole cents.
    """
    for player, cents in balances.items():
        if isinstance(cents, bool) or not isinstance(cents, int):
            raise TypeError(f"player {player}: the balance must be whole cents as an int, "
                            f"not {type(cents).__name__} {cents!r}")
    total = sum(balances.values())
    if total:
        raise ValueError(f"the balances sum to {total} cents, not 0: nobody can clear them")
    owed = {player: cents for player, cents in sorted(balances.items()) if cents}
    if len(owed) > EXACT_LIMIT:
        groups = [owed]
    else:
        players = list(owed)
        groups = [{player: owed[player] for i, player in enumerate(players) if mask >> i & 1}
                  for mask in _zero_sum_groups(list(owed.values()))]
    return sorted(payment for group in groups for payment in greedy(group))


def greedy(balances: dict[int, int]) -> list[SuggestedPayment]:
    """Payments that clear balances summing to zero: the most in debt pays the most in credit
    (the lower id first among equals) until nobody is owed. Each payment clears at least one
    balance and the last clears two, so n balances take at most n - 1 payments."""
    owed = {player: cents for player, cents in balances.items() if cents}
    payments = []
    while owed:
        payer = min(owed, key=lambda player: (owed[player], player))
        payee = max(owed, key=lambda player: (owed[player], -player))
        cents = min(-owed[payer], owed[payee])
        payments.append(SuggestedPayment(payer, payee, cents))
        for player, change in ((payer, cents), (payee, -cents)):
            owed[player] += change
            if not owed[player]:
                del owed[player]
    return payments


def _zero_sum_groups(values: list[int]) -> list[int]:
    """As many disjoint zero-sum groups as `values` (which sum to zero) can be split into, each
    a bitmask of positions in `values`; together they hold every value.

    A subset of the n values is a mask from 0 to 2**n - 1, and a set of masks is an int whose
    bit number `mask` is set for each mask in it (a bitset), so that one operation on ints
    works on every mask at once. `holding[k]` is the set of masks that contain k disjoint
    zero-sum groups. A mask contains k + 1 when it contains a zero-sum mask that, less one of
    its members, contains k: the rest of that zero-sum mask is one more group.
    """
    n = len(values)
    everyone = (1 << n) - 1
    lacking = [_lacking(member, n) for member in range(n)]
    zero_sum = _zero_sum_masks(values)
    holding = [(1 << (1 << n)) - 1]  # every mask contains no group
    while True:
        one_more = 0
        for member in range(n):
            one_more |= (holding[-1] & lacking[member]) << (1 << member)
        more = zero_sum & one_more
        for member in range(n):  # and every mask that contains one of those
            more |= (more & lacking[member]) << (1 << member)
        if not more >> everyone & 1:
            break
        holding.append(more)
    # Take the groups off one by one: the least part of the rest that still contains one group
    # fewer is the groups that stay, and what it leaves out is a group.
    groups, rest = [], everyone
    for count in range(len(holding) - 2, 0, -1):
        kept = rest
        for member in range(n):
            if kept >> member & 1 and holding[count] >> (kept ^ 1 << member) & 1:
                kept ^= 1 << member
        groups.append(rest ^ kept)
        rest = kept
    if rest:
        groups.append(rest)
    return groups


def _lacking(member: int, n: int) -> int:
    """The masks of n members that lack `member`, as a bitset: runs of 2**member masks, one
    without it and one with it in turn."""
    run = 1 << member
    masks, width = (1 << run) - 1, 2 * run
    while width < 1 << n:
        masks |= masks << width
        width *= 2
    return masks


def _zero_sum_masks(values: list[int]) -> int:
    """The nonempty masks whose values sum to zero, as a bitset."""
    sums = [0]
    for value in values:  # the sums of the masks with this value follow those without it
        sums += [total + value for total in sums]
    found = bytearray(len(sums) // 8 + 1)
    for mask, total in enumerate(sums):
        if total == 0 and mask:
            found[mask >> 3] |= 1 << (mask & 7)
    return int.from_bytes(found, "little")


class Party(NamedTuple):
    """Who pays or is paid: a player, or the house (pk None), which collects the levy."""
    pk: int | None
    name: str


HOUSE = Party(None, "House")


class Held(NamedTuple):
    """Money held outside the members' accounts until what it is staked on is decided: a
    pool's pot ("pot:table:<id>") or the escrow of a unit's wagers
    ("escrow:table:<id>:unit:<n>"), with what each party put up of it."""
    code: str
    cents: int
    put_up: list[tuple[Party, int]]


class Moved(NamedTuple):
    """A party whose balance moved since the last payment, by other postings than payments
    (play, wagers, and corrections that reversed what was paid out)."""
    party: Party
    then: int  # his balance just after the last payment
    now: int


class SettleUp(NamedTuple):
    balances: list[tuple[Party, int]]  # every balance that is not zero, by name
    suggested: list[tuple[Party, Party, int]]  # payer, payee, cents; by their names
    held: list[Held] = []
    since: dict | None = None  # the last payment: {"at", "moved", "corrected"}


def club_settle_up(*, held_apart: bool = False) -> SettleUp:
    """The settle-up of the players' and the house's balances as the ledger holds them now
    (the house is party 0 to `settle_up`; no player has that id).

    While money is held at a table (the pot of a pool, or the escrow of wagers still in play),
    the balances do not sum to zero: refused (money_held), or, `held_apart`, settled up for what
    is decided, the money held counted as its stakers' until it is paid out (`SettleUp.held`).
    """
    balances = {pk: cents for pk, cents in ledger.player_balances().items() if cents}
    if ledger.house_balance():
        balances[0] = ledger.house_balance()
    total = sum(balances.values())
    held = _held() if total and held_apart else []
    counted = dict(balances)  # the money held counted as its stakers'
    for _code, _cents, put_up in held:
        for party, cents in put_up.items():
            counted[party] = counted.get(party, 0) + cents
    counted = {pk: cents for pk, cents in counted.items() if cents}
    if sum(counted.values()):
        raise Refused("money_held", f"the balances sum to {money_text.plain(total)}, not "
                      "0.00: the rest is held at a table (a pool's pot, or wagers in escrow); "
                      "settle up once it is paid out", rule="held_at_tables",
                      total=money_text.Local(total))
    since = _since_last_payment(balances) if held_apart else None
    everyone = {*balances, *counted, *(pk for _code, _cents, put_up in held for pk in put_up),
                *(since["moved"] if since else ())}
    named = {pk: Party(pk, player.name)
             for pk, player in Player.objects.in_bulk(list(everyone)).items()} | {0: HOUSE}

    def by_name(rows):
        return sorted(((named[pk], cents) for pk, cents in rows), key=lambda row: row[0].name)
    if since:
        since["moved"] = sorted((Moved(named[pk], now - change, now)
                                 for pk, (change, now) in since["moved"].items()),
                                key=lambda row: row.party.name)
    return SettleUp(
        balances=by_name(balances.items()),
        suggested=sorted(((named[p.payer], named[p.payee], p.cents) for p in settle_up(counted)),
                        key=lambda row: (row[0].name, row[1].name)),
        held=[Held(code, cents, by_name(put.items())) for code, cents, put in held],
        since=since,
    )


def _held() -> list[tuple[str, int, dict[int, int]]]:
    """Each pot and escrow that holds money, by code, with what each party (a player's id, or
    0 for the house) put up of it: the net of his entries in the transactions that moved it."""
    holding = dict(Entry.objects.filter(account__kind__in=HOLDING).values("account__code")
                   .annotate(total=Sum("amount")).filter(total__gt=0).order_by()
                   .values_list("account__code", "total"))
    moved = Entry.objects.filter(account__code__in=list(holding)).values("transaction_id")
    put = {code: {} for code in holding}
    rows = Entry.objects.filter(transaction__in=moved, account__kind__in=PARTIES).values_list(
        "transaction_id", "account__player_id", "amount")
    holds = dict(Entry.objects.filter(transaction__in=moved, account__code__in=list(holding))
                 .values_list("transaction_id", "account__code"))
    for tx_id, player_id, cents in rows:
        found = put[holds[tx_id]]
        party = 0 if player_id is None else player_id
        found[party] = found.get(party, 0) - cents
    return [(code, total, {pk: cents for pk, cents in put[code].items() if cents})
            for code, total in sorted(holding.items())]


def _since_last_payment(balances: dict[int, int]) -> dict | None:
    """Since the last payment: when it was made, each party whose balance moved by other
    postings after it ({party: (the change, his balance now)}), and whether a correction
    reversed money paid out before. None when no payment was made, or no balance moved.
    `balances` are the balances now that are not zero, by party."""
    last = Transaction.objects.filter(kind="payment").order_by("-pk").first()
    if last is None:
        return None
    after = Entry.objects.filter(transaction_id__gt=last.pk, account__kind__in=PARTIES)
    changes = {0 if player_id is None else player_id: cents for player_id, cents in
               after.values("account__player_id").annotate(total=Sum("amount")).order_by()
               .values_list("account__player_id", "total") if cents}
    if not changes:
        return None
    return {"at": last.created_at,
            "moved": {pk: (cents, balances.get(pk, 0)) for pk, cents in changes.items()},
            "corrected": after.filter(transaction__kind="reversal").exists()}
