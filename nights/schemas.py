"""The shapes of the nights' and seasons' answers in the JSON API (docs/api.md, Club nights
and seasons)."""
import datetime

from pydantic import Field

from club.api.schemas import Money, Strict
from games.api.schemas import Snapshot


class Fees(Strict):
    member: Money = Field(description="What a member pays to play the night.")
    guest: Money = Field(description="What a guest (a player without a login) pays.")


class PresentOut(Strict):
    player: int
    since: str = Field(description="When he was marked present.")
    fee: Money = Field(description="The fee posted for him.")
    guest: bool = Field(description="Whether he came as a guest, a player without a login.")
    table: int | None = Field(description="The night's table in play he sits at; null while "
                              "he waits.")


class NightOut(Strict):
    id: int
    name: str
    date: datetime.date = Field(description="The club's evening the night was opened in.")
    status: str = Field(description='"open" or "closed".')
    fees: Fees
    present: list[PresentOut] = Field(description="In the order they came.")
    waiting: list[int] = Field(description="The players present and not seated at a table of "
                               "the night in play, longest waiting first.")
    tables: list[int] = Field(description="The night's tables, in the order they were drawn.")


class DrawOut(Strict):
    tables: list[Snapshot] = Field(description="The tables drawn, each its snapshot.")
    waiting: list[int] = Field(description="Who waits, longest first.")


class NightResult(Strict):
    player: int
    games_played: int
    games_won: int
    units_won: int
    pools_won: int
    won_at_play: Money = Field(description="What he won (or, below zero, lost) at the night's "
                               "tables, as the standings count it.")
    fees: Money = Field(description="The fee he paid for the night.")


class NightResults(Strict):
    players: list[NightResult] = Field(description="Every player present, in the order they "
                                       "came.")


class SeasonOut(Strict):
    id: int
    name: str
    first: datetime.date
    last: datetime.date
    best_nights: int | None
    minimum_nights: int


class StandingRow(Strict):
    player: int
    nights: int = Field(description="The season's nights he came to.")
    points: int = Field(description="His points over the nights counted.")
    counted: list[int] = Field(description="The nights counted: his best `best_nights`.")
    qualified: bool = Field(description="Whether he came to at least `minimum_nights`.")


class SeasonStandings(Strict):
    rows: list[StandingRow] = Field(description="The qualified first, then the most points.")
    leader: int | None = Field(description="The first row's player once he qualified.")


class Against(Strict):
    games: int
    won: int
    lost: int
    units_won: int
    units_lost: int
