"""The live feed when its channel layer lets it down (games/live/hub.py): a worker that lost
a table's group joins it again and sends its sockets the snapshot they missed, and a layer that
fails under the worker's reader closes no socket. In one process, on the suite's layer (in
memory, or Redis when REDIS_URL is set), so on either of CI's legs; test_redis_restart.py
restarts a real Redis under two daphne workers."""
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.db import OperationalError

from games.live import hub
from games.services.hands import record_hand
from tests.games.kit import summary
from tests.games.live_kit import WAIT, following, open_pool

pytestmark = pytest.mark.django_db(transaction=True)


def follow_two_hands(by, table, upset=None) -> tuple[dict, dict, dict]:
    """Follows the table while two hands are recorded, `upset()` (a coroutine function)
    coming between connecting and the first hand: the snapshot on connecting and the next two
    messages. The first may be the change itself, or the snapshot that a re-join sends."""
    async def scenario():
        feed, first = await following(table.pk)
        if upset is not None:
            await upset()
        messages = []
        for elder_tricks in (3, 2):
            await sync_to_async(record_hand)(table_id=table.pk, record=summary(elder_tricks),
                                             by=by)
            messages.append(await feed.receive_json_from(timeout=WAIT))
        await feed.disconnect(timeout=WAIT)
        return first, *messages

    return async_to_sync(scenario)()


@pytest.fixture
def members(monkeypatch) -> list[tuple[str, str]]:
    """Every (group, channel) that a socket joins, as the test goes."""
    layer = get_channel_layer()
    group_add, joined = layer.group_add, []

    async def joins(group, channel):
        joined.append((group, channel))
        await group_add(group, channel)

    monkeypatch.setattr(layer, "group_add", joins)
    return joined


async def forget(members):
    """As a restarted Redis, which forgot every group."""
    for group, channel in members:
        await get_channel_layer().group_discard(group, channel)


@pytest.fixture
def failures(monkeypatch) -> list[str]:
    """The layer's receive fails once, for the first socket to receive while the list holds
    True: the channels it failed for."""
    layer = get_channel_layer()
    receive, failed = layer.receive, []

    async def fails_once(channel):
        if failed == [True]:
            failed[:] = [channel]
            raise ConnectionError("Connection closed by server.")
        return await receive(channel)

    monkeypatch.setattr(layer, "receive", fails_once)
    return failed


def test_a_socket_that_lost_its_group_joins_it_again_and_gets_what_it_missed(monkeypatch,
                                                                           members):
    monkeypatch.setattr(hub, "REJOIN_EVERY", 0.1)
    by, table = open_pool()

    first, missed, change = follow_two_hands(by, table, lambda: forget(members))

    table.refresh_from_db()
    assert missed["seq"] == first["seq"] + 1
    assert (change["type"], change["seq"]) == ("hand", first["seq"] + 2) == ("hand", table.seq)


def test_a_layer_that_fails_under_a_socket_leaves_it_open(failures):
    failures.append(True)
    by, table = open_pool()

    first, during, after = follow_two_hands(by, table)

    assert failures != [True]  # it failed
    assert during["seq"] == first["seq"] + 1
    assert (after["type"], after["seq"]) == ("hand", first["seq"] + 2)


def two_sockets_when_the_layer_fails(by, table, members, failures):
    """Two sockets follow the table; the layer forgets the worker's group, fails under its
    reader, and a hand is recorded: the snapshot on connecting and the next message of each."""
    async def scenario():
        (one, first), (other, _) = [await following(table.pk) for _ in range(2)]
        await forget(members)
        failures.append(True)
        stale = json.dumps({"type": "stale", "seq": first["seq"], "table": first["table"]})
        # A message for the worker: it receives again after it, and the layer fails.
        await get_channel_layer().send(members[0][1], {"type": "table.change",
                                                       "seq": first["seq"], "text": stale})
        await sync_to_async(record_hand)(table_id=table.pk, record=summary(3), by=by)
        missed = [await feed.receive_json_from(timeout=WAIT) for feed in (one, other)]
        for feed in (one, other):
            await feed.disconnect(timeout=WAIT)
        return first, missed

    return async_to_sync(scenario)()


def test_when_the_layer_fails_under_one_socket_every_socket_joins_again(monkeypatch, members,
                                                                        failures):
    """Only the worker's reader sees the layer fail; the groups were lost as surely, and the
    worker joins them again then, not after REJOIN_EVERY."""
    monkeypatch.setattr(hub, "REJOIN_EVERY", 3600)
    by, table = open_pool()

    first, missed = two_sockets_when_the_layer_fails(by, table, members, failures)

    assert failures == [members[0][1]]
    assert [message["seq"] for message in missed] == [first["seq"] + 1] * 2


def test_a_rejoin_that_fails_is_tried_again_a_second_later(monkeypatch, members, failures):
    """A restarted Redis fails once on each connection its clients kept: the re-join that
    meets one is not left until REJOIN_EVERY."""
    monkeypatch.setattr(hub, "REJOIN_EVERY", 3600)
    layer = get_channel_layer()
    group_add, refused = layer.group_add, []

    async def refuses_each_rejoin_once(group, channel):
        if failures not in ([], [True]) and channel not in refused:  # after the failure
            refused.append(channel)
            raise ConnectionError("Connection closed by server.")
        await group_add(group, channel)

    monkeypatch.setattr(layer, "group_add", refuses_each_rejoin_once)
    by, table = open_pool()

    first, missed = two_sockets_when_the_layer_fails(by, table, members, failures)

    assert refused == [members[0][1]]  # the worker's one channel, serving both sockets
    assert [message["seq"] for message in missed] == [first["seq"] + 1] * 2


def test_the_rejoins_go_on_after_the_database_failed_one(monkeypatch, members):
    monkeypatch.setattr(hub, "REJOIN_EVERY", 0.1)
    table_seq, failed = hub.table_seq, []

    async def fails_once(table_id):
        if not failed:
            failed.append(table_id)
            raise OperationalError("the database server closed the connection")
        return await table_seq(table_id)

    monkeypatch.setattr(hub, "table_seq", fails_once)
    by, table = open_pool()

    first, missed, change = follow_two_hands(by, table, lambda: forget(members))

    assert failed == [table.pk]
    assert missed["seq"] == first["seq"] + 1
    assert (change["type"], change["seq"]) == ("hand", first["seq"] + 2)


def test_a_socket_that_could_not_join_on_connecting_joins_a_second_later(monkeypatch):
    monkeypatch.setattr(hub, "REJOIN_EVERY", 3600)
    layer = get_channel_layer()
    group_add, refused = layer.group_add, []

    async def refuses_once(group, channel):
        if not refused:
            refused.append(channel)
            raise ConnectionError("Error 111 connecting to the channel layer.")
        await group_add(group, channel)

    monkeypatch.setattr(layer, "group_add", refuses_once)
    by, table = open_pool()

    first, missed, change = follow_two_hands(by, table)

    assert refused
    assert missed["seq"] == first["seq"] + 1
    assert (change["type"], change["seq"]) == ("hand", first["seq"] + 2)
