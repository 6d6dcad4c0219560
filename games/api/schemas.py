"""The shapes of the games' answers in the JSON API (docs/api.md), for the OpenAPI schema at
/api/schema; the club's (the error object, players, money) are in club/api/schemas.py.

The GET endpoints answer through these models, so what they send is checked against them. The
POST endpoints answer the same objects through `club.idempotency` (a retry must get the very
bytes of the first answer), and `tests/games/test_api_schema.py` checks those against them.
Every model forbids keys it does not name: a field added to an answer and not here fails.
"""
from typing import Any, Literal

from pydantic import Field

from club import money_text
from club.api.schemas import Money, PlayerOut, PlayerRef, Strict
from games.engine.rules import TABLE_CHOICES, TABLE_DEFAULTS
from games.money_options import MONEY_RULES

TableKind = Literal["pool", "rubber", "trois", "quatre"]


def _choice(name: str) -> Any:
    return Literal[TABLE_CHOICES[name]]  # type: ignore[valid-type]


class TableRules(Strict):
    target: _choice("target")
    game_value: _choice("game_value")
    rubber_games: _choice("rubber_games")
    pool_unit: _choice("pool_unit")
    pool_streak: _choice("pool_streak")
    pool_entry: Money
    pool_forfeit: Money
    levy_percent: Money = Field(description="A percentage written like money: \"5.00\".")
    wager_min: Money = Field(description="The smallest stake of a wager.")
    wager_max: Money | None = Field(description="The largest stake of a wager; null: none.")
    ranking: _choice("ranking")
    dealer_exchange: _choice("dealer_exchange")
    doubling: bool
    offer_point: bool
    king_announcement: _choice("king_announcement") = Field(
        TABLE_DEFAULTS["king_announcement"],
        description="When the king of trumps may be announced; a table opened before the "
                    "option was offered has none stored, and plays the default.")


RULES_IN = {
    "description": "The table's options; each may be left out for its default. Money and the "
                   "levy's percentage are decimal strings such as \"10.00\".",
    "properties": {
        **{name: {"enum": list(choices), "default": TABLE_DEFAULTS[name]}
           for name, choices in TABLE_CHOICES.items()},
        **{name: {"type": "string", "example": "10.00",
                  "default": None if default is None else money_text.plain(default)}
           for name, default in sorted(MONEY_RULES.items())},
    },
    "additionalProperties": False,
}


class Seats(Strict):
    elder: int | None
    dealer: int | None
    observer: int | None = Field(description="null in a rubber, and at a finished table")


class GameState(Strict):
    number: int
    score: dict[str, int] = Field(description="Points by player id (as a string).")
    hands: int
    target: int | None = Field(description="null until a retourne game's first turn-up")


class UnitState(Strict):
    number: int
    games: dict[str, int] = Field(description="Games won in the unit, by player id.")


class Streak(Strict):
    player: int
    count: int


class PoolState(Strict):
    pot: Money
    streak: Streak | None
    winner: int | None


class TakeOut(Strict):
    layer: int = Field(description="The player who took the other side.")
    stake: Money = Field(description="The part of the backer's stake matched.")
    lay: Money = Field(description="What the layer put up against it.")
    net: Money = Field(description="What this take has done to the layer's balance so far: "
                       "minus the lay while it is held, then what he won or lost; 0.00 void.")


class WagerOut(Strict):
    id: int
    style: Literal["english", "french"]
    unit: int = Field(description="The unit (game or rubber) the wager is on.")
    bettor: int = Field(description="Who backs: the offerer (English) or the bettor (French).")
    on: int = Field(description="The seated player backed to win the unit.")
    stake: Money
    odds: str | None = Field(description="a:b in the English style: a backer who stakes S "
                             "wins S×a/b. null in the French style.")
    matched: Money
    returned: Money = Field(description="Given back unmatched: withdrawn, lapsed when the "
                            "unit started, or the gallery's excess.")
    unmatched: Money = Field(description="Still open to be taken (English) or balanced.")
    status: Literal["open", "withdrawn", "lapsed", "matched", "balanced"] = Field(
        description="open until the unit starts; then matched (an English offer taken in "
                    "full), lapsed (its unmatched part given back) or balanced (French); or "
                    "withdrawn.")
    outcome: Literal["won", "lost", "void", "returned"] | None = Field(
        description="The backer's side once the unit is decided; void when every stake went "
                    "back (the table abandoned, or a correction took the backed player, or the "
                    "one a French bet was balanced against, out of the unit); returned when "
                    "none of the stake was matched and all of it went back; null while the "
                    "unit is to be decided.")
    net: Money = Field(description="What the wager has done to the backer's balance so far: "
                       "minus the stake held while the unit is to be decided, then what he "
                       "won (less the levy) or lost; 0.00 when void or returned.")
    takes: list[TakeOut]


class GallerySide(Strict):
    total: Money = Field(description="The stakes of the side's bets.")
    matched: Money | None = Field(description="The side's total once balanced (equal on both "
                                  "sides); null before the unit starts.")
    returned: Money | None = Field(description="What was given back of the side's bets when "
                                   "balanced; null before.")
    matched_so_far: Money | None = Field(
        None, description="Before the unit starts, the side's stakes that the balancing would "
        "match if it started now (the same on both sides); null once balanced.")
    unmatched_so_far: Money | None = Field(
        None, description="Before the unit starts, the rest of the side's stakes, given back "
        "unless matched before it starts; null once balanced.")
    bettors: list[dict[str, Any]] = Field(description="{player, wager, stake, matched, "
                                          "returned}, in the order recorded; matched and "
                                          "returned null before the unit starts.")


class TableWagers(Strict):
    style: Literal["english", "french", "none"]
    wagers: list[WagerOut] = Field(description="Every unit's, in the order placed.")
    gallery: dict[str, GallerySide] | None = Field(
        description="French style: the current unit's two sides.")


class LastHand(Strict):
    number: int
    game: int
    elder: int | None
    dealer: int | None
    void: bool
    in_progress: bool
    vulnerable: str | None = Field(description="The vulnerable seat: elder or dealer; à trois "
                                   "also middle; à quatre elder_side or dealer_side.")
    marks: list[dict[str, Any]] = Field(description="The result's marks: {to, points, for}.")
    unmarked: list[dict[str, Any]] | None = Field(
        None, description="The marks its players did not mark in time, as `marks`; absent "
        "when none.")
    penalised: list[dict[str, Any]] | None = Field(
        None, description="The marks a revoke or a false king cost, as `marks`; absent when "
        "none.")
    seats: dict[str, list[int]] | None = Field(
        None, description="À trois and à quatre only: the players each mark's `to` names, "
        'as {"middle": [id]} or {"elder_side": [id, id]}.')


class PlayedTrick(Strict):
    leader: int = Field(description="The player who led.")
    cards: list[str] = Field(description="[leader's card, follower's card]; à trois and à "
                             "quatre the three or four cards in the order played, the "
                             "leader's first.")
    winner: int


class HandInPlay(Strict):
    """What the table sees of the hand being entered trick by trick: no card not yet played."""
    hand: int = Field(description="The hand's number.")
    elder: int
    dealer: int
    turn_up: str = Field(description="The card turned up: its suit is trumps.")
    king: int | None = Field(description="The player who announced the king of trumps.")
    tricks: list[PlayedTrick] = Field(description="The tricks played so far, in order.")
    won: dict[str, int] = Field(description="The tricks each player has taken, by player id.")
    seats: dict[str, int] | None = Field(
        None, description="À trois and à quatre only: the hand's players by seat (elder, "
        "middle, dealer; elder, second, third, dealer), in the order of play.")


class TroisState(Strict):
    seats: dict[str, int] = Field(description="The hand to come: elder, middle and dealer while "
                                  "three play, then elder and dealer; empty once over.")
    in_play: list[int] = Field(description="The players still in the game.")
    withdrawn: list[int] = Field(description="The winner, once he has withdrawn.")
    order: list[int] = Field(description="The order of finish so far, the winner first.")
    score: dict[str, int] = Field(description="Points by player id.")
    three_handed: bool = Field(description="Whether the three still play.")


class QuatreSide(Strict):
    players: list[int] = Field(description="The two partners, who sit opposite.")
    side: Literal["elder_side", "dealer_side"] | None = Field(
        description="The side they hold in the hand to come.")
    score: int = Field(description="Their points in the game in play.")
    games: int = Field(description="Games they have won in the match.")


class QuatreState(Strict):
    seats: dict[str, int] = Field(description="The hand to come: elder, second, third, "
                                  "dealer; empty once over.")
    sides: list[QuatreSide] = Field(description="The 1st and 3rd of the seating, then the 2nd "
                                    "and 4th.")
    game: int = Field(description="The game in play: 1, 2, or 3 for la belle.")
    belle: bool
    winner: list[int] | None = Field(description="The side that won the match.")


class EndedGame(Strict):
    number: int
    unit: int
    winner: int | list[int] = Field(description="Who won it; à quatre, the two partners.")
    loser: int | list[int] = Field(description="Who lost it; à quatre, the two partners.")
    score: dict[str, int] = Field(description="The score it ended at, by player id.")
    order: list[int] | None = Field(
        None, description="À trois: the order of finish, the winner first.")
    withdrew_at: dict[str, int] | None = Field(
        None, description="À trois: each one's score, by player id, when the winner reached "
                          "the target and withdrew.")


class Waiting(Strict):
    hands: int = Field(description="How many hands, 1 to 99.")
    since: str = Field(description="Since when the phone has kept hands (ISO 8601).")


class Snapshot(Strict):
    """The table as the API returns it and the live feed sends it."""
    id: int
    name: str
    format: TableKind
    status: Literal["playing", "won", "abandoned"]
    seq: int = Field(description="Counts every change of the table.")
    rules: TableRules
    seats: Seats = Field(description="Who is elder and dealer in the hand to come.")
    game: GameState
    unit: UnitState
    pool: PoolState | None = Field(description="null in a rubber")
    wagers: list[WagerOut] = Field(description="The current unit's wagers, as placed.")
    players: list[int] = Field(description="In the order they sat down.")
    first_dealer: int
    cut: list[list[tuple[int, str]]] = Field(
        description="The rounds of the cut for the first deal, each [player id, card]; empty "
                    "when first_dealer was given.")
    winner: int | None
    hand_in_progress: int | None = Field(
        description="The number of a hand entered trick by trick and not yet complete.")
    in_progress: HandInPlay | None = Field(
        None, description="That hand as the table sees it; null when none is; absent from a "
        "snapshot stored before it was added.")
    wager_style: Literal["english", "french", "none"]
    gallery: dict[str, GallerySide] | None = Field(
        description="French style: each seated player's backers in the current unit, by "
                    "player id, with the side's total. null in the other styles.")
    seats_pending: list[int] = Field(
        description="At a pool with stakes that a member opened: the players who have not yet "
                    "taken their seats (POST /api/tables/{id}/seat). No hand is recorded "
                    "before they have.")
    names: dict[str, str] = Field(
        {}, description="The name of every player the snapshot mentions, by player id.")
    last_hands: list[LastHand] = Field(
        [], description="The newest hands that count (at most 5), newest first; absent from "
        "a snapshot stored before they were added.")
    last_game: EndedGame | None = Field(
        None, description="The newest finished game; null before any is won.")
    last_games: list[EndedGame] = Field(
        [], description="The finished games that last_hands belong to, newest first.")
    unit_kind: Literal["game", "rubber"] | None = Field(
        None, description="What a unit is at a pool or a rubber; null à trois and à quatre.")
    unit_game: int | None = Field(
        None, description="The current game's place in the current unit: 1, 2 ...")
    trois: TroisState | None = Field(None, description="An à trois table only.")
    quatre: QuatreState | None = Field(None, description="An à quatre table only.")
    waiting: Waiting | None = Field(
        None, description="The hands the scorer's phone keeps until it can send them; null "
        "when it keeps none.")


class SeatedPlayer(Strict):
    id: int
    name: str
    seat: Literal["elder", "dealer", "observer"] | None = Field(
        description="His place in the hand to come; null at a finished table.")


class TableItem(Strict):
    """A table in the list: what its stored snapshot says, with its players' names."""
    id: int
    name: str
    format: TableKind
    status: Literal["playing", "won", "abandoned"]
    seq: int
    wager_style: Literal["english", "french", "none"]
    opened_at: str = Field(description="When the table was opened (ISO 8601).")
    finished_at: str | None = Field(description="When it was won or abandoned; null while "
                                    "in play.")
    players: list[SeatedPlayer] = Field(description="In the order they sat down.")
    game: GameState = Field(description="The game in play, or the last one.")
    winner: int | None
    hand_in_progress: int | None


class TableList(Strict):
    count: int = Field(description="How many tables match, over every page.")
    next_offset: int | None = Field(description="The `offset` of the next page; null on the "
                                    "last page.")
    tables: list[TableItem] = Field(description="The newest first.")


class TableEventOut(Strict):
    seq: int = Field(description="The table's seq after this change.")
    kind: str = Field(description="The kind of change, as the live feed names it: open, hand, "
                      "trick, game_over, rotation, pool_won, rubber_won, trois_won, "
                      "quatre_won, correction, seat, "
                      "wager, waiting, scorers or abandoned.")
    by: str | None = Field(description="The username of the user who made the change.")
    at: str = Field(description="When it was made (ISO 8601).")
    change: dict[str, Any] = Field(
        description="What changed, in short: {\"hand\", \"version\"} for a hand or a "
                    "correction, {\"wager\", \"act\"} (and \"take\") for a wager, "
                    "{\"player\"} for a seat, {\"hands\"} for the hands the scorer's phone "
                    "keeps, {\"scorers\"} (their usernames) for the scorers, {} otherwise.")


class TableScorers(Strict):
    """Who scores a table: its opener, and the users named besides him."""
    table: int
    seq: int = Field(description="The table's seq after the change.")
    opened_by: str = Field(description="The username of the user who opened the table, who "
                           "scores it always.")
    scorers: list[str] = Field(description="The usernames of the other scorers, in "
                               "alphabetical order.")


class TableEvents(Strict):
    table: int
    events: list[TableEventOut] = Field(description="Oldest first.")
    next_after: int | None = Field(
        description="The `after` that asks for the next page; null on the last page.")


class HandOut(Strict):
    id: int
    number: int = Field(description="The hand's place at the table, from 1.")
    game: int
    number_in_game: int | None
    status: Literal["counted", "set_aside"]
    version: int
    result: dict[str, Any] | None = Field(description="The engine's result "
                                          "(ecarte-result/1); null when set aside.")


class HandAndTable(Strict):
    hand: HandOut
    table: Snapshot


class HandVersionOut(Strict):
    version: int
    record: Any
    result: dict[str, Any] | None
    entered_by: str
    at: str


class HandWithVersions(HandOut):
    versions: list[HandVersionOut]


class Rating(Strict):
    mu: float
    sigma: float
    ordinal: float = Field(description="mu - 3 sigma: the figure the standings sort by.")


class Figures(Strict):
    games_played: int
    games_won: int
    units_played: int
    units_won: int
    pools_played: int
    pools_won: int
    points_for: int
    points_against: int
    voles: int
    kings: int
    won_at_play: Money = Field(description="What he won (or lost, below zero) at the tables: "
                               "pools, wagers and the levy; payments between members are not "
                               "winnings and are left out.")
    rating: Rating


class PlayerWithStats(PlayerOut):
    stats: Figures


class StandingsRow(Figures):
    player: PlayerRef


class Standings(Strict):
    from_: str | None = Field(alias="from")
    to: str | None
    standings: list[StandingsRow]
    ratings_pending_since: str | None = Field(
        description="While the ratings are being recomputed after a correction (ISO 8601): "
                    "the ratings of games finished since then are still those before it. "
                    "Null when they are up to date.")
