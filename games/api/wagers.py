"""Wagers in the JSON API: placing one on a seated player, taking the other side of an English
offer, withdrawing what is unmatched, and a table's wagers with their outcomes."""
from ninja import Router, Schema
from pydantic import Field

from club import limits, money_text
from club.api.fields import Id, Text, get_or_refuse
from club.api.schemas import REFUSED, ErrorOut
from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from games import courses
from games.api.schemas import TableWagers, WagerOut
from games.engine.wagers import BadOdds, parse_odds
from games.models import Table, Wager
from games.refusal_codes import GameCode, GameRule
from games.selectors.wagers import figured, gallery, wager_json, wager_out
from games.services import wagers as services

router = Router(auth=API_AUTH, tags=["wagers"])


class WagerIn(Schema):
    on: Id = Field(description="The seated player backed to win the current unit.")
    stake: Text = Field(description="The backer's stake, such as \"10.00\".")
    odds: Text | None = Field(None, description="English style only: a:b, default 1:1; \"\" "
                              "is not odds.")


class TakeIn(Schema):
    stake: Text = Field(description="The part of the backer's stake to match, such as \"5.00\".")


def stake_cents(text: str) -> int:
    """The stake sent as text ("10.00"), in cents; refused (bad_stake) when it is not an
    amount of money."""
    try:
        return money_text.parse(text)
    except ValueError as err:
        raise Refused(GameCode.BAD_STAKE, f"stake: {err}", rule=GameRule.STAKE_NOT_MONEY) from None


def odds_of(text: str | None) -> tuple[int, int] | None:
    """The odds sent as text ("5:2"), as two whole numbers; None when none were sent. Refused
    (bad_odds) when they are not written a:b."""
    if text is None:
        return None
    try:
        return parse_odds(text)
    except BadOdds as err:
        raise services.bad_odds(err) from None


def _out(wager: Wager) -> dict:
    wager.refresh_from_db()
    table = wager.table
    return wager_out(table, courses.course_of(table), wager)


@router.post("/tables/{table_id}/wagers", response={201: WagerOut, REFUSED | {429}: ErrorOut},
             summary="Place a wager for your own player", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def place_wager(request, table_id: int, body: WagerIn):
    limits.count(request, "wagers")
    wager = services.place_wager(table_id=table_id, by=request.auth, on=body.on,
                                 stake=stake_cents(body.stake), odds=odds_of(body.odds))
    return 201, _out(wager)


@router.post("/wagers/{wager_id}/take", response={201: WagerOut, REFUSED | {429}: ErrorOut},
             summary="Take the other side of an English offer", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def take_wager(request, wager_id: int, body: TakeIn):
    limits.count(request, "wagers")
    take = services.take_wager(wager_id=wager_id, by=request.auth,
                               stake=stake_cents(body.stake))
    return 201, _out(take.wager)


@router.post("/wagers/{wager_id}/withdraw", response={200: WagerOut, REFUSED: ErrorOut},
             summary="Withdraw what is unmatched of your wager", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def withdraw_wager(request, wager_id: int):
    return 200, _out(services.withdraw_wager(wager_id=wager_id, by=request.auth))


@router.get("/tables/{table_id}/wagers", response={200: TableWagers, REFUSED: ErrorOut},
            summary="Every wager of the table, unit by unit, with its outcome")
def table_wagers(request, table_id: int):
    table = get_or_refuse(Table, table_id, GameCode.NO_SUCH_TABLE)
    course = courses.course_of(table)
    rows = figured(table, course)
    current = [row for row in rows if row.wager.unit_number == course.unit.number]
    return {"style": table.wager_style, "wagers": [wager_json(row) for row in rows],
            "gallery": gallery(table, course, current)}
