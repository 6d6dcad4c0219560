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

    .venv/bin/python -m bench.fanout --stalled 10

does the same twice on the embedded default, the second time with 10 more spectators on each
table that stop reading after their snapshot (their socket's receive buffer a few KiB): the
readers' figures of both runs, how many of the stalled sockets the server closed, and the
server's memory (its RSS) while they are all connected.

    .venv/bin/python -m bench.fanout --memory 1000

connects 1,000 spectators that only hold their socket open, and prints the server's RSS
before and after, per spectator.

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python -m bench.fanout --workers 2

serves PostgreSQL and Redis with two daphne workers, the spectators split between them, and
the yardstick's server run as two processes, the spectators split the same way. It also
counts the channel layer's messages for each change, from Redis's `INFO commandstats`: the
ZADDs over the hands posted, two a message (channels_redis puts it in the worker's channel,
then in its in-flight set as the worker takes it). Give it a Redis of its own: the count is
the whole server's.
"""
import argparse
import asyncio
import os
import re
import socket as sockets_module
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


AT_ONCE = [25]  # spectators connecting at once (--at-once)


async def spectators(urls: list, per_table: int, origin: str, board: Board | None,
                     table_of=None) -> list:
    """Connects `per_table` spectators to each of `urls`, AT_ONCE at a time, each read by a task
    once its first message (the snapshot) has come; each url's table is `table_of(url)` (its
    place in `urls` by default). Without a board, they stop reading after the snapshot, with
    a receive buffer of a few KiB."""
    gate = asyncio.Semaphore(AT_ONCE[0])

    async def one(table, url):
        async with gate:
            sock = None
            if board is None:
                host, port = url.split("/")[2].split(":")
                sock = sockets_module.socket()
                sock.setsockopt(sockets_module.SOL_SOCKET, sockets_module.SO_RCVBUF, 4096)
                sock.connect((host, int(port)))
            socket = await connect(url, origin=origin, compression=None, max_size=None,
                                   open_timeout=LIMIT, ping_interval=None, sock=sock,
                                   max_queue=1 if board is None else 16)
            await asyncio.wait_for(socket.recv(), LIMIT)
        if board is not None:
            board.readers.append(asyncio.get_running_loop().create_task(
                board.read(socket, table)))
        return socket

    return await asyncio.gather(*(one(i if table_of is None else table_of(url), url)
                                  for i, url in enumerate(urls) for _ in range(per_table)))


async def close_all(sockets) -> None:
    await asyncio.gather(*(socket.close() for socket in sockets))


async def through_daphne(servers: list, args, stalled: int = 0,
                         redis=None) -> tuple[list, list, list]:
    """(the receipts' latencies, the POSTs' latencies, the (table, text) of each change),
    the spectators of each table split between `servers`, and `stalled` more on each table
    that stop reading. The hands are posted to the first server."""
    server = servers[0]
    client = Client(server.port, server.token)
    players = [client.post("/api/players", {"name": f"{name} {time.time_ns()}"})[1]["id"]
               for name in ("Athos", "Porthos", "Aramis")]
    tables = [client.post("/api/tables", {"name": f"Table {n + 1}", "format": "pool",
                                          "players": players, "rules": LONG_POOL})[1]
              for n in range(args.tables)]
    board = Board(args.spectators)
    urls = {f"ws://{s.address}/ws/tables/{t['id']}/": n for n, t in enumerate(tables)
            for s in servers}
    origin = f"http://{server.address}"
    sockets = await spectators(list(urls), args.spectators // len(servers), origin, board,
                               urls.get)
    if stalled:
        sockets += await spectators(list(urls), stalled // len(servers), origin, None)
    zadds = redis_zadds(redis) if redis else 0
    receipts, posts, sent, spread = [], [], [], []
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
        times = await board.wait(table, seq)
        receipts += [t - start for t in times]
        spread += [t - min(times) for t in times]
        sent.append((table, board.texts[table, seq]))
        if body["table"]["status"] != "playing":
            playing.remove(table)
    if redis:
        zadds = (redis_zadds(redis) - zadds) / len(sent)
        print(f"channel-layer messages per change: {zadds / 2:.2f} with {len(servers)} workers "
              f"({zadds:.2f} ZADDs in Redis: channels_redis makes two of each message, into "
              f"a worker's channel and into its in-flight set as the worker takes it; a few "
              f"more are the groups' re-joins)")
    memory = sum(rss(s.process.pid) for s in servers)
    logs = [s.log_path.read_text() for s in servers]
    print(f"daphne: memory (RSS) {memory / 2**20:.1f} MiB with the spectators; sockets the "
          f"server closed: {sum(log.count('WSDISCONNECT') for log in logs)}; failures to "
          f"join a group: {sum(log.count('could not join') for log in logs)}, errors logged: "
          f"{sum(log.count('Traceback') for log in logs)}")
    print(f"daphne: a change's first receipt to each   : {figures(spread)}")
    await close_all(sockets)
    return receipts, posts, sent


def redis_zadds(url: str) -> int:
    """How many ZADDs the Redis at `url` has run since it started (INFO commandstats)."""
    host, port = url.split("//")[1].split("/")[0].split(":")
    with sockets_module.create_connection((host, int(port)), timeout=LIMIT) as probe:
        probe.sendall(b"INFO commandstats\r\n")
        answer = probe.recv(65536)
        head, _, text = answer.partition(b"\r\n")
        while len(text) < int(head[1:]):
            text += probe.recv(65536)
    found = re.search(rb"cmdstat_zadd:calls=(\d+)", text)
    return int(found.group(1)) if found else 0


def rss(pid: int) -> int:
    """The process's resident memory, in bytes."""
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmRSS"))


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


async def through_websockets(ports: list, args, sent: list) -> list:
    """The receipts' latencies of the same messages, broadcast by the yardstick's servers,
    the spectators of each table split between them as between the workers."""
    bases = [f"ws://127.0.0.1:{port}" for port in ports]
    board = Board(args.spectators)
    urls = {f"{base}/{t}": t for t in range(args.tables) for base in bases}
    sockets = await spectators(list(urls), args.spectators // len(bases),
                               bases[0].replace("ws:", "http:"), board, urls.get)
    receipts, spread = [], []
    controls = [await connect(f"{base}/control", compression=None, max_size=None)
                for base in bases]
    for table, text in sent:
        seq = int(SEQ.search(text, 0, 200).group(1))
        start = time.perf_counter()
        for control in controls:
            await control.send(f"{table}\n{text}")
        times = await board.wait(table, seq)
        receipts += [t - start for t in times]
        spread += [t - min(times) for t in times]
    print(f"yardstick: a change's first receipt to each: {figures(spread)}")
    await close_all(sockets + controls)
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
    parser.add_argument("--stalled", type=int, default=0,
                        help="more spectators on each table that stop reading")
    parser.add_argument("--memory", type=int, default=0, help="idle spectators to weigh")
    parser.add_argument("--workers", type=int, default=0,
                        help="daphne workers on PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
    parser.add_argument("--at-once", type=int, default=25,
                        help="spectators connecting at once (a burst: as many as there are)")
    parser.add_argument("--serve-yardstick", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_yardstick:
        return asyncio.run(yardstick_server(args.serve_yardstick))

    AT_ONCE[0] = args.at_once
    yardstick.show()
    if args.memory:
        return idle_memory(args.memory)
    if args.workers:
        return on_workers(args)
    os.environ.pop("REDIS_URL", None)  # the embedded default: the in-memory channel layer
    for stalled in ([0, args.stalled] if args.stalled else [0]):
        with tempfile.TemporaryDirectory() as home:
            with Daphne.on_sqlite(Path(home)) as server:
                receipts, posts, sent = asyncio.run(through_daphne([server], args, stalled))
                ports = [server.port]  # free again once daphne stops: the yardstick takes it
        sizes = [len(text.encode()) for _, text in sent]
        print(f"{args.tables * args.spectators} spectators on {args.tables} tables"
              + (f", and {args.tables * stalled} more that stop reading" if stalled else "")
              + f", {len(sent)} hands, messages of {min(sizes):,} to {max(sizes):,} bytes")
        print(f"daphne: hand posted to change received    : {figures(receipts)}")
        print(f"daphne: the POST's own answer             : {figures(posts)}")
    yardstick_run(ports, args, sent)


def yardstick_run(ports: list, args, sent: list) -> None:
    """The yardstick's servers on `ports` (one process each), timed on the same messages."""
    others = [subprocess.Popen([sys.executable, "-m", "bench.fanout", "--serve-yardstick",
                                str(port)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
              for port in ports]
    try:
        for other in others:
            other.stdout.readline()  # "listening"
        receipts = asyncio.run(through_websockets(ports, args, sent))
    finally:
        for other in others:
            other.terminate()
            other.wait()
    print(f"yardstick: websockets broadcast, received: {figures(receipts)}"
          + (f" ({len(ports)} processes)" if len(ports) > 1 else ""))


def on_workers(args) -> None:
    """`args.workers` daphne workers on PostgreSQL and Redis, the spectators split."""
    redis = os.environ["REDIS_URL"]
    with tempfile.TemporaryDirectory() as home:
        first = Daphne.on_postgres("bench_fanout", Path(home), redis)
        servers = [first] + [first.worker(Path(home) / f"worker{n}.log")
                             for n in range(1, args.workers)]
        try:
            for server in servers:
                server.start()
            receipts, posts, sent = asyncio.run(through_daphne(servers, args, redis=redis))
            ports = [server.port for server in servers]
        finally:
            for server in servers:
                server.stop()
    print(f"{args.tables * args.spectators} spectators on {args.tables} tables, split between "
          f"{args.workers} workers, {len(sent)} hands")
    print(f"daphne: hand posted to change received    : {figures(receipts)}")
    print(f"daphne: the POST's own answer             : {figures(posts)}")
    yardstick_run(ports, args, sent)


def idle_memory(count: int) -> None:
    """The server's RSS before and after `count` spectators that only hold their socket."""
    os.environ.pop("REDIS_URL", None)

    async def weigh(server):
        client = Client(server.port, server.token)
        players = [client.post("/api/players", {"name": name})[1]["id"]
                   for name in ("Athos", "Porthos", "Aramis")]
        table = client.post("/api/tables", {"name": "T", "format": "pool",
                                            "players": players})[1]
        url = [f"ws://{server.address}/ws/tables/{table['id']}/"]
        origin = f"http://{server.address}"
        warm = await spectators(url, 50, origin, Board(50))  # the first of each kind made
        before = rss(server.process.pid)
        idle = await spectators(url, count, origin, Board(count))
        after = rss(server.process.pid)
        await close_all(warm + idle)
        return before, after

    with tempfile.TemporaryDirectory() as home:
        with Daphne.on_sqlite(Path(home)) as server:
            before, after = asyncio.run(weigh(server))
    print(f"daphne: RSS {before / 2**20:.1f} MiB, then {after / 2**20:.1f} MiB with {count:,} "
          f"idle spectators more: {(after - before) / count / 1024:.1f} KiB each")


if __name__ == "__main__":
    main()
