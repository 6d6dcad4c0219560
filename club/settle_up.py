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
out, so the balances then do not sum to zero. The settle-up, on its page and in the API,
settles up what is decided, counting the money held as its stakers' (an abandoned table would
give it back to them), and says where it is held. That is the club's one rule for held money
(`counted_nets`): what each won at play (the standings, a member's page and the evening's
money) counts it the same way, so that a player who has only put up his entry in an undecided
pool has won and lost nothing yet. The settle-up also says whose balance moved since the last
payment (`since_last_payment`): after a correction reversed a payout once the settle-up was
paid, the payments made no longer square, and the pages say what to pay now.
"""
from typing import NamedTuple

from django.db.models import Q, Sum
from django.db.models.functions import Coalesce

from club import ledger, money_text
from club.errors import Refused
from club.models import Account, Entry, Player, Transaction
from club.players import name_key
from club.refusal_codes import ClubCode, ClubRule

EXACT_LIMIT = 20
HOLDING = (Account.Role.POT, Account.Role.ESCROW)
PARTIES = (Account.Role.PLAYER, Account.Role.HOUSE)
HOUSE_PARTY = 0  # the house among the parties' ids: no player has it


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


def club_settle_up() -> SettleUp:
    """The settle-up of the players' and the house's balances as the ledger holds them now
    (the house is party HOUSE_PARTY to `settle_up`; no player has that id).

    While money is held at a table (the pot of a pool, or the escrow of wagers still in play),
    the balances do not sum to zero: the settle-up is then of what is decided, the money held
    counted as its stakers' until it is paid out (`counted_nets`; `SettleUp.held` says where
    it is held and who put it up). Refused (money_held) only when what is counted so does not
    sum to zero either, which the club's services never leave.
    """
    balances = {pk: cents for pk, cents in ledger.player_balances().items() if cents}
    if ledger.house_balance():
        balances[HOUSE_PARTY] = ledger.house_balance()
    total = sum(balances.values())
    holding = held() if total else []
    counted = {pk: cents for pk, cents in counted_nets().items() if cents} if total else balances
    if sum(counted.values()):
        raise Refused(ClubCode.MONEY_HELD, f"the balances sum to {money_text.plain(total)}, not "
                      "0.00, and the money held at tables does not square with what its "
                      "stakers put up", rule=ClubRule.HELD_AT_TABLES, total=money_text.Local(total))
    since = _since(balances)
    everyone = {*balances, *counted, *(pk for _code, _cents, put_up in holding for pk in put_up),
                *(since["moved"] if since else ())}
    named = {pk: Party(pk, player.name) for pk, player
             in Player.objects.in_bulk(list(everyone)).items()} | {HOUSE_PARTY: HOUSE}

    def by_name(rows):
        return sorted(((named[pk], cents) for pk, cents in rows),
                      key=lambda row: name_key(row[0].name))
    if since:
        since["moved"] = sorted((Moved(named[pk], now - change, now)
                                 for pk, (change, now) in since["moved"].items()),
                                key=lambda row: name_key(row.party.name))
    return SettleUp(
        balances=by_name(balances.items()),
        suggested=sorted(((named[p.payer], named[p.payee], p.cents) for p in settle_up(counted)),
                        key=lambda row: (name_key(row[0].name), name_key(row[1].name))),
        held=[Held(code, cents, by_name(put.items())) for code, cents, put in holding],
        since=since,
    )


def _holding():
    """The pots and escrows that hold money now (their balance is above zero): the money held
    at tables until it is paid out, as rows {"account_id", "account__code", "total"}."""
    return (Entry.objects.filter(account__role__in=HOLDING)
            .values("account_id", "account__code").annotate(total=Sum("amount"))
            .filter(total__gt=0).order_by())


def _moved_held():
    """The transactions that moved money still held (`_holding`), as a query of their ids."""
    return Entry.objects.filter(account_id__in=_holding().values("account_id")).values(
        "transaction_id")


def held() -> list[tuple[str, int, dict[int, int]]]:
    """Each pot and escrow that holds money now (`_holding`), by code, with what each party (a
    player's id, or HOUSE_PARTY) put up of it: the net of his entries in the transactions
    that moved it, which `counted_nets` leaves out."""
    holding = dict(_holding().values_list("account__code", "total"))
    moved = _moved_held()
    put = {code: {} for code in holding}
    rows = Entry.objects.filter(transaction__in=moved, account__role__in=PARTIES).values_list(
        "transaction_id", "account__player_id", "amount")
    holds = dict(Entry.objects.filter(transaction__in=moved, account__code__in=list(holding))
                 .values_list("transaction_id", "account__code"))
    for tx_id, player_id, cents in rows:
        found = put[holds[tx_id]]
        party = HOUSE_PARTY if player_id is None else player_id
        found[party] = found.get(party, 0) - cents
    return [(code, total, {pk: cents for pk, cents in put[code].items() if cents})
            for code, total in sorted(holding.items())]


def counted_nets(among=None, *, party: int | None = None) -> dict[int, int]:
    """Each party's (a player's id, or HOUSE_PARTY) net in the transactions among `among` (a
    query of transaction ids; every transaction when None), with the money still held at a
    table counted as its stakers' until it is paid out, as an abandoned table would give it
    back to them: the transactions that moved money still held are left out (what each put up
    of it, `held`, stays his). So a stake still held is neither won nor lost yet. {party:
    cents} for every party whose money moved among them, 0 included; only `party`'s when it
    is given. The one rule of held money: the settle-up's, and what each won at play."""
    entries = Entry.objects.filter(account__role__in=PARTIES)
    if among is not None:
        entries = entries.filter(transaction__in=among)
    if party == HOUSE_PARTY:
        entries = entries.filter(account__role=Account.Role.HOUSE)
    elif party is not None:
        entries = entries.filter(account__player_id=party)
    counted = Coalesce(Sum("amount", filter=~Q(transaction__in=_moved_held())), 0)
    return {HOUSE_PARTY if pk is None else pk: cents for pk, cents in
            entries.values("account__player_id").annotate(net=counted).order_by()
            .values_list("account__player_id", "net")}


def since_last_payment() -> dict | None:
    """Since the last payment, as the settle-up says it (`SettleUp.since`, by party id): when
    it was made, each party whose balance moved by other postings after it ({party: (the
    change, his balance now)}), and whether a correction reversed money paid out before. A
    payment undone counts as never made, and its undoing moves no balance here. None when no
    payment stands, or no balance moved."""
    balances = dict(ledger.player_balances())
    balances[HOUSE_PARTY] = ledger.house_balance()
    return _since(balances)


def _since(balances: dict[int, int]) -> dict | None:
    """`since_last_payment`, from the balances now ({party: cents})."""
    payment = Transaction.Reason.PAYMENT
    last = Transaction.objects.filter(reason=payment, reversal__isnull=True).order_by(
        "-pk").first()  # the last payment that stands: an undone one was never made
    if last is None:
        return None
    after = Entry.objects.filter(transaction_id__gt=last.pk, account__role__in=PARTIES).exclude(
        transaction__reverses__reason=payment)  # a payment undone moves no balance by play
    changes = {HOUSE_PARTY if player_id is None else player_id: cents for player_id, cents in
               after.values("account__player_id").annotate(total=Sum("amount")).order_by()
               .values_list("account__player_id", "total") if cents}
    if not changes:
        return None
    return {"at": last.created_at,
            "moved": {pk: (cents, balances.get(pk, 0)) for pk, cents in changes.items()},
            "corrected": after.filter(transaction__reason=Transaction.Reason.REVERSAL).exists()}
