"""Tables in the JSON API: the list of tables, opening a pool or a rubber, its snapshot, its
scorers, abandoning it."""
from typing import Any, Literal

from django.contrib.auth import get_user_model
from ninja import Query, Router, Schema
from pydantic import Field, StrictBool

from club import limits
from club.api.fields import Id, Name, QueryId, Text, get_or_refuse, page
from club.api.schemas import REFUSED, ErrorOut
from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from club.models import ID_MAX, Player
from club.players import clean_name
from club.refusal_codes import ClubCode
from games.api.schemas import RULES_IN, Snapshot, TableEvents, TableList, TableScorers
from games.models import Table
from games.money_options import read as read_money
from games.refusal_codes import GameCode
from games.selectors import tables as selectors
from games.services import tables

router = Router(auth=API_AUTH, tags=["club"])


class TableIn(Schema):
    name: Name
    format: Literal["pool", "rubber", "trois", "quatre"]
    players: list[Id] = Field(description="A pool's three in the order they sit down (the "
                              "first two play), or a rubber's two; à trois the three, à quatre "
                              "the four, in seating order (partners are the 1st and 3rd, the "
                              "2nd and 4th).")
    rules: dict[str, Any] = Field({}, json_schema_extra=RULES_IN)
    wager_style: Literal["english", "french", "none"] = "none"
    first_dealer: Id | None = None
    scorers: list[Text] = []
    private: StrictBool = Field(False, description="Only signed-in users may follow the table's "
                          "live feed.")
    check_elsewhere: StrictBool = Field(
        False, description="true: refused (409 playing_elsewhere) when a player already sits "
        "at another table in play; false: opened all the same.")


class ScorersIn(Schema):
    scorers: list[Text] = Field(description="The usernames of the users who score the table "
                                "besides its opener: every scorer, the new list.")


@router.get("/tables", response={200: TableList, REFUSED: ErrorOut},
            summary="The tables, the newest first: by default those in play")
def list_tables(request,
                status: Literal["playing", "won", "abandoned", "all"] = Query(
                    "playing", description="`all` lists every table."),
                format: Literal["pool", "rubber", "trois", "quatre"] | None = Query(None),
                player: QueryId | None = Query(None, description="Only the tables where this "
                                          "player sits."),
                limit: int = Query(50, ge=1, le=200, description="At most 200."),
                offset: int = Query(0, ge=0, le=ID_MAX)):
    """Each table as its snapshot stands: its players named, with their seats in the hand to
    come, and the score of the game in play."""
    rows = selectors.tables(status=None if status == "all" else status, format=format,
                            player=player)
    count, rows, next_offset = page(rows, limit, offset)
    return {"count": count, "next_offset": next_offset, "tables": selectors.table_items(rows)}


@router.post("/tables", response={201: Snapshot, REFUSED | {429}: ErrorOut},
             summary="Open a pool or a rubber", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def open_table(request, body: TableIn):
    limits.count(request, "tables")
    named = [*body.players, *([] if body.first_dealer is None else [body.first_dealer])]
    players = {p.pk: p for p in Player.objects.filter(pk__in=named)}
    missing = [pk for pk in named if pk not in players]
    if missing:
        raise Refused(ClubCode.UNKNOWN_PLAYER, f"there is no player {missing[0]}")
    table = tables.open_table(
        name=clean_name(body.name), format=body.format,
        players=[players[pk] for pk in body.players], rules=read_money(body.rules),
        wager_style=body.wager_style, first_dealer=players.get(body.first_dealer),
        by=request.auth, scorers=_users(body.scorers), private=body.private,
        check_elsewhere=body.check_elsewhere)
    return 201, table.snapshot


def _users(usernames: list[str]) -> list:
    """The users named, each a user of the club (unknown_user otherwise)."""
    users = list(get_user_model().objects.filter(username__in=usernames))
    if len(users) != len(set(usernames)):
        raise Refused(ClubCode.UNKNOWN_USER, "every scorer must be a user of the club")
    return users


@router.post("/tables/{table_id}/scorers", response={200: TableScorers, REFUSED: ErrorOut},
             summary="Change who scores the table besides its opener",
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def set_scorers(request, table_id: int, body: ScorersIn):
    """Staff and the table's opener, at any time; a user who wagered at the table is not made
    its scorer."""
    table = tables.set_scorers(table_id=table_id, scorers=_users(body.scorers),
                               by=request.auth)
    return 200, {"table": table.pk, "seq": table.seq,
                 "opened_by": table.opened_by.get_username(),
                 "scorers": sorted(user.get_username() for user in table.scorers.all())}


class SeatIn(Schema):
    player: Id | None = Field(None, description="Staff only: the player to seat; by default "
                              "the user's own player.")


@router.post("/tables/{table_id}/seat", response={200: Snapshot, REFUSED: ErrorOut},
             summary="Take a pending seat at a pool with stakes, paying its entry",
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def take_seat(request, table_id: int, body: SeatIn):
    player = get_or_refuse(Player, body.player, ClubCode.NO_SUCH_PLAYER) if body.player else None
    return 200, tables.take_seat(table_id=table_id, by=request.auth, player=player).snapshot


@router.get("/tables/{table_id}", response={200: Snapshot, REFUSED: ErrorOut},
            summary="The table's snapshot", exclude_unset=True)
def get_table(request, table_id: int):
    return get_or_refuse(Table, table_id, GameCode.NO_SUCH_TABLE).snapshot


@router.get("/tables/{table_id}/events", response={200: TableEvents, REFUSED: ErrorOut},
            summary="The table's changes, one for each seq, oldest first")
def get_table_events(request, table_id: int,
                     after: int = Query(0, ge=0, le=ID_MAX,
                                        description="Only the changes after this seq."),
                     limit: int = Query(100, ge=1, le=500, description="At most 500.")):
    table = get_or_refuse(Table, table_id, GameCode.NO_SUCH_TABLE)
    rows = list(table.events.filter(seq__gt=after).select_related("by")
                .order_by("seq")[:limit + 1])
    page = rows[:limit]
    return {
        "table": table.pk,
        "events": [{"seq": event.seq, "kind": event.type, "at": event.at.isoformat(),
                    "by": event.by.get_username() if event.by else None,
                    "change": event.change} for event in page],
        "next_after": page[-1].seq if len(rows) > limit else None,
    }


@router.post("/tables/{table_id}/abandon", response={200: Snapshot, REFUSED: ErrorOut},
             summary="Abandon the pool or rubber", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def abandon_table(request, table_id: int):
    return 200, tables.abandon_table(table_id=table_id, by=request.auth).snapshot


