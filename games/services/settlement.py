"""Pool stakes in the club's ledger (docs/rules.md, section 10).

Each player pays `pool_entry` into the pot when the pool opens, each loser of a unit pays
`pool_forfeit`, and the winner takes the whole pot; an abandoned pool returns every stake as
paid. The postings a pool should have are derived from its course of play; `settle_pool`
reverses the ones that no longer hold (after a correction) and posts the missing ones, so that
nothing is edited in place and replaying twice posts nothing new.
"""
from club import ledger
from games.engine.course import Course
from games.models import Table


def _reference(table: Table, *parts) -> str:
    """The posting reference of a pool's entry, forfeit, payout or refund."""
    return ":".join(["table", str(table.pk), *map(str, parts)])


def pool_payments(table: Table, course: Course) -> dict:
    """What each player has paid into the pot so far, in cents, by posting reference."""
    entry = ledger.parse_money(table.rules["pool_entry"])
    forfeit = ledger.parse_money(table.rules["pool_forfeit"])
    payments = {}
    if entry:
        for player in course.setup.players:
            payments[_reference(table, "entry", player)] = (player, entry)
    if forfeit:
        for unit in course.units:
            if unit.loser is not None:
                payments[_reference(table, "forfeit", unit.number)] = (unit.loser, forfeit)
    return payments


def pot_cents(table: Table, course: Course) -> int:
    return sum(cents for _, cents in pool_payments(table, course).values())


def _wanted(table: Table, course: Course) -> dict:
    """The postings the pool should have: reference -> (kind, {account code: cents})."""
    pot = f"pot:table:{table.pk}"
    wanted, paid = {}, {}
    for reference, (player, cents) in pool_payments(table, course).items():
        kind = "pool_entry" if ":entry:" in reference else "pool_forfeit"
        wanted[reference] = (kind, {f"player:{player}": -cents, pot: cents})
        paid[f"player:{player}"] = paid.get(f"player:{player}", 0) + cents
    total = sum(paid.values())
    if table.status == Table.Status.ABANDONED and total:
        wanted[_reference(table, "refund")] = ("pool_refund", {pot: -total, **paid})
    elif course.over and total:
        wanted[_reference(table, "payout")] = ("pool_payout", {
            pot: -total, f"player:{course.winner}": total})
    return wanted


def settle_pool(table: Table, course: Course, *, decided_from: int | None = None) -> None:
    """Brings the pool's postings in line with its course. After a new hand that ended a game,
    `decided_from` is the number of the unit it counted in: only that unit's forfeit and the
    payout can be new, nothing earlier can have changed, and the postings are not read."""
    wanted = _wanted(table, course)
    standing = {}  # transaction id -> (reference, {account code: cents})
    if decided_from is not None:
        new = {_reference(table, "payout")} | {
            _reference(table, "forfeit", unit.number) for unit in course.units[decided_from - 1:]}
        wanted = {reference: posting for reference, posting in wanted.items()
                  if reference in new}
    else:
        standing = ledger.standing(_reference(table, ""))
    for tx_id, (reference, have) in standing.items():
        if reference in wanted and wanted[reference][1] == have:
            del wanted[reference]
        else:
            ledger.reverse(tx_id, memo=f"{reference} no longer holds after a correction")
    if wanted:
        accounts = _accounts(table, {code for _, amounts in wanted.values() for code in amounts})
        for reference, (kind, amounts) in wanted.items():
            ledger.post(kind=kind, memo=f"{kind.replace('_', ' ')} at {table.name}",
                        entries=[(accounts[code], cents) for code, cents in amounts.items()],
                        reference=reference)


def _accounts(table: Table, codes: set) -> dict:
    """The accounts with these codes, opening the pot and the players' accounts on first use."""
    accounts = ledger.accounts(codes)
    missing = codes - accounts.keys()
    if missing:
        pot = ledger.pot_account(f"table:{table.pk}", f"Pool of {table.name} (table {table.pk})")
        players = {f"player:{p.pk}": p for p in table.players.all()}
        for code in missing:
            accounts[code] = pot if code == pot.code else ledger.account_for_player(players[code])
    return accounts
