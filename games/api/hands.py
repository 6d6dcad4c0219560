"""Hands in the JSON API: recording the next hand of a table, entering one trick by trick,
correcting one, reading one with its versions."""
from typing import Annotated

from ninja import Router, Schema
from pydantic import Field, StrictInt, StringConstraints

from club.auth import API_AUTH
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from games.api.common import Storable, get_or_refuse
from games.api.schemas import REFUSED, ErrorOut, HandAndTable, HandWithVersions
from games.models import Hand
from games.services import hands, tricks

router = Router(auth=API_AUTH, tags=["club"])


class HandIn(Schema):
    record: Storable = Field(
        description="A hand record of the table's format (`ecarte-hand/1`, `ecarte-trois/1` "
                    "or `ecarte-quatre/1`), full or summary, its roles the table's seats in "
                    "the hand to come.")
    number: StrictInt | None = None


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


Card = Annotated[str, StringConstraints(min_length=1, max_length=10)]  # the engine reads it


class TrickIn(Schema):
    trick: list[Card] = Field(
        min_length=2, max_length=4,
        description="The trick's cards in the order played, the leader's first: two at a "
                    "two-handed table ([leader's card, follower's card]), three à trois, four "
                    "à quatre; the engine works out who led (the winner of the trick before).",
        examples=[["KS", "7S"]])
    number: StrictInt = Field(description="The trick's number in the hand, from 1, as the page has "
                        "it: if it is not the next one, 409 wrong_trick_number.", examples=[1])


class UndoIn(Schema):
    number: StrictInt | None = Field(None, description="The number of the trick taken back, as the "
                               "page has it: if it is not the last one, 409 "
                               "wrong_trick_number.", examples=[3])


class FinishIn(Schema):
    """Each key, when given, is set in the record (null takes it out); `{}` finishes the hand
    as it stands."""
    king: Storable = Field(None, description="Who announced the king of trumps, if the record "
                           "does not say yet: a seat of the record (elder, dealer; à trois "
                           "also middle, à quatre second and third) or null.",
                           examples=["elder"])
    double: Storable = Field(None, description="As in the hand record.", examples=[
        {"by": "dealer", "before_trick": 2, "accepted": False}])
    offer: Storable = Field(None, description="As in the hand record.",
                            examples=[{"by": "elder", "accepted": True}])
    irregularities: Storable = Field(None, description="As in the hand record.", examples=[
        [{"type": "abandon", "by": "dealer"}]])


TRICKS_NOTE = ("Not a correction: the hand keeps its version, its record is updated in place. "
               "Only the table's last hand, while it is in progress (409 "
               "hand_not_in_progress), at a table in play (409 table_closed), by its scorers "
               "and staff (403). The engine's refusal is 422 with its code and `at`.")


@router.post("/hands/{hand_id}/tricks", response={201: HandAndTable, REFUSED: ErrorOut},
             summary="Enter the next trick of a hand in progress", description=TRICKS_NOTE,
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def add_trick(request, hand_id: int, body: TrickIn):
    hand = tricks.add_trick(hand_id=hand_id, trick=list(body.trick), number=body.number,
                            by=request.auth)
    return 201, {"hand": hand_out(hand), "table": hand.table.snapshot}


@router.post("/hands/{hand_id}/tricks/undo", response={200: HandAndTable, REFUSED: ErrorOut},
             summary="Take back the last trick of a hand in progress", description=TRICKS_NOTE,
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def undo_trick(request, hand_id: int, body: UndoIn):
    hand = tricks.undo_trick(hand_id=hand_id, number=body.number, by=request.auth)
    return 200, {"hand": hand_out(hand), "table": hand.table.snapshot}


@router.post("/hands/{hand_id}/finish", response={200: HandAndTable, REFUSED: ErrorOut},
             summary="Finish a hand in progress: it is scored in full",
             description=TRICKS_NOTE + " The body may set the record's king, double, offer "
             "and irregularities; `{}` finishes it as it stands.",
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def finish_hand(request, hand_id: int, body: FinishIn):
    hand = tricks.finish_hand(hand_id=hand_id, changes=body.model_dump(exclude_unset=True),
                              by=request.auth)
    return 200, {"hand": hand_out(hand), "table": hand.table.snapshot}


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
