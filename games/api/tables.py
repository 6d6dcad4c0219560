"""Tables in the JSON API: opening a pool or a rubber, its snapshot, abandoning it."""
from typing import Any, Literal

from django.contrib.auth import get_user_model
from ninja import Router, Schema
from pydantic import Field

from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from club.models import Player
from club.players import clean_name
from games.api.common import Id, Name, Text, get_or_refuse
from games.api.schemas import REFUSED, RULES_IN, ErrorOut, Snapshot
from games.models import Table
from games.services import tables

router = Router(auth=API_AUTH, tags=["club"])


class TableIn(Schema):
    name: Name
    format: Literal["pool", "rubber"]
    players: list[Id] = Field(description="A pool's three in the order they sit down (the "
                              "first two play), or a rubber's two.")
    rules: dict[str, Any] = Field({}, json_schema_extra=RULES_IN)
    wager_style: Literal["english", "french", "none"] = "none"
    first_dealer: Id | None = None
    scorers: list[Text] = []


@router.post("/tables", response={201: Snapshot, REFUSED: ErrorOut},
             summary="Open a pool or a rubber", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def open_table(request, body: TableIn):
    players = {p.pk: p for p in Player.objects.filter(pk__in=body.players)}
    missing = [pk for pk in body.players if pk not in players]
    if missing:
        raise Refused("bad_request", f"there is no player {missing[0]}")
    if body.first_dealer is not None and body.first_dealer not in players:
        raise Refused("bad_request", "first_dealer must be one of the table's players")
    users = list(get_user_model().objects.filter(username__in=body.scorers))
    if len(users) != len(set(body.scorers)):
        raise Refused("bad_request", "every scorer must be a user of the club")
    table = tables.open_table(
        name=clean_name(body.name), format=body.format,
        players=[players[pk] for pk in body.players], rules=body.rules,
        wager_style=body.wager_style, first_dealer=players.get(body.first_dealer),
        by=request.auth, scorers=users)
    return 201, table.snapshot


class SeatIn(Schema):
    player: Id | None = Field(None, description="Staff only: the player to seat; by default "
                              "the user's own player.")


@router.post("/tables/{table_id}/seat", response={200: Snapshot, REFUSED: ErrorOut},
             summary="Take a pending seat at a pool with stakes, paying its entry",
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def take_seat(request, table_id: int, body: SeatIn):
    player = get_or_refuse(Player, body.player, "player") if body.player else None
    return 200, tables.take_seat(table_id=table_id, by=request.auth, player=player).snapshot


@router.get("/tables/{table_id}", response={200: Snapshot, REFUSED: ErrorOut},
            summary="The table's snapshot")
def get_table(request, table_id: int):
    return get_or_refuse(Table, table_id, "table").snapshot


@router.post("/tables/{table_id}/abandon", response={200: Snapshot, REFUSED: ErrorOut},
             summary="Abandon the pool or rubber", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def abandon_table(request, table_id: int):
    return 200, tables.abandon_table(table_id=table_id, by=request.auth).snapshot


