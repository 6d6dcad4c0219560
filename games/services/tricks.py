"""A hand entered trick by trick (docs/api.md, A hand in progress): the next trick, taking the
last one back, and finishing the hand.

None of these is a correction: while the hand is in progress its record, and its current
version's, are updated in place, so that the versions of a hand stay the audit of its
corrections. Each act is checked by the engine at the hand's place, moves the table's `seq` on
and is published like a recorded hand (`hands.hand_played`).
"""
from django.db import transaction

from club.errors import Refused
from games import courses
from games.engine.course import CourseHand
from games.models import Hand, Table
from games.refusal_codes import GameCode, GameRule
from games.services.hands import hand_played, locked_table_of, play_next

# What a scorer may add to the record when he finishes the hand.
FINISHING_KEYS = ("king", "king_announced", "double", "offer", "irregularities")


@transaction.atomic
def add_trick(*, hand_id: int, trick: list, number: int, by,
              revoke_by: str | None = None, led_out_of_turn_by: str | None = None) -> Hand:
    """Appends `trick` ([leader's card, follower's card]; à trois and à quatre its three or
    four cards from the leader's) to the hand in progress; `number` is the trick's number (from
    1) as the scorer's page has it, which must be the next one. `revoke_by` (a role; à trois and
    à quatre a seat) keeps an illegal card of that player in it as a revoke (docs/rules.md,
    section 8, rulings 80 to 83): the record's `irregularities` name it. `led_out_of_turn_by`
    (two-handed, a role) led the trick out of turn, and it was played to (ruling 88)."""
    return _change(hand_id, by, lambda record: _with_trick(record, trick, number, revoke_by,
                                                           led_out_of_turn_by))


@transaction.atomic
def undo_trick(*, hand_id: int, by, number: int | None = None) -> Hand:
    """Takes back the last trick of the hand in progress; `number`, when given, is the number
    the scorer's page has for that trick, which must be the last one."""
    return _change(hand_id, by, lambda record: _without_last_trick(record, number))


@transaction.atomic
def finish_hand(*, hand_id: int, by, changes: dict | None = None) -> Hand:
    """The hand in progress is over: it is scored in full, with `changes` (any of
    FINISHING_KEYS) set in its record; a key changed to None is taken out."""
    def finished(record: dict) -> dict:
        record = {**record, **(changes or {}), "in_progress": None}
        return {key: value for key, value in record.items() if value is not None}
    return _change(hand_id, by, finished)


def _change(hand_id: int, by, change) -> Hand:
    """Replaces the record of the table's last hand, which must be in progress, with
    `change(record)`, in place, and carries the table on from there."""
    table = locked_table_of(hand_id, by, act="enter")
    if table.status != Table.Status.PLAYING:
        raise Refused(GameCode.TABLE_CLOSED, f"the table is {table.status}: no more tricks",
                      rule=GameRule.NO_MORE_TRICKS)
    hand = table.hands.get(pk=hand_id)
    hands = courses.table_hands(table)
    result = hand.result or {}  # its result at its place, as the last rebuilding left it
    if (hands[-1].key != hand.number or hand.status != Hand.Status.COUNTED
            or not result.get("in_progress") or result.get("game_over")):
        raise Refused(GameCode.HAND_NOT_IN_PROGRESS, f"hand {hand.number} is not in progress: only "
                      "the table's last hand, while it is entered trick by trick, takes tricks or "
                      "is finished; correct it instead", rule=GameRule.HAND_NOT_IN_PROGRESS,
                      hand=hand.number)
    record = change(hand.record)
    course = courses.course_of(table, hands[:-1])
    before = (len(course.games), len(course.units))
    stored = hands[-1]
    hands[-1] = CourseHand(stored.key, stored.game, stored.elder, stored.dealer, record)
    result = play_next(course, hands[-1])
    if result is None:  # it no longer has a place: the course changed since it was stored
        raise Refused(GameCode.HAND_NOT_IN_PROGRESS, f"hand {hand.number} no longer has a place at "
                      "the table; correct it instead", rule=GameRule.HAND_WITHOUT_PLACE,
                      hand=hand.number)
    hand.record, hand.result = record, result
    hand.save(update_fields=["record", "result"])
    hand.versions.filter(version=hand.version).update(record=record, result=result)
    hand_played(table, course, hands, hand, before=before, by=by)
    return hand


def _tricks(record: dict) -> list:
    tricks = record.get("tricks", [])
    if "deal" not in record or type(tricks) is not list:
        raise Refused(GameCode.NOT_FULL_RECORD, "only a full record is entered trick by trick",
                      rule=GameRule.NOT_FULL_RECORD)
    return tricks


def _with_trick(record: dict, trick: list, number: int, revoke_by: str | None = None,
                led_out_of_turn_by: str | None = None) -> dict:
    tricks = _tricks(record)
    if number != len(tricks) + 1:
        raise Refused(GameCode.WRONG_TRICK_NUMBER, f"the next trick of this hand is number "
                      f"{len(tricks) + 1}, not {number}", rule=GameRule.NEXT_TRICK_NUMBER,
                      next=len(tricks) + 1, number=number)
    record = record | {"tricks": [*tricks, list(trick)]}
    for kind, who in (("lead_out_of_turn", led_out_of_turn_by), ("revoke", revoke_by)):
        if who:
            record["irregularities"] = [*record.get("irregularities", []),
                                        {"type": kind, "by": who, "trick": number}]
    return record


def _without_last_trick(record: dict, number: int | None) -> dict:
    tricks = _tricks(record)
    if not tricks:
        raise Refused(GameCode.WRONG_TRICK_NUMBER, "this hand has no trick to take back",
                      rule=GameRule.NO_TRICK_TO_TAKE_BACK)
    if number is not None and number != len(tricks):
        raise Refused(GameCode.WRONG_TRICK_NUMBER, f"the last trick of this hand is number "
                      f"{len(tricks)}, not {number}", rule=GameRule.LAST_TRICK_NUMBER,
                      last=len(tricks), number=number)
    record = record | {"tricks": tricks[:-1]}
    kept = [entry for entry in record.get("irregularities", [])
            if not (entry.get("type") in ("revoke", "lead_out_of_turn")
                    and entry.get("trick") == len(tricks))]
    if "irregularities" in record:  # a revoke or a lead out of turn in it goes with it
        record["irregularities"] = kept
        if not kept:
            del record["irregularities"]
    return record
