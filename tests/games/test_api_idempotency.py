"""Retries (docs/api.md): a repeat with the same Idempotency-Key and body returns the first answer
and does nothing more."""
import pytest

from club.models import IdempotentRequest, Player
from games.models import Hand, Table
from testbed.users import user_with_token
from tests.games.kit import Api, players, summary

pytestmark = pytest.mark.django_db



def test_a_repeated_hand_post_returns_the_first_answer_and_records_one_hand(staff_api):
    trio = players("A", "B", "C")
    snap = staff_api.post("/tables", {"name": "T", "format": "pool",
                                  "players": [p.pk for p in trio]}).json()
    first = staff_api.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}, key="hand-1")
    again = staff_api.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}, key="hand-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert Hand.objects.count() == 1 and Table.objects.get().seq == first.json()["table"]["seq"]


def test_the_same_key_with_another_body_is_refused(staff_api):
    staff_api.post("/players", {"name": "Athos"}, key="k")
    answer = staff_api.post("/players", {"name": "Porthos"}, key="k")
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "idempotency_conflict"
    assert list(Player.objects.values_list("name", flat=True)) == ["Athos"]


def test_a_refusal_is_also_the_first_answer(staff_api):
    staff_api.post("/players", {"name": "Athos"})
    first = staff_api.post("/players", {"name": "Athos"}, key="dup")
    Player.objects.all().delete()
    again = staff_api.post("/players", {"name": "Athos"}, key="dup")
    assert first.status_code == again.status_code == 409
    assert not Player.objects.exists()


def test_keys_belong_to_their_user(client, staff_api):
    staff_api.post("/players", {"name": "Athos"}, key="same")
    _, token = user_with_token("deputy", staff=True)
    answer = Api(client, token).post("/players", {"name": "Porthos"}, key="same")
    assert answer.status_code == 201 and IdempotentRequest.objects.count() == 2


def test_two_scorers_posting_one_hand_with_one_key_make_one_hand(client):
    api = Api(client, user_with_token("opener")[1])
    second = Api(client, user_with_token("second")[1])
    trio = players("A", "B", "C")
    snap = api.post("/tables", {"name": "T", "format": "pool", "scorers": ["second"],
                                "players": [p.pk for p in trio]}).json()
    a = api.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}, key="terminal-7:1")
    b = second.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}, key="terminal-7:1")
    assert a.status_code == b.status_code == 201
    assert a.json()["hand"]["id"] == b.json()["hand"]["id"] and Hand.objects.count() == 1


def test_an_overlong_key_is_a_400(staff_api):
    answer = staff_api.post("/players", {"name": "Athos"}, key="k" * 201)
    assert answer.status_code == 400 and not Player.objects.exists()


def test_the_same_json_spaced_and_ordered_otherwise_is_the_same_body(client, staff_api):
    """A retry re-serialised by the client's library: the same data, so the first answer."""
    first = staff_api.post("/players", raw=b'{"name": "Athos", "user": null}', key="k")
    again = staff_api.post("/players", raw=b'{ "user":null,\n  "name":"Athos" }', key="k")

    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and Player.objects.count() == 1
