"""The production tests' kit: a private Redis server that a test may restart, and a spectator
that follows a table's live feed as the pages' live.js does.

The spectator keeps the last snapshot and `seq` it holds; it takes a change whose `seq` is the
next one, asks for a fresh snapshot (`{"type": "resync"}`) on a gap, and takes any snapshot
not older than what it holds. When its socket closes it connects again, to the next of its
servers, as a browser would reach another worker behind the club's proxy. Nothing waits on a
clock: each wait ends when what it waits for is there, within a generous limit."""
import contextlib
import itertools
import json
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from testbed.daphne import LIMIT

DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")
production = pytest.mark.skipif(not (DATABASE_URL.startswith("postgres") and REDIS_URL),
                                reason="several workers share PostgreSQL and Redis")
POOLS = itertools.count(1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """A redis-server of the test's own, keeping nothing on disk: a restart forgets
    everything, as a Redis without persistence does."""

    def __init__(self, home: Path):
        self.home, self.port, self.process = home, free_port(), None

    @staticmethod
    def available() -> bool:
        return shutil.which("redis-server") is not None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.home)],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        until(self.answers, "redis-server to answer")
        return self

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=LIMIT)

    def answers(self) -> bool:
        try:
            return self.command(b"PING").startswith(b"+PONG")
        except OSError:
            return False

    def command(self, command: bytes) -> bytes:
        """Sends one inline command; the start of the answer."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=LIMIT) as probe:
            probe.sendall(command + b"\r\n")
            return probe.recv(64)


def until(condition, what: str) -> None:
    """Waits for `condition()` to hold, at most LIMIT seconds."""
    deadline = time.monotonic() + LIMIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {LIMIT} s for {what}")
        time.sleep(0.05)


class Spectator(contextlib.ExitStack):
    """Follows table `table_id` on the first of `servers`, until the `with` block ends;
    `.seq` and `.table` are what it holds, `.changes` the `seq` of each change it took one by
    one, `.resyncs` how many gaps it met and `.connections` how many times it connected."""

    def __init__(self, table_id: int, *servers):
        super().__init__()
        self.table_id, self.servers = table_id, list(servers)
        self.seq, self.table, self.changes = -1, None, []
        self.resyncs = self.connections = 0
        self.socket = None

    def __enter__(self) -> "Spectator":
        super().__enter__()
        self.connect()
        return self

    def connect(self) -> None:
        server = self.servers[self.connections % len(self.servers)]
        self.connections += 1
        self.socket = self.enter_context(connect(
            f"ws://{server.address}/ws/tables/{self.table_id}/", origin=f"http://{server.address}",
            open_timeout=LIMIT))
        self.take(json.loads(self.socket.recv(timeout=LIMIT)))

    def take(self, message: dict) -> None:
        if message["type"] == "snapshot":
            if message["seq"] >= self.seq:
                self.seq, self.table = message["seq"], message["table"]
        elif message["seq"] == self.seq + 1:
            self.seq, self.table = message["seq"], message["table"]
            self.changes.append(message["seq"])
        elif message["seq"] > self.seq + 1:
            self.resyncs += 1
            self.socket.send(json.dumps({"type": "resync"}))

    def follow_until(self, seq: int) -> "Spectator":
        """Reads the feed until it holds `seq`; a closed socket connects again (to the next
        server)."""
        deadline = time.monotonic() + LIMIT
        while self.seq < seq:
            left = deadline - time.monotonic()
            assert left > 0, f"waited {LIMIT} s for seq {seq}, holding {self.seq}"
            try:
                self.take(json.loads(self.socket.recv(timeout=left)))
            except TimeoutError:
                continue
            except ConnectionClosed:
                self.connect()
        return self

    def fresh(self) -> dict:
        """Asks for a fresh snapshot, and returns it once it comes."""
        self.socket.send(json.dumps({"type": "resync"}))
        while (message := json.loads(self.socket.recv(timeout=LIMIT)))["type"] != "snapshot":
            self.take(message)
        self.take(message)
        return message["table"]


def open_pool(server, **fields) -> dict:
    """A pool of three new players (and `fields`) opened through `server`'s API: its
    snapshot. The players' names are new on each call, as names are unique."""
    pool = next(POOLS)
    ids = [server.api("/players", {"name": f"{name} {pool}"})["id"]
           for name in ("Athos", "Porthos", "Aramis")]
    return server.api("/tables", {"name": f"Table {pool}", "format": "pool", "players": ids,
                                  "first_dealer": ids[1]} | fields)


def post_hand(server, table_id: int, number: int, token: str | None = None) -> dict:
    """Posts hand `number` of the table through `server` (as staff, or the holder of `token`),
    with the Idempotency-Key of that hand: elder takes the point on odd numbers, dealer on even
    ones. The answer."""
    elder = 3 if number % 2 else 2
    record = {"summary": {"opening": "exchanged", "king_turned": False,
                          "tricks": {"elder": elder, "dealer": 5 - elder}}}
    return server.api(f"/tables/{table_id}/hands", {"record": record},
                      key=f"table-{table_id}-hand-{number}", token=token)
