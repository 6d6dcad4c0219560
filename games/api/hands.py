"""Hands in the JSON API: recording the next hand of a table, correcting one, reading one with
its versions."""
from ninja import Router, Schema
from pydantic import Field

from club.auth import API_AUTH
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from games.api.common import Storable, get_or_refuse
from games.api.schemas import REFUSED, ErrorOut, HandAndTable, HandWithVersions
from games.models import Hand
from games.services import hands

router = Router(auth=API_AUTH, tags=["club"])


class HandIn(Schema):
    record: Storable = Field(
        description="A hand record (`ecarte-hand/1`), full or summary, its roles the table's "
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
    hand, _ = hands.record_hand(
        table_id=table_id, record=body.record, by=request.auth, number=body.number,
        idempotency_key=request.headers.get("Idempotency-Key"))
    return 201, {"hand": hand_out(hand), "table": hand.table.snapshot}


@router.post("/hands/{hand_id}/correct", response={200: HandAndTable, REFUSED: ErrorOut},
             summary="Correct a hand's record", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def correct_hand(request, hand_id: int, body: HandIn):
    hand = hands.correct_hand(hand_id=hand_id, record=body.record, by=request.auth)
    hand.refresh_from_db()
    return 200, {"hand": hand_out(hand), "table": hand.table.snapshot}


@router.get("/hands/{hand_id}", response={200: HandWithVersions, REFUSED: ErrorOut},
            summary="A hand and every version of it")
def get_hand(request, hand_id: int):
    hand = get_or_refuse(Hand, hand_id, "hand")
    out = hand_out(hand)
    out["versions"] = [
        {"version": v.version, "record": v.record, "result": v.result,
         "entered_by": v.entered_by.get_username(), "at": v.created_at.isoformat()}
        for v in hand.versions.select_related("entered_by")]
    return out
