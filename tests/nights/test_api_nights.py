"""The club night in the JSON API, to the letter (docs/api.md, Club nights and seasons):
opening it, who is present, the draw, closing it, its results."""
import pytest

from nights.models import Night
from tests.nights.kit import draw, guests, night, open_night, present

pytestmark = pytest.mark.django_db


def test_a_night_is_opened_with_its_fees_and_shows_nobody_yet(staff_api):
    opened = open_night(staff_api, fees={"member": "2.00", "guest": "5.00"})
    assert set(opened) >= {"id", "name", "date", "status", "fees", "present", "waiting",
                           "tables"}
    assert (opened["name"], opened["status"]) == ("Friday", "open")
    assert opened["fees"] == {"member": "2.00", "guest": "5.00"}
    assert (opened["present"], opened["waiting"], opened["tables"]) == ([], [], [])
    assert night(staff_api, opened["id"]) == opened
    stored = Night.objects.get()
    assert (stored.member_fee, stored.guest_fee) == (200, 500)


def test_a_night_without_a_name_is_named_after_its_date_and_its_fees_are_nothing(staff_api):
    answer = staff_api.post("/nights", {})
    assert answer.status_code == 201
    opened = answer.json()
    assert opened["name"] == opened["date"]
    assert opened["fees"] == {"member": "0.00", "guest": "0.00"}


def test_one_night_is_open_at_a_time(staff_api):
    open_night(staff_api)
    answer = staff_api.post("/nights", {"name": "Again"})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "night_open"
    assert Night.objects.count() == 1


def test_a_director_opens_a_night_a_plain_member_may_not(director, athos):
    member_api, _player = athos
    answer = member_api.post("/nights", {"name": "Mine"})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_director"
    assert not Night.objects.exists()
    open_night(director)


def test_a_fee_below_nothing_is_refused(staff_api):
    answer = staff_api.post("/nights", {"fees": {"member": "-1.00"}})
    assert answer.status_code == 400
    assert not Night.objects.exists()


def test_who_is_present_and_who_waits_longest_first(staff_api):
    opened = open_night(staff_api, fees={"member": "2.00", "guest": "5.00"})
    first, second = guests("Athos", "Porthos")
    present(staff_api, opened, [first, second])
    shown = night(staff_api, opened["id"])
    assert [(p["player"], p["fee"], p["guest"], p["table"]) for p in shown["present"]] == [
        (first.pk, "5.00", True, None), (second.pk, "5.00", True, None)]
    assert all(p["since"] for p in shown["present"])
    assert shown["waiting"] == [first.pk, second.pk]


def test_the_draw_seats_pools_of_three_and_the_rest_wait(staff_api):
    opened = open_night(staff_api)
    seven = guests(*"ABCDEFG")
    present(staff_api, opened, seven)
    drawn = draw(staff_api, opened, rules={"target": 5}, wager_style="french")
    assert len(drawn["tables"]) == 2
    assert all(t["format"] == "pool" and t["status"] == "playing" for t in drawn["tables"])
    assert all(t["rules"]["target"] == 5 for t in drawn["tables"])
    seated = [p for t in drawn["tables"] for p in t["seats"].values()]
    assert len(set(seated)) == 6
    assert drawn["waiting"] == [seven[6].pk]  # the last to come waits
    shown = night(staff_api, opened["id"])
    assert shown["tables"] == [t["id"] for t in drawn["tables"]]
    assert shown["waiting"] == [seven[6].pk]
    at = {p["player"]: p["table"] for p in shown["present"]}
    assert {at[pk] for pk in seated} == set(shown["tables"]) and at[seven[6].pk] is None


def test_a_rubber_draw_seats_two_a_table(staff_api):
    opened = open_night(staff_api)
    present(staff_api, opened, guests(*"ABCDE"))
    drawn = draw(staff_api, opened, format="rubber")
    assert [t["format"] for t in drawn["tables"]] == ["rubber", "rubber"]
    assert len(drawn["waiting"]) == 1


def test_a_draw_with_too_few_waiting_is_refused(staff_api):
    opened = open_night(staff_api)
    present(staff_api, opened, guests("A", "B"))
    answer = staff_api.post(f"/nights/{opened['id']}/draw", {"format": "pool"})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "too_few_waiting"


def test_the_draw_takes_the_table_options_as_opening_a_table_does(staff_api):
    opened = open_night(staff_api)
    present(staff_api, opened, guests(*"ABC"))
    answer = staff_api.post(f"/nights/{opened['id']}/draw",
                            {"format": "pool", "rules": {"target": 4}})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "bad_rules"
    assert night(staff_api, opened["id"])["tables"] == []


def test_the_night_closes_and_a_closed_night_takes_nobody(staff_api):
    opened = open_night(staff_api)
    answer = staff_api.post(f"/nights/{opened['id']}/close")
    assert answer.status_code == 200
    assert answer.json()["status"] == "closed"
    late = staff_api.post(f"/nights/{opened['id']}/present", {"player": guests("A")[0].pk})
    assert late.status_code == 409
    assert late.json()["error"]["code"] == "night_closed"
    open_night(staff_api, name="Next")  # the next night may open


def test_close_is_refused_while_a_table_of_the_night_is_in_play(staff_api):
    opened = open_night(staff_api)
    present(staff_api, opened, guests(*"ABC"))
    table = draw(staff_api, opened)["tables"][0]
    answer = staff_api.post(f"/nights/{opened['id']}/close")
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "tables_in_play"
    assert night(staff_api, opened["id"])["status"] == "open"
    assert staff_api.post(f"/tables/{table['id']}/abandon").status_code == 200
    assert staff_api.post(f"/nights/{opened['id']}/close").status_code == 200


def test_a_night_that_is_not_there(staff_api):
    for answer in (staff_api.get("/nights/999"), staff_api.get("/nights/999/results"),
                   staff_api.post("/nights/999/present", {}),
                   staff_api.post("/nights/999/close")):
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "no_such_night"
