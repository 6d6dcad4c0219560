"""The live feed's sending side: every change of a table goes to its channel group once the
transaction that made it has committed (docs/api.md, Live updates).

Under daphne the request's thread hands the message to the event loop and goes on: the answer
does not wait for the channel layer. Elsewhere (a command, a test client) it is sent there and
then. Either way a layer that fails (Redis down) is logged: the change is committed, and its
answer is not turned into an error (clients that miss a `seq` ask for a fresh snapshot)."""
import asyncio
import json
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from server.handler import serving_loop

logger = logging.getLogger(__name__)
_sending = set()  # messages under way on the loop, kept from the garbage collector


def group_name(table_id: int) -> str:
    return f"table.{table_id}"


def publish_on_commit(table, kind: str) -> None:
    """The group's message carries the change as the sockets send it, serialised here once:
    not once per spectator, nor copied per spectator as a dict (the in-memory layer copies
    each message it hands to a channel)."""
    text = json.dumps({"type": kind, "seq": table.seq, "table": table.snapshot})
    table_id = table.pk
    message = {"type": "table.change", "table": table_id, "seq": table.seq, "text": text}
    transaction.on_commit(lambda: _send(table_id, message), robust=True)


def _send(table_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = serving_loop.get()
    if loop is None:
        async_to_sync(layer.group_send)(group_name(table_id), message)
    else:
        loop.call_soon_threadsafe(_start, layer.group_send(group_name(table_id), message))


def _start(sending) -> None:
    task = asyncio.get_running_loop().create_task(sending)
    _sending.add(task)
    task.add_done_callback(_sent)


def _sent(task: asyncio.Task) -> None:
    _sending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("a change of a table could not be published", exc_info=task.exception())
