"""Every write at a table: opening it, recording and correcting hands, abandoning it.

Each service runs in one transaction that first locks the table row, so that several daphne
workers serving the same table take turns. The table's state is rebuilt by replaying its hands
(games.engine.course), its derived rows and pool stakes are brought in line with that state,
its `seq` moves on, and the new snapshot is published once the transaction commits.
"""
import random
import threading
from collections import OrderedDict

from django.db import transaction
from django.utils import timezone

from club import ledger
from club.errors import Refused
from club.models import Player
from games import live
from games.engine import EngineError
from games.engine.cards import parse_card
from games.engine.course import Course, Entry, Setup, cut_for_deal
from games.engine.rules import table_rules
from games.models import Hand, HandVersion, Seat, Table
from games.projection import project, project_game_end
from games.selectors import snapshot
from games.stakes import settle_pool

MONEY_RULES = frozenset(("pool_entry", "pool_forfeit", "levy_percent"))
STAKES = ("pool_entry", "pool_forfeit")
# The most one stake may be, in cents: far above any club's, and low enough that no pot, balance
# or sum of the standings can leave the ledger's 64-bit integers.
STAKE_LIMIT = 1_000_000_00
_cut_rng = random.SystemRandom()


def _refuse_engine(err: EngineError) -> Refused:
    return Refused(422, err.code, err.message, err.at)


# -- opening a table ----------------------------------------------------------------------
def read_rules(given: dict) -> dict:
    """The table's options, defaults filled in and amounts written as "12.50"."""
    try:
        rules = table_rules(given or {}, money_keys=MONEY_RULES)
    except ValueError as err:
        raise Refused(422, "bad_rules", str(err)) from None
    for key in MONEY_RULES:
        rules[key] = _amount(rules.get(key, "0"), key)
    for key in STAKES:
        if ledger.parse_money(rules[key]) > STAKE_LIMIT:
            raise Refused(422, "bad_rules", f"rules.{key} must be at most "
                          f"{ledger.cents_to_str(STAKE_LIMIT)}")
    if ledger.parse_money(rules["levy_percent"]) > 100_00:
        raise Refused(422, "bad_rules", "rules.levy_percent must be a percentage from 0 to 100")
    return rules


def _amount(value, key: str) -> str:
    """A money option (or the levy's percentage) as a decimal string; whole numbers may be
    given as JSON integers, never as floats."""
    if type(value) is int:
        value = str(value)
    try:
        return ledger.cents_to_str(ledger.parse_money(value))
    except (ValueError, TypeError) as err:
        raise Refused(422, "bad_rules", f"rules.{key}: {err}") from None


@transaction.atomic
def open_table(*, name: str, format: str, players: list[Player], rules: dict, by,
               wager_style: str = "none", first_dealer: Player | None = None,
               scorers=()) -> Table:
    if format not in Table.Format.values:
        raise Refused(422, "bad_request", 'format must be "pool" or "rubber"')
    seats = 3 if format == Table.Format.POOL else 2
    if len(players) != seats or len({p.pk for p in players}) != seats:
        raise Refused(422, "bad_request", f"a {format} takes {seats} different players")
    if wager_style not in Table.WagerStyle.values:
        raise Refused(422, "bad_request", 'wager_style must be "english", "french" or "none"')
    rules = read_rules(rules)
    playing = players[:2]
    cut = []
    if first_dealer is None:
        dealer_id, cut = cut_for_deal([p.pk for p in playing], _cut_rng, rules["ranking"])
        first_dealer = next(p for p in playing if p.pk == dealer_id)
    elif first_dealer.pk not in {p.pk for p in playing}:
        raise Refused(422, "bad_request", "first_dealer must be one of the two players who "
                      "play first")
    table = Table.objects.create(name=name, format=format, rules=rules, wager_style=wager_style,
                                 first_dealer=first_dealer, cut=cut, opened_by=by,
                                 seating=[p.pk for p in players])
    Seat.objects.bulk_create(Seat(table=table, player=p, position=i)
                             for i, p in enumerate(players))
    table.scorers.set(scorers)
    _rebuild(table, kind="open")
    return table


# -- hands ----------------------------------------------------------------------------------
def may_score(table: Table, user) -> bool:
    return user.is_staff or user.pk == table.opened_by_id or table.scorers.filter(
        pk=user.pk).exists()


def _locked_table(table_id: int) -> Table:
    try:
        # The snapshot is written, never read, by a change: it is not loaded.
        return Table.objects.select_for_update().defer("snapshot").get(pk=table_id)
    except Table.DoesNotExist:
        raise Refused(404, "not_found", f"there is no table {table_id}") from None


@transaction.atomic
def record_hand(*, table_id: int, record, by, idempotency_key: str | None = None,
                number: int | None = None) -> tuple[Hand, bool]:
    """Records the next hand of the table's current game. Returns the hand and whether it is
    new (False when the idempotency key was seen before with the same record)."""
    table = _locked_table(table_id)
    if not may_score(table, by):
        raise Refused(403, "forbidden", "only the table's scorers and staff may enter hands")
    if idempotency_key:
        earlier = table.hands.filter(idempotency_key=idempotency_key).first()
        if earlier is not None:
            if earlier.versions.get(version=1).record != record:
                raise Refused(409, "idempotency_conflict", "this Idempotency-Key was used "
                              "for another hand")
            return earlier, False
    if table.status != Table.Status.PLAYING:
        raise Refused(409, "table_closed", f"the table is {table.status}: no more hands")
    entries = _entries(table)
    course = _replay(table, entries)
    next_number = len(entries) + 1
    if number is not None and number != next_number:
        raise Refused(409, "wrong_hand_number", f"the next hand of this table is number "
                      f"{next_number}, not {number}")
    if course.hand_in_progress is not None:
        raise Refused(409, "hand_in_progress", f"hand {course.hand_in_progress} is still in "
                      "progress: correct it instead of adding a new one")
    deal = _cards_dealt(record)
    if deal is not None:
        for earlier in entries:
            if _cards_dealt(earlier.record) == deal:
                raise Refused(409, "duplicate_hand", f"this deal is already hand {earlier.key}")
    entry = Entry(key=next_number, game=course.game.number, elder=course.elder,
                  dealer=course.dealer, record=record)
    games, units = len(course.games), len(course.units)
    try:
        result = course.play(entry)
    except EngineError as err:
        raise _refuse_engine(err) from None
    if course.over:
        kind = "pool_won" if table.format == Table.Format.POOL else "rubber_won"
    elif len(course.units) > units:
        kind = "rotation"
    elif len(course.games) > games:
        kind = "game_over"
    else:
        kind = "trick" if result.get("in_progress") else "hand"
    hand = Hand.objects.create(table=table, number=next_number, game_number=entry.game,
                               elder_id=entry.elder, dealer_id=entry.dealer, record=record,
                               idempotency_key=idempotency_key or None, entered_by=by,
                               result=result,
                               number_in_game=len(course.games[entry.game - 1].hands))
    HandVersion.objects.create(hand=hand, version=1, record=record, result=result,
                               entered_by=by)
    entries.append(entry)
    transaction.on_commit(lambda: _recent.keep(table, entries))
    if kind not in ("hand", "trick"):  # a game ended
        _close_if_over(table, course)
        seats = {e.key: (e.elder, e.dealer) for e in entries if e.game == entry.game}
        project_game_end(table, course, games_before=games, units_before=units, seats=seats,
                         finished_at=hand.created_at)
        if table.format == Table.Format.POOL:
            settle_pool(table, course, decided_from=units)
    _publish(table, course, kind)
    return hand, True


@transaction.atomic
def correct_hand(*, hand_id: int, record, by) -> Hand:
    """Replaces a hand's record with a new version and replays the table from it."""
    try:
        table_id = Hand.objects.values_list("table_id", flat=True).get(pk=hand_id)
    except Hand.DoesNotExist:
        raise Refused(404, "not_found", f"there is no hand {hand_id}") from None
    table = _locked_table(table_id)
    if not may_score(table, by):
        raise Refused(403, "forbidden", "only the table's scorers and staff may correct hands")
    hand = table.hands.get(pk=hand_id)
    entries = _entries(table)
    if not by.is_staff and _unit_is_over(table, entries, hand.number):
        raise Refused(403, "forbidden", "this hand's unit is over: only staff may correct it")
    old_record, hand.record = hand.record, record
    course = Course(course_setup(table))
    for entry in entries:
        if entry.key != hand.number:
            play_or_set_aside(course, entry)
            continue
        try:  # the corrected hand must itself be valid in its place
            placed = course.play(Entry(entry.key, entry.game, entry.elder, entry.dealer, record))
        except EngineError as err:
            raise _refuse_engine(err) from None
        if placed is None:
            raise Refused(409, "hand_set_aside", "this hand no longer has a place at the table "
                          "and cannot be corrected")
    if record == old_record:
        return hand
    hand.version += 1
    HandVersion.objects.create(hand=hand, version=hand.version, record=record,
                               result=course.placed(hand.number)[1], entered_by=by)
    hand.save(update_fields=["record", "version"])
    _rebuild(table, kind="correction", course=course)
    return hand


def _cards_dealt(record) -> tuple | None:
    """A full record's deal as cards, however they are spelled and in whatever order each
    hand lists them: (elder's, dealer's, turn-up). None for a summary, or for a deal with a
    card the engine cannot read (it refuses that record anyway)."""
    deal = record.get("deal") if type(record) is dict else None
    if type(deal) is not dict:
        return None
    hands = [deal.get("elder"), deal.get("dealer")]
    if not all(type(cards) is list for cards in hands):
        return None
    cards = [[parse_card(card) for card in hand] for hand in hands]
    turn_up = parse_card(deal.get("turn_up"))
    if turn_up is None or None in cards[0] + cards[1]:
        return None
    return frozenset(cards[0]), frozenset(cards[1]), turn_up


def _unit_is_over(table: Table, entries: list[Entry], number: int) -> bool:
    """Whether the unit (game or rubber) in which hand `number` counts is decided, or the
    table closed (API.md: a scorer corrects a hand while its unit is open)."""
    if table.status != Table.Status.PLAYING:
        return True
    course = _replay(table, entries)
    game, _ = course.placed(number)
    return game is not None and course.units[game.unit - 1].winner is not None


@transaction.atomic
def abandon_table(*, table_id: int, by) -> Table:
    table = _locked_table(table_id)
    if not may_score(table, by):
        raise Refused(403, "forbidden", "only the table's scorers and staff may abandon it")
    if table.status != Table.Status.PLAYING:
        raise Refused(409, "table_closed", f"the table is already {table.status}")
    table.status = Table.Status.ABANDONED
    table.finished_at = timezone.now()
    _rebuild(table, kind="abandoned")
    return table


# -- replay ------------------------------------------------------------------------------
def course_setup(table: Table) -> Setup:
    return Setup(format=table.format, players=tuple(table.seating),
                 first_dealer=table.first_dealer_id, rules=table.rules)


def play_or_set_aside(course: Course, entry: Entry):
    """Plays a stored hand at its place in the course and returns its result, or sets it
    aside (None) when a correction upstream left it no place or made its record invalid."""
    try:
        return course.play(entry)
    except EngineError as err:
        course.set_aside.append((entry.key, err.message))
        return None


class _RecentEntries:
    """This process's copy of the entries of the tables it served last, each with the `seq`
    it was read at. Every change of a table moves its `seq` on, so under the table's row lock a
    copy whose `seq` is the table's own is exactly what the database holds. The table's
    creation time is part of the key too: a database emptied under a running process (a test
    suite, a development reset) may give a new table the id and `seq` of one kept here."""

    def __init__(self, size: int = 256):
        self.size, self.tables, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, table: Table):
        with self.lock:
            version, entries = self.tables.get(table.pk, (None, None))
            return list(entries) if version == (table.seq, table.created_at) else None

    def keep(self, table: Table, entries: list[Entry]) -> None:
        with self.lock:
            self.tables[table.pk] = ((table.seq, table.created_at), entries)
            self.tables.move_to_end(table.pk)
            while len(self.tables) > self.size:
                self.tables.popitem(last=False)


_recent = _RecentEntries()


def _entries(table: Table) -> list[Entry]:
    """The table's hands as the course plays them, current versions, in order."""
    entries = _recent.get(table)
    if entries is None:
        entries = [Entry(*row) for row in table.hands.order_by("number").values_list(
            "number", "game_number", "elder_id", "dealer_id", "record")]
    return entries


def _replay(table: Table, entries: list[Entry]) -> Course:
    course = Course(course_setup(table))
    for entry in entries:
        play_or_set_aside(course, entry)
    return course


def _rebuild(table: Table, *, kind: str, course: Course | None = None) -> None:
    """Brings everything derived from the table's hands in line, moves `seq` on and
    publishes the change after commit."""
    if course is None:
        course = _replay(table, _entries(table))
    if table.status != Table.Status.ABANDONED:
        _close_if_over(table, course)
    project(table, course)
    if table.format == Table.Format.POOL:
        settle_pool(table, course)
    _publish(table, course, kind)


def _close_if_over(table: Table, course: Course) -> None:
    """The table's status, winner and finish time as its course of play has them."""
    if course.over and table.winner_id != course.winner:
        table.status, table.winner_id = Table.Status.WON, course.winner
        table.finished_at = timezone.now()
    elif not course.over and table.status == Table.Status.WON:  # a correction reopened it
        table.status, table.winner_id, table.finished_at = Table.Status.PLAYING, None, None


def _publish(table: Table, course: Course, kind: str) -> None:
    table.seq += 1
    table.snapshot = snapshot(table, course)
    table.save(update_fields=["seq", "snapshot", "status", "winner", "finished_at"])
    live.publish_on_commit(table, kind)
