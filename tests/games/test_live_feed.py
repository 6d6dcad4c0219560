"""The live feed (docs/api.md, Live updates): a WebSocket per table, through the ASGI
application as daphne serves it (origin check, sessions, routing). The changes are made in the
test's thread while the feed listens; they commit for real, so the tests are transactional."""
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from games.live.publish import group_name
from games.models import Table, TableEvent
from games.services.hands import correct_hand, record_hand
from games.services.wagers import place_wager, take_wager, withdraw_wager
from testbed.users import user_with_token
from tests.games.kit import Api, member, players, summary
from tests.games.live_kit import ORIGIN, WAIT, connect, following, open_pool

pytestmark = pytest.mark.django_db(transaction=True)


def refused_close(feed_and_connected):
    """The close message of a socket accepted then closed by the feed."""
    async def closed():
        feed, connected = await feed_and_connected
        assert connected  # accepted, so that the close code reaches the client
        message = await feed.receive_output(timeout=WAIT)
        await feed.disconnect(code=message["code"], timeout=WAIT)  # as daphne does next
        return message
    return async_to_sync(closed)()


def test_a_client_first_receives_the_tables_current_snapshot():
    by, table = open_pool()
    record_hand(table_id=table.pk, record=summary(3), by=by)
    table.refresh_from_db()

    async def scenario():
        feed, first = await following(table.pk)
        await feed.disconnect(timeout=WAIT)
        return first

    first = async_to_sync(scenario)()

    assert first == {"type": "snapshot", "seq": table.seq, "table": table.snapshot}
    assert first["seq"] == 2 and first["table"]["game"]["hands"] == 1


def test_a_resync_answers_a_fresh_snapshot():
    by, table = open_pool()

    async def scenario():
        feed, first = await following(table.pk)
        await sync_to_async(record_hand)(table_id=table.pk, record=summary(3), by=by)
        change = await feed.receive_json_from(timeout=WAIT)
        await feed.send_json_to({"type": "resync"})
        fresh = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return first, change, fresh

    first, change, fresh = async_to_sync(scenario)()

    table.refresh_from_db()
    assert first["seq"] + 1 == change["seq"] == fresh["seq"] == table.seq
    assert fresh == {"type": "snapshot", "seq": table.seq, "table": table.snapshot}


@pytest.mark.parametrize("frame, wrong", [
    ({"text_data": json.dumps({"type": "hand", "record": summary(3)})}, "'hand'"),
    ({"text_data": json.dumps({"record": summary(3)})}, "without a type"),
    ({"text_data": "[1, 2"}, "not JSON"),
    ({"text_data": "[" * 100_000 + "]" * 100_000}, "not JSON"),
    ({"text_data": json.dumps(["resync"])}, "without a type"),
    ({"bytes_data": b"\x00\x01"}, "binary"),
])
def test_any_message_but_a_resync_is_refused_and_the_socket_stays_open(frame, wrong):
    by, table = open_pool()

    async def scenario():
        feed, first = await following(table.pk)
        await feed.send_to(**frame)
        error = await feed.receive_json_from(timeout=WAIT)
        await feed.send_json_to({"type": "resync"})
        fresh = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return first, error, fresh

    first, error, fresh = async_to_sync(scenario)()

    assert (error["type"], error["code"]) == ("error", "read_only")
    assert wrong in error["message"]
    assert fresh == first  # still open, still answering; nothing was written
    assert Table.objects.get(pk=table.pk).seq == first["seq"]


def test_a_foreign_origin_is_refused_without_an_error():
    _, table = open_pool()

    async def scenario():
        feed, connected = await connect(table.pk, (b"origin", b"https://elsewhere.example"))
        await feed.disconnect(timeout=WAIT)
        return connected

    assert async_to_sync(scenario)() is False


@pytest.mark.parametrize("table_id", [999_999, 10**30])  # the second, beyond any id
def test_an_unknown_table_is_closed_with_4404(table_id):
    closed = refused_close(connect(table_id, ORIGIN))

    assert closed["type"] == "websocket.close"
    assert closed["code"] == 4404 and str(table_id) in closed["reason"]


def test_a_private_table_refuses_an_anonymous_spectator():
    _, table = open_pool(private=True)

    closed = refused_close(connect(table.pk, ORIGIN))

    assert (closed["type"], closed["code"]) == ("websocket.close", 4404)  # as for no table
    assert closed["reason"] == f"there is no table {table.pk}"


def test_a_private_table_accepts_a_signed_in_member(client):
    by, table = open_pool(private=True)
    user, _ = user_with_token("dora")
    client.force_login(user)
    cookie = (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())

    async def scenario():
        feed, first = await following(table.pk, cookie)
        await sync_to_async(record_hand)(table_id=table.pk, record=summary(3), by=by)
        change = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return first, change

    first, change = async_to_sync(scenario)()

    assert first["type"] == "snapshot" and first["table"]["id"] == table.pk
    assert (change["type"], change["seq"]) == ("hand", first["seq"] + 1)


def test_a_public_table_needs_no_login():
    _, table = open_pool()

    async def scenario():
        feed, first = await following(table.pk)
        await feed.disconnect(timeout=WAIT)
        return first

    assert async_to_sync(scenario)()["type"] == "snapshot"


def test_only_committed_changes_are_sent_in_seq_order():
    by, table = open_pool()

    def play():
        with pytest.raises(RuntimeError), transaction.atomic():  # a vole, rolled back
            record_hand(table_id=table.pk, record=summary(5), by=by)
            raise RuntimeError("the caller's transaction fails")
        for elder_tricks in (3, 4):  # a point a hand
            record_hand(table_id=table.pk, record=summary(elder_tricks), by=by)

    async def scenario():
        feed, first = await following(table.pk)
        await sync_to_async(play)()
        changes = [await feed.receive_json_from(timeout=WAIT) for _ in range(2)]
        assert await feed.receive_nothing(timeout=0.2)
        await feed.disconnect(timeout=WAIT)
        return first, changes

    first, changes = async_to_sync(scenario)()

    assert [c["seq"] for c in changes] == [first["seq"] + 1, first["seq"] + 2]
    assert [c["type"] for c in changes] == ["hand", "hand"]
    # The first change sent is the first committed hand (one point), not the rolled-back vole.
    assert [sum(c["table"]["game"]["score"].values()) for c in changes] == [1, 2]


def test_a_stale_or_repeated_change_is_not_sent():
    by, table = open_pool()

    async def scenario():
        feed, first = await following(table.pk)
        def stale(seq):
            text = json.dumps({"type": "stale", "seq": seq, "table": first["table"]})
            return {"type": "table.change", "seq": seq, "text": text}

        layer, group = get_channel_layer(), group_name(table.pk)
        for seq in (first["seq"], first["seq"] - 1):  # the snapshot holds them already
            await layer.group_send(group, stale(seq))
        await sync_to_async(record_hand)(table_id=table.pk, record=summary(3), by=by)
        change = await feed.receive_json_from(timeout=WAIT)
        await layer.group_send(group, stale(change["seq"]))  # a repeat
        await sync_to_async(record_hand)(table_id=table.pk, record=summary(3), by=by)
        after = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return first, change, after

    first, change, after = async_to_sync(scenario)()

    assert (change["seq"], after["seq"]) == (first["seq"] + 1, first["seq"] + 2)
    assert (change["type"], after["type"]) == ("hand", "hand")


def test_the_feed_follows_an_evening_as_its_events_record_it(client):
    """In the spirit of Zulip's verify_action: whatever the changes, the feed sends one message
    for each, in seq order from the first snapshot, each under the kind of its TableEvent, and
    the last one leaves the client with the table that the API shows."""
    staff, token = user_with_token("secretary", staff=True)
    api = Api(client, token)
    seated = players("Athos", "Porthos", "Aramis")
    snap = api.post("/tables", {"name": "T", "format": "pool", "wager_style": "english",
                                "players": [p.pk for p in seated],
                                "first_dealer": seated[1].pk}).json()
    (_, charles), (_, dora) = member(client, "Charles"), member(client, "Dora")

    def evening():
        offer = place_wager(table_id=snap["id"], by=charles.user, on=seated[0].pk, stake=4_00)
        take_wager(wager_id=offer.pk, by=dora.user, stake=1_00)
        other = place_wager(table_id=snap["id"], by=dora.user, on=seated[1].pk, stake=2_00)
        withdraw_wager(wager_id=other.pk, by=dora.user)
        hand_ids = []
        table = snap
        while table["unit"]["number"] == 1:  # Athos (elder first) takes the point until the
            seats = table["seats"]           # unit is over: the players rotate
            record = summary(3 if seats["elder"] == seated[0].pk else 2)
            answer = api.post(f"/tables/{snap['id']}/hands", {"record": record})
            assert answer.status_code == 201, answer.content
            hand_ids.append(answer.json()["hand"]["id"])
            table = answer.json()["table"]
        corrected = api.post(f"/hands/{hand_ids[0]}/correct", {"record": summary(4)})
        assert corrected.status_code == 200, corrected.content
        correct_hand(hand_id=hand_ids[0], record=summary(5), by=staff)
        return Table.objects.get(pk=snap["id"]).seq

    async def scenario():
        feed, first = await following(snap["id"])
        last_seq = await sync_to_async(evening)()
        changes = [await feed.receive_json_from(timeout=WAIT)
                   for _ in range(last_seq - first["seq"])]
        await feed.disconnect(timeout=WAIT)
        return first, changes

    first, changes = async_to_sync(scenario)()

    assert first["seq"] == snap["seq"]
    assert [c["seq"] for c in changes] == list(range(first["seq"] + 1,
                                                     first["seq"] + 1 + len(changes)))
    events = dict(TableEvent.objects.filter(table_id=snap["id"]).values_list("seq", "type"))
    assert [c["type"] for c in changes] == [events[c["seq"]] for c in changes]
    kinds = {c["type"] for c in changes}
    assert {"wager", "hand", "rotation", "correction"} <= kinds, kinds
    assert all(c["table"]["seq"] == c["seq"] for c in changes)
    assert changes[-1]["table"] == api.get(f"/tables/{snap['id']}").json()
