"""The lists of tables in play on the live feed (docs/api.md, Several tables on one socket): a
client of ws/tables/ that follows the lists ("lists": true) is told when a table is opened, won
or abandoned, so that the evening and the projector add a table opened after they loaded and
drop one that is over; never of a private table it may not see. The changes commit for real,
as the feed hears them, so the tests are transactional."""
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator

from games.services.hands import record_hand
from games.services.tables import abandon_table, open_table
from server.asgi import application
from testbed.users import user_with_token
from tests.games.kit import players, summary
from tests.games.live_kit import ORIGIN, WAIT, open_pool

pytestmark = pytest.mark.django_db(transaction=True)


async def lists_client(table_id: int, *headers):
    """A client of ws/tables/ that follows the lists and the table `table_id`, once it has
    read the table's snapshot: the lists are followed by then (the feed follows them first)."""
    feed = WebsocketCommunicator(application, "/ws/tables/",
                                 headers=[(b"host", b"127.0.0.1"), ORIGIN, *headers])
    connected, _ = await feed.connect(timeout=WAIT)
    assert connected
    await feed.send_json_to({"type": "follow", "tables": [table_id], "lists": True})
    assert (await feed.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    return feed


def opened(by, name="New", private=False):
    return open_table(name=name, format="pool", players=players(*(f"{who} {name}" for who in (
        "Athos", "Porthos", "Aramis"))), rules={}, by=by, private=private)


def test_a_table_opened_then_abandoned_is_told_to_the_lists_only():
    by, pool = open_pool()

    async def scenario():
        feed = await lists_client(pool.pk)
        other = WebsocketCommunicator(application, "/ws/tables/",
                                      headers=[(b"host", b"127.0.0.1"), ORIGIN])
        await other.connect(timeout=WAIT)
        await other.send_json_to({"type": "follow", "tables": [pool.pk]})  # not the lists
        await other.receive_json_from(timeout=WAIT)
        table = await sync_to_async(opened)(by)
        first = await feed.receive_json_from(timeout=WAIT)
        await sync_to_async(abandon_table)(table_id=table.pk, by=by)
        second = await feed.receive_json_from(timeout=WAIT)
        await sync_to_async(record_hand)(table_id=pool.pk, record=summary(3), by=by)
        after = await other.receive_json_from(timeout=WAIT)
        for client in (feed, other):
            await client.disconnect(timeout=WAIT)
        return table, first, second, after

    table, first, second, after = async_to_sync(scenario)()

    assert first == {"type": "listed", "table_id": table.pk, "kind": "open"}
    assert second == {"type": "listed", "table_id": table.pk, "kind": "abandoned"}
    assert after["type"] == "hand"  # the other client was told nothing of the new table


def test_a_table_won_is_told_to_the_lists_and_a_hand_is_not():
    by, table = open_pool()

    async def scenario():
        feed = await lists_client(table.pk)
        told = []
        while True:  # Athos takes the point of every hand until he wins the pool
            snap = (await sync_to_async(_elder_takes)(table.pk, by))
            told.append(await feed.receive_json_from(timeout=WAIT))
            if snap["status"] != "playing":
                break
        told.append(await feed.receive_json_from(timeout=WAIT))
        await feed.disconnect(timeout=WAIT)
        return told

    told = async_to_sync(scenario)()

    listed = [message for message in told if message["type"] == "listed"]
    assert listed == [{"type": "listed", "table_id": table.pk, "kind": "pool_won"}]
    assert told[-2]["type"] == "pool_won"  # the change itself, then the lists' news


def _elder_takes(table_id, by):
    from games.models import Table
    table = Table.objects.get(pk=table_id)
    elder = table.snapshot["seats"]["elder"]
    winner = table.snapshot["players"][0]
    record_hand(table_id=table_id, record=summary(5 if elder == winner else 0), by=by)
    return Table.objects.get(pk=table_id).snapshot


def test_a_private_table_is_told_to_signed_in_clients_only(client):
    by, pool = open_pool()
    user, _token = user_with_token("member")
    client.force_login(user)
    cookie = (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())

    async def scenario():
        anonymous, member = await lists_client(pool.pk), await lists_client(pool.pk, cookie)
        hidden = await sync_to_async(opened)(by, "Hidden", private=True)
        seen = await sync_to_async(opened)(by, "Seen")
        told = [await anonymous.receive_json_from(timeout=WAIT),
                await member.receive_json_from(timeout=WAIT),
                await member.receive_json_from(timeout=WAIT)]
        for feed in (anonymous, member):
            await feed.disconnect(timeout=WAIT)
        return hidden, seen, told

    hidden, seen, told = async_to_sync(scenario)()

    assert [(m["table_id"], m["kind"]) for m in told] == [
        (seen.pk, "open"), (hidden.pk, "open"), (seen.pk, "open")]


def test_lists_that_is_not_true_or_false_is_refused():
    async def scenario():
        feed = WebsocketCommunicator(application, "/ws/tables/",
                                     headers=[(b"host", b"127.0.0.1"), ORIGIN])
        await feed.connect(timeout=WAIT)
        await feed.send_json_to({"type": "follow", "tables": [], "lists": "yes"})
        answer = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return answer

    answer = async_to_sync(scenario)()

    assert (answer["type"], answer["code"]) == ("error", "bad_follow")
    assert '"lists"' in answer["message"]
