"""A pool's stakes as its course of play has them (docs/rules.md, section 10): what each player
has paid into the pot, and the pot; the settlement posts them, the snapshot and the result card
show the pot."""
from club import movements
from games.engine.course import Course
from games.models import Table


def pool_payments(table: Table, course: Course) -> dict:
    """What each player has paid into the pot so far, in cents, by posting reference
    (club.movements): his entry once he has taken his seat, a unit's forfeit from its loser."""
    entry = table.entry_cents
    forfeit = table.rules["pool_forfeit"]
    payments = {}
    if entry:
        for player in table.seated(played=course.played):
            payments[movements.table_reference(table.pk, "entry", player)] = (player, entry)
    if forfeit:
        for unit in course.units:
            if unit.loser is not None:
                payments[movements.table_reference(table.pk, "forfeit", unit.number)] = (
                    unit.loser, forfeit)
    return payments


def pot_cents(table: Table, course: Course) -> int:
    """The pot, in cents: what the players have paid into it."""
    return sum(cents for _, cents in pool_payments(table, course).values())
