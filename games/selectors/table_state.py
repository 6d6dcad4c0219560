"""A table's state as a request reads it: one selector for the pages, the admin and the
exports, so that a request plays the table's course once at most and no page reads the stored
snapshot's JSON back (that JSON is the API's and the live feed's: games.selectors.snapshot).

`state_of(table)` gives the table's `TableState`, kept on the table instance for as long as
its `seq` is the one it was read at (every change of a table moves its `seq` on). Each part is
read when first asked for, and once: a page that needs only the names plays no course.

`winner(table)` is the one answer to "who won this table", for a page of one table and for
the lists alike (the member's page, the admin's column): read from the table's row, never by
playing its course again."""
from dataclasses import dataclass
from functools import cached_property

from games import courses
from games.engine.course import Course, CourseGame, CourseHand, CourseUnit
from games.models import Table


def winner(table: Table) -> int | list[int] | None:
    """Who won the table, once it is won (docs/rules.md): at a pool the last player standing,
    at a rubber the winner of the rubber, à trois the first to reach the target; à quatre the
    side that won the match, its two partners' ids. None while the table is played, and for an
    abandoned one. The row's `winner` is the course's (games.services.changes.close_if_over);
    à quatre, where no single player wins, the side is the course's as the table's stored
    snapshot keeps it, written in the same transaction."""
    if table.status != Table.Status.WON:
        return None
    if table.format == Table.Kind.QUATRE:
        return ((table.snapshot or {}).get("quatre") or {}).get("winner")
    return table.winner_id


@dataclass(frozen=True, eq=False)
class TableState:
    """The table, its course and what the pages read of them, each read once."""
    table: Table
    seq: int  # the table's `seq` when it was read

    @cached_property
    def hands(self) -> list[CourseHand]:
        """The table's hands as the course plays them (games.courses.table_hands)."""
        return courses.table_hands(self.table)

    @cached_property
    def course(self) -> Course:
        """The table's course after its hands, played once."""
        return courses.course_of(self.table, self.hands)

    @cached_property
    def names(self) -> dict[int, str]:
        """{player id: name} of the table's players."""
        return {seat.player_id: seat.player.name for seat in self.table.seat_rows()}

    @cached_property
    def seats_pending(self) -> list[int]:
        """The players who have not taken their seats yet, in seat order (only a pool with
        stakes that a member opened has any, and none once a hand is recorded)."""
        return [player.pk for player in self.table.pending_players(played=bool(self.hands))]

    @property
    def playing(self) -> bool:
        return self.table.status == Table.Status.PLAYING

    @property
    def unit(self) -> CourseUnit:
        """The unit in play, or the last one."""
        return self.course.unit

    @property
    def game(self) -> CourseGame:
        """The game in play, or the last one."""
        return self.course.game

    @property
    def seats(self) -> dict:
        """The seats of the next hand at a table in play, {seat: player id}: two-handed the
        elder, the dealer and a pool's observer (at a game à trois down to two, its two);
        à trois and à quatre `many_seats` has them all. Nobody's once the table is over."""
        if not self.playing:
            return {"elder": None, "dealer": None, "observer": None}
        return self.course.seats()

    @property
    def many_seats(self) -> dict:
        """À trois and à quatre, the seats of the next hand in the order of play, {seat: player
        id}; {} at any other table and once the table is over."""
        many = self.table.format in (Table.Kind.TROIS, Table.Kind.QUATRE)
        return self.course.roles_next() if many and self.playing else {}

    @property
    def withdrawn(self) -> int | None:
        """À trois, the player who reached the target and withdrew; else None."""
        order = getattr(self.course, "order", None)
        return order[0] if order else None

    @property
    def winner(self) -> int | list[int] | None:
        return winner(self.table)


def state_of(table: Table) -> TableState:
    """The table's state, read once for this instance at its current `seq`."""
    kept = getattr(table, "_table_state", None)
    if kept is None or kept.seq != table.seq:
        kept = TableState(table, table.seq)
        table._table_state = kept
    return kept
