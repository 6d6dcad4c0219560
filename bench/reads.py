"""Anonymous reads that many phones repeat, against a real daphne on SQLite with many tables in
play tonight: the evening (/tables/), the projector (/tv/), a table's page (/tables/<id>/) and
the standings (/standings).

    .venv/bin/python -m bench.reads

It starts daphne on its own migrated SQLite file (testbed/daphne.py, the laptop's settings and
its cache in memory), opens a pool with a hand through the API, then adds --tables copies of
that table's row straight into the file (the lists read only a table's row and its snapshot).
For each page: the first GET (drawn by the server, then kept), then --clients anonymous
readers at once, each with its own connection, --requests GETs each: requests per second and
the 99th percentile of their latencies. The page's size is printed beside. The machine's
yardstick (bench/yardstick.py) follows. It asserts nothing.
"""
import argparse
import http.client
import os
import sqlite3
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench import yardstick
from testbed.daphne import Daphne
from testbed.records import elder_vole


def get(port: int, path: str, conn=None) -> tuple[float, int]:
    """One anonymous GET of `path`: (seconds, bytes); the answer must be a 200."""
    own = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    own.request("GET", path)
    answer = own.getresponse()
    body = answer.read()
    took = time.perf_counter() - start
    if answer.status != 200:
        raise SystemExit(f"GET {path}: {answer.status}")
    if conn is None:
        own.close()
    return took, len(body)


def readers(port: int, path: str, clients: int, requests: int) -> tuple[float, list]:
    """`clients` readers at once, `requests` GETs each: (requests/s, latencies)."""
    def reader(_):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            return [get(port, path, conn)[0] for _ in range(requests)]
        finally:
            conn.close()

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        latencies = [x for run in pool.map(reader, range(clients)) for x in run]
    return len(latencies) / (time.perf_counter() - start), latencies


def p99(latencies: list) -> float:
    ms = sorted(x * 1000 for x in latencies)
    return ms[min(len(ms) - 1, int(len(ms) * 0.99))]


def copies(db: Path, table_id: int, count: int) -> None:
    """`count` copies of the table's row, in play, opened now, each with a name of its own."""
    with sqlite3.connect(db) as conn:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(games_table)")
                   if row[1] not in ("id", "name")]
        listed = ", ".join(columns)
        conn.executemany(
            f"INSERT INTO games_table (name, {listed}) "
            f"SELECT ?, {listed} FROM games_table WHERE id = ?",
            [(f"Copy {n}", table_id) for n in range(count)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=3000, help="tables in play tonight")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--requests", type=int, default=50, help="GETs of each client")
    args = parser.parse_args()
    os.environ.pop("REDIS_URL", None)  # the laptop's: the channel layer and cache in memory
    yardstick.show("before")
    with tempfile.TemporaryDirectory() as home, Daphne.on_sqlite(Path(home)) as server:
        ids = [server.api("/players", {"name": name})["id"]
               for name in ("Athos", "Porthos", "Aramis")]
        table = server.api("/tables", {"name": "Table 1", "format": "pool", "players": ids,
                                       "first_dealer": ids[1]})
        server.api(f"/tables/{table['id']}/hands", {"record": elder_vole()})
        copies(Path(home) / "db.sqlite3", table["id"], args.tables)
        print(f"{args.tables + 1} tables in play, {args.clients} anonymous readers at once, "
              f"{args.requests} GETs each, sqlite")
        for path in ("/tables/", "/tv/", f"/tables/{table['id']}/", "/standings"):
            first, size = get(server.port, path)
            rate, latencies = readers(server.port, path, args.clients, args.requests)
            print(f"{path:<14}: {size / 1000:6.1f} KB, first GET {first * 1000:6.1f} ms; "
                  f"{rate:6.0f} requests/s, median {statistics.median(latencies) * 1000:5.1f} ms"
                  f", p99 {p99(latencies):6.1f} ms")
    yardstick.show("after")


if __name__ == "__main__":
    main()
