"""À trois and à quatre tables in the admin and on the pages: nothing breaks on them."""
import json

import pytest

from games.models import Table
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import players

pytestmark = pytest.mark.django_db

TROIS_VOLE = {"format": "ecarte-trois/1",
              "summary": {"opening": "exchanged", "king_turned": False,
                          "tricks": {"elder": 5, "middle": 0, "dealer": 0}}}
QUATRE_VOLE = {"format": "ecarte-quatre/1",
               "summary": {"opening": "played", "king_turned": False,
                           "tricks": {"elder_side": 5, "dealer_side": 0}}}


@pytest.fixture
def tables(secretary):
    seated = players("Athos", "Porthos", "Aramis", "D'Artagnan")
    trois = open_table(name="Trois", format="trois", players=seated[:3], rules={},
                       by=secretary, first_dealer=seated[0])
    quatre = open_table(name="Quatre", format="quatre", players=seated, rules={},
                        by=secretary, first_dealer=seated[0])
    for table, record in ((trois, TROIS_VOLE), (quatre, QUATRE_VOLE)):
        record_hand(table_id=table.pk, record=record, by=secretary)
        record_hand(table_id=table.pk, record=record, by=secretary)
    return trois, quatre


def test_the_admin_lists_the_tables_with_their_format(staff_client, tables):
    response = staff_client.get("/admin/games/table/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Trois" in page and "Quatre" in page
    assert "à trois" in page and "à quatre" in page


def test_the_admin_shows_each_table_and_its_hands(staff_client, tables):
    for table in tables:
        assert staff_client.get(f"/admin/games/table/{table.pk}/change/").status_code == 200
        hand = table.hands.first()
        assert staff_client.get(f"/admin/games/hand/{hand.pk}/change/").status_code == 200
    response = staff_client.get("/admin/games/hand/")
    assert response.status_code == 200


def test_the_admin_exports_them_with_their_records(staff_client, tables):
    answer = staff_client.post("/admin/games/table/", {
        "action": "export_json", "_selected_action": [t.pk for t in tables]})
    exported = {t["name"]: t for t in json.loads(answer.content)["tables"]}
    assert exported["Trois"]["format"] == "trois"
    hands = exported["Quatre"]["hands"]
    assert [h["record"] for h in hands] == [QUATRE_VOLE, QUATRE_VOLE]
    assert [h["result"]["points"]["elder_side"] for h in hands] == [2, 2]
    answer = staff_client.post("/admin/games/table/", {
        "action": "export_csv", "_selected_action": [t.pk for t in tables]})
    assert answer.status_code == 200


@pytest.mark.parametrize("page", ["/tables/", "/tables/{id}/", "/tables/{id}/hands/1/",
                                  "/tables/{id}/history/", "/standings"])
def test_the_pages_do_not_break(staff_client, tables, page):
    for table in tables:
        response = staff_client.get(page.format(id=table.pk))
        assert response.status_code == 200, (table.format, page)


def test_the_table_list_filters_by_the_new_kinds_of_table(scorer, tables):
    listed = scorer.get("/tables?status=all&format=quatre").json()["tables"]
    assert [t["name"] for t in listed] == ["Quatre"]
    assert Table.objects.get(name="Quatre").status == "playing"


def test_an_a_quatre_table_page_says_that_partners_play_in_silence(staff_client, tables):
    trois, quatre = tables
    assert "playing in silence" in staff_client.get(f"/tables/{quatre.pk}/").content.decode()
    assert "three players, all playing" in staff_client.get(
        f"/tables/{trois.pk}/").content.decode()
