"""The club's standings in the JSON API: every player's figures and rating, best first."""
from ninja import Query, Router
from ninja.responses import codes_4xx

from club.auth import API_AUTH
from games import selectors
from games.schemas import ErrorOut, Standings

router = Router(auth=API_AUTH, tags=["standings"])


@router.get("/standings", response={200: Standings, codes_4xx: ErrorOut}, by_alias=True,
            summary="The standings, optionally between two dates")
def standings(request, first: str | None = Query(None, alias="from"),
              last: str | None = Query(None, alias="to")):
    """`from` and `to` are days written YYYY-MM-DD, both included; each is optional. The
    figures count what finished in the range, net money is the player's ledger entries made
    in it, and the rating is as it stood at the end of it."""
    since, until = selectors.date_range(first, last)
    return {"from": first or None, "to": last or None,
            "standings": selectors.standings(since=since, until=until)}
