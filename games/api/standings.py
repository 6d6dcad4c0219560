"""The club's standings in the JSON API: every player's figures and rating, best first; and
one player with his figures (the club's router lists and adds players: club/api/players.py)."""
from ninja import Query, Router
from ninja.errors import HttpError

from club import money_text
from club.api.fields import get_or_refuse
from club.api.players import player_out
from club.api.schemas import REFUSED, ErrorOut
from club.auth import API_AUTH
from club.models import Player
from club.refusal_codes import ClubCode
from games.api.schemas import PlayerWithStats, Standings
from games.selectors.reader_ratings import pending_since
from games.selectors.standings import date_range, player_stats, standings
from games.selectors.visibility import counted_tables

router = Router(auth=API_AUTH, tags=["standings"])
DAY = "A day written YYYY-MM-DD, included in the range."


def figures_out(figures: dict) -> dict:
    """A player's figures (games.selectors.standings) as the API writes them: the money as
    text."""
    return figures | {"won_at_play": money_text.plain(figures["won_at_play"])}


@router.get("/standings", response={200: Standings, REFUSED: ErrorOut}, by_alias=True,
            summary="The standings, optionally between two dates")
def get_standings(request,
                  first: str | None = Query(None, alias="from", description=DAY,
                                            example="2026-03-01"),
                  last: str | None = Query(None, alias="to", description=DAY,
                                           example="2026-03-31")):
    """`from` and `to` are days written YYYY-MM-DD, both included; each is optional. The
    figures count what finished in the range, `won_at_play` is the money the player won or
    lost at the tables in it (payments between members left out), and the rating is as it
    stood at the end of it. After a correction the ratings
    are recomputed in the background: until they are, `ratings_pending_since` says from
    when."""
    try:
        since, until = date_range(first, last)
    except ValueError as err:
        raise HttpError(400, str(err)) from None
    tables = counted_tables(request.auth)
    pending = pending_since(tables)
    return {"from": first or None, "to": last or None,
            "standings": [figures_out(row) for row in standings(since=since, until=until,
                                                                 tables=tables)],
            "ratings_pending_since": pending and pending.isoformat()}


@router.get("/players/{player_id}", response={200: PlayerWithStats, REFUSED: ErrorOut},
            summary="A player, his balance and stats", tags=["club"])
def get_player(request, player_id: int):
    player = get_or_refuse(Player, player_id, ClubCode.NO_SUCH_PLAYER)
    return player_out(player) | {"stats": figures_out(player_stats(
        player, tables=counted_tables(request.auth)))}
