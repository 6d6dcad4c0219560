"""What every change of a table shares. The table row is locked first, so that several daphne
workers serving the same table take turns. The table's state is then rebuilt by playing its
hands, its derived rows and pool stakes are brought in line with that state, its `seq` moves
on with a `TableEvent` row for the change, and the new snapshot is published once the
transaction commits.
"""
import functools

from django.db import connections, router
from django.db.transaction import TransactionManagementError
from django.utils import timezone

from club.errors import Refused
from club.models import ID_MAX
from games import courses
from games.engine.course import Course
from games.live.publish import publish_on_commit
from games.models import Table, TableEvent
from games.refusal_codes import GameCode, GameRule
from games.selectors.snapshot import published
from games.services.projection import project
from games.services.settlement import reconcile

# What a change moves of the table's row, and nothing else moves: the pages kept for anonymous
# readers (games/cached.py) follow these within seconds, and the live feed at once.
CHANGE_FIELDS = frozenset({"seq", "snapshot", "status", "winner", "finished_at"})


def locked_table(table_id: int) -> Table:
    """The table's row, locked until the transaction ends (FOR UPDATE, where the database has
    it: PostgreSQL), without its snapshot, which a change writes and never reads (deferred)."""
    alias = router.db_for_write(Table)
    connection = connections[alias]
    if connection.features.has_select_for_update and connection.get_autocommit():
        raise TransactionManagementError("a table is locked inside a transaction only")
    # An id no row can have is not sent to the database, which may refuse it (SQLite's
    # integers end at ID_MAX): the ORM's own lookups leave it out the same way.
    table = next(iter(Table.objects.using(alias).raw(_locking_sql(alias), [table_id])),
                 None) if 0 < table_id <= ID_MAX else None
    if table is None:
        raise Refused(GameCode.NO_SUCH_TABLE, f"there is no table {table_id}",
                      rule=GameRule.NO_SUCH_TABLE, table=table_id)
    return table


@functools.cache
def _locking_sql(alias: str) -> str:
    """`locked_table`'s statement, made once from the model: what
    `Table.objects.select_for_update().defer("snapshot").get(pk=...)` says, which the ORM
    would work out anew for every change, at several times the CPU of running it."""
    connection, meta = connections[alias], Table._meta
    q = connection.ops.quote_name
    columns = ", ".join(q(f.column) for f in meta.concrete_fields if f.name != "snapshot")
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return f"SELECT {columns} FROM {q(meta.db_table)} WHERE {q(meta.pk.column)} = %s{lock}"


def is_scorer(table: Table, user) -> bool:
    """Whether `user` is one of the table's scorers: its opener or one he named."""
    return user.pk == table.opened_by_id or table.scorers.filter(pk=user.pk).exists()


# Who else may score a table: functions (table, user) -> bool that another app registers from
# its AppConfig.ready (nights: a director, at a table of the night in play); games knows none.
SCORING_HOOKS: list = []


def may_score(table: Table, user) -> bool:
    """Staff and the table's scorers may enter its hands (and whoever a hook lets)."""
    return (user.is_staff or is_scorer(table, user)
            or any(hook(table, user) for hook in SCORING_HOOKS))


def rebuild(table: Table, *, event: TableEvent.Type, by, change: dict | None = None,
            course: Course | None = None) -> None:
    """Brings everything derived from the table's hands in line, moves `seq` on and
    publishes the change after commit; the postings and the change are made by the user
    `by`."""
    if course is None:
        course = courses.course_of(table)
    if table.status != Table.Status.ABANDONED:
        close_if_over(table, course)
    project(table, course)
    reconcile(table, course, by=by)
    record_change(table, course, event, by=by, change=change)


def close_if_over(table: Table, course: Course) -> None:
    """The table's status, winner and finish time as its course of play has them."""
    if course.over and (table.winner_id != course.winner or table.status != Table.Status.WON):
        table.status, table.winner_id = Table.Status.WON, course.winner
        table.finished_at = timezone.now()
    elif not course.over and table.status == Table.Status.WON:  # a correction reopened it
        table.status, table.winner_id, table.finished_at = Table.Status.PLAYING, None, None


def record_change(table: Table, course: Course, event: TableEvent.Type, *, by,
                  change: dict | None = None) -> None:
    """Moves the table's `seq` on, stores its snapshot and the change's event of type `event`
    (what changed, in short: `change`, made by the user `by`), and publishes it once
    committed. The only place a table's `seq` moves on."""
    table.seq += 1
    table.snapshot, public = published(table, course)
    table.save(update_fields=CHANGE_FIELDS)
    TableEvent.objects.create(table=table, seq=table.seq, type=event, by=by, change=change or {})
    publish_on_commit(table, event, public)
