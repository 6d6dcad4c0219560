"""A table's course of play rebuilt from its hands (games.engine.course).

The services, the exports and the tests all replay a table through here. A worker also keeps
the hands of the tables it served last (`recent`), so that recording a hand does not read the
table's earlier hands again.
"""
import threading
from collections import OrderedDict

from games.engine import EngineError
from games.engine.course import Course, CourseHand, Setup
from games.models import Table


def setup(table: Table) -> Setup:
    """What the course of play needs to know of the table."""
    return Setup(format=table.format, players=tuple(table.seating),
                 first_dealer=table.first_dealer_id, rules=table.rules)


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
    was read at. Every change of a table moves its `seq` on, so under the table's row lock a
    copy whose `seq` is the table's own is exactly what the database holds. The table's
    creation time is part of the key too: a database emptied under a running process (a test
    suite, a development reset) may give a new table the id and `seq` of one kept here."""

    def __init__(self, size: int = 256):
        self.size, self.tables, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, table: Table) -> list[CourseHand] | None:
        with self.lock:
            version, hands = self.tables.get(table.pk, (None, None))
            return list(hands) if version == (table.seq, table.created_at) else None

    def keep(self, table: Table, hands: list[CourseHand]) -> None:
        with self.lock:
            self.tables[table.pk] = ((table.seq, table.created_at), hands)
            self.tables.move_to_end(table.pk)
            while len(self.tables) > self.size:
                self.tables.popitem(last=False)


recent = RecentHands()


def table_hands(table: Table) -> list[CourseHand]:
    """The table's hands as the course plays them, current versions, in order."""
    hands = recent.get(table)
    if hands is None:
        hands = [CourseHand(*row) for row in table.hands.order_by("number").values_list(
            "number", "game_number", "elder_id", "dealer_id", "record")]
    return hands


def replay(table: Table, hands: list[CourseHand] | None = None) -> Course:
    """The table's course after its hands (read from the table when not given)."""
    course = Course(setup(table))
    for hand in table_hands(table) if hands is None else hands:
        play_or_set_aside(course, hand)
    return course
