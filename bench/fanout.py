"""The live feed's fan-out: from a hand posted through the API to its change received by every
spectator of the table, on the embedded default (one daphne process, SQLite, the in-memory
channel layer).

    .venv/bin/python -m bench.fanout

It starts daphne on its own migrated SQLite file in /tmp (testbed/daphne.py), opens the pools,
and connects the spectators (the `websockets` client library, all in this one asyncio
process): 50 on each of 10 tables. Then it posts hands (POST /api/tables/{id}/hands), one at a
time, taking the tables in turn, and for each it times, per spectator of that table, the moment
just before the POST is sent to the moment that spectator receives the change with the new
`seq`: p50, p99 and max over every (hand, spectator) pair, and the POST's own answer.

The yardstick, in the same run: the websockets library's own server, in its own process, with
as many sockets in the same groups, broadcasts the very messages daphne sent (their bytes, as
the first spectator got them) when it is handed each over a control socket; timed the same way,
from the moment before the hand-over is sent to each receipt. The plain loop of bench/yardstick
is printed too. It asserts nothing.
"""
import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.asyncio.server import broadcast, serve

from bench import yardstick
from bench.api import Client, hand_for
from testbed.daphne import LIMIT, ROOT, Daphne

SEQ = re.compile(r'"seq": (\d+)')
# Pools that last: a rubber of up to eleven games is the unit, three in succession the pool.
LONG_POOL = {"target": 7, "pool_unit": "rubber", "rubber_games": 11, "pool_streak": 3}


class Board:
    """When each spectator received each change: times[(table, seq)], and an event set once all
    `per_table` spectators of the table have it."""

    def __init__(self, per_table: int):
        self.per_table = per_table
        self.times = defaultdict(list)
        self.texts = {}
        self.complete = defaultdict(asyncio.Event)
        self.readers = []  # the tasks reading the sockets, kept from the garbage collector

    async def read(self, socket, table):
        async for text in socket:
            now = time.perf_counter()
            seq = int(SEQ.search(text, 0, 200).group(1))
            times = self.times[table, seq]
            times.append(now)
            if len(times) == 1:
                self.texts[table, seq] = text
            if len(times) == self.per_table:
                self.complete[table, seq].set()

    async def wait(self, table, seq) -> list:
        await asyncio.wait_for(self.complete[table, seq].wait(), LIMIT)
        return self.times[table, seq]


async def spectators(urls: list, per_table: int, origin: str, board: Board) -> list:
    """Connects `per_table` spectators to each of `urls` (one a table), 25 at a time, each
    read by a task once its first message (the snapshot) has come."""
    gate = asyncio.Semaphore(25)

    async def one(table, url):
        async with gate:
            socket = await connect(url, origin=origin, compression=None, max_size=None,
                                   open_timeout=LIMIT, ping_interval=None)
            await asyncio.wait_for(socket.recv(), LIMIT)
        board.readers.append(asyncio.get_running_loop().create_task(board.read(socket, table)))
        return socket

    return await asyncio.gather(*(one(table, url) for table, url in enumerate(urls)
                                  for _ in range(per_table)))


async def close_all(sockets) -> None:
    await asyncio.gather(*(socket.close() for socket in sockets))


async def through_daphne(server: Daphne, args) -> tuple[list, list, list]:
    """(the receipts' latencies, the POSTs' latencies, the (table, text) of each change)."""
    client = Client(server.port, server.token)
    players = [client.post("/api/players", {"name": name})[1]["id"]
               for name in ("Athos", "Porthos", "Aramis")]
    tables = [client.post("/api/tables", {"name": f"Table {n + 1}", "format": "pool",
                                          "players": players, "rules": LONG_POOL})[1]
              for n in range(args.tables)]
    board = Board(args.spectators)
    urls = [f"ws://{server.address}/ws/tables/{t['id']}/" for t in tables]
    sockets = await spectators(urls, args.spectators, f"http://{server.address}", board)
    receipts, posts, sent = [], [], []
    playing = list(range(args.tables))
    for i in range(args.hands):
        if not playing:
            break
        table = playing[i % len(playing)]
        path = f"/api/tables/{tables[table]['id']}/hands"
        start = time.perf_counter()
        status, body = await asyncio.to_thread(client.post, path,
                                               {"record": hand_for(tables[table], i)})
        posts.append(time.perf_counter() - start)
        if status != 201:
            raise SystemExit(f"unexpected answer {status}: {body}")
        seq = body["table"]["seq"]
        receipts += [t - start for t in await board.wait(table, seq)]
        sent.append((table, board.texts[table, seq]))
        if body["table"]["status"] != "playing":
            playing.remove(table)
    await close_all(sockets)
    return receipts, posts, sent


async def yardstick_server(port: int) -> None:
    """The yardstick's server: spectators on /<table>; each message of /control, "<table>\\n
    <text>", is broadcast as <text> to that table's sockets."""
    groups = defaultdict(set)

    async def handle(socket):
        path = socket.request.path.strip("/")
        if path == "control":
            async for message in socket:
                table, _, text = message.partition("\n")
                broadcast(groups[table], text)
            return
        groups[path].add(socket)
        await socket.send('{"type": "snapshot", "seq": 0}')
        try:
            await socket.wait_closed()
        finally:
            groups[path].discard(socket)

    async with serve(handle, "127.0.0.1", port, compression=None, max_size=None,
                     ping_interval=None) as server:
        print("listening", flush=True)
        await server.serve_forever()


async def through_websockets(port: int, args, sent: list) -> list:
    """The receipts' latencies of the same messages, broadcast by the yardstick's server."""
    base = f"ws://127.0.0.1:{port}"
    board = Board(args.spectators)
    sockets = await spectators([f"{base}/{t}" for t in range(args.tables)], args.spectators,
                               base.replace("ws:", "http:"), board)
    receipts = []
    async with connect(f"{base}/control", compression=None, max_size=None) as control:
        for table, text in sent:
            seq = int(SEQ.search(text, 0, 200).group(1))
            start = time.perf_counter()
            await control.send(f"{table}\n{text}")
            receipts += [t - start for t in await board.wait(table, seq)]
    await close_all(sockets)
    return receipts


def figures(latencies: list) -> str:
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (f"p50 {statistics.median(ms):6.1f} ms, p99 {p99:6.1f} ms, max {ms[-1]:6.1f} ms "
            f"({len(ms):,})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--spectators", type=int, default=50, help="on each table")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--serve-yardstick", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_yardstick:
        return asyncio.run(yardstick_server(args.serve_yardstick))

    os.environ.pop("REDIS_URL", None)  # the embedded default: the in-memory channel layer
    yardstick.show()
    with tempfile.TemporaryDirectory() as home:
        with Daphne.on_sqlite(Path(home)) as server:
            receipts, posts, sent = asyncio.run(through_daphne(server, args))
            port = server.port  # free again once daphne stops: the yardstick's server takes it
    sizes = [len(text.encode()) for _, text in sent]
    print(f"{args.tables * args.spectators} spectators on {args.tables} tables, {len(sent)} "
          f"hands, messages of {min(sizes):,} to {max(sizes):,} bytes")
    print(f"daphne: hand posted to change received    : {figures(receipts)}")
    print(f"daphne: the POST's own answer             : {figures(posts)}")
    with subprocess.Popen([sys.executable, "-m", "bench.fanout", "--serve-yardstick", str(port)],
                          cwd=ROOT, stdout=subprocess.PIPE, text=True) as other:
        try:
            other.stdout.readline()  # "listening"
            receipts = asyncio.run(through_websockets(port, args, sent))
        finally:
            other.terminate()
    print(f"yardstick: websockets broadcast, received: {figures(receipts)}")


if __name__ == "__main__":
    main()
