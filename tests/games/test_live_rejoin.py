"""The live feed when its channel layer lets it down (games/live/consumers.py): a socket that
lost its group joins it again and sends the snapshot it missed, and a layer that fails under
a socket does not close it. In one process, on the suite's layer (in memory, or Redis when
REDIS_URL is set); tests/production/ restarts a real Redis under two daphne workers."""
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from games.live import consumers
from games.services.hands import record_hand
from tests.games.kit import summary
from tests.games.test_live_feed import WAIT, following, open_pool

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


def test_a_socket_that_lost_its_group_joins_it_again_and_gets_what_it_missed(monkeypatch):
    monkeypatch.setattr(consumers, "REJOIN_EVERY", 0.1)
    layer = get_channel_layer()
    group_add, members = layer.group_add, []

    async def joins(group, channel):
        members.append((group, channel))
        await group_add(group, channel)

    async def forget():  # as a restarted Redis, which forgot every group
        for group, channel in members:
            await layer.group_discard(group, channel)

    monkeypatch.setattr(layer, "group_add", joins)
    by, table = open_pool()

    first, missed, change = follow_two_hands(by, table, forget)

    table.refresh_from_db()
    assert missed["seq"] == first["seq"] + 1
    assert (change["type"], change["seq"]) == ("hand", first["seq"] + 2) == ("hand", table.seq)


def test_a_layer_that_fails_under_a_socket_leaves_it_open(monkeypatch):
    layer = get_channel_layer()
    receive, failures = layer.receive, []

    async def fails_once(channel):
        if not failures:
            failures.append(channel)
            raise ConnectionError("Connection closed by server.")
        return await receive(channel)

    monkeypatch.setattr(layer, "receive", fails_once)
    by, table = open_pool()

    first, during, after = follow_two_hands(by, table)

    assert failures
    assert during["seq"] == first["seq"] + 1
    assert (after["type"], after["seq"]) == ("hand", first["seq"] + 2)
