"""Club nights and seasons in the JSON API (docs/api.md, Club nights and seasons): thin
routers over nights.services and nights.selectors; money as "12.50" text, here only."""
from datetime import date
from typing import Annotated, Any, Literal

from ninja import Router, Schema
from pydantic import AfterValidator, Field, StrictBool

from club import money_text
from club.api.fields import Id, Name, get_or_refuse
from club.api.schemas import REFUSED, ErrorOut
from club.auth import API_AUTH
from club.errors import Refused
from club.idempotency import IDEMPOTENCY_KEY, idempotent
from club.models import Player
from club.players import clean_name
from club.refusal_codes import ClubCode, ClubRule
from games.api.schemas import RULES_IN
from games.money_options import read as read_money
from nights import selectors, services
from nights.models import Night
from nights.refusal_codes import NightCode, NightRule
from nights.schemas import Against, DrawOut, NightOut, NightResults, SeasonOut, SeasonStandings

router = Router(auth=API_AUTH, tags=["nights"])

# The status of each refusal code of the club nights, added to the one table
# (club.api.REFUSAL_STATUS) when the app is ready.
STATUSES = {
    NightCode.NOT_DIRECTOR: 403,
    **dict.fromkeys((NightCode.NO_SUCH_NIGHT, NightCode.NO_SUCH_SEASON), 404),
    **dict.fromkeys((NightCode.ALREADY_PRESENT, NightCode.GUEST_LIMIT, NightCode.NIGHT_CLOSED,
                     NightCode.NIGHT_OPEN, NightCode.TABLES_IN_PLAY, NightCode.TOO_FEW_WAITING),
                    409),
    NightCode.BAD_SEASON: 422,
}

Fee = Annotated[str, AfterValidator(money_text.parse), Field(json_schema_extra={
    "example": "2.00"})]


class FeesIn(Schema):
    member: Fee = Field("0.00", validate_default=True)
    guest: Fee = Field("0.00", validate_default=True)


class NightIn(Schema):
    name: Name = Field("", description="The night's date when blank.")
    fees: FeesIn = Field(default_factory=FeesIn)


class PresentIn(Schema):
    player: Id | None = Field(None, description="Staff and directors: the player present; by "
                              "default the user's own player.")


class DrawIn(Schema):
    format: Literal["pool", "rubber"] = "pool"
    rules: dict[str, Any] = Field({}, json_schema_extra=RULES_IN)
    wager_style: Literal["english", "french", "none"] = "none"
    balance: StrictBool = Field(False, description="true: players of like rating sit "
                                "together.")


class SeasonIn(Schema):
    name: Name
    first: date
    last: date
    best_nights: Annotated[int, Field(ge=1)] | None = None
    minimum_nights: Annotated[int, Field(ge=0)] = 0


def night_out(night: Night) -> dict:
    presences = list(night.presences.all())
    seated = selectors.seated(night)
    return {
        "id": night.pk, "name": night.name, "date": night.date.isoformat(), "status": night.status,
        "fees": {"member": money_text.plain(night.member_fee),
                 "guest": money_text.plain(night.guest_fee)},
        "present": [{"player": p.player_id, "since": p.since.isoformat(),
                     "fee": money_text.plain(p.fee), "guest": p.guest,
                     "table": seated.get(p.player_id)} for p in presences],
        "waiting": selectors.waiting(night, presences),
        "tables": list(selectors.night_tables(night).values_list("pk", flat=True)),
    }


@router.post("/nights", response={201: NightOut, REFUSED: ErrorOut},
             summary="Open the club night (staff or a director)", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def open_night(request, body: NightIn):
    """At most one night is open at a time (409 night_open)."""
    night = services.open_night(name=clean_name(body.name) if body.name.strip() else "",
                                member_fee=body.fees.member, guest_fee=body.fees.guest,
                                by=request.auth)
    return 201, night_out(night)


@router.get("/nights/{night_id}", response={200: NightOut, REFUSED: ErrorOut},
            summary="The night: who is present, who waits, its tables")
def get_night(request, night_id: int):
    return night_out(selectors.get_night(night_id))


@router.post("/nights/{night_id}/present", response={201: NightOut, REFUSED: ErrorOut},
             summary="Mark a player present, posting his fee", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def mark_present(request, night_id: int, body: PresentIn):
    """`{}`: the user's own player. `{"player": id}`: staff and directors, anyone. Twice: 409
    already_present."""
    player = None
    if body.player is not None:
        player = Player.objects.filter(pk=body.player).first()
        if player is None:
            raise Refused(ClubCode.UNKNOWN_PLAYER, f"there is no player {body.player}",
                          rule=ClubRule.NO_SUCH_PLAYER, player=body.player, field="player")
    presence = services.mark_present(night_id=night_id, player=player, by=request.auth)
    return 201, night_out(presence.night)


@router.post("/nights/{night_id}/draw", response={201: DrawOut, REFUSED: ErrorOut},
             summary="Draw tables from those waiting (staff or a director)",
             openapi_extra=IDEMPOTENCY_KEY, exclude_unset=True)
@idempotent
def draw_tables(request, night_id: int, body: DrawIn):
    tables, waiting = services.draw(night_id=night_id, format=body.format,
                                   rules=read_money(body.rules), wager_style=body.wager_style,
                                   balance=body.balance, by=request.auth)
    return 201, {"tables": [table.snapshot for table in tables], "waiting": waiting}


@router.post("/nights/{night_id}/close", response={200: NightOut, REFUSED: ErrorOut},
             summary="Close the night (staff or a director)", openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def close_night(request, night_id: int):
    """409 tables_in_play while one of its tables is in play."""
    night = services.close_night(night_id=night_id, by=request.auth)
    return 200, night_out(night)


@router.get("/nights/{night_id}/results", response={200: NightResults, REFUSED: ErrorOut},
            summary="The night's results, for every player present")
def night_results(request, night_id: int):
    rows = selectors.results(selectors.get_night(night_id))
    return {"players": [row | {"won_at_play": money_text.plain(row["won_at_play"]),
                               "fees": money_text.plain(row["fees"])} for row in rows]}


@router.post("/seasons", response={201: SeasonOut, REFUSED: ErrorOut},
             summary="Define a season and its ladder's rules (staff)",
             openapi_extra=IDEMPOTENCY_KEY)
@idempotent
def create_season(request, body: SeasonIn):
    season = services.create_season(name=clean_name(body.name), first=body.first,
                                    last=body.last, best_nights=body.best_nights,
                                    minimum_nights=body.minimum_nights, by=request.auth)
    return 201, {"id": season.pk, "name": season.name, "first": season.first.isoformat(),
                 "last": season.last.isoformat(), "best_nights": season.best_nights,
                 "minimum_nights": season.minimum_nights}


@router.get("/seasons/{season_id}/standings", response={200: SeasonStandings, REFUSED: ErrorOut},
            summary="The season's ladder (docs/rules.md, The season's ladder)")
def season_standings(request, season_id: int):
    return selectors.standings(selectors.get_season(season_id))


@router.get("/players/{player_id}/against/{other_id}",
            response={200: Against, REFUSED: ErrorOut},
            summary="A player's record against another in their two-handed games")
def against(request, player_id: int, other_id: int):
    get_or_refuse(Player, player_id, ClubCode.NO_SUCH_PLAYER)
    get_or_refuse(Player, other_id, ClubCode.NO_SUCH_PLAYER)
    if player_id == other_id:
        raise Refused(ClubCode.SAME_PARTY, "choose two different players",
                      rule=NightRule.AGAINST_HIMSELF)
    return selectors.against(player_id, other_id)
