"""Exports of tables for the club's secretary: plain functions, no request involved.

- `tables_json(tables)`: each table with its players, rules and its units -> games -> hands.
  Each hand's record is the `ecarte-hand/1` record as the table scored it, with
  `rules`, `score_before` and `target` filled in (games.engine.course.Course.context), so
  that `games.engine.score(record)` gives back the hand's `result`. Hands that a correction
  set aside have no place in a game; they are listed apart, as entered, without a result.
- `csv_rows(tables)`: a header, then one row per hand.

`tables` is a queryset of Table (or anything with the tables' ids: `tables.values_list`).
"""
import csv
import io

from django.db.models import Prefetch
from django.utils import timezone

from games.admin.display import marks_text
from games.engine import EngineError
from games.engine.course import Course, CourseHand
from games.models import Game, Hand, Seat, Table, Unit
from games.replay import play_or_set_aside, setup

EXPORT_FORMAT = "ecarte-club-export/1"
RECORD_FORMAT = "ecarte-hand/1"
CSV_HEADER = [
    "table_id", "table_name", "unit", "game", "hand", "number_in_game", "elder", "dealer",
    "status", "version", "tricks_elder", "tricks_dealer", "marks", "points_elder",
    "points_dealer", "score_after_elder", "score_after_dealer",
]


def _ids(tables) -> list:
    return list(tables.values_list("pk", flat=True)) if hasattr(tables, "values_list") \
        else [t.pk if isinstance(t, Table) else t for t in tables]


# -- JSON -----------------------------------------------------------------------------------
def tables_json(tables) -> dict:
    rows = (Table.objects.filter(pk__in=_ids(tables)).order_by("pk")
            .select_related("winner", "first_dealer", "opened_by")
            .prefetch_related(
                Prefetch("seats", Seat.objects.select_related("player").order_by("position")),
                Prefetch("units", Unit.objects.select_related("first", "second", "winner",
                                                             "loser").order_by("number")),
                Prefetch("games", Game.objects.select_related("first", "second", "winner",
                                                             "loser").order_by("number")),
                Prefetch("hands", Hand.objects.select_related("elder", "dealer", "entered_by")
                         .order_by("number")),
            ))
    return {"format": EXPORT_FORMAT, "exported_at": timezone.now().isoformat(),
            "tables": [table_json(t) for t in rows]}


def table_json(table: Table) -> dict:
    seats = list(table.seats.all())
    hands = list(table.hands.all())
    records = scored_records(table, hands)
    by_game = {}
    set_aside = []
    for hand in hands:
        out = _hand(hand, records.get(hand.number))
        if hand.status == Hand.Status.COUNTED:
            by_game.setdefault(hand.game_number, []).append(out)
        else:
            set_aside.append(out)
    games_by_unit = {}
    for game in table.games.all():
        games_by_unit.setdefault(game.unit_number, []).append({
            "number": game.number,
            "players": [_player(game.first), _player(game.second)],
            "score": game.score,
            "target": game.target,
            "winner": _player(game.winner),
            "loser": _player(game.loser),
            "value": game.value,
            "finished_at": _when(game.finished_at),
            "hands": by_game.get(game.number, []),
        })
    in_play = _game_in_play(table)
    if in_play:  # its row is written when it ends; until then the snapshot has it
        by_id = {s.player_id: s.player for s in seats}
        games_by_unit.setdefault(in_play["unit"], []).append({
            "number": in_play["number"],
            "players": [_player(by_id[int(p)]) for p in in_play["score"]],
            "score": in_play["score"],
            "target": in_play["target"],
            "winner": None, "loser": None, "value": 0, "finished_at": None,
            "hands": by_game.get(in_play["number"], []),
        })
    return {
        "id": table.pk,
        "name": table.name,
        "format": table.format,
        "status": table.status,
        "wager_style": table.wager_style,
        "rules": table.rules,
        "players": [_player(s.player) | {"position": s.position} for s in seats],
        "first_dealer": _player(table.first_dealer),
        "cut": table.cut,
        "winner": _player(table.winner),
        "opened_by": table.opened_by.get_username(),
        "created_at": _when(table.created_at),
        "finished_at": _when(table.finished_at),
        "units": [{
            "number": unit.number,
            "players": [_player(unit.first), _player(unit.second)],
            "games_won": unit.games_won,
            "winner": _player(unit.winner),
            "loser": _player(unit.loser),
            "value": unit.value,
            "games": games_by_unit.get(unit.number, []),
        } for unit in table.units.all()],
        "set_aside_hands": set_aside,
    }


def _game_in_play(table: Table) -> dict | None:
    """The game being played at a table in play, from its snapshot, with its unit's number."""
    snapshot = table.snapshot or {}
    if table.status != Table.Status.PLAYING or not snapshot.get("game"):
        return None
    return snapshot["game"] | {"unit": snapshot["unit"]["number"]}


def scored_records(table: Table, hands: list) -> dict:
    """{hand number: the record as the table scored it}, for the hands that have a place.
    Replays the table as the services do (games.replay), taking each record's context before
    it is played."""
    course = Course(setup(table))
    scored = {}
    for hand in hands:
        played = CourseHand(key=hand.number, game=hand.game_number, elder=hand.elder_id,
                            dealer=hand.dealer_id, record=hand.record)
        try:
            record = course.context(hand.record)
        except (EngineError, KeyError, TypeError, AttributeError):
            record = None
        if play_or_set_aside(course, played) is not None and record is not None:
            scored[hand.number] = {"format": RECORD_FORMAT} | record
    return scored


def _hand(hand: Hand, scored: dict | None) -> dict:
    return {
        "id": hand.pk,
        "number": hand.number,
        "game": hand.game_number,
        "number_in_game": hand.number_in_game,
        "elder": _player(hand.elder),
        "dealer": _player(hand.dealer),
        "status": hand.status,
        "version": hand.version,
        "entered_by": hand.entered_by.get_username(),
        "created_at": _when(hand.created_at),
        "record": scored if scored is not None else hand.record,
        "result": hand.result,
    }


def _player(player) -> dict | None:
    return None if player is None else {"id": player.pk, "name": player.name}


def _when(moment):
    return None if moment is None else moment.isoformat()


# -- CSV ------------------------------------------------------------------------------------
def csv_rows(tables):
    """The header, then one row per hand of the tables, by table and hand number."""
    ids = _ids(tables)
    tables = Table.objects.filter(pk__in=ids).only("pk", "name", "status", "snapshot")
    names = {t.pk: t.name for t in tables}
    units = {(t, g): u for t, g, u in Game.objects.filter(table__in=ids)
             .values_list("table_id", "number", "unit_number")}
    for table in tables:
        in_play = _game_in_play(table)
        if in_play:
            units[(table.pk, in_play["number"])] = in_play["unit"]
    yield CSV_HEADER
    hands = (Hand.objects.filter(table__in=ids).select_related("elder", "dealer")
             .only("table_id", "number", "game_number", "number_in_game", "status", "version",
                   "result", "elder__name", "dealer__name")
             .order_by("table_id", "number"))
    for hand in hands.iterator(chunk_size=2000):
        result = hand.result if isinstance(hand.result, dict) else {}
        counted = hand.status == Hand.Status.COUNTED
        yield [
            hand.table_id, names[hand.table_id],
            units.get((hand.table_id, hand.game_number), "") if counted else "",
            hand.game_number, hand.number,
            "" if hand.number_in_game is None else hand.number_in_game,
            hand.elder.name, hand.dealer.name, hand.status, hand.version,
            *_by_role(result, "tricks"), marks_text(result), *_by_role(result, "points"),
            *_by_role(result, "score_after"),
        ]


def _by_role(result: dict, key: str) -> list:
    counts = result.get(key) or {}
    return [counts.get("elder", ""), counts.get("dealer", "")]


def tables_csv(tables) -> str:
    out = io.StringIO()
    csv.writer(out).writerows(csv_rows(tables))
    return out.getvalue()
