"""What a table's course of play owes on the ledger: the pool's stakes and each unit's wagers
(docs/rules.md, sections 10 and 11).

- The pool: each player pays `pool_entry` into the pot once he has taken his seat, each loser
  of a unit pays `pool_forfeit`, and the winner takes the whole pot; an abandoned pool returns
  every stake as paid.
- The wagers: the stakes held in a unit's escrow go to the winners when the unit is decided,
  in one transaction; they all go back when the unit is voided (the table abandoned, or a
  correction that takes the backed player out of the unit).

Settling is paying what a decided unit (its wagers) or a finished pool (its pot) owes. These
postings are derived from the course: `reconcile` brings the ledger in line with it, reversing
the ones that no longer hold (after a correction) and posting the missing ones, so that nothing
is edited in place and reconciling twice posts nothing new. The stakes' own holding, when a
wager is recorded, taken, withdrawn or balanced, is posted by games.services.wagers at the time
of the act.
"""
from club import accounts, ledger, movements
from club.models import Transaction
from games.engine.course import Course
from games.engine.wagers import Placed, Played, Take, reckon
from games.models import Table, Wager, WagerTake
from games.selectors.pool import pool_payments
from games.selectors.wagers import unit_played
from games.services import money
from games.table_kinds import MANY_HANDED

Reason = Transaction.Reason


def _reference(table: Table, *parts) -> str:
    """The posting reference of a pool's entry, forfeit, payout or refund, or of a unit's
    wagers (club.movements)."""
    return movements.table_reference(table.pk, *parts)


def _pool(table: Table, course: Course) -> dict:
    """The postings the pool should have: reference -> (reason, unit, {account code: cents})."""
    pot = accounts.pot(table.pk)
    wanted, paid = {}, {}
    for reference, (player, cents) in pool_payments(table, course).items():
        unit = movements.read(reference).unit  # a forfeit's; an entry names none
        wanted[reference] = (Reason.POOL_ENTRY if unit is None else Reason.POOL_FORFEIT, unit,
                             {accounts.player(player): -cents, pot: cents})
        paid[accounts.player(player)] = paid.get(accounts.player(player), 0) + cents
    total = sum(paid.values())
    if table.status == Table.Status.ABANDONED and total:
        wanted[_reference(table, "refund")] = (Reason.POOL_REFUND, None, {pot: -total, **paid})
    elif course.over and total:
        wanted[_reference(table, "payout")] = (Reason.POOL_PAYOUT, None, {
            pot: -total, accounts.player(course.winner): total})
    return wanted


def _wagers(table: Table, course: Course, units=None) -> dict:
    """The settlement each unit's wagers should have (of `units` only, when given): reference
    -> (reason, unit, {account code: cents})."""
    if table.wager_style == Table.WagerStyle.NONE:
        return {}
    wagers = Wager.objects.filter(table=table)
    if units is not None:
        wagers = wagers.filter(unit_number__in=units)
    rows = list(wagers.values_list("pk", "unit_number", "style", "bettor_id", "on_id", "stake",
                                   "matched", "returned", "against_id"))  # a unit may hold many
    takes = {}
    if table.wager_style == Table.WagerStyle.ENGLISH:
        for wager_id, *take in WagerTake.objects.filter(
                wager_id__in=[row[0] for row in rows]).values_list(
                    "wager_id", "layer_id", "stake", "lay"):
            takes.setdefault(wager_id, []).append(Take(*take))
    by_unit = {}
    for pk, number, style, bettor, on, stake, matched, returned, against in rows:
        by_unit.setdefault(number, []).append(Placed(
            bettor, on, stake, matched, returned, style == Table.WagerStyle.FRENCH, against,
            tuple(takes.get(pk, ()))))
    return {_reference(table, "unit", number, "wagers"): _unit_wagers(
                table, number, unit_played(table, course, number), placed)
            for number, placed in by_unit.items()}


def _unit_wagers(table: Table, number: int, unit: Played | None, placed: list) -> tuple:
    """(reason, unit number, {account code: cents}) of one unit's wagers: what each member
    collects from the unit's escrow, and the levy, as games.engine.wagers.reckon reads each
    wager. Once the unit is decided they are settled; while it is to be decided their stakes
    stay held. They are void, every stake going back, when the table was abandoned first,
    when a correction took the unit away, or took the backed player out of it; and a French
    gallery is void as a whole when either of the two players it was balanced between no
    longer plays the unit (a bet placed after that, when the unit is open again, is a new
    gallery's)."""
    amounts = {accounts.escrow(table.pk, number): 0}  # the escrow pays out first
    for wager in placed:
        reckoning = reckon(wager, unit, table.levy)
        if reckoning.outcome is None:
            continue
        for member, cents in reckoning.collects.items():
            _add(amounts, accounts.player(member), cents)
        _add(amounts, accounts.HOUSE, reckoning.levy)
    amounts[accounts.escrow(table.pk, number)] = -sum(amounts.values())
    decided = unit is not None and unit.winner is not None
    return (Reason.WAGER_SETTLEMENT if decided else Reason.WAGER_VOID), number, amounts


def _add(amounts: dict, code: str, cents: int) -> None:
    amounts[code] = amounts.get(code, 0) + cents


def reconcile(table: Table, course: Course, *, by, decided_from: int | None = None) -> None:
    """Brings the table's derived postings in line with its course, made by the user `by`.
    After a new hand that ended a game, `decided_from` is the number of the unit it counted in:
    only that unit's forfeit and wagers and the payout can be new, and nothing earlier can have
    changed. Of the standing postings, only those of that unit's wagers are read (a correction
    may have voided some of them while the unit was open), and only at a table that takes
    wagers."""
    if table.format in MANY_HANDED:  # no pool, no wagers: nothing to reconcile
        return
    standing = {}  # transaction id -> (reference, {account code: cents})
    if decided_from is not None:
        new_units = range(decided_from, len(course.units) + 1)
        wanted = _wagers(table, course, units=new_units)
        if table.wager_style != Table.WagerStyle.NONE:
            for unit in new_units:  # a correction may have voided them while they were open
                standing |= ledger.standing(_reference(table, "unit", unit, "wagers"))
        if table.format == Table.Kind.POOL:
            new = {_reference(table, "payout")} | {
                _reference(table, "forfeit", unit) for unit in new_units}
            wanted |= {reference: posting for reference, posting in _pool(table, course).items()
                       if reference in new}
    else:
        wanted = _wagers(table, course)
        if table.format == Table.Kind.POOL:
            wanted |= _pool(table, course)
        standing = ledger.standing(_reference(table, ""))
    wanted = {reference: (reason, unit, {code: cents for code, cents in amounts.items() if cents})
              for reference, (reason, unit, amounts) in wanted.items()}
    for tx_id, (reference, have) in standing.items():
        if reference in wanted and wanted[reference][2] == have:
            del wanted[reference]
        else:
            money.reverse(table, tx_id, memo=f"{reference} no longer holds after a correction",
                          by=by)
    for reference, (reason, unit, amounts) in wanted.items():
        money.post_if_possible(table, reason=reason, amounts=amounts, reference=reference, by=by,
                               unit=unit)
