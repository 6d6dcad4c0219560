"""The pages in a real browser: the standings on a phone, and the secretary's admin from the
login form to a correction and an export. The data is made in fixtures, before the browser
opens; the tests then talk to the live server only (see conftest.py)."""
import csv
import io
import json

import pytest
from playwright.sync_api import expect

from club.models import Player
from games.models import Hand
from testbed.records import elder_vole
from testbed.users import user_with_token
from tests.games.kit import Api, players, win_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pool(client) -> dict:
    """A pool evening: Athos beats Porthos, Aramis beats Athos, then Porthos, and takes it."""
    api = Api(client, user_with_token("scorer", staff=True)[1])
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = api.post("/tables", {
        "name": "Table 1", "format": "pool", "first_dealer": porthos.pk,
        "players": [athos.pk, porthos.pk, aramis.pk],
        "rules": {"pool_entry": "10.00", "pool_forfeit": "2.50"}}).json()
    for winner in (athos, aramis, aramis):
        table, _ = win_game(api, table, winner.pk)
    assert table["status"] == "won"
    return table


def test_the_standings_fit_a_phone_and_name_a_backward_range(live_server, pool, phone):
    phone.goto(f"{live_server.url}/standings")
    rows = phone.locator("tbody tr")
    assert rows.count() == 3
    assert "Aramis" in rows.first.inner_text()  # two games won of two: the best rating
    # Nothing sticks out of a 390 px screen: the wide table scrolls inside its own box.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    board = phone.locator(".board")
    assert board.evaluate("b => b.scrollWidth > b.clientWidth")
    assert phone.locator(".scroll-hint").is_visible()

    phone.fill("input[name=from]", "2026-03-02")
    phone.fill("input[name=to]", "2026-03-01")
    phone.click("button[type=submit]")
    assert phone.locator("[role=alert]").inner_text() == "from must not be after to"
    assert phone.locator("tbody tr").count() == 0


@pytest.fixture
def rubber(client, pool) -> dict:
    """A rubber between Athos and Aramis, its first game in play after one full record: the
    snapshot, with the hand's id and the club's count of hands."""
    api = Api(client, user_with_token("rubber-scorer")[1])
    athos, aramis = Player.objects.get(name="Athos"), Player.objects.get(name="Aramis")
    table = api.post("/tables", {"name": "Rubber A", "format": "rubber",
                                 "players": [athos.pk, aramis.pk],
                                 "first_dealer": aramis.pk}).json()
    answer = api.post(f"/tables/{table['id']}/hands", {"record": elder_vole()})
    assert answer.status_code == 201, answer.content
    return table | {"hand_id": answer.json()["hand"]["id"], "hands_in_club": Hand.objects.count()}


@pytest.fixture
def secretary_password(secretary) -> str:
    secretary.set_password("a long secretary password")
    secretary.save()
    return "a long secretary password"


def test_the_secretary_reviews_corrects_and_exports(live_server, pool, rubber,
                                                    secretary_password, desk):
    desk.goto(f"{live_server.url}/admin/")  # the login form, with its CSRF token
    desk.fill("#id_username", "secretary")
    desk.fill("#id_password", secretary_password)
    desk.click("input[type=submit]")
    desk.get_by_role("link", name="Tables", exact=True).click()
    expect(desk.locator("#result_list tbody tr")).to_have_count(2)
    desk.locator("#changelist-filter").get_by_role("link", name="Rubber", exact=True).click()
    expect(desk.locator("#result_list tbody tr")).to_have_count(1)

    # A decided unit's hand is shown, and offers no correction.
    desk.goto(f"{live_server.url}/admin/games/table/{pool['id']}/change/")
    assert desk.locator("input[name=_save]").count() == 0
    desk.get_by_role("link", name="hand 1", exact=True).click()
    desk.wait_for_url("**/admin/games/hand/*/change/")
    assert desk.get_by_role("link", name="Correct this hand").count() == 0

    # The rubber's open game: cards with suit symbols, and a correction through the form.
    desk.goto(f"{live_server.url}/admin/games/table/{rubber['id']}/change/")
    assert "elder leads K♠, dealer plays 7♠: elder wins" in desk.locator("#content").inner_text()
    desk.get_by_role("link", name="hand 1", exact=True).click()
    desk.get_by_role("link", name="Correct this hand").click()
    versions = f"{live_server.url}/api/hands/{rubber['hand_id']}"  # as the secretary's session
    desk.fill("textarea", '{"summary": {"opening": "played", "king_turned": false, '
                          '"tricks": {"elder": 7, "dealer": 2}}}')
    desk.get_by_role("button", name="Save the correction").click()
    expect(desk.locator(".errornote")).to_contain_text("bad_summary")
    assert len(desk.request.get(versions).json()["versions"]) == 1  # refused: nothing saved
    desk.fill("textarea", '{"summary": {"opening": "played", "king_turned": false, '
                          '"tricks": {"elder": 3, "dealer": 2}}}')
    desk.get_by_role("button", name="Save the correction").click()
    assert desk.locator(".messagelist").inner_text() == (
        "Hand 1 is now version 2; the table's course was rebuilt.")
    assert len(desk.request.get(versions).json()["versions"]) == 2
    assert desk.locator("#content").inner_text().count("tricks: elder 5, dealer 0") == 1

    # Both tables exported, as CSV and as JSON.
    exports = {}
    for action in ("Export CSV", "Export JSON"):
        desk.goto(f"{live_server.url}/admin/games/table/")
        desk.check("#action-toggle")
        desk.select_option("select[name=action]", label=action)
        with desk.expect_download() as download:
            desk.click("button[name=index]")
        exports[action] = download.value.path().read_text(encoding="utf-8")
    assert len(list(csv.DictReader(io.StringIO(exports["Export CSV"])))) == (
        rubber["hands_in_club"])
    tables = json.loads(exports["Export JSON"])["tables"]
    assert sorted(t["name"] for t in tables) == ["Rubber A", "Table 1"]
