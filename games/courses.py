"""A table's course of play rebuilt from its hands (games.engine.course).

The services, the exports and the tests all rebuild a table's course through here
(`course_of`). A worker also keeps the hands of the tables it served last, with the course they
played to (`recent`), so that recording a hand neither reads the table's earlier hands again nor
plays them again under the table's lock.
"""
import threading
from collections import OrderedDict

from games.engine import EngineError
from games.engine.course import Course, CourseHand, Setup
from games.models import Table
from games.money_options import written
from games.table_kinds import course_for


def setup(table: Table) -> Setup:
    """What the course of play needs to know of the table. Its money options are written as a
    hand record's `rules` may write them ("5.00"), for the course to see that the two agree."""
    return Setup(kind=table.format, players=tuple(table.seating),
                 first_dealer=table.first_dealer_id, rules=written(table.rules))


def new_course(table: Table):
    """A new course of play for the table, by its kind (games.table_kinds)."""
    return course_for(setup(table))


def play_or_set_aside(course: Course, hand: CourseHand):
    """Plays a stored hand at its place in the course and returns its result, or sets it
    aside (None) when a correction upstream left it no place or made its record invalid."""
    try:
        return course.play(hand)
    except EngineError as err:
        course.set_aside.append((hand.key, err.message))
        return None


class RecentHands:
    """This process's copy of the hands of the tables it served last, each with the `seq` it
    was read at and the course those hands played to. Every change of a table moves its `seq`
    on, so under the table's row lock a copy whose `seq` is the table's own is exactly what the
    database holds. The table's creation time is part of the key too: a database emptied under
    a running process (a test suite, a development reset) may give a new table the id and `seq`
    of one kept here.

    With the hands, a recorded hand's change keeps their course and the Idempotency-Keys they
    were entered with (key -> hand number). The course is handed over, not shared: `take`
    gives it to the one change that will play the next hand on it, and only that change's
    commit keeps it again. A change that fails or is refused leaves nothing behind, and the
    next one reads the table's hands and plays them again."""

    def __init__(self, size: int = 256):
        self.size, self.tables, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, table: Table) -> list[CourseHand] | None:
        with self.lock:
            version, hands, _, _ = self.tables.get(table.pk, (None,) * 4)
            return list(hands) if version == _version(table) else None

    def take(self, table: Table) -> tuple[list[CourseHand], Course, dict] | None:
        """The table's hands, their course and keys, removed from the copy; None when the copy
        is not the table's current state or holds no course."""
        with self.lock:
            version, hands, course, keys = self.tables.pop(table.pk, (None,) * 4)
        if version != _version(table) or course is None or course.setup != setup(table):
            return None
        return hands, course, keys

    def keep(self, table: Table, hands: list[CourseHand], course: Course | None = None,
             keys: dict | None = None) -> None:
        """Keeps the table's hands; with their course only when their `keys` come too."""
        with self.lock:
            self.tables[table.pk] = (_version(table), hands, course if keys is not None else None,
                                     keys)
            self.tables.move_to_end(table.pk)
            while len(self.tables) > self.size:
                self.tables.popitem(last=False)


def _version(table: Table) -> tuple:
    return table.seq, table.created_at


recent = RecentHands()


def table_hands(table: Table) -> list[CourseHand]:
    """The table's hands as the course plays them, current versions, in order."""
    hands = recent.get(table)
    if hands is None:
        hands = [CourseHand(*row) for row in table.hands.order_by("number").values_list(
            "number", "game_number", "elder_id", "dealer_id", "record")]
    return hands


def course_of(table: Table, hands: list[CourseHand] | None = None) -> Course:
    """The table's course after its hands (read from the table when not given)."""
    course = course_for(setup(table))
    for hand in table_hands(table) if hands is None else hands:
        play_or_set_aside(course, hand)
    return course


def current(table: Table) -> tuple[list[CourseHand], Course, dict]:
    """Under the table's lock: its hands, the course they play to (the caller's own to play the
    next hand on) and the Idempotency-Keys they were entered with (key -> hand number).
    games.services.hands.hand_played keeps them once the change commits."""
    kept = recent.take(table)
    if kept is not None:
        return kept
    rows = table.hands.order_by("number").values_list(
        "number", "game_number", "elder_id", "dealer_id", "record", "idempotency_key")
    hands = [CourseHand(*row[:5]) for row in rows]
    return hands, course_of(table, hands), {row[5]: row[0] for row in rows if row[5]}
