"""The director: a member who runs the night (the permission nights.direct_night) without
being staff: he draws and closes, scores and abandons at the tables of the night in play; a
plain member does none of it."""
import pytest

from games.models import Table
from tests.games.kit import Api, hand_won_by
from tests.nights.kit import director_user, draw, guests, open_night, present

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_director(client):
    return Api(client, director_user("edmond")[1])


def test_a_director_draws_and_closes_without_being_staff(director):
    opened = open_night(director)
    present(director, opened, guests(*"ABC"))
    table = draw(director, opened)["tables"][0]
    assert director.post(f"/tables/{table['id']}/abandon").status_code == 200
    assert director.post(f"/nights/{opened['id']}/close").json()["status"] == "closed"


def test_a_plain_member_may_not_draw_nor_close(staff_api, athos):
    member_api, _player = athos
    opened = open_night(staff_api)
    present(staff_api, opened, guests(*"ABC"))
    for path in ("draw", "close"):
        answer = member_api.post(f"/nights/{opened['id']}/{path}", {})
        assert answer.status_code == 403
        assert answer.json()["error"]["code"] == "not_director"
    assert not Table.objects.exists()


def test_any_director_scores_and_abandons_at_a_table_of_the_open_night(director,
                                                                       other_director):
    opened = open_night(director)
    present(director, opened, guests(*"ABC"))
    table = draw(director, opened)["tables"][0]
    hand = other_director.post(f"/tables/{table['id']}/hands",
                               {"record": hand_won_by(table, table["seats"]["elder"])})
    assert hand.status_code == 201
    assert other_director.post(f"/tables/{table['id']}/abandon").status_code == 200


def test_a_director_is_no_scorer_at_a_table_outside_the_night(director, other_director,
                                                              staff_api):
    open_night(director)
    trio = guests(*"ABC")
    table = staff_api.post("/tables", {"name": "Apart", "format": "pool",
                                       "players": [p.pk for p in trio]}).json()
    answer = other_director.post(f"/tables/{table['id']}/hands",
                                 {"record": hand_won_by(table, table["seats"]["elder"])})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_scorer"


def test_a_pool_with_stakes_is_drawn_by_staff(director, staff_api):
    opened = open_night(director)
    present(director, opened, guests(*"ABC"))
    answer = director.post(f"/nights/{opened['id']}/draw",
                           {"format": "pool", "rules": {"pool_entry": "5.00"}})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_staff"
    drawn = draw(staff_api, opened, rules={"pool_entry": "5.00"})
    assert drawn["tables"][0]["rules"]["pool_entry"] == "5.00"
