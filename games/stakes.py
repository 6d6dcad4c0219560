"""Pool stakes in the club's ledger (RULES.md section 10).

Each player pays `pool_entry` into the pot when the pool opens, each loser of a unit pays
`pool_forfeit`, and the winner takes the whole pot; an abandoned pool returns every stake as
paid. The postings a pool should have are derived from its course of play; `settle_pool`
reverses the ones that no longer hold (after a correction) and posts the missing ones, so that
nothing is edited in place and replaying twice posts nothing new.
"""
from club import ledger
from club.models import Transaction
from games.engine.course import Course
from games.models import Table


def pool_payments(table: Table, course: Course) -> dict:
    """What each player has paid into the pot so far, in cents, by posting reference."""
    entry = ledger.parse_money(table.rules["pool_entry"])
    forfeit = ledger.parse_money(table.rules["pool_forfeit"])
    payments = {}
    if entry:
        for player in course.setup.players:
            payments[f"table:{table.pk}:entry:{player}"] = (player, entry)
    if forfeit:
        for unit in course.units:
            if unit.loser is not None:
                payments[f"table:{table.pk}:forfeit:{unit.number}"] = (unit.loser, forfeit)
    return payments


def pot_cents(table: Table, course: Course) -> int:
    return sum(cents for _, cents in pool_payments(table, course).values())


def settle_pool(table: Table, course: Course) -> None:
    pot = ledger.pot_account(f"table:{table.pk}", f"Pool of {table.name} (table {table.pk})")
    accounts = {}

    def account(player_id):
        if player_id not in accounts:
            accounts[player_id] = ledger.account_for_player(
                table.players.get(pk=player_id))
        return accounts[player_id]

    wanted = {}
    paid = {}
    for reference, (player, cents) in pool_payments(table, course).items():
        kind = "pool_entry" if ":entry:" in reference else "pool_forfeit"
        wanted[reference] = (kind, [(account(player), -cents), (pot, cents)])
        paid[player] = paid.get(player, 0) + cents
    total = sum(paid.values())
    if table.status == Table.Status.ABANDONED and total:
        wanted[f"table:{table.pk}:refund"] = ("pool_refund", [(pot, -total)] + [
            (account(p), cents) for p, cents in paid.items()])
    elif course.over and total:
        wanted[f"table:{table.pk}:payout"] = ("pool_payout", [
            (pot, -total), (account(course.winner), total)])

    standing = (Transaction.objects.filter(reference__startswith=f"table:{table.pk}:",
                                           reverses__isnull=True, reversal__isnull=True)
                .prefetch_related("entries"))
    for tx in standing:
        want = wanted.get(tx.reference)
        have = sorted((e.account_id, e.amount) for e in tx.entries.all())
        if want and sorted((a.pk, c) for a, c in want[1]) == have:
            del wanted[tx.reference]
        else:
            ledger.reverse(tx, memo=f"{tx.reference} no longer holds after a correction")
    for reference, (kind, entries) in wanted.items():
        ledger.post(kind=kind, memo=f"{kind.replace('_', ' ')} at {table.name}",
                    entries=entries, reference=reference)
