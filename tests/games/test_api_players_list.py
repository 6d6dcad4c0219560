"""GET /api/players: the club's players by name, with a name filter and pages (docs/api.md,
Lists)."""
import pytest

from club.api.schemas import PlayerList
from testbed.users import user_with_token
from tests.games.kit import Api

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(staff_api):
    """Four players, added out of order; Athos has a login."""
    user_with_token("athos")
    added = {}
    for body in ({"name": "Porthos"}, {"name": "athena"}, {"name": "Athos", "user": "athos"},
                 {"name": "Aramis"}):
        added[body["name"]] = staff_api.post("/players", body).json()["id"]
    return added


def listed(api, query=""):
    answer = api.get(f"/players{query}")
    assert answer.status_code == 200, answer.content
    return PlayerList.model_validate(answer.json()).model_dump()


def test_every_player_by_name_whatever_its_case_and_whether_he_has_a_login(staff_api, club):
    assert listed(staff_api) == {"count": 4, "next_offset": None, "players": [
        {"id": club["Aramis"], "name": "Aramis", "has_login": False},
        {"id": club["athena"], "name": "athena", "has_login": False},
        {"id": club["Athos"], "name": "Athos", "has_login": True},
        {"id": club["Porthos"], "name": "Porthos", "has_login": False}]}


def test_q_keeps_the_names_that_hold_it_in_any_case(staff_api, club):
    assert [p["name"] for p in listed(staff_api, "?q=ATH")["players"]] == ["athena", "Athos"]
    assert [p["name"] for p in listed(staff_api, "?q=%20os%20")["players"]] == [
        "Athos", "Porthos"]
    assert listed(staff_api, "?q=d'Artagnan") == {"count": 0, "next_offset": None,
                                                  "players": []}
    assert listed(staff_api, "?q=")["count"] == 4


def test_pages_follow_one_another(staff_api, club):
    first = listed(staff_api, "?limit=3")
    rest = listed(staff_api, f"?limit=3&offset={first['next_offset']}")
    assert (first["count"], first["next_offset"], rest["next_offset"]) == (4, 3, None)
    assert [p["name"] for p in first["players"] + rest["players"]] == [
        "Aramis", "athena", "Athos", "Porthos"]


@pytest.mark.parametrize("query", ["?limit=0", "?limit=501", "?offset=-1", "?q=%00"])
def test_a_bad_filter_or_page_is_a_400(staff_api, query):
    answer = staff_api.get(f"/players{query}")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_request"


def test_any_member_may_list_but_not_anonymously(client, club):
    member = Api(client, user_with_token("member")[1])
    assert listed(member)["count"] == 4
    assert client.get("/api/players").status_code == 401
