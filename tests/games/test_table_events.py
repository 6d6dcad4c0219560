"""Every change of a table is a TableEvent row with the seq it moved the table to (written by
games.services.changes.record_change), read through GET /api/tables/{id}/events; and a private
table is shown to signed-in users only (docs/api.md, Live updates)."""
import html

import pytest
from django.db import IntegrityError, transaction

from games.models import Table, TableEvent
from games.services.hands import correct_hand, record_hand
from games.services.tables import abandon_table, open_table, take_seat
from games.services.wagers import place_wager, take_wager, withdraw_wager
from testbed.users import user_with_token
from tests.games.kit import member, players, summary

pytestmark = pytest.mark.django_db


def events(table):
    return list(TableEvent.objects.filter(table=table).order_by("seq")
                .values_list("seq", "type", "by__username", "change"))


def test_each_change_writes_one_event_with_its_seq_kind_user_and_what_changed(client):
    (_, athos), (_, porthos) = member(client, "Athos"), member(client, "Porthos")
    (_, charles), (_, dora) = member(client, "Charles"), member(client, "Dora")
    aramis = players("Aramis")[0]
    secretary, _ = user_with_token("secretary", staff=True)
    table = open_table(name="T", format="pool", players=[athos, porthos, aramis],
                       rules={"pool_entry": 100}, by=athos.user, first_dealer=porthos,
                       wager_style="english")
    take_seat(table_id=table.pk, by=porthos.user)
    take_seat(table_id=table.pk, by=secretary, player=aramis)
    offer = place_wager(table_id=table.pk, by=charles.user, on=athos.pk, stake=2_00)
    take = take_wager(wager_id=offer.pk, by=dora.user, stake=1_00)
    withdraw_wager(wager_id=offer.pk, by=charles.user)
    hand, _ = record_hand(table_id=table.pk, record=summary(3), by=athos.user)
    correct_hand(hand_id=hand.pk, record=summary(4), by=secretary)
    abandon_table(table_id=table.pk, by=athos.user)

    table.refresh_from_db()
    assert events(table) == [
        (1, "open", "athos", {}),
        (2, "seat", "porthos", {"player": porthos.pk}),
        (3, "seat", "secretary", {"player": aramis.pk}),
        (4, "wager", "charles", {"wager": offer.pk, "act": "placed"}),
        (5, "wager", "dora", {"wager": offer.pk, "act": "taken", "take": take.pk}),
        (6, "wager", "charles", {"wager": offer.pk, "act": "withdrawn"}),
        (7, "hand", "athos", {"hand": 1, "version": 1}),
        (8, "correction", "secretary", {"hand": 1, "version": 2}),
        (9, "abandoned", "athos", {}),
    ]
    assert table.seq == 9


def test_a_refused_or_rolled_back_change_writes_no_event():
    by, _ = user_with_token("scorer")
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated, rules={}, by=by,
                       first_dealer=seated[1])
    with pytest.raises(RuntimeError), transaction.atomic():
        record_hand(table_id=table.pk, record=summary(3), by=by)
        raise RuntimeError("the caller's transaction fails")
    record_hand(table_id=table.pk, record=summary(3), by=by)

    assert [seq for seq, *_ in events(table)] == [1, 2]


def test_a_table_has_one_event_for_each_seq():
    by, _ = user_with_token("scorer")
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated, rules={}, by=by,
                       first_dealer=seated[1])

    with pytest.raises(IntegrityError), transaction.atomic():
        TableEvent.objects.create(table=table, seq=1, type=TableEvent.Type.HAND)


@pytest.fixture
def evening(scorer):
    """A pool with an opening and five hands (no game over yet): seqs 1 to 6."""
    ids = [p.pk for p in players("Athos", "Porthos", "Aramis")]
    snap = scorer.post("/tables", {"name": "T", "format": "pool", "players": ids,
                                   "first_dealer": ids[1]}).json()
    for _ in range(5):
        assert scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": summary(3)}).status_code == 201
    return snap["id"]


def test_the_events_of_a_table_are_read_oldest_first(scorer, evening):
    answer = scorer.get(f"/tables/{evening}/events")

    assert answer.status_code == 200
    body = answer.json()
    assert body["table"] == evening and body["next_after"] is None
    assert [(e["seq"], e["kind"]) for e in body["events"]] == [
        (1, "open"), (2, "hand"), (3, "hand"), (4, "hand"), (5, "hand"), (6, "hand")]
    assert body["events"][1]["change"] == {"hand": 1, "version": 1}
    assert body["events"][1]["by"] == "scorer"
    assert body["events"][1]["at"].startswith("20")


def test_the_events_are_read_page_by_page_after_a_seq(scorer, evening):
    first = scorer.get(f"/tables/{evening}/events?limit=2").json()
    second = scorer.get(f"/tables/{evening}/events?after={first['next_after']}&limit=2").json()
    rest = scorer.get(f"/tables/{evening}/events?after={second['next_after']}&limit=2").json()

    assert [[e["seq"] for e in page["events"]] for page in (first, second, rest)] == [
        [1, 2], [3, 4], [5, 6]]
    assert (first["next_after"], second["next_after"], rest["next_after"]) == (2, 4, None)
    assert scorer.get(f"/tables/{evening}/events?after=6").json()["events"] == []


@pytest.mark.parametrize("query", ["limit=0", "limit=501", "after=-1", "after=x"])
def test_a_bad_page_is_400(scorer, evening, query):
    answer = scorer.get(f"/tables/{evening}/events?{query}")

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_request"


def test_the_events_of_an_unknown_table_are_404_and_need_a_login(scorer, client, evening):
    assert scorer.get("/tables/999999/events").json()["error"]["code"] == "no_such_table"
    anonymous = client.get(f"/api/tables/{evening}/events")
    assert anonymous.status_code == 401
    assert anonymous.json()["error"]["code"] == "unauthorized"


def test_a_table_is_opened_private_on_request(scorer):
    ids = [p.pk for p in players("Athos", "Porthos", "Aramis")]
    opened = [scorer.post("/tables", {"name": "T", "format": "pool", "players": ids,
                                      **extra}).json()["id"]
              for extra in ({}, {"private": True}, {"private": False})]

    assert [Table.objects.get(pk=pk).private for pk in opened] == [False, True, False]
    answer = scorer.post("/tables", {"name": "T", "format": "pool", "players": ids,
                                     "private": "maybe"})
    assert answer.status_code == 400


def test_a_private_table_is_shown_to_a_signed_in_member_only(client, django_user_model):
    by, _ = user_with_token("scorer")
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated, rules={}, by=by,
                       first_dealer=seated[1], private=True)

    for path in (f"/api/tables/{table.pk}", f"/api/tables/{table.pk}/events"):
        anonymous = client.get(path)
        assert anonymous.status_code == 401
        assert anonymous.json()["error"]["code"] == "unauthorized"
    client.force_login(django_user_model.objects.create_user("dora"))
    assert client.get(f"/api/tables/{table.pk}").json()["id"] == table.pk


def test_the_admin_shows_a_tables_events(staff_client, secretary):
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated, rules={}, by=secretary,
                       first_dealer=seated[1], private=True)
    record_hand(table_id=table.pk, record=summary(3), by=secretary)

    page = html.unescape(
        staff_client.get(f"/admin/games/table/{table.pk}/change/").content.decode())

    assert "every change of the table" in page
    assert "hand 1, version 1" in page
