"""The hands a scorer's phone keeps while it cannot reach the club, as the phone tells it
(games/static/games/outbox.js, through games.views.waiting): the table's spectators see "2 hands
on their way" until the phone says 0.

A phone reports its count a few times in an outage: when the network comes back, after each
hand it sends, when one is refused, and 0 at the end. A new count is a change of the table like
any other (its `seq` moves on, an event of kind "waiting", the live feed sends the snapshot);
the same count again changes nothing. The course of play is the worker's copy
(games.courses.current), handed back once the change commits: reporting a count neither plays
the table's hands again nor makes the next hand do so.
"""
from django.db import transaction
from django.utils import timezone

from club.errors import Refused
from games import courses
from games.models import TableEvent
from games.refusal_codes import GameCode, GameRule
from games.services.changes import locked_table, may_score, record_change

MOST = 99  # hands a phone may say it keeps


@transaction.atomic
def report_waiting(*, table_id: int, count, by) -> int:
    """Stores that the scorer's phone keeps `count` hands of the table (a whole number from 0
    to MOST), as told by the user `by`, who may score it; returns the count."""
    table = locked_table(table_id)
    if not may_score(table, by):
        raise Refused(GameCode.NOT_SCORER, "only the table's scorers and staff may say how many "
                      "hands their phone keeps", rule=GameRule.SCORERS_WAITING)
    if type(count) is not int or not 0 <= count <= MOST:
        raise Refused(GameCode.BAD_COUNT, f"count must be a whole number from 0 to {MOST}",
                      rule=GameRule.WAITING_COUNT, most=MOST)
    if count == table.waiting_hands:
        return count
    if not count:
        table.waiting_since = None
    elif not table.waiting_hands:
        table.waiting_since = timezone.now()
    table.waiting_hands = count
    table.save(update_fields=["waiting_hands", "waiting_since"])
    hands, course, keys = courses.current(table)
    transaction.on_commit(lambda: courses.recent.keep(table, hands, course, keys))
    record_change(table, course, TableEvent.Type.WAITING, by=by, change={"hands": count})
    return count
