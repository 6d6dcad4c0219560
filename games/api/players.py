"""The club's players in the JSON API: adding them (staff) and reading one, with his balance
and his figures."""
from ninja import Router, Schema

from club import ledger, players
from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from club.models import Player
from games.api.common import Name, Text, get_or_refuse
from games.api.schemas import REFUSED, ErrorOut, PlayerOut, PlayerWithStats
from games.selectors.standings import player_stats

router = Router(auth=API_AUTH, tags=["club"])


class PlayerIn(Schema):
    name: Name
    user: Text | None = None


def player_out(player: Player, stats: bool = False) -> dict:
    out = {"id": player.pk, "name": player.name,
           "balance": ledger.cents_to_str(ledger.player_balance(player))}
    if stats:
        out["stats"] = player_stats(player)
    return out


@router.post("/players", response={201: PlayerOut, REFUSED: ErrorOut},
             summary="Add a player (staff)", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def create_player(request, body: PlayerIn):
    if not request.auth.is_staff:
        raise Refused("forbidden", "only staff may add players")
    return 201, player_out(players.create_player(name=body.name, username=body.user))


@router.get("/players/{player_id}", response={200: PlayerWithStats, REFUSED: ErrorOut},
            summary="A player, his balance and stats")
def get_player(request, player_id: int):
    return player_out(get_or_refuse(Player, player_id, "player"), stats=True)
