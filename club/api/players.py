"""The club's players in the JSON API: the list of them and adding them (staff). Reading one
adds his figures, which are the games': games/api/standings.py."""
from django.db.models.functions import Lower
from ninja import Query, Router, Schema

from club import ledger, limits, money_text, players
from club.api.fields import Name, Text, page
from club.api.schemas import REFUSED, ErrorOut, PlayerList, PlayerOut
from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from club.models import ID_MAX, Player
from club.refusal_codes import ClubCode

router = Router(auth=API_AUTH, tags=["club"])


class PlayerIn(Schema):
    name: Name
    user: Text | None = None


def player_out(player: Player) -> dict:
    return {"id": player.pk, "name": player.name,
            "balance": money_text.plain(ledger.player_balance(player))}


@router.get("/players", response={200: PlayerList, REFUSED: ErrorOut},
            summary="The club's players, by name")
def list_players(request,
                 q: Text | None = Query(None, description="Only the players whose name holds "
                                        "this text, in any case."),
                 limit: int = Query(100, ge=1, le=500, description="At most 500."),
                 offset: int = Query(0, ge=0, le=ID_MAX)):
    rows = Player.objects.order_by(Lower("name"), "pk")
    if q and q.strip():
        rows = rows.filter(name__icontains=q.strip())
    count, rows, next_offset = page(rows.values_list("pk", "name", "user_id"), limit, offset)
    return {"count": count, "next_offset": next_offset,
            "players": [{"id": pk, "name": name, "has_login": user_id is not None}
                        for pk, name, user_id in rows]}


@router.post("/players", response={201: PlayerOut, REFUSED | {429}: ErrorOut},
             summary="Add a player (staff)", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def create_player(request, body: PlayerIn):
    if not request.auth.is_staff:
        raise Refused(ClubCode.NOT_STAFF, "only staff may add players")
    limits.count(request, "players")
    return 201, player_out(players.create_player(name=body.name, username=body.user))
