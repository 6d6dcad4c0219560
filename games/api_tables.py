"""The JSON API of players, tables and hands (API.md). Views are thin: they read the request,
call a service or a selector, and shape the answer."""
from typing import Annotated, Any, Literal

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from ninja import Router, Schema
from pydantic import AfterValidator, Field

from club import ledger, names
from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from club.models import Player
from games import selectors, services
from games.models import Hand, Table
from games.schemas import (
    REFUSED,
    RULES_IN,
    ErrorOut,
    HandAndTable,
    HandWithVersions,
    PlayerOut,
    PlayerWithStats,
    Snapshot,
)

router = Router(auth=API_AUTH, tags=["club"])


def _get(model, pk: int, what: str):
    try:
        return model.objects.get(pk=pk)
    except model.DoesNotExist:
        raise Refused(404, "not_found", f"there is no {what} {pk}") from None


def _unstorable(text: str) -> bool:
    """NUL and lone surrogates: no database column holds them (PostgreSQL refuses NUL in text
    and JSON, and neither database takes a string that is not valid UTF-8)."""
    return "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text)


def _printable(text: str) -> str:
    problem = names.unprintable(text)
    if problem:
        raise ValueError(problem)
    return names.normal(text)


def _storable(value):
    """A JSON value whose keys and strings the database can store (see `_unstorable`)."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and _unstorable(item):
            raise ValueError("must not contain a NUL character or a lone surrogate")
    return value


Id = Annotated[int, Field(ge=1, le=ledger.BIGINT_MAX)]  # a row id the database can hold
Text = Annotated[str, AfterValidator(_printable)]
# Checked by the views, after stripping spaces (422); documented here.
Name = Annotated[Text, Field(json_schema_extra={"minLength": 1, "maxLength": 100})]


# -- players ----------------------------------------------------------------------------------
class PlayerIn(Schema):
    name: Name
    user: Text | None = None


def player_out(player: Player, stats: bool = False) -> dict:
    out = {"id": player.pk, "name": player.name,
           "balance": ledger.cents_to_str(ledger.player_balance(player))}
    if stats:
        out["stats"] = selectors.player_stats(player)
    return out


@router.post("/players", response={201: PlayerOut, REFUSED: ErrorOut},
             summary="Add a player (staff)", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def create_player(request, body: PlayerIn):
    if not request.auth.is_staff:
        raise Refused(403, "forbidden", "only staff may add players")
    name = body.name.strip()
    if not name or len(name) > 100:
        raise Refused(422, "bad_request", "name must be 1 to 100 characters")
    user = None
    if body.user is not None:
        user = get_user_model().objects.filter(username=body.user).first()
        if user is None:
            raise Refused(422, "bad_request", f"there is no user {body.user!r}")
        if Player.objects.filter(user=user).exists():
            raise Refused(409, "conflict", f"user {body.user!r} is already linked to a player")
    if Player.objects.filter(name__iexact=name).exists():
        raise Refused(409, "conflict", f"there is already a player named {name!r}")
    try:
        with transaction.atomic():
            player = Player.objects.create(name=name, user=user)
    except IntegrityError:
        raise Refused(409, "conflict", f"there is already a player named {name!r}") from None
    return 201, player_out(player)


@router.get("/players/{player_id}", response={200: PlayerWithStats, REFUSED: ErrorOut},
            summary="A player, his balance and stats")
def get_player(request, player_id: int):
    return player_out(_get(Player, player_id, "player"), stats=True)


# -- tables -----------------------------------------------------------------------------------
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
        raise Refused(422, "bad_request", f"there is no player {missing[0]}")
    if body.first_dealer is not None and body.first_dealer not in players:
        raise Refused(422, "bad_request", "first_dealer must be one of the table's players")
    users = list(get_user_model().objects.filter(username__in=body.scorers))
    if len(users) != len(set(body.scorers)):
        raise Refused(422, "bad_request", "every scorer must be a user of the club")
    name = body.name.strip()
    if not name or len(name) > 100:
        raise Refused(422, "bad_request", "name must be 1 to 100 characters")
    table = services.open_table(
        name=name, format=body.format, players=[players[pk] for pk in body.players],
        rules=body.rules, wager_style=body.wager_style,
        first_dealer=players.get(body.first_dealer), by=request.auth, scorers=users)
    return 201, table.snapshot


@router.get("/tables/{table_id}", response={200: Snapshot, REFUSED: ErrorOut},
            summary="The table's snapshot")
def get_table(request, table_id: int):
    return _get(Table, table_id, "table").snapshot


@router.post("/tables/{table_id}/abandon", response={200: Snapshot, REFUSED: ErrorOut},
             summary="Abandon the pool or rubber", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def abandon_table(request, table_id: int):
    return 200, services.abandon_table(table_id=table_id, by=request.auth).snapshot


# -- hands -------------------------------------------------------------------------------------
class HandIn(Schema):
    record: Annotated[Any, AfterValidator(_storable)] = Field(
        description="A hand record, full or summary (HAND_RECORD.md), its roles the table's "
                    "current elder and dealer.")
    number: int | None = None


def hand_out(hand: Hand) -> dict:
    return {"id": hand.pk, "number": hand.number, "game": hand.game_number,
            "number_in_game": hand.number_in_game, "status": hand.status,
            "version": hand.version, "result": hand.result}


@router.post("/tables/{table_id}/hands", response={201: HandAndTable, REFUSED: ErrorOut},
             summary="Record the next hand of the current game", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def record_hand(request, table_id: int, body: HandIn):
    hand, _ = services.record_hand(
        table_id=table_id, record=body.record, by=request.auth, number=body.number,
        idempotency_key=request.headers.get("Idempotency-Key"))
    return 201, {"hand": hand_out(hand), "table": hand.table.snapshot}


@router.post("/hands/{hand_id}/correct", response={200: HandAndTable, REFUSED: ErrorOut},
             summary="Correct a hand's record", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def correct_hand(request, hand_id: int, body: HandIn):
    hand = services.correct_hand(hand_id=hand_id, record=body.record, by=request.auth)
    hand.refresh_from_db()
    return 200, {"hand": hand_out(hand), "table": hand.table.snapshot}


@router.get("/hands/{hand_id}", response={200: HandWithVersions, REFUSED: ErrorOut},
            summary="A hand and every version of it")
def get_hand(request, hand_id: int):
    hand = _get(Hand, hand_id, "hand")
    out = hand_out(hand)
    out["versions"] = [
        {"version": v.version, "record": v.record, "result": v.result,
         "entered_by": v.entered_by.get_username(), "at": v.created_at.isoformat()}
        for v in hand.versions.select_related("entered_by")]
    return out
