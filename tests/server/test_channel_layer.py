"""The configured channel layer (in memory, or Redis when REDIS_URL is set) delivers."""

import asyncio
import os

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer

pytestmark = pytest.mark.backend


async def round_trip(message):
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("tables.test", channel)
    try:
        await layer.group_send("tables.test", message)
        return await layer.receive(channel)
    finally:
        await layer.group_discard("tables.test", channel)


def test_a_group_message_reaches_its_member():
    message = {"type": "table.update", "seq": 1}

    assert async_to_sync(round_trip)(message) == message


def test_the_asgi_application_routes_http_and_websocket():
    from server.asgi import application

    assert set(application.application_mapping) == {"http", "websocket"}


def test_the_suite_runs_on_the_configured_layer():
    expected = "RedisChannelLayer" if os.environ.get("REDIS_URL") else "InMemoryChannelLayer"

    assert type(get_channel_layer()).__name__ == expected


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="Redis's blocking reads only")
def test_a_member_that_waits_longer_than_a_blocking_read_still_receives():
    """The layer reads Redis in blocking reads of 5 seconds; a client-side read timeout as
    short (redis-py 8's default) would end a live feed's socket after 5 idle seconds. The
    member waits one second past the first blocking read."""
    async def wait_then_send():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("tables.idle", channel)
        try:
            waiting = asyncio.ensure_future(layer.receive(channel))
            await asyncio.sleep(RedisChannelLayer.brpop_timeout + 1)
            await layer.group_send("tables.idle", {"type": "table.update", "seq": 2})
            return await asyncio.wait_for(waiting, 20)
        finally:
            await layer.group_discard("tables.idle", channel)

    assert async_to_sync(wait_then_send)() == {"type": "table.update", "seq": 2}
