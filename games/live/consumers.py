"""The live feed's receiving side: a WebSocket that follows one table (`TableFeed`,
ws/tables/<id>/), or several at once (`TablesFeed`, ws/tables/, each message carrying its
table's id): docs/api.md, The live feed.

On following a table the client gets its snapshot; then each change that the worker's hub
(hub.py) receives for the table, in `seq` order. The hub has joined the table's group before
the snapshot is read, so no change committed after that read is missed: the changes that come
meanwhile wait for the snapshot, and a change at or below the last `seq` sent (one the snapshot
already holds, or a duplicate) is dropped. The feed is read-only: the client may only ask for a
fresh snapshot (`{"type": "resync"}`), and on ws/tables/ say which tables it follows
(`{"type": "follow", "tables": [...]}`), and whether it follows the lists of tables in play
too (`"lists": true`: it is then told when a table is opened, won or abandoned, `listed`);
anything else is answered with an error, and the socket stays open.

Who may follow a table is games.selectors.visibility's rule: a private table is for signed-in
users, and to anyone else it does not exist (closed, or refused, as for no table: 4404). A
signed-in user's socket remembers the session it was opened with, joins his group (hub.py) and
closes (4401) when that session ends: at once when he logs out or his login changes
(publish.py), and otherwise at its next resync or follow, which read the session again from
the session store first (channels.auth.get_user, which checks the password's hash, as a
request would). A change of a table that was made private is not sent to a socket that may not
see it: the table is closed, or refused, as for no table.

A slow reader slows nobody. Writing a message never waits for the network (daphne hands it to
Twisted's transport, which buffers it), so the hub writes a change to each socket in turn, with
Channels' own `send`. A reader that stops reading stops answering daphne's pings too, and
daphne closes its socket after its ping timeout (20 s and 30 s by default). While a socket's
snapshot is read, the changes that come wait in its backlog; past `BACKLOG` of them the socket
is closed (4413): the client connects again and starts from a snapshot. The backlog holds the
very texts the hub has for every socket, not copies."""
import asyncio
import collections
import functools
import json
from importlib import import_module

from channels.auth import get_user
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.live.hub import LARGEST_ID, local_hub, snapshot_text, table_rows
from games.live.publish import session_tag
from games.selectors.visibility import may_see, signed_in

# Application close codes (4000-4999), after the HTTP statuses they stand for.
NOT_FOUND = 4404  # no such table, or one the client may not see
SIGNED_OUT = 4401  # the session that signed the socket in ended
SIGNED_OUT_REASON = "the session ended: sign in again"
TOO_SLOW = 4413  # more changes waited for this socket than BACKLOG: too large a backlog
BACKLOG = 32  # messages waiting for one socket, at most
FOLLOW_AT_MOST = 100  # tables on one socket of ws/tables/
SessionStore = import_module(settings.SESSION_ENGINE).SessionStore  # a session read afresh


def no_table(table_id: int) -> tuple[int, str]:
    """The close code and the reason of a table that does not exist, or that the client may
    not see: the same, so that an anonymous client is not told a private table is there."""
    return NOT_FOUND, f"there is no table {table_id}"


def refusal(table_id: int, row: dict | None, user) -> tuple[int, str] | None:
    """(the close code, the reason) that refuses this user the table, or None."""
    if row is None or not may_see(user, private=row["private"]):
        return no_table(table_id)
    return None


@functools.lru_cache(maxsize=256)
def tagged(table_id: int, text: str) -> str:
    """A message of the table's feed with its table's id first, as ws/tables/ sends it: made
    once for every socket of the worker that follows the table there."""
    return json.dumps({"table_id": table_id, **json.loads(text)})


class Feed(AsyncWebsocketConsumer):
    """What both routes share: the tables followed and the last `seq` sent of each
    (`last`, -1 until its snapshot is sent), and the backlog."""

    channel_layer_alias = None  # no channel of its own: the hub's serves every socket
    tagging = False  # whether each message carries its table's id (ws/tables/)

    async def connect(self):
        self.last: dict[int, int] = {}
        self.listing = False  # whether it follows the lists of tables (ws/tables/)
        self.user = self.scope.get("user")
        self.user_id = self.user.pk if signed_in(self.user) else None
        self.public = self.user_id is None  # sent the names as an anonymous reader reads them
        self.session = session_tag(self.scope["session"].session_key) if self.user_id else None
        self.ended = False  # closed by the feed: its session ended, or it read too slowly
        self.checks = set()  # the readings of its session under way
        self.held = 0  # snapshots being read: the changes wait for them
        self.backlog = collections.deque()
        self.draining = None
        self.hub = local_hub()
        await self.accept()  # before any refusal, so that the client reads its close code
        if self.user_id is not None:  # joined before the session is next read: no end missed
            await self.hub.watch(self.user_id, self)

    async def disconnect(self, code):
        self.ended = True
        self.leave()
        for check in self.checks:
            check.cancel()
        await self.hub.settled()

    def leave(self) -> None:
        """Follows nothing more, and hears no more of its user's session."""
        for table_id in list(self.last):
            self.hub.unfollow(table_id, self)
        self.last.clear()
        self.backlog.clear()
        if self.listing:
            self.listing = False
            self.hub.unwatch_lists(self)
        if self.user_id is not None:
            self.hub.unwatch(self.user_id, self)

    async def still_signed_in(self) -> bool:
        """Whether the session the socket was opened with still signs its user in, read again
        from the session store; always for an anonymous socket. Otherwise the socket is
        closed (4401)."""
        if self.user_id is not None and not self.ended:
            user = await get_user({"session": SessionStore(self.scope["session"].session_key)})
            if user.pk != self.user_id:
                await self.end(SIGNED_OUT, SIGNED_OUT_REASON)
        return not self.ended

    def session_news(self, message: dict) -> None:
        """The hub's news of the user's session: this session ended, or his login changed
        (the session is then read again), in a task of its own."""
        if message["type"] == "session.ended" and message.get("session") != self.session:
            return
        check = asyncio.ensure_future(
            self.end(SIGNED_OUT, SIGNED_OUT_REASON) if message["type"] == "session.ended"
            else self.still_signed_in())
        self.checks.add(check)
        check.add_done_callback(self.checks.discard)

    async def end(self, code: int, reason: str) -> None:
        """Closes the socket, which receives nothing more meanwhile."""
        if not self.ended:
            self.ended = True
            self.leave()
            await self.close(code=code, reason=reason)

    async def hide(self, table_id: int) -> None:
        """The table is one the client may no longer see (it was made private)."""
        raise NotImplementedError

    async def follow(self, table_ids: list[int]) -> list[tuple[int, int, str]]:
        """Follows the tables and sends each one's snapshot; the (table, close code, reason)
        of those this user may not follow, which are not followed. Nothing once the socket's
        session has ended."""
        if not await self.still_signed_in():
            return []
        self.held += 1
        try:
            for table_id in table_ids:
                self.last[table_id] = -1
            await asyncio.gather(*(self.hub.follow(table_id, self) for table_id in table_ids))
            rows = await table_rows(table_ids)
            refused = []
            for table_id in table_ids:
                why = refusal(table_id, rows.get(table_id), self.user)
                if why is None:
                    await self.deliver(table_id, rows[table_id]["seq"],
                                       snapshot_text(rows[table_id], self.public))
                else:
                    self.unfollow(table_id)
                    refused.append((table_id, *why))
            return refused
        finally:
            self.held -= 1
            self.drain()

    def unfollow(self, table_id: int) -> None:
        self.last.pop(table_id, None)
        self.hub.unfollow(table_id, self)

    async def resync(self, table_ids) -> None:
        """Sends a fresh snapshot of each table followed; a table that is no more, or that
        the client may no longer see, is hidden. Nothing once the socket's session has
        ended."""
        if not await self.still_signed_in():
            return
        rows = await table_rows(table_ids)
        for table_id in table_ids:
            row = rows.get(table_id)
            if refusal(table_id, row, self.user) is None:
                await self.deliver(table_id, row["seq"], snapshot_text(row, self.public),
                                   fresh=True)
            else:
                await self.hide(table_id)

    def behind(self, table_id: int, seq: int) -> bool:
        return self.last.get(table_id, seq) < seq

    async def offer(self, table_id: int, seq: int, text: str, private: bool = False,
                    public: str | None = None) -> None:
        """A change of the table (or a newer snapshot): written now, or put in the backlog
        while a snapshot is read; `public` instead of `text` to an anonymous socket when it is
        given (the names as he reads them); the table hidden instead when it is private and
        the client may not see it."""
        if not may_see(self.user, private=private):
            if table_id in self.last:
                await self.hide(table_id)
        else:
            await self.queue(table_id, seq, public if public and self.public else text)

    async def listed(self, message: dict) -> None:
        """The hub's news of the lists (a table opened, won or abandoned), told to a socket
        that follows them as `{"type": "listed", "table_id", "kind"}`, in turn with the
        changes; not of a table that the client may not see."""
        if self.listing and may_see(self.user, private=message["private"]):
            await self.queue(None, 0, json.dumps({"type": "listed", "table_id": message["table"],
                                                  "kind": message["kind"]}))

    async def queue(self, table_id: int | None, seq: int, text: str) -> None:
        """Writes the message now, or puts it in the backlog while a snapshot is read."""
        if self.held or self.backlog:
            self.backlog.append((table_id, seq, text))
            if len(self.backlog) > BACKLOG:
                await self.too_slow()
        else:
            await self.deliver(table_id, seq, text)

    async def deliver(self, table_id: int | None, seq: int, text: str,
                      fresh: bool = False) -> None:
        """Writes the message if it is newer than what this socket has sent of the table (or,
        `fresh`, a snapshot asked for, whatever it holds); news of the lists (`table_id`
        None) as it is."""
        if table_id is None:
            await self.send(text_data=text)
            return
        last = self.last.get(table_id)
        if last is None or (seq <= last and not fresh):
            return
        self.last[table_id] = max(last, seq)
        await self.send(text_data=tagged(table_id, text) if self.tagging else text)

    def drain(self) -> None:
        """Writes the backlog out, as long as nothing holds it, in a task of its own."""
        if self.backlog and not self.held and self.draining is None:
            self.draining = asyncio.ensure_future(self.write_backlog())

    async def write_backlog(self) -> None:
        try:
            while self.backlog and not self.held:
                await self.deliver(*self.backlog.popleft())
        finally:
            self.draining = None

    async def too_slow(self) -> None:
        await self.end(TOO_SLOW, "too many changes waited for this connection")

    async def refuse(self, what: str, takes: str):
        await self.send_json({"type": "error", "code": "read_only",
                              "message": f"the feed is read-only: it takes only {takes}, "
                                         f"not {what}"})

    async def read(self, text_data, bytes_data, takes: str) -> dict | None:
        """The client's message as a dict with a type, or None once it was refused."""
        if text_data is None:
            return await self.refuse("a binary frame", takes)
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: nested too deep to read
            return await self.refuse("a text that is not JSON", takes)
        kind = message.get("type") if isinstance(message, dict) else None
        if not isinstance(kind, str):
            return await self.refuse("a message without a type", takes)
        return message

    async def send_json(self, content):
        await self.send(text_data=json.dumps(content))


class TableFeed(Feed):
    """ws/tables/<id>/: one table, the messages as the fixed part of the API has them."""

    async def connect(self):
        await super().connect()
        table_id = self.scope["url_route"]["kwargs"]["table_id"]
        for _, code, reason in await self.follow([table_id]):
            await self.end(code, reason)

    async def hide(self, table_id: int) -> None:
        await self.end(*no_table(table_id))

    async def receive(self, text_data=None, bytes_data=None):
        takes = '{"type": "resync"}'
        message = await self.read(text_data, bytes_data, takes)
        if message is None:
            return
        if message["type"] != "resync":
            return await self.refuse(f"a message of type {message['type'][:40]!r}", takes)
        await self.resync([self.scope["url_route"]["kwargs"]["table_id"]])


class TablesFeed(Feed):
    """ws/tables/: the tables the client names, each message carrying its table's id."""

    tagging = True

    async def hide(self, table_id: int) -> None:
        self.unfollow(table_id)
        await self.refused(table_id, *no_table(table_id))

    async def follow_lists(self, lists: bool) -> None:
        """Follows the lists of tables in play from now on, or no longer."""
        if lists and not self.listing and await self.still_signed_in():
            self.listing = True
            await self.hub.watch_lists(self)
        elif not lists and self.listing:
            self.listing = False
            self.hub.unwatch_lists(self)

    async def refused(self, table_id: int, code: int, reason: str) -> None:
        await self.send_json({"table_id": table_id, "type": "refused", "code": code,
                              "reason": reason})

    async def receive(self, text_data=None, bytes_data=None):
        takes = '{"type": "follow", "tables": [...], "lists": false} and {"type": "resync"}'
        message = await self.read(text_data, bytes_data, takes)
        if message is None:
            return
        if message["type"] == "follow":
            tables = message.get("tables")
            if not (isinstance(tables, list) and len(tables) <= FOLLOW_AT_MOST and all(
                    type(t) is int and 1 <= t <= LARGEST_ID for t in tables)):
                return await self.send_json({
                    "type": "error", "code": "bad_follow",
                    "message": f'"tables" is a list of at most {FOLLOW_AT_MOST} table ids'})
            lists = message.get("lists", False)
            if not isinstance(lists, bool):
                return await self.send_json({
                    "type": "error", "code": "bad_follow",
                    "message": '"lists" is true or false: whether to follow the lists of '
                               'tables'})
            tables = list(dict.fromkeys(tables))
            for table_id in set(self.last) - set(tables):
                self.unfollow(table_id)
            await self.follow_lists(lists)
            for table_id, code, reason in await self.follow(
                    [t for t in tables if t not in self.last]):
                await self.refused(table_id, code, reason)
        elif message["type"] == "resync":
            table_id = message.get("table_id")
            await self.resync(list(self.last) if table_id is None else
                              [table_id] if table_id in self.last else [])
        else:
            await self.refuse(f"a message of type {message['type'][:40]!r}", takes)
