"""docs/api.md: "The schema (OpenAPI) at /api/schema describes all of it." Every answer of a pool
evening played through the API is checked against the model the schema publishes for it; the
models forbid keys they do not name, so an answer that grows a field the schema lacks fails."""
import pytest

from club.api.schemas import ErrorOut, PlayerOut
from games.api.schemas import (
    HandAndTable,
    HandWithVersions,
    PlayerWithStats,
    Snapshot,
    Standings,
    TableEvents,
    TableScorers,
)
from games.engine.rules import TABLE_CHOICES
from tests.games.kit import hand_won_by, players, summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client):
    return client.get("/api/schema").json()


def operation(schema, method, path):
    return schema["paths"][f"/api{path}"][method]


def answer_schema(schema, method, path, status):
    return operation(schema, method, path)["responses"][str(status)]["content"][
        "application/json"]["schema"]


@pytest.mark.parametrize("method, path, status, model", [
    ("post", "/players", 201, "PlayerOut"),
    ("get", "/players/{player_id}", 200, "PlayerWithStats"),
    ("post", "/tables", 201, "Snapshot"),
    ("get", "/tables/{table_id}", 200, "Snapshot"),
    ("get", "/tables/{table_id}/events", 200, "TableEvents"),
    ("post", "/tables/{table_id}/abandon", 200, "Snapshot"),
    ("post", "/tables/{table_id}/scorers", 200, "TableScorers"),
    ("post", "/tables/{table_id}/hands", 201, "HandAndTable"),
    ("post", "/hands/{hand_id}/correct", 200, "HandAndTable"),
    ("get", "/hands/{hand_id}", 200, "HandWithVersions"),
    ("get", "/standings", 200, "Standings"),
    ("get", "/tables", 200, "TableList"),
    ("get", "/players", 200, "PlayerList"),
    ("post", "/hands/{hand_id}/tricks", 201, "HandAndTable"),
    ("post", "/hands/{hand_id}/tricks/undo", 200, "HandAndTable"),
    ("post", "/hands/{hand_id}/finish", 200, "HandAndTable"),
])
def test_each_answer_and_its_errors_have_a_published_shape(schema, method, path, status, model):
    assert answer_schema(schema, method, path, status) == {
        "$ref": f"#/components/schemas/{model}"}
    assert answer_schema(schema, method, path, 404) == {
        "$ref": "#/components/schemas/ErrorOut"}
    assert model in schema["components"]["schemas"]


def test_the_snapshot_shape_names_every_field_of_api_md(schema):
    snapshot = schema["components"]["schemas"]["Snapshot"]
    assert {"id", "name", "format", "status", "seq", "rules", "seats", "game", "unit", "pool",
            "wagers"} <= set(snapshot["properties"])
    assert snapshot["properties"]["status"]["enum"] == ["playing", "won", "abandoned"]


@pytest.mark.parametrize("path", ["/players", "/tables", "/tables/{table_id}/abandon",
                                  "/tables/{table_id}/scorers",
                                  "/tables/{table_id}/hands", "/hands/{hand_id}/correct",
                                  "/hands/{hand_id}/tricks", "/hands/{hand_id}/tricks/undo",
                                  "/hands/{hand_id}/finish"])
def test_every_post_documents_the_idempotency_key(schema, path):
    headers = [p for p in operation(schema, "post", path)["parameters"]
               if p["in"] == "header"]
    assert [h["name"] for h in headers] == ["Idempotency-Key"]


def test_opening_a_table_documents_the_formats_and_every_option_of_the_rules(schema):
    body = schema["components"]["schemas"]["TableIn"]["properties"]
    assert body["format"]["enum"] == ["pool", "rubber", "trois", "quatre"]
    assert body["wager_style"]["enum"] == ["english", "french", "none"]
    assert (body["private"]["type"], body["private"]["default"]) == ("boolean", False)
    assert (body["check_elsewhere"]["type"], body["check_elsewhere"]["default"]) == (
        "boolean", False)
    options = body["rules"]["properties"]
    assert set(TABLE_CHOICES) | {"pool_entry", "pool_forfeit", "levy_percent", "wager_min",
                                 "wager_max"} == set(options)
    assert options["target"]["enum"] == [5, 7, "retourne", "retourne_random"]
    assert options["king_announcement"]["enum"] == ["london", "french"]


def test_every_answer_of_a_pool_evening_has_its_published_shape(scorer, staff_api):
    athos = PlayerOut.model_validate(staff_api.post("/players", {"name": "Athos"}).json())
    rest = [p.pk for p in players("Porthos", "Aramis")]
    ids = [athos.id, *rest]
    PlayerWithStats.model_validate(scorer.get(f"/players/{athos.id}").json())
    table = Snapshot.model_validate(staff_api.post("/tables", {
        "name": "T", "format": "pool", "players": ids, "scorers": ["scorer"],
        "rules": {"pool_entry": "5.00", "pool_forfeit": "1.00", "game_value": "graded"},
        "private": True,
    }).json())
    first_hand = None
    while table.status == "playing":  # Athos wins every game he plays, until the pool is his
        seated = table.seats
        winner = athos.id if athos.id in (seated.elder, seated.dealer) else seated.elder
        answer = HandAndTable.model_validate(scorer.post(
            f"/tables/{table.id}/hands",
            {"record": hand_won_by(table.model_dump(), winner)}).json())
        first_hand = first_hand or answer.hand
        table = answer.table
    assert table.pool.winner == athos.id
    corrected = staff_api.post(f"/hands/{first_hand.id}/correct", {"record": summary(5)})
    HandAndTable.model_validate(corrected.json())
    HandWithVersions.model_validate(scorer.get(f"/hands/{first_hand.id}").json())
    Standings.model_validate(scorer.get("/standings").json())
    TableEvents.model_validate(scorer.get(f"/tables/{table.id}/events").json())
    other = scorer.post("/tables", {"name": "U", "format": "rubber", "players": ids[:2]}).json()
    TableScorers.model_validate(scorer.post(f"/tables/{other['id']}/scorers",
                                            {"scorers": ["secretary"]}).json())
    Snapshot.model_validate(scorer.post(f"/tables/{other['id']}/abandon").json())
    ErrorOut.model_validate(scorer.post(f"/tables/{other['id']}/abandon").json())
    ErrorOut.model_validate(scorer.post("/tables/999/hands", {"record": {}}).json())


def test_a_model_refuses_a_field_it_does_not_name():
    """The check above can fail: an answer with one key more than the schema is refused."""
    with pytest.raises(ValueError, match="extra"):
        PlayerOut.model_validate({"id": 1, "name": "Athos", "balance": "0.00", "age": 40})


def test_each_operation_is_named_by_its_view_whatever_module_holds_it(schema):
    """Clients generated from the schema call operations by their ids: moving the code must not
    rename them."""
    ids = {(method, path): op["operationId"]
           for path, methods in schema["paths"].items() for method, op in methods.items()}
    assert ids == {
        ("post", "/api/engine/score"): "engine_score",
        ("post", "/api/players"): "create_player",
        ("get", "/api/players"): "list_players",
        ("get", "/api/players/{player_id}"): "get_player",
        ("post", "/api/tables"): "open_table",
        ("get", "/api/tables"): "list_tables",
        ("get", "/api/tables/{table_id}"): "get_table",
        ("get", "/api/tables/{table_id}/events"): "get_table_events",
        ("post", "/api/tables/{table_id}/abandon"): "abandon_table",
        ("post", "/api/tables/{table_id}/seat"): "take_seat",
        ("post", "/api/tables/{table_id}/scorers"): "set_scorers",
        ("post", "/api/tables/{table_id}/hands"): "record_hand",
        ("post", "/api/hands/{hand_id}/correct"): "correct_hand",
        ("post", "/api/hands/{hand_id}/correct/preview"): "preview_correction",
        ("get", "/api/hands/{hand_id}"): "get_hand",
        ("post", "/api/hands/{hand_id}/tricks"): "add_trick",
        ("post", "/api/hands/{hand_id}/tricks/undo"): "undo_trick",
        ("post", "/api/hands/{hand_id}/finish"): "finish_hand",
        ("get", "/api/standings"): "get_standings",
        ("post", "/api/tables/{table_id}/wagers"): "place_wager",
        ("get", "/api/tables/{table_id}/wagers"): "table_wagers",
        ("post", "/api/wagers/{wager_id}/take"): "take_wager",
        ("post", "/api/wagers/{wager_id}/withdraw"): "withdraw_wager",
        ("get", "/api/settle-up"): "get_settle_up",
        ("post", "/api/payments"): "record_payment",
        ("post", "/api/payments/{payment_id}/undo"): "undo_payment",
        ("get", "/api/players/{player_id}/ledger"): "get_player_ledger",
        ("post", "/api/nights"): "open_night",
        ("get", "/api/nights/{night_id}"): "get_night",
        ("post", "/api/nights/{night_id}/present"): "mark_present",
        ("post", "/api/nights/{night_id}/draw"): "draw_tables",
        ("post", "/api/nights/{night_id}/close"): "close_night",
        ("get", "/api/nights/{night_id}/results"): "night_results",
        ("post", "/api/seasons"): "create_season",
        ("get", "/api/seasons/{season_id}/standings"): "season_standings",
        ("get", "/api/players/{player_id}/against/{other_id}"): "against",
    }
