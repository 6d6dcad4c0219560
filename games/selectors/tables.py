"""The list of tables: each one as its stored snapshot has it, so that a page costs the same
few queries however many tables it holds (no course is rebuilt)."""
from django.db.models import F

from club.models import Player
from games.models import Seat, Table, TableEvent
from games.selectors.standings import latest_evening

ROLES = ("elder", "dealer", "observer")
# The types of change (TableEvent.Type, games.services.changes.record_change) that can move a table
# onto the lists of tables in play or off them: opened, won (by a hand, or by a correction,
# which may also open it again) and abandoned. The live feed tells the pages of lists of each
# (games/live), and the lists kept for anonymous readers are read again (games/cached.py).
LIST_TYPES = frozenset({TableEvent.Type.OPEN, TableEvent.Type.ABANDONED,
                        TableEvent.Type.CORRECTION,
                        *(TableEvent.Type.won(kind) for kind in Table.Kind.values)})


def tables(*, status: str | None = None, format: str | None = None,
           player: int | None = None):
    """The tables, newest first: those of `status` (all when None), of `format`, and where
    `player` sits."""
    rows = Table.objects.only("name", "format", "status", "seq", "wager_style", "created_at",
                              "finished_at", "winner", "seating", "snapshot")
    if status is not None:
        rows = rows.filter(status=status)
    if format is not None:
        rows = rows.filter(format=format)
    if player is not None:
        rows = rows.filter(seats__player_id=player)
    return rows.order_by("-created_at", "-id")


def playing_elsewhere(player_ids=None) -> dict[int, list[str]]:
    """The names of the tables in play where each player has a seat (taken or pending), first
    opened first, by player id: of the players `player_ids`, or of every player. What opening
    a table warns of (games.services.tables.open_table, `check_elsewhere`)."""
    seats = Seat.objects.filter(table__status=Table.Status.PLAYING)
    if player_ids is not None:
        seats = seats.filter(player_id__in=player_ids)
    found: dict[int, list[str]] = {}
    for player, name in seats.order_by("table__created_at", "table_id").values_list(
            "player_id", "table__name"):
        found.setdefault(player, []).append(name)
    return found


def table_items(rows: list[Table]) -> list[dict]:
    """The tables as the list shows them, their players named (one query)."""
    names = dict(Player.objects.filter(pk__in={pk for t in rows for pk in t.seating})
                 .values_list("pk", "name"))
    return [_item(table, names) for table in rows]


def _item(table: Table, names: dict) -> dict:
    snap = table.snapshot
    seat = {snap["seats"][role]: role for role in ROLES if snap["seats"][role] is not None}
    return {
        "id": table.pk, "name": table.name, "format": table.format, "status": table.status,
        "seq": table.seq, "wager_style": table.wager_style,
        "opened_at": table.created_at.isoformat(),
        "finished_at": table.finished_at.isoformat() if table.finished_at else None,
        "players": [{"id": pk, "name": names[pk], "seat": seat.get(pk)}
                    for pk in table.seating],
        "game": snap["game"], "winner": table.winner_id,
        "hand_in_progress": snap["hand_in_progress"],
    }


def in_play_tonight(rows):
    """The tables of `rows` (a query of tables) in play and opened tonight, the latest evening
    of `rows` (games.selectors.standings.latest_evening: 06:00 to 06:00, the evening of the
    last of them opened, so that a table the reader may not see moves no evening on for him),
    first opened first."""
    evening = latest_evening(rows)
    if evening is None:
        return rows.none()
    _day, since, until = evening
    return rows.filter(status=Table.Status.PLAYING, created_at__gte=since,
                       created_at__lt=until).order_by("created_at", "id")


def finished(rows):
    """The tables of `rows` won or abandoned, the latest finished first."""
    return rows.exclude(status=Table.Status.PLAYING).order_by(
        F("finished_at").desc(nulls_last=True), "-id")
