"""The server deployment under load: daphne workers sharing PostgreSQL and Redis, as
`make serve-prod` runs them, with the load generator on the same machine.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_load \\
    REDIS_URL=redis://127.0.0.1:6379/9 .venv/bin/python -m bench.load

1. Recording, closed loop: one scoring client per table on 20 tables, each posting its next
   hand as soon as the last is answered, for `--seconds`: the highest sustained rate and its
   p50/p99, on one worker and then on two, in the same run (the scaling).
2. Recording, open loop: the same clients on two workers, offered 100 hands/s in all (each
   posts on a fixed schedule, whether or not the server keeps up): p50/p99, `--runs` times on
   new tables, and the median of their p99s (one pause of the machine makes a run's p99).
   Then four clients on each of 5 tables, as fast as answered: they queue for their table's
   lock.
3. Fan-out over two workers: spectators connected alternately to each worker, hands posted to
   the first: from just before the POST to each spectator's receipt of the change, p50/p99,
   at 100 spectators and at 1,000 (10 tables).

For each, where the time goes: the CPU seconds that the workers, PostgreSQL, Redis and this
process (the load generator) spent during it, out of what the machine's cores could give, read
from /proc. Each client keeps one connection, to one worker, as a proxy balancing connections
would. The tables are long pools, opened before the clock starts. It asserts nothing.
"""
import argparse
import asyncio
import itertools
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

from bench import yardstick
from bench.api import Client, hand_for, prepare
from bench.fanout import LONG_POOL, Board, close_all, figures, spectators
from testbed.daphne import Daphne

TICK = os.sysconf("SC_CLK_TCK")
NAMES = itertools.count(1)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` has used; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def machine_busy_seconds() -> float:
    """The CPU time all the machine's cores have spent busy, from /proc/stat."""
    user, nice, system, idle, iowait, *rest = map(int, Path("/proc/stat").read_text()
                                                  .split("\n", 1)[0].split()[1:9])
    return (user + nice + system + sum(rest)) / TICK


def pids_named(name: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


class Where:
    """The CPU seconds each party spends between `start` and `stop`."""

    def __init__(self, workers: list[Daphne]):
        self.parties = {"workers": lambda: [w.process.pid for w in workers],
                        "PostgreSQL": lambda: pids_named("postgres"),
                        "Redis": lambda: pids_named("redis-server"),
                        "load generator": lambda: [os.getpid()]}

    def _read(self) -> dict:
        return {party: {pid: cpu_seconds(pid) for pid in pids()}
                for party, pids in self.parties.items()}

    def start(self):
        self.before, self.busy = self._read(), machine_busy_seconds()
        self.started = time.perf_counter()
        return self

    def stop(self) -> str:
        """Each party's CPU seconds and share of the cores; "others" is whatever else kept
        the machine busy meanwhile (a loaded machine shows here)."""
        after, wall = self._read(), time.perf_counter() - self.started
        cores = os.cpu_count() * wall
        parts, ours = [], 0.0
        for party, seconds in after.items():
            used = sum(s - self.before[party].get(pid, 0.0) for pid, s in seconds.items())
            ours += used
            parts.append(f"{party} {used:.1f} s ({used / cores:.0%})")
        others = max(0.0, machine_busy_seconds() - self.busy - ours)
        parts.append(f"others {others:.1f} s ({others / cores:.0%})")
        return f"CPU over {wall:.1f} s x {os.cpu_count()} cores: " + ", ".join(parts)


def start_workers(env: dict, count: int, home: str) -> list[Daphne]:
    return [Daphne(env, Path(home) / f"worker-{n}.log").start() for n in range(count)]


def open_tables(client: Client, count: int) -> list[dict]:
    ids = [client.post("/api/players", {"name": f"load-{os.getpid()}-{next(NAMES)}"})[1]["id"]
           for _ in range(3 * count)]
    return [client.post("/api/tables", {"name": f"Table {n + 1}", "format": "pool",
                                        "players": ids[3 * n:3 * n + 3],
                                        "rules": LONG_POOL})[1]
            for n in range(count)]


def percentiles(latencies: list) -> str:
    ms = sorted(x * 1000 for x in latencies)
    return (f"p50 {ms[len(ms) // 2]:.1f} ms, p99 {ms[min(len(ms) - 1, int(len(ms) * 0.99))]:.1f}"
            f" ms ({len(ms):,} hands)")


def recording(workers: list[Daphne], token: str, opened: list[dict], seconds: float,
              every: float | None, per_table: int = 1) -> tuple[float, list, list]:
    """`per_table` clients on each table of `opened`, client c on worker c mod len(workers),
    posting hands for `seconds`: as fast as answered (`every` None), or one each `every`
    seconds on a fixed schedule. Several clients of a table take turns under its lock; one
    whose table another has finished stops. Returns (hands per second, latencies, the
    latencies of the hands that ended a game)."""
    count = len(opened) * per_table
    latencies, ending, lock = [], [], threading.Lock()
    clients = [Client(workers[c % len(workers)].port, token) for c in range(count)]
    for c, own in enumerate(clients):  # warm: each connection, worker and table once
        own.get(f"/api/tables/{opened[c % len(opened)]['id']}")
    stop = time.perf_counter() + seconds

    def client(c: int) -> int:
        own, table, done = clients[c], opened[c % len(opened)], 0
        due = time.perf_counter() + (every or 0) * c / count  # spread the schedules
        while time.perf_counter() < stop and table["status"] == "playing":
            if every:
                time.sleep(max(0.0, due - time.perf_counter()))
                due += every
            start = time.perf_counter()
            status, body = own.post(f"/api/tables/{table['id']}/hands",
                                    {"record": hand_for(table, done)})
            spent = time.perf_counter() - start
            if status == 409 and body["error"]["code"] == "table_closed":
                break
            if status != 201:
                raise SystemExit(f"unexpected answer {status}: {body}")
            with lock:
                latencies.append(spent)
                if body["table"]["game"]["number"] != table["game"]["number"]:
                    ending.append(spent)
            table, done = body["table"], done + 1
        return done

    start = time.perf_counter()
    with ThreadPoolExecutor(count) as pool:
        done = sum(pool.map(client, range(count)))
    return done / (time.perf_counter() - start), latencies, ending


async def fanout(workers: list[Daphne], token: str, opened: list[dict], per_table: int,
                 hands: int) -> list:
    """Spectators alternately on each worker, hands posted to the first worker, one at a
    time, taking the tables in turn: the receipts' latencies."""
    client, tables = Client(workers[0].port, token), len(opened)
    board = Board(per_table)
    urls = [[f"ws://{w.address}/ws/tables/{t['id']}/" for w in workers] for t in opened]
    sockets = []
    for half, worker in enumerate(workers):  # each worker gets its share of every table
        share = per_table // len(workers) + (half < per_table % len(workers))
        sockets += await spectators([u[half] for u in urls], share,
                                    f"http://{worker.address}", board)
    receipts = []
    for i in range(hands):
        table = i % tables
        start = time.perf_counter()
        status, body = await asyncio.to_thread(
            client.post, f"/api/tables/{opened[table]['id']}/hands",
            {"record": hand_for(opened[table], i)})
        if status != 201:
            raise SystemExit(f"unexpected answer {status}: {body}")
        receipts += [t - start for t in await board.wait(table, body["table"]["seq"])]
    await close_all(sockets)
    return receipts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--offered", type=float, default=100.0, help="hands/s, open loop")
    parser.add_argument("--runs", type=int, default=3, help="of the open loop, each on new tables")
    parser.add_argument("--spectators", type=int, nargs="+", default=[100, 1000],
                        help="in all, over 10 tables (at least 10)")
    parser.add_argument("--hands", type=int, default=50, help="hands of each fan-out")
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")) or not os.environ.get("REDIS_URL"):
        sys.exit("bench.load needs DATABASE_URL (PostgreSQL) and REDIS_URL: the server setup")
    if min(args.spectators) < 10:
        sys.exit("--spectators: at least 10 in all, one on each of the 10 tables")
    yardstick.show()
    env, token = prepare()
    with tempfile.TemporaryDirectory() as home:
        for count in (1, 2):
            with ExitStack() as stack:
                workers = start_workers(env, count, home)
                for worker in workers:
                    stack.callback(worker.stop)
                opener = Client(workers[0].port, token)
                opened = open_tables(opener, args.tables)
                where = Where(workers).start()
                rate, latencies, _ = recording(workers, token, opened, args.seconds, None)
                print(f"recording, {args.tables} clients as fast as answered, {count} "
                      f"worker(s): {rate:.0f} hands/s, {percentiles(latencies)}")
                print(f"  {where.stop()}")
                if count == 1:
                    continue
                tails = []
                for run in range(1, args.runs + 1):  # a p99 of 15 s hangs on one pause
                    opened = open_tables(opener, args.tables)
                    where = Where(workers).start()
                    rate, latencies, ending = recording(workers, token, opened, args.seconds,
                                                        args.tables / args.offered)
                    print(f"recording, {args.offered:.0f} hands/s offered by {args.tables} "
                          f"clients, 2 workers, run {run}: {rate:.0f} hands/s answered, "
                          f"{percentiles(latencies)}")
                    if ending:
                        print(f"  the hands that ended a game: {percentiles(ending)}")
                    print(f"  {where.stop()}")
                    tails.append(sorted(latencies)[min(len(latencies) - 1,
                                                       int(len(latencies) * 0.99))] * 1000)
                print(f"  p99 of the {args.runs} runs: "
                      f"{', '.join(f'{p99:.1f}' for p99 in tails)} ms; median "
                      f"{statistics.median(tails):.1f} ms")
                opened = open_tables(opener, max(1, args.tables // 4))
                where = Where(workers).start()
                rate, latencies, _ = recording(workers, token, opened, args.seconds, None, 4)
                print(f"recording, 4 clients on each of {len(opened)} tables as fast as answered,"
                      f" 2 workers: {rate:.0f} hands/s, {percentiles(latencies)}")
                print(f"  {where.stop()}")
                for total in args.spectators:
                    opened = open_tables(opener, 10)
                    where = Where(workers).start()
                    receipts = asyncio.run(fanout(workers, token, opened, total // 10,
                                                  args.hands))
                    print(f"fan-out, {total:,} spectators on 10 tables over 2 workers, "
                          f"posted to change received: {figures(receipts)}")
                    print(f"  {where.stop()}")
    yardstick.show()


if __name__ == "__main__":
    main()
