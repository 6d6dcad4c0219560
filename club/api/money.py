"""Members' money in the JSON API: the settle-up of every balance, payments between members
(staff), and a player's ledger."""
from typing import Annotated

from ninja import Query, Router, Schema
from pydantic import AfterValidator, Field

from club import ledger, money_text, payments
from club.api.fields import Id, QueryId, Text, get_or_refuse
from club.api.schemas import (
    REFUSED,
    ErrorOut,
    PaymentOut,
    PaymentUndone,
    PlayerLedger,
    SettleUp,
)
from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from club.models import Player
from club.refusal_codes import ClubCode
from club.settle_up import club_settle_up

router = Router(auth=API_AUTH, tags=["money"])


def _cents(text: str) -> int:
    """A decimal string such as "12.50" as whole cents; its sign and size are checked by the
    payments' service."""
    return money_text.parse(text, allow_negative=True)


Amount = Annotated[str, AfterValidator(_cents), Field(json_schema_extra={"example": "12.50"})]


class PaymentIn(Schema):
    from_: Id | None = Field(alias="from", description="The player who pays; null: the house.")
    to: Id | None = Field(description="The player who is paid; null: the house.")
    amount: Amount
    memo: Text = ""


def player_ref(party) -> dict:
    """A player, or the house ({"id": null, "name": "House"})."""
    if party is None:
        return {"id": None, "name": "House"}
    return {"id": party.pk, "name": party.name}


@router.get("/settle-up", response={200: SettleUp, REFUSED: ErrorOut}, by_alias=True,
            summary="Who pays whom to bring every balance to zero")
def get_settle_up(request):
    """Payments between players that bring every balance to zero (the fewest possible when at
    most 20 players have a balance), and the balances: the settle-up page's. Money still held
    at a table (a pool's pot, wagers in escrow) counts as the money of those who put it up
    until it is paid out (club.settle_up), so the payments settle what is decided. Refused
    (409 money_held) only when the money held does not square with what its stakers put
    up."""
    found = club_settle_up()
    return {
        "payments": [{"from": player_ref(payer), "to": player_ref(payee),
                      "amount": money_text.plain(cents)}
                     for payer, payee, cents in found.suggested],
        "balances": [{"player": player_ref(player), "balance": money_text.plain(cents)}
                     for player, cents in found.balances],
    }


def _player(pk: int | None, what: str) -> Player | None:
    if pk is None:
        return None  # the house
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        raise Refused(ClubCode.UNKNOWN_PLAYER, f"{what}: there is no player {pk}")
    return player


@router.post("/payments", response={201: PaymentOut, REFUSED: ErrorOut},
             summary="Record a payment from one member to another (staff)",
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def record_payment(request, body: PaymentIn):
    """The payer's balance goes up by the amount and the payee's goes down by it."""
    payments.refuse_unless_staff(request.auth)
    payer, payee = _player(body.from_, "from"), _player(body.to, "to")
    tx = payments.record_payment(payer=payer, payee=payee, cents=body.amount, by=request.auth,
                                 memo=body.memo)
    return 201, {"id": tx.pk, "kind": tx.reason, "amount": money_text.plain(body.amount),
                 "from": player_ref(payer), "to": player_ref(payee), "memo": tx.memo,
                 "made_by": request.auth.get_username(), "at": tx.created_at.isoformat()}


class PaymentUndoIn(Schema):
    memo: Text = ""


@router.post("/payments/{payment_id}/undo", response={201: PaymentUndone, REFUSED: ErrorOut},
             by_alias=True, summary="Undo a payment recorded by mistake (staff, or its payer "
             "the same evening)", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def undo_payment(request, payment_id: QueryId, body: PaymentUndoIn | None = None):
    """A reversing transaction: the payer's balance goes back down by the amount and the
    payee's back up; the payment stays in the ledger, marked undone by this one."""
    reversal = payments.undo_payment(payment_id=payment_id, by=request.auth,
                                     memo=body.memo if body else "")
    payment = reversal.reverses
    payer, payee, cents = payments.sides(payment)
    return 201, {"id": reversal.pk, "kind": reversal.reason, "undoes": payment.pk,
                 "amount": money_text.plain(cents), "from": player_ref(payer),
                 "to": player_ref(payee), "memo": reversal.memo,
                 "made_by": request.auth.get_username(), "at": reversal.created_at.isoformat()}


@router.get("/players/{player_id}/ledger", response={200: PlayerLedger, REFUSED: ErrorOut},
            summary="A player's balance and the movements of his money (himself or staff)")
def get_player_ledger(request, player_id: int,
                      limit: int = Query(100, ge=1, le=500, description="At most 500."),
                      before: QueryId | None = Query(None, description="Only transactions older "
                                                "than this one: the last page's next_before.")):
    player = get_or_refuse(Player, player_id, ClubCode.NO_SUCH_PLAYER)
    if not (request.auth.is_staff or player.user_id == request.auth.pk):
        raise Refused(ClubCode.NOT_OWN, f"only {player.name} himself and staff may read his ledger")
    rows = ledger.player_movements(player, limit=limit + 1, before=before)
    page = rows[:limit]
    return {
        "player": player_ref(player),
        "balance": money_text.plain(ledger.player_balance(player)),
        "movements": [
            {"transaction": tx.pk, "at": tx.created_at.isoformat(), "kind": tx.reason,
             "memo": tx.memo, "reference": tx.reference, "amount": money_text.plain(cents),
             "made_by": tx.made_by.get_username() if tx.made_by else None}
            for tx, cents in page],
        "next_before": page[-1][0].pk if len(rows) > limit else None,
    }
