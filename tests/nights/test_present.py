"""Who is here (docs/api.md, POST /api/nights/{id}/present): a member says so for himself,
staff and directors mark anyone; the fee is posted to the ledger at once, balanced, from the
player to the house, referenced to the night, once."""
import pytest

from club import ledger
from club.models import Entry, Transaction
from nights.models import Presence
from tests.nights.kit import guests, night, open_night

pytestmark = pytest.mark.django_db


def fees() -> list[Transaction]:
    return list(Transaction.objects.filter(reason=Transaction.Reason.NIGHT_FEE))


def test_a_member_marks_himself_present_and_pays_the_members_fee(staff_api, athos):
    member_api, player = athos
    opened = open_night(staff_api, fees={"member": "2.00", "guest": "5.00"})
    answer = member_api.post(f"/nights/{opened['id']}/present", {})
    assert answer.status_code == 201
    assert [(p["player"], p["fee"], p["guest"]) for p in answer.json()["present"]] == [
        (player.pk, "2.00", False)]
    (posted,) = fees()
    assert posted.reference == f"night:{opened['id']}:fee:{player.pk}"
    assert posted.made_by.username == "athos"
    assert sorted(posted.entries.values_list("account__code", "amount")) == [
        ("house", 200), (f"player:{player.pk}", -200)]
    assert ledger.player_balance(player) == -200 and ledger.house_balance() == 200
    assert Presence.objects.get().transaction == posted


def test_a_guest_marked_by_the_director_pays_the_guests_fee(staff_api, director):
    opened = open_night(staff_api, fees={"member": "2.00", "guest": "5.00"})
    (guest,) = guests("Planchet")
    answer = director.post(f"/nights/{opened['id']}/present", {"player": guest.pk})
    assert answer.status_code == 201
    assert ledger.player_balance(guest) == -500
    (posted,) = fees()
    assert posted.made_by.username == "dora"
    assert sum(posted.entries.values_list("amount", flat=True)) == 0


def test_a_member_may_not_mark_another_player(staff_api, athos):
    member_api, _player = athos
    opened = open_night(staff_api, fees={"member": "2.00", "guest": "5.00"})
    (other,) = guests("Planchet")
    answer = member_api.post(f"/nights/{opened['id']}/present", {"player": other.pk})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_director"
    assert not Presence.objects.exists() and fees() == []


def test_a_login_without_a_player_is_told_so(staff_api, director):
    opened = open_night(staff_api)
    answer = director.post(f"/nights/{opened['id']}/present", {})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "no_linked_player"


def test_an_unknown_player_is_refused(staff_api):
    opened = open_night(staff_api)
    answer = staff_api.post(f"/nights/{opened['id']}/present", {"player": 999})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "unknown_player"


def test_a_fee_of_nothing_posts_nothing(staff_api, athos):
    member_api, player = athos
    opened = open_night(staff_api, fees={"member": "0.00", "guest": "5.00"})
    assert member_api.post(f"/nights/{opened['id']}/present", {}).status_code == 201
    assert fees() == [] and not Entry.objects.exists()
    assert night(staff_api, opened["id"])["present"][0]["fee"] == "0.00"
    assert Presence.objects.get().transaction is None


def test_present_twice_is_refused_and_posts_nothing_more(staff_api, athos):
    member_api, player = athos
    opened = open_night(staff_api, fees={"member": "2.00"})
    assert member_api.post(f"/nights/{opened['id']}/present", {}).status_code == 201
    again = staff_api.post(f"/nights/{opened['id']}/present", {"player": player.pk})
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "already_present"
    assert len(fees()) == 1 and ledger.player_balance(player) == -200


def test_a_phone_tapping_twice_with_one_key_is_present_once(staff_api, athos):
    member_api, player = athos
    opened = open_night(staff_api, fees={"member": "2.00"})
    first = member_api.post(f"/nights/{opened['id']}/present", {}, key="tap-1")
    second = member_api.post(f"/nights/{opened['id']}/present", {}, key="tap-1")
    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json() == second.json()
    assert len(fees()) == 1 and Presence.objects.count() == 1
    assert ledger.player_balance(player) == -200


def test_the_fee_is_said_as_a_club_nights_on_the_members_account(staff_api, athos):
    member_api, player = athos
    opened = open_night(staff_api, fees={"member": "2.00"})
    member_api.post(f"/nights/{opened['id']}/present", {})
    (movement,) = staff_api.get(f"/players/{player.pk}/ledger").json()["movements"]
    assert (movement["kind"], movement["amount"]) == ("night_fee", "-2.00")
