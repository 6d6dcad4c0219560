"""Hands in the JSON API: recording the next hand of a table, entering one trick by trick,
correcting one (or seeing first what a correction would change), reading one with its
versions."""
from typing import Annotated, Any, Literal

from ninja import Router, Schema
from pydantic import Field, StrictInt, StringConstraints

from club import money_text
from club.api.fields import Storable, get_or_refuse
from club.api.schemas import REFUSED, ErrorOut, Strict
from club.auth import API_AUTH
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from games.api.schemas import HandAndTable, HandOut, HandWithVersions
from games.models import Hand
from games.refusal_codes import GameCode
from games.services import hands, previews, tricks

router = Router(auth=API_AUTH, tags=["club"])


class HandIn(Schema):
    record: Storable = Field(
        description="A hand record in the format of the table's kind (`ecarte-hand/1`, "
                    "`ecarte-trois/1` or `ecarte-quatre/1`), full or summary, its roles the "
                    "table's seats in the hand to come.")
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


class TrickUndoIn(Schema):
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
    king_announced: Storable = Field(None, description="When the king was announced, as in the "
                                     "hand record (a table reading the French source's time).",
                                     examples=["before_second_card"])
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
def undo_trick(request, hand_id: int, body: TrickUndoIn):
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


class DecidedOut(Strict):
    what: Literal["game", "unit", "table"] = Field(description="A unit is named only when it "
                                                   "is a rubber: a game is its own unit.")
    number: int
    before: str | None = Field(description="Who won it; null when nobody had.")
    after: str | None = Field(description="Who would win it; null when nobody would.")


class BalanceOut(Strict):
    name: str | None = Field(description="The player; null for the house.")
    before: str
    after: str


class PreviewOut(Strict):
    hand: HandOut = Field(description="The hand as it stands: nothing was saved.")
    record: dict[str, Any] = Field(description="The hand's record as it would stand.")
    result: dict[str, Any] | None = Field(description="Its result as it would stand.")
    set_aside: list[int] = Field(description="The hands it would set aside, by number.")
    counted_again: list[int] = Field(description="The set-aside hands it would count again.")
    decided: list[DecidedOut] = Field(description="The games, rubbers and the table whose "
                                      "winner would change.")
    balances: list[BalanceOut] = Field(description="Every balance it would move.")
    squared_before: bool = Field(description="Whether every balance of the club is 0.00 now "
                                 "(the settle-up paid).")
    held_before: str = Field(description="The money held at the tables now.")
    held_after: str = Field(description="The money they would hold.")


@router.post("/hands/{hand_id}/correct/preview", response={200: PreviewOut, REFUSED: ErrorOut},
             summary="What a correction would change, without saving it",
             description="The correction is made as `POST /hands/{id}/correct` would make it, "
             "with the same refusals, then rolled back: nothing is saved or published.")
def preview_correction(request, hand_id: int, body: HandIn):
    effect = previews.correction_effect(hand_id=hand_id, record=body.record, by=request.auth)
    money = money_text.plain
    return 200, {
        "hand": hand_out(Hand.objects.get(pk=hand_id)), "record": effect.record,
        "result": effect.result, "set_aside": effect.set_aside,
        "counted_again": effect.counted_again, "decided": [vars(d) for d in effect.decided],
        "balances": [{"name": m.name, "before": money(m.before), "after": money(m.after)}
                     for m in effect.moved],
        "squared_before": effect.squared, "held_before": money(effect.held_before),
        "held_after": money(effect.held_after)}


@router.get("/hands/{hand_id}", response={200: HandWithVersions, REFUSED: ErrorOut},
            summary="A hand and every version of it")
def get_hand(request, hand_id: int):
    hand = get_or_refuse(Hand, hand_id, GameCode.NO_SUCH_HAND)
    out = hand_out(hand)
    out["versions"] = [
        {"version": v.version, "record": v.record, "result": v.result,
         "entered_by": v.entered_by.get_username(), "at": v.created_at.isoformat()}
        for v in hand.versions.select_related("entered_by")]
    return out
