"""Nobody moves another member's money without the right to. A pool with stakes is opened by
staff, or by a member who sits at it; each other player then takes his seat himself (staff seat
a player who has no login) and only then pays his entry; no hand is played before every seat
is taken. Every ledger transaction says who made it and at which table, unit and wager."""
import pytest

from club.models import Transaction
from games.models import Movement, Table
from tests.games.kit import Api, member, players, win_game

pytestmark = pytest.mark.django_db

STAKES = {"pool_entry": "10.00", "pool_forfeit": "2.50"}


def balance(api: Api, player) -> str:
    return api.get(f"/players/{player.pk}").json()["balance"]


def open_pool(api: Api, seated, **extra):
    return api.post("/tables", {"name": "T", "format": "pool", "players": [p.pk for p in seated],
                                "first_dealer": seated[1].pk, "rules": STAKES} | extra)


def test_a_member_may_not_open_a_pool_with_stakes_among_other_players(client):
    """The attack: a member opens a pool of three others with the largest stakes, to score it
    himself. Refused, and nothing is saved or charged."""
    mallory, _ = member(client, "Mallory")
    victims = players("Athos", "Porthos", "Aramis")
    answer = open_pool(mallory, victims, rules={"pool_entry": "1000000.00",
                                                "pool_forfeit": "1000000.00"})
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_staff"
    assert not Table.objects.exists() and not Transaction.objects.exists()


def test_a_member_may_open_a_pool_without_stakes_among_other_players(client):
    scorer, _ = member(client, "Mallory")
    answer = open_pool(scorer, players("Athos", "Porthos", "Aramis"), rules={})
    assert answer.status_code == 201 and answer.json()["seats_pending"] == []
    assert not Transaction.objects.exists()


def test_a_seated_member_charges_only_himself_until_the_others_take_their_seats(client):
    athos_api, athos = member(client, "Athos")
    porthos_api, porthos = member(client, "Porthos")
    aramis_api, aramis = member(client, "Aramis")
    snap = open_pool(athos_api, [athos, porthos, aramis]).json()
    assert snap["seats_pending"] == [porthos.pk, aramis.pk]
    assert (balance(athos_api, athos), balance(athos_api, porthos)) == ("-10.00", "0.00")
    assert snap["pool"]["pot"] == "10.00"

    refused = athos_api.post(f"/tables/{snap['id']}/hands", {"record": {"summary": {
        "opening": "played", "king_turned": False, "tricks": {"elder": 3, "dealer": 2}}}})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "seats_pending"
    assert "Porthos, Aramis" in refused.json()["error"]["message"]

    assert porthos_api.post(f"/tables/{snap['id']}/seat").status_code == 200
    snap = aramis_api.post(f"/tables/{snap['id']}/seat").json()
    assert snap["seats_pending"] == [] and snap["pool"]["pot"] == "30.00"
    assert {balance(athos_api, p) for p in (athos, porthos, aramis)} == {"-10.00"}
    snap, _ = win_game(athos_api, snap, athos.pk)  # play goes on: Porthos forfeits
    assert balance(athos_api, porthos) == "-12.50"


def test_a_member_may_not_seat_another_player_and_staff_may(client, staff_api):
    athos_api, athos = member(client, "Athos")
    porthos_api, porthos = member(client, "Porthos")
    aramis = players("Aramis")[0]  # no login: only staff can seat him
    table = open_pool(athos_api, [athos, porthos, aramis]).json()["id"]

    refused = porthos_api.post(f"/tables/{table}/seat", {"player": aramis.pk})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_staff"
    assert balance(staff_api, aramis) == "0.00"
    assert porthos_api.post(f"/tables/{table}/seat").status_code == 200
    again = porthos_api.post(f"/tables/{table}/seat")
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
    seated = staff_api.post(f"/tables/{table}/seat", {"player": aramis.pk}).json()
    assert seated["seats_pending"] == [] and balance(staff_api, aramis) == "-10.00"


def test_a_member_who_has_no_seat_cannot_take_one(client):
    athos_api, athos = member(client, "Athos")
    stranger_api, _ = member(client, "Stranger")
    table = open_pool(athos_api, [athos, *players("Porthos", "Aramis")]).json()["id"]
    refused = stranger_api.post(f"/tables/{table}/seat")
    assert refused.status_code == 422 and "has no seat" in refused.json()["error"]["message"]


def test_staff_seat_every_player_when_they_open_a_pool(staff_api):
    trio = players("Athos", "Porthos", "Aramis")
    snap = open_pool(staff_api, trio).json()
    assert snap["seats_pending"] == [] and snap["pool"]["pot"] == "30.00"


def test_abandoning_a_pool_with_a_pending_seat_returns_what_was_paid(client):
    athos_api, athos = member(client, "Athos")
    porthos = players("Porthos")[0]
    table = open_pool(athos_api, [athos, porthos, *players("Aramis")]).json()["id"]
    assert athos_api.post(f"/tables/{table}/abandon").status_code == 200
    assert (balance(athos_api, athos), balance(athos_api, porthos)) == ("0.00", "0.00")


def test_every_transaction_at_a_table_says_who_made_it_and_where(client, staff_api):
    athos_api, athos = member(client, "Athos")
    porthos_api, porthos = member(client, "Porthos")
    aramis = players("Aramis")[0]
    snap = open_pool(athos_api, [athos, porthos, aramis]).json()
    porthos_api.post(f"/tables/{snap['id']}/seat")
    snap = staff_api.post(f"/tables/{snap['id']}/seat", {"player": aramis.pk}).json()
    win_game(athos_api, snap, athos.pk)

    made = {(m.transaction.reason, m.transaction.made_by.username, m.unit_number)
            for m in Movement.objects.select_related("transaction__made_by")}
    assert made == {("pool_entry", "athos", None), ("pool_entry", "porthos", None),
                    ("pool_entry", "secretary", None), ("pool_forfeit", "athos", 1)}
    assert Movement.objects.filter(table_id=snap["id"]).count() == Transaction.objects.count()


def test_staff_may_not_enter_a_hand_either_while_a_seat_is_pending(client, staff_api):
    """The Laws' pool is played by the three who put up their entry: staff may enter hands at
    any table, but not at a pool whose seats are not all taken, for the hand would charge the
    forfeit of a player who never sat down (and put up no entry)."""
    athos_api, athos = member(client, "Athos")
    porthos, aramis = players("Porthos", "Aramis")
    snap = open_pool(athos_api, [athos, porthos, aramis]).json()
    assert snap["seats_pending"] == [porthos.pk, aramis.pk]

    refused = staff_api.post(f"/tables/{snap['id']}/hands", {"record": {"summary": {
        "opening": "played", "king_turned": False, "tricks": {"elder": 3, "dealer": 2}}}})

    assert refused.status_code == 409 and refused.json()["error"]["code"] == "seats_pending"
    assert not Table.objects.get(pk=snap["id"]).hands.exists()
    assert (balance(staff_api, athos), balance(staff_api, porthos),
            balance(staff_api, aramis)) == ("-10.00", "0.00", "0.00")
    assert list(Transaction.objects.values_list("reason", flat=True)) == ["pool_entry"]
