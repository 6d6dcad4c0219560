"""The configured channel layer (in memory, or Redis when REDIS_URL is set) delivers."""

import os

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


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
    from club.asgi import application

    assert set(application.application_mapping) == {"http", "websocket"}


def test_the_suite_runs_on_the_configured_layer():
    expected = "RedisChannelLayer" if os.environ.get("REDIS_URL") else "InMemoryChannelLayer"

    assert type(get_channel_layer()).__name__ == expected
