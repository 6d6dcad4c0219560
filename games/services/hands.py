"""Recording a table's hands and correcting them."""
from django.db import transaction

from club.errors import Refused
from club.idempotency import checked_key
from club.refusal_codes import ClubCode
from games import courses
from games.engine import EngineError, claims
from games.engine.cards import parse_card
from games.engine.course import Course, CourseHand
from games.models import Hand, HandVersion, Table, TableEvent
from games.refusal_codes import EngineCode, GameCode, GameRule
from games.services.changes import close_if_over, locked_table, may_score, rebuild, record_change
from games.services.projection import project_game_end
from games.services.settlement import reconcile
from games.services.wagers import start_unit, unit_started


@transaction.atomic
def record_hand(*, table_id: int, record, by, idempotency_key: str | None = None,
                number: int | None = None) -> tuple[Hand, bool]:
    """Records the next hand of the table's current game. Returns the hand and whether it is
    new (False when the idempotency key was seen before with the same record). A key is
    checked as every key is (club.idempotency.checked_key) before anything else."""
    if idempotency_key is not None:
        checked_key(idempotency_key)
    table = locked_table(table_id)
    if not may_score(table, by):
        raise Refused(GameCode.NOT_SCORER, "only the table's scorers and staff may enter hands",
                      rule=GameRule.SCORERS_ENTER)
    hands, course, keys = courses.current(table)
    if idempotency_key in keys:
        earlier = table.hands.get(number=keys[idempotency_key])
        if earlier.versions.get(version=1).record != record:
            raise Refused(ClubCode.IDEMPOTENCY_CONFLICT, "this Idempotency-Key was used for "
                          "another hand", rule=GameRule.KEY_OTHER_HAND)
        return earlier, False
    if table.status != Table.Status.PLAYING:
        raise Refused(GameCode.TABLE_CLOSED, f"the table is {table.status}: no more hands",
                      rule=GameRule.NO_MORE_HANDS)
    waiting = table.pending_players(played=bool(hands))
    if waiting:
        names = tuple(player.name for player in waiting)
        raise Refused(GameCode.SEATS_PENDING, "no hand before every player has taken his seat; not "
                      "yet: " + ", ".join(names), rule=GameRule.SEATS_PENDING, names=names)
    next_number = len(hands) + 1
    if number is not None and number != next_number:
        raise Refused(GameCode.WRONG_HAND_NUMBER, f"the next hand of this table is number "
                      f"{next_number}, not {number}", rule=GameRule.NEXT_HAND_NUMBER,
                      next=next_number, number=number)
    if course.hand_in_progress is not None:
        raise Refused(GameCode.HAND_IN_PROGRESS, f"hand {course.hand_in_progress} is still in "
                      "progress: correct it instead of adding a new one",
                      rule=GameRule.HAND_STILL_IN_PROGRESS, hand=course.hand_in_progress)
    deal = _cards_dealt(record)
    if deal is not None:
        for earlier in hands:
            if _cards_dealt(earlier.record) == deal:
                raise Refused(GameCode.DUPLICATE_HAND, f"this deal is already hand {earlier.key}",
                              rule=GameRule.DEAL_RECORDED, hand=earlier.key)
    elder, dealer = course.seating(record)  # the course's, or a deal out of turn that stood
    new = CourseHand(key=next_number, game=course.game.number, elder=elder, dealer=dealer,
                     record=record)
    if table.wager_style != Table.WagerStyle.NONE and not unit_started(course):
        start_unit(table, course, by)  # the unit's first hand: its wagers close
    before = (len(course.games), len(course.units))
    result = play_next(course, new)
    hand = Hand.objects.create(table=table, number=next_number, game_number=new.game,
                               elder_id=new.elder, dealer_id=new.dealer, record=record,
                               idempotency_key=idempotency_key or None, entered_by=by,
                               result=result,
                               number_in_game=len(course.games[new.game - 1].hands))
    HandVersion.objects.create(hand=hand, version=1, record=record, result=result,
                               entered_by=by)
    hands.append(new)
    if idempotency_key:
        keys[idempotency_key] = next_number
    hand_played(table, course, hands, hand, before=before, by=by, keys=keys)
    return hand, True


def play_next(course: Course, hand: CourseHand) -> dict | None:
    """Plays the hand next on the table's course and returns its result (None when the course
    has no place for it); the engine's refusal is the request's (`engine_refusal`: nothing is
    stored yet)."""
    try:
        return course.play(hand)
    except EngineError as err:
        raise engine_refusal(err) from None


def engine_refusal(err: EngineError) -> Refused:
    """The engine's refusal as the request's: its code, message and `at`, and its detail's
    parameters for the pages (games.presentation.engine_words)."""
    return Refused(EngineCode(err.code), err.message, err.at, **err.params)


def hand_played(table: Table, course: Course, hands: list[CourseHand], hand: Hand, *,
                before: tuple[int, int], by, keys: dict | None = None) -> None:
    """What follows the table's last hand once it is stored, whether it was recorded whole,
    or a trick of it was entered, taken back, or it was finished: `course` has played
    `hands`, the last of them `hand`, and had `before` (games, units) without it. A hand that
    ends a game, at a table of any form, closes the table if it is won, writes the game's rows
    (and at a two-handed table the unit's) and settles the unit; then the table's `seq` moves
    on and the change is published. Once it commits, the worker keeps `hands` for the table's
    next change, with `course` when their Idempotency-Keys come too (`keys`,
    games.courses.current)."""
    games, units = before
    if course.over:
        event = TableEvent.Type.won(table.format)
    elif len(course.units) > units:
        event = TableEvent.Type.ROTATION
    elif len(course.games) > games:
        event = TableEvent.Type.GAME_OVER
    elif course.hand_in_progress is not None:
        event = TableEvent.Type.TRICK
    else:
        event = TableEvent.Type.HAND
    transaction.on_commit(lambda: courses.recent.keep(table, hands, course, keys))
    if event not in (TableEvent.Type.HAND, TableEvent.Type.TRICK):  # a game ended
        close_if_over(table, course)
        game = hands[-1].game
        seats = {h.key: (h.elder, h.dealer) for h in hands if h.game == game}
        project_game_end(table, course, games_before=games, units_before=units, seats=seats,
                         finished_at=hand.created_at)
        reconcile(table, course, by=by, decided_from=units)
    change = {"hand": hand.number, "version": hand.version}
    if event == TableEvent.Type.TRICK:  # a hand in progress: how far it has gone
        change["tricks"] = len(hand.record.get("tricks", []))
    record_change(table, course, event, by=by, change=change)


# What a user who may not score is refused, by what he would do to a table's hands.
SCORERS_ONLY = {"enter": GameRule.SCORERS_ENTER, "correct": GameRule.SCORERS_CORRECT,
                "undo": GameRule.SCORERS_UNDO}


def locked_table_of(hand_id: int, by, *, act: str) -> Table:
    """The table of the hand `hand_id`, locked, when the user `by` may score it (`act`, what
    he would do to its hands: "enter", "correct" or "undo", says what he is refused
    otherwise)."""
    try:
        table_id = Hand.objects.values_list("table_id", flat=True).get(pk=hand_id)
    except Hand.DoesNotExist:
        raise Refused(GameCode.NO_SUCH_HAND, f"there is no hand {hand_id}",
                      rule=GameRule.NO_SUCH_HAND, hand=hand_id) from None
    table = locked_table(table_id)
    if not may_score(table, by):
        raise Refused(GameCode.NOT_SCORER, f"only the table's scorers and staff may {act} hands",
                      rule=SCORERS_ONLY[act])
    return table


@transaction.atomic
def correct_hand(*, hand_id: int, record, by, seq: int | None = None) -> Hand:
    """Replaces a hand's record with a new version and rebuilds the table's course from it.
    With `seq`, only if the table is still at that `seq` (what the scorer was shown it would
    change)."""
    table = locked_table_of(hand_id, by, act="correct")
    if seq is not None and table.seq != seq:
        raise Refused(GameCode.TABLE_CHANGED, "the table changed since this correction was shown",
                      rule=GameRule.TABLE_CHANGED)
    hand = table.hands.get(pk=hand_id)
    hands = courses.table_hands(table)
    refused = correction_refused(table, hand, by, hands)
    if refused:
        raise refused
    old_record, hand.record = hand.record, record
    course = courses.new_course(table)
    for stored in hands:
        if stored.key != hand.number:
            courses.play_or_set_aside(course, stored)
            continue
        # the corrected hand must itself be valid in its place, played by whom it was played
        # by: the other way round if the record now says otherwise of a deal out of turn
        seats = (stored.elder, stored.dealer)
        if course.seating(record) != course.seating(old_record):
            seats = seats[::-1]
        placed = play_next(course, CourseHand(stored.key, stored.game, *seats, record))
        if placed is None:
            raise Refused(GameCode.HAND_SET_ASIDE, "this hand no longer has a place at the table "
                          "and cannot be corrected", rule=GameRule.HAND_SET_ASIDE)
        hand.elder_id, hand.dealer_id = seats
        claimed_late(hands, hand, course)
    if record == old_record:
        return hand
    hand.version += 1
    HandVersion.objects.create(hand=hand, version=hand.version, record=record,
                               result=course.placed(hand.number)[1], entered_by=by)
    hand.save(update_fields=["record", "version", "elder", "dealer"])
    rebuild(table, event=TableEvent.Type.CORRECTION, by=by, course=course,
            change={"hand": hand.number, "version": hand.version})
    return hand


def correction_refused(table: Table, hand: Hand, by, hands: list[CourseHand] | None = None,
                       *, course: Course | None = None) -> Refused | None:
    """Why `by`, who may score the table, may not correct `hand` (`correct_hand`), or None when
    he may: the one answer for the service and the scorer's pages, which offer "correct" only
    where this is None. A hand an earlier correction set aside has no place left to be
    corrected in (correcting that earlier hand again may bring it back); a scorer who is not
    staff corrects a hand while its unit is open. `hands`, the table's (courses.table_hands),
    or their `course`, when the caller has them."""
    if hand.status == Hand.Status.SET_ASIDE:
        return Refused(GameCode.HAND_SET_ASIDE, "this hand no longer has a place at the table and "
                       "cannot be corrected", rule=GameRule.HAND_SET_ASIDE)
    if not by.is_staff and _unit_is_over(table, hand.number, hands, course):
        return Refused(GameCode.UNIT_DECIDED, "this hand's unit is over: only staff may correct it",
                       rule=GameRule.UNIT_DECIDED)
    return None


def claimed_late(hands: list[CourseHand], hand: Hand, course: Course) -> None:
    """Refuses (too_late) a correction of `hand`, placed in `course`, that marks what its
    record left unmarked once the trump of the next deal is turned up: the Laws' time for
    claiming it is over (games.engine.claims), for staff too."""
    try:
        claims.check_claim(hands, hand.number, hand.result or {}, course.placed(hand.number)[1])
    except EngineError as err:
        raise engine_refusal(err) from None


UNDONE = {"type": "replay", "reason": "undone"}


def undone(record: dict) -> dict:
    """A hand's record taken back by the scorer: void, as a `replay` whose reason is `undone`
    (docs/rules.md, ruling 74), with what was entered kept beside it; a replay it had for
    another reason gives way."""
    others = [e for e in record.get("irregularities") or [] if e.get("type") != "replay"]
    return {**record, "irregularities": [*others, UNDONE]}


@transaction.atomic
def undo_hand(*, hand_id: int, by, seq: int | None = None) -> Hand:
    """Takes back the table's last hand, until the next is entered: a new version of it that
    is void, so that the table's course is as it was before it (the same dealer deals again).
    A correction like any other (`correct_hand`, `seq` included): nothing is deleted, and a
    hand whose unit is decided is taken back by staff only. Refused for a hand that is no
    longer the last, one still being played card by card (its tricks are taken back one by
    one) and one void already."""
    table = locked_table_of(hand_id, by, act="undo")
    hand = table.hands.get(pk=hand_id)
    refused = undo_refused(table, hand, by)
    if refused:
        raise refused
    return correct_hand(hand_id=hand_id, record=undone(hand.record), by=by, seq=seq)


def undo_refused(table: Table, hand: Hand, by, *, course: Course | None = None
                 ) -> Refused | None:
    """Why `by`, who may score the table, may not take back `hand` (`undo_hand`), or None when
    he may: the one answer for the service and the scorer's page, which offers "Undo" only
    where this is None. `course`, the table's, when the caller has it."""
    last = table.hands.count()
    if hand.number != last:
        return Refused(GameCode.WRONG_HAND_NUMBER, f"hand {hand.number} is no longer the last "
                       f"hand: hand {last} was entered since; correct it instead",
                       rule=GameRule.UNDO_NOT_LAST, hand=hand.number, last=last)
    if (hand.result or {}).get("in_progress"):
        return Refused(GameCode.HAND_IN_PROGRESS, f"hand {hand.number} is being entered card by "
                       "card: take its tricks back, or correct it", rule=GameRule.UNDO_IN_PROGRESS,
                       hand=hand.number)
    if (hand.result or {}).get("void"):
        return Refused(GameCode.HAND_VOID, f"hand {hand.number} is void already: nothing is left "
                       "to undo", rule=GameRule.UNDO_VOID, hand=hand.number)
    if not by.is_staff and _unit_is_over(table, hand.number, course=course):
        return Refused(GameCode.UNIT_DECIDED, "this hand's unit is over: only staff may correct it",
                       rule=GameRule.UNIT_DECIDED)
    return None


def _cards_dealt(record) -> tuple | None:
    """A full record's deal as cards, however they are spelled and in whatever order each
    hand lists them: (elder's, dealer's, turn-up). None for a summary, or for a deal with a
    card the engine cannot read (it refuses that record anyway)."""
    deal = record.get("deal") if type(record) is dict else None
    if type(deal) is not dict:
        return None
    held = [deal.get("elder"), deal.get("dealer")]
    if not all(type(cards) is list for cards in held):
        return None
    cards = [[parse_card(card) for card in hand] for hand in held]
    turn_up = parse_card(deal.get("turn_up"))
    if turn_up is None or None in cards[0] + cards[1]:
        return None
    return frozenset(cards[0]), frozenset(cards[1]), turn_up


def _unit_is_over(table: Table, number: int, hands: list[CourseHand] | None = None,
                  course: Course | None = None) -> bool:
    """Whether the unit (game or rubber) in which hand `number` counts is decided, or the
    table closed (docs/api.md: a scorer corrects a hand while its unit is open). The course
    is played from `hands` (the table's, read when not given) unless the caller has it."""
    if table.status != Table.Status.PLAYING:
        return True
    if course is None:
        course = courses.course_of(table, hands)
    game, _ = course.placed(number)
    return game is not None and course.units[game.unit - 1].winner is not None
