"""The live feed's receiving side: a WebSocket that follows one table (docs/api.md, Live
updates).

On connecting the client gets the table's snapshot; then each change that publish.py sends to
the table's group, in `seq` order. The socket joins the group before it reads the snapshot, so
no change committed after that read is missed; a change at or below the last `seq` sent (one
the snapshot already holds, or a duplicate) is dropped. The feed is read-only: the client may
only ask for a fresh snapshot (`{"type": "resync"}`); anything else is answered with an error,
and the socket stays open.

The group's members are kept by the channel layer, and Redis forgets them when it restarts:
a socket that stayed open would then hear nothing more, its spectator none the wiser. So each
socket joins its group again every `REJOIN_EVERY` seconds, and every socket of the process
does so at once when the layer has failed under one of them (one socket at a time reads from
Redis for the whole process, so only that one sees the failure); each time it also reads the
table's `seq`, and sends a fresh snapshot when changes went by meanwhile. A layer that fails
(Redis down) does not end the socket: it waits a second and tries again, as does a re-join
that fails (a restarted Redis fails once on each connection that its clients kept)."""
import asyncio
import json
import logging
import random

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import DatabaseError
from redis.exceptions import RedisError

from games.live.publish import group_name
from games.models import Table

# Application close codes (4000-4999), after the HTTP statuses they stand for.
NOT_FOUND = 4404
LOGIN_REQUIRED = 4403

REJOIN_EVERY = 10.0  # seconds, more or less a fifth so that a worker's sockets spread out
RETRY_AFTER = 1.0  # seconds, after the layer failed
LAYER_ERRORS = (OSError, RedisError)  # the channel layer's server is down or restarting
logger = logging.getLogger(__name__)
FEEDS = set()  # the open sockets of this process, woken to re-join when the layer failed


@database_sync_to_async
def table_state(table_id: int, user) -> tuple[int | None, int, dict]:
    """(a close code or None, the table's seq, its snapshot) as the user may see them."""
    row = Table.objects.filter(pk=table_id).values("private", "seq", "snapshot").first()
    if row is None:
        return NOT_FOUND, 0, {}
    if row["private"] and not (user is not None and user.is_authenticated):
        return LOGIN_REQUIRED, 0, {}
    return None, row["seq"], row["snapshot"]


@database_sync_to_async
def table_seq(table_id: int) -> int:
    """The table's `seq` alone: what a re-join reads to learn whether changes went by."""
    return Table.objects.filter(pk=table_id).values_list("seq", flat=True).first() or 0


class TableFeed(AsyncWebsocketConsumer):
    async def connect(self):
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.group = group_name(self.table_id)
        self.last_seq = -1
        self.rejoining, self.wake = None, asyncio.Event()
        await self.accept()  # before any refusal, so that the client reads its close code
        joined = await self.join()
        refused = await self.send_snapshot()
        if refused is not None:
            await self.leave()
            reason = (f"there is no table {self.table_id}" if refused == NOT_FOUND
                      else "this table is private: sign in to follow it")
            return await self.close(code=refused, reason=reason)
        self.rejoining = asyncio.create_task(
            self.rejoin_every(REJOIN_EVERY if joined else RETRY_AFTER))
        FEEDS.add(self)

    async def disconnect(self, code):
        FEEDS.discard(self)
        if self.rejoining is not None:
            self.rejoining.cancel()
        await self.leave()

    async def join(self) -> bool:
        """Joins the table's group; False when the layer fails, which the next re-join mends."""
        try:
            await self.channel_layer.group_add(self.group, self.channel_name)
        except LAYER_ERRORS as error:
            logger.warning("a live feed could not join %s: %r", self.group, error)
            return False
        return True

    async def leave(self) -> None:
        try:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        except LAYER_ERRORS:  # the group is gone with the layer's server, or expires by itself
            pass

    async def rejoin(self) -> bool:
        """Joins the group again, and sends a fresh snapshot when the table moved on past
        what this socket has sent (the changes it missed while it was no member); False when
        the layer failed."""
        if not await self.join():
            return False
        if await table_seq(self.table_id) > self.last_seq:
            await self.send_snapshot(newer_only=True)
        return True

    async def rejoin_every(self, wait: float) -> None:
        """Re-joins after `wait` seconds, then every `REJOIN_EVERY` seconds or so (a second
        after a join that failed, the layer's or the database's), and as soon as `wake` is
        set."""
        while True:
            try:
                await asyncio.wait_for(self.wake.wait(), wait * random.uniform(0.8, 1.2))
            except TimeoutError:
                pass
            self.wake.clear()
            try:
                joined = await self.rejoin()
            except DatabaseError as error:  # not the end of the re-joins: they go on
                logger.warning("a live feed could not read table %s: %r", self.table_id, error)
                joined = False
            wait = REJOIN_EVERY if joined else RETRY_AFTER

    async def send_snapshot(self, newer_only: bool = False) -> int | None:
        """Sends the table's snapshot as it stands (`newer_only`: if it is newer than what this
        socket has sent), or answers the close code that refuses this user the table."""
        refused, seq, snapshot = await table_state(self.table_id, self.scope.get("user"))
        if refused is None and not (newer_only and seq <= self.last_seq):
            self.last_seq = max(self.last_seq, seq)
            await self.send_json({"type": "snapshot", "seq": seq, "table": snapshot})
        return refused

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None:
            return await self.refuse("a binary frame")
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: nested too deep to read
            return await self.refuse("a text that is not JSON")
        kind = message.get("type") if isinstance(message, dict) else None
        if kind != "resync":
            return await self.refuse(f"a message of type {kind[:40]!r}" if isinstance(kind, str)
                                     else "a message without a type")
        refused = await self.send_snapshot()
        if refused is not None:  # the table was deleted since, which the club never does
            await self.close(code=refused)

    async def refuse(self, what: str):
        await self.send_json({"type": "error", "code": "read_only",
                              "message": f"the feed is read-only: it takes only "
                                         f'{{"type": "resync"}}, not {what}'})

    async def table_change(self, event):
        """A change published by games.live.publish, already serialised; sent only when it is
        newer than what this socket has sent."""
        if event["seq"] <= self.last_seq:
            return
        self.last_seq = event["seq"]
        await self.send(text_data=event["text"])

    @property
    def channel_receive(self):
        """What the consumer awaits for the layer's next message: Channels sets it to the
        layer's own receive, which is kept, and reads it back as `receive_or_rejoin`."""
        return self.receive_or_rejoin

    @channel_receive.setter
    def channel_receive(self, layer_receive):
        self.layer_receive = layer_receive

    async def receive_or_rejoin(self) -> dict:
        """The layer's next message for this socket. When the layer fails (its server down or
        restarting), rather than the error that would end the socket: a second later, every
        socket of the process re-joins (they may all have lost their groups), and this one
        waits for its next message again."""
        while True:
            try:
                return await self.layer_receive()
            except LAYER_ERRORS as error:
                logger.warning("the live feed's channel layer failed: %r", error)
                await asyncio.sleep(RETRY_AFTER)
                for feed in FEEDS:
                    feed.wake.set()

    async def dispatch(self, message):
        """As Channels' own, less the database connections it closes before every message
        (one trip to the shared sync thread per message and socket, a change's fan-out taking
        one per spectator): this consumer reaches the database only through
        database_sync_to_async, which closes them itself, before and after."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def send_json(self, content):
        await self.send(text_data=json.dumps(content))
