"""The shapes of the club's answers in the JSON API (docs/api.md): the error object, the
players and their money, for the OpenAPI schema at /api/schema; games/api/schemas.py builds
the games' answers on these. Every model forbids keys it does not name: a field added to an
answer and not here fails.
"""
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Money = str  # a decimal string with two places, such as "12.50"
REFUSED = frozenset({400, 401, 403, 404, 409, 422})  # the statuses of refusals (ErrorOut)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorBody(Strict):
    code: str = Field(description="A stable code, one status each (docs/api.md, Errors): "
                      "the engine's (ecarte-hand/1) for a hand, else such as not_scorer, "
                      "no_such_table, table_closed or bad_request.")
    message: str = Field(description="What was wrong, in words.")
    at: str | None = Field(None, description="Where in the record, for the engine's errors.")


class ErrorOut(Strict):
    error: ErrorBody


class PlayerItem(Strict):
    id: int
    name: str
    has_login: bool = Field(description="Whether a user's login is linked to the player.")


class PlayerList(Strict):
    count: int = Field(description="How many players match, over every page.")
    next_offset: int | None = Field(description="The `offset` of the next page; null on the "
                                    "last page.")
    players: list[PlayerItem] = Field(description="By name.")


class PlayerOut(Strict):
    id: int
    name: str
    balance: Money


class PlayerRef(Strict):
    id: int
    name: str


class PartyRef(Strict):
    id: int | None = Field(description="A player's id; null for the house.")
    name: str


class PlayerBalance(Strict):
    player: PartyRef
    balance: Money


class SuggestedPayment(Strict):
    from_: PartyRef = Field(alias="from", description="Who pays: a player, or the house.")
    to: PartyRef
    amount: Money


class SettleUp(Strict):
    payments: list[SuggestedPayment] = Field(
        description="Payments that bring every balance to zero: the fewest possible when at "
                    "most 20 players have a balance.")
    balances: list[PlayerBalance] = Field(description="Every balance that is not zero.")


class PaymentOut(Strict):
    id: int = Field(description="The ledger transaction's id.")
    kind: Literal["payment"] = Field(description="The ledger's reason for the transaction.")
    amount: Money
    from_: PartyRef = Field(alias="from", description="Who paid: a player, or the house.")
    to: PartyRef
    memo: str
    made_by: str = Field(description="The username of the staff member who recorded it.")
    at: str


class PaymentUndone(Strict):
    id: int = Field(description="The reversing transaction's id.")
    kind: Literal["reversal"] = Field(description="The ledger's reason for the transaction.")
    undoes: int = Field(description="The id of the payment it undoes.")
    amount: Money = Field(description="The payment's amount, which goes back.")
    from_: PartyRef = Field(alias="from", description="Who had paid: his balance goes back "
                            "down by the amount.")
    to: PartyRef = Field(description="Who had been paid: his balance goes back up by it.")
    memo: str
    made_by: str = Field(description="The username of who undid it.")
    at: str


class LedgerMovement(Strict):
    transaction: int
    at: str
    kind: str = Field(description="The ledger's reason for the transaction (`payment`, "
                      "`pool_entry`, `night_fee`, ...).")
    memo: str
    reference: str
    amount: Money = Field(description="The player's side: what came to him, or, below zero, "
                          "what went from him.")
    made_by: str | None = Field(description="The username of the user whose act made it.")


class PlayerLedger(Strict):
    player: PlayerRef
    balance: Money
    movements: list[LedgerMovement] = Field(description="Newest first.")
    next_before: int | None = Field(
        description="The `before` that asks for the next page; null on the last page.")
