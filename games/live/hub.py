"""One subscription per worker and table: the live feed's sockets of this process share it
(docs/api.md, The live feed); one per worker and signed-in user, through which the sockets
he opened hear that his session ended (publish.py); and one per worker for the lists of tables
in play, through which the sockets of the pages that list them hear that a table was opened,
won or abandoned.

The hub runs on the worker's event loop (daphne's: one per process). It has one channel of its
own on the channel layer, for all its tables: one reader, one pending receive, however many
tables its spectators follow. The first local socket that follows a table makes the hub join
the table's group (`table.<id>`, publish.py) before that socket reads its snapshot, so that no
change committed after that read is missed; the last one leaving makes it leave. A change
published once reaches each worker that has spectators of the table once, and the hub hands
its text, serialised once by publish.py, to every local socket of the table (Feed.offer, which
never waits for the network: see consumers.py). A user's group (`user.<id>`) is joined and left
the same way by the sockets he opened, and its messages go to them (Feed.session_news); so is
the lists' group (`tables.lists`) by the sockets that follow the lists (Feed.listed).

The groups are kept by the channel layer, and Redis forgets them when it restarts: the hub
would then hear nothing more. So it joins each of its groups again every `REJOIN_EVERY`
seconds, and all of them at once when the layer fails under its reader; each time it also
reads the table's `seq`, and sends a fresh snapshot to the sockets that are behind it. A layer
that fails (Redis down) ends no socket: the reader waits a second and tries again, as does a
re-join that fails (a restarted Redis fails once on each connection that its clients kept)."""
import asyncio
import json
import logging
import random
import weakref

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import DatabaseError
from redis.exceptions import RedisError

from games.live.publish import LISTS_GROUP, group_name, user_group
from games.models import Table
from games.selectors.names import hidden, named, public_snapshot

REJOIN_EVERY = 10.0  # seconds, more or less a fifth so that the tables' re-joins spread out
RETRY_AFTER = 1.0  # seconds, after the layer failed
LAYER_ERRORS = (OSError, RedisError)  # the channel layer's server is down or restarting
LARGEST_ID = 2**63 - 1  # a table's id is a 64-bit integer
AT_ONCE = 16  # the hub's joins and leaves under way at once, well within the layer's pool
LISTS = 0  # the key of the lists' one subscription
logger = logging.getLogger(__name__)
_hubs = weakref.WeakKeyDictionary()  # event loop -> its Hub


def local_hub() -> "Hub":
    """The hub of the running event loop (daphne's; a test's own loop has its own)."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None:
        hub = _hubs[loop] = Hub(get_channel_layer())
    return hub


@database_sync_to_async
def table_rows(table_ids) -> dict[int, dict]:
    """{id: {"private", "seq", "snapshot", "public"}} of those of the tables that exist;
    `public`, the snapshot as an anonymous socket is sent it (games.selectors.names), the
    initials of all their players read in one query."""
    ids = [table_id for table_id in table_ids if table_id <= LARGEST_ID]  # the others: none
    rows = {row.pop("id"): row for row in Table.objects.filter(pk__in=ids).order_by().values(
        "id", "private", "seq", "snapshot")}
    shown = hidden({pk for row in rows.values() for pk in named(row["snapshot"])})
    for row in rows.values():
        row["public"] = public_snapshot(row["snapshot"], shown)
    return rows


@database_sync_to_async
def table_seq(table_id: int) -> int:
    """The table's `seq` alone: what a re-join reads to learn whether changes went by."""
    return Table.objects.filter(pk=table_id).values_list("seq", flat=True).first() or 0


def snapshot_text(row: dict, public: bool = False) -> str:
    """The snapshot's message, for a signed-in socket or, `public`, an anonymous one."""
    return json.dumps({"type": "snapshot", "seq": row["seq"],
                       "table": row["public" if public else "snapshot"]})


class Subscription:
    """The local sockets of one table (or of one user, `table_id` None), and the hub's
    membership of its group."""

    def __init__(self, group: str, table_id: int | None = None):
        self.table_id, self.group = table_id, group
        self.feeds = set()
        self.joining = None  # the first join: each new socket waits for it
        self.rejoining = None  # the task that re-joins every REJOIN_EVERY seconds
        self.wake = asyncio.Event()


class Hub:
    def __init__(self, layer):
        self.layer = layer
        self.tables: dict[int, Subscription] = {}
        self.users: dict[int, Subscription] = {}
        self.lists: dict[int, Subscription] = {}  # the one of the lists' group, under LISTS
        self.channel = None
        self.reading = None  # the task reading the hub's channel, while it has a subscription
        self.stopping = None  # the reader last stopped
        self.leaving: dict[str, asyncio.Task] = {}  # groups being left, by name
        self.calls = asyncio.Semaphore(AT_ONCE)

    async def follow(self, table_id: int, feed) -> None:
        """Adds `feed` to the table's local sockets; returns once the hub has joined the
        table's group, or failed to (the re-joins then mend it a second later)."""
        await self.add(self.tables, table_id, lambda: Subscription(group_name(table_id),
                                                                   table_id), feed)

    def unfollow(self, table_id: int, feed) -> None:
        """Takes `feed` from the table's local sockets; the last one makes the hub leave."""
        self.discard(self.tables, table_id, feed)

    async def watch(self, user_id: int, feed) -> None:
        """Adds `feed` to the sockets the user opened here; returns once the hub has joined
        his group, or failed to."""
        await self.add(self.users, user_id, lambda: Subscription(user_group(user_id)), feed)

    def unwatch(self, user_id: int, feed) -> None:
        self.discard(self.users, user_id, feed)

    async def watch_lists(self, feed) -> None:
        """Adds `feed` to the sockets that follow the lists of tables; returns once the hub has
        joined the lists' group, or failed to."""
        await self.add(self.lists, LISTS, lambda: Subscription(LISTS_GROUP), feed)

    def unwatch_lists(self, feed) -> None:
        self.discard(self.lists, LISTS, feed)

    async def add(self, subs: dict, key: int, made, feed) -> None:
        sub = subs.get(key)
        if sub is None:
            sub = subs[key] = made()
            sub.joining = asyncio.ensure_future(self.first_join(sub, subs, key))
        sub.feeds.add(feed)
        await asyncio.shield(sub.joining)

    def discard(self, subs: dict, key: int, feed) -> None:
        sub = subs.get(key)
        if sub is None or feed not in sub.feeds:
            return
        sub.feeds.discard(feed)
        if sub.feeds:
            return
        del subs[key]
        if sub.rejoining is not None:
            sub.rejoining.cancel()
        group = sub.group
        self.leaving[group] = leaving = asyncio.ensure_future(self.leave(sub))
        leaving.add_done_callback(lambda _: self.leaving.pop(group, None)
                                  if self.leaving.get(group) is leaving else None)
        if not (self.tables or self.users or self.lists) and self.reading is not None:
            self.reading.cancel()
            self.stopping, self.reading = self.reading, None

    async def settled(self) -> None:
        """Returns once the groups being left are left, and the reader is stopped if it was:
        what a socket that leaves waits for, so that nothing of the layer's is left under way
        (a test's event loop ends with its last socket)."""
        under_way = [*self.leaving.values(), *([self.stopping] if self.stopping else [])]
        await asyncio.gather(*under_way, return_exceptions=True)

    async def first_join(self, sub: Subscription, subs: dict, key: int) -> None:
        if self.channel is None:
            self.channel = await self.layer.new_channel()
        if self.reading is None and (self.tables or self.users or self.lists):
            self.reading = asyncio.ensure_future(self.read())
        if sub.group in self.leaving:  # the last socket left a moment ago: after it
            await asyncio.shield(self.leaving[sub.group])
        joined = await self.join(sub)
        if subs.get(key) is sub:
            sub.rejoining = asyncio.ensure_future(
                self.rejoin_every(sub, REJOIN_EVERY if joined else RETRY_AFTER))

    async def join(self, sub: Subscription) -> bool:
        """Joins the table's group; False when the layer fails, which the next re-join mends."""
        try:
            async with self.calls:
                await self.layer.group_add(sub.group, self.channel)
        except LAYER_ERRORS as error:
            logger.warning("the live feed could not join %s: %r", sub.group, error)
            return False
        return True

    async def leave(self, sub: Subscription) -> None:
        """Leaves the table's group once its first join and its re-joins (cancelled) are over."""
        await asyncio.gather(sub.joining, *filter(None, [sub.rejoining]), return_exceptions=True)
        try:
            async with self.calls:
                await self.layer.group_discard(sub.group, self.channel)
        except LAYER_ERRORS:  # the group is gone with the layer's server, or expires by itself
            pass

    async def rejoin(self, sub: Subscription) -> bool:
        """Joins the group again, and sends a fresh snapshot to the sockets that are behind
        the table (the changes they missed while the hub was no member); False when the layer
        failed."""
        if not await self.join(sub):
            return False
        if sub.table_id is None:  # a user's or the lists': nothing to catch up with
            return True
        seq = await table_seq(sub.table_id)
        behind = [feed for feed in sub.feeds if feed.behind(sub.table_id, seq)]
        if behind:
            row = (await table_rows([sub.table_id])).get(sub.table_id)
            if row is not None:
                text, public = snapshot_text(row), snapshot_text(row, public=True)
                for feed in behind:
                    await feed.offer(sub.table_id, row["seq"], text, row["private"], public)
        return True

    async def rejoin_every(self, sub: Subscription, wait: float) -> None:
        """Re-joins after `wait` seconds, then every `REJOIN_EVERY` seconds or so (a second
        after a join that failed, the layer's or the database's), and as soon as `wake` is
        set."""
        while True:
            try:
                await asyncio.wait_for(sub.wake.wait(), wait * random.uniform(0.8, 1.2))
            except TimeoutError:
                pass
            sub.wake.clear()
            try:
                joined = await self.rejoin(sub)
            except DatabaseError as error:  # not the end of the re-joins: they go on
                logger.warning("the live feed could not read table %s: %r", sub.table_id, error)
                joined = False
            wait = REJOIN_EVERY if joined else RETRY_AFTER

    async def rejoin_all(self) -> None:
        """Joins every group again before the reading goes on: the snapshots of the tables
        that moved on go first, and the changes read next that they hold are dropped. A group
        whose re-join fails tries again in its own loop."""
        subs = [*self.tables.values(), *self.users.values(), *self.lists.values()]
        joined = await asyncio.gather(*map(self.rejoin, subs), return_exceptions=True)
        for sub, done in zip(subs, joined):
            if done is not True:
                sub.wake.set()

    async def read(self) -> None:
        """Reads the hub's channel: each change goes to the table's local sockets, the news
        of a user's session to the sockets he opened, and the news of the lists to the sockets
        that follow them. When the layer fails (its server
        down or restarting), rather than ending: a second later, every group is joined again
        (it may be gone), and the reading goes on."""
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except LAYER_ERRORS as error:
                logger.warning("the live feed's channel layer failed: %r", error)
                await asyncio.sleep(RETRY_AFTER)
                await self.rejoin_all()
                continue
            if message.get("type") in ("session.ended", "user.changed"):
                sub = self.users.get(message.get("user"))
                for feed in list(sub.feeds if sub is not None else ()):
                    feed.session_news(message)
                continue
            if message.get("type") == "tables.listed":
                sub = self.lists.get(LISTS)
                for feed in list(sub.feeds if sub is not None else ()):
                    try:
                        await feed.listed(message)
                    except Exception:  # one socket's failure is not the others'
                        logger.exception("a change of the lists could not be written to a "
                                         "live feed")
                continue
            sub = self.tables.get(message.get("table"))
            if sub is None or message.get("type") != "table.change":
                continue
            for feed in list(sub.feeds):
                try:
                    await feed.offer(sub.table_id, message["seq"], message["text"],
                                     message.get("private", False), message.get("public"))
                except Exception:  # one socket's failure is not the others'
                    logger.exception("a change could not be written to a live feed")
