"""Recording hands through the API on one daphne worker: latency of POST /api/tables/{id}/hands
(validation, storage, the course, stakes and snapshot included) and sustained hands per second.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_api .venv/bin/python -m bench.api

It migrates the database it is given (default: a scratch SQLite file), starts daphne with the
production settings (DEBUG off) on a free port, creates a scorer, players and pool tables, then
posts summary records: first one client at a time (latency), then several clients on several
tables (throughput). Pools are opened before the clock starts. Last, the same clients read a
table's snapshot (GET /api/tables/{id}: the token and one row) as fast as the worker answers:
that rate is the ceiling of any request on this machine. The machine's yardstick follows. It
asserts nothing.
"""
import argparse
import http.client
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from bench import yardstick
from testbed.daphne import Daphne


class Client:
    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def post(self, path: str, body: dict, token: str | None = None):
        """POSTs `body` as the client's user, or as the user of `token` when one is given, with
        an Idempotency-Key of its own, as every client of the club should (docs/api.md)."""
        headers = dict(self.headers, **{"Idempotency-Key": uuid.uuid4().hex})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request("POST", path, json.dumps(body), headers)
        answer = self.conn.getresponse()
        return answer.status, json.loads(answer.read())

    def get(self, path: str) -> int:
        self.conn.request("GET", path, headers=self.headers)
        answer = self.conn.getresponse()
        answer.read()
        return answer.status


def hand_for(snapshot: dict, i: int) -> dict:
    """Mostly points, a vole now and then: about eight hands to a game."""
    elder_tricks = (3, 2, 3, 2, 4, 1, 3, 2, 5, 2)[i % 10]
    return {"summary": {"opening": "exchanged", "king_turned": False,
                        "tricks": {"elder": elder_tricks, "dealer": 5 - elder_tricks}}}


def play(client: Client, tables: list, hands: int, latencies: list) -> int:
    """Posts hands at the first table of `tables`, going on to the next when a pool is won;
    returns the hands recorded."""
    for done in range(hands):
        table = tables[0]
        start = time.perf_counter()
        status, body = client.post(f"/api/tables/{table['id']}/hands",
                                   {"record": hand_for(table, done)})
        latencies.append(time.perf_counter() - start)
        if status != 201:
            raise SystemExit(f"unexpected answer {status}: {body}")
        tables[0] = body["table"]
        if tables[0]["status"] != "playing":
            tables.pop(0)
    return hands


def recording(tables: list, latencies: list):
    """The step for `together` that has client c post ten hands on its pools, tables[c] (none
    when they are all played but one)."""
    def record(own, c):
        return play(own, tables[c], 10, latencies) if len(tables[c]) > 1 else 0

    return record


def open_pools(client: Client, players: list, count: int) -> list:
    tables = []
    for _ in range(count):
        _, table = client.post("/api/tables", {
            "name": "bench", "format": "pool", "players": players,
            "rules": {"pool_entry": "1.00", "pool_forfeit": "0.50"}})
        tables.append(table)
    return tables


def together(clients: int, seconds: float, step, port: int, token: str) -> tuple[float, float]:
    """Runs `step(client, c)` (which returns how many it did, 0 when it has nothing left) in
    `clients` threads for `seconds`; returns the rate per second and the time taken, or raises
    what a thread raised."""
    stop = time.perf_counter() + seconds

    def worker(c):
        own = Client(port, token)
        count = 0
        while time.perf_counter() < stop:
            done = step(own, c)
            if not done:
                break
            count += done
        return count

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        counts = list(pool.map(worker, range(clients)))
    elapsed = time.perf_counter() - start
    return sum(counts) / elapsed, elapsed


def median_p95(latencies: list) -> tuple[float, float]:
    """The median and the 95th percentile of `latencies` (seconds), in milliseconds."""
    ms = sorted(x * 1000 for x in latencies)
    return statistics.median(ms), ms[int(len(ms) * 0.95)]


def create_database(url: str) -> None:
    """Creates the PostgreSQL database of `url` when it does not exist yet (a benchmark's own
    scratch database, such as bench_api); SQLite creates its file itself."""
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import dj_database_url
    import psycopg
    from psycopg import sql

    db = dj_database_url.parse(url)
    with psycopg.connect(dbname="postgres", user=db["USER"], password=db["PASSWORD"],
                         host=db["HOST"], port=db["PORT"] or 5432, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            [db["NAME"]]).fetchone():
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(db["NAME"])))


def prepare() -> tuple[dict, str]:
    """Migrates DATABASE_URL (a scratch SQLite file when unset) and makes a staff token:
    returns the environment to serve it with (production settings, plain HTTP on loopback)
    and the token."""
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    # Production settings, but plain HTTP on loopback (no TLS redirect behind no proxy).
    env.update(DEBUG="0", ALLOWED_HOSTS="127.0.0.1", SECURE_SSL_REDIRECT="0",
               SECRET_KEY=env.get("SECRET_KEY") or secrets.token_urlsafe(50))
    create_database(env["DATABASE_URL"])
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], env=env, check=True)
    token = subprocess.run([python, "manage.py", "api_token", f"bench-{os.getpid()}",
                            "--create-user", "--staff"], env=env, check=True,
                           capture_output=True, text=True).stdout.strip()
    return env, token


@contextmanager
def daphne(env: dict, application: str = "server.asgi:application"):
    """One daphne worker serving `application` on a free loopback port: yields the port."""
    with tempfile.TemporaryDirectory() as home, \
            Daphne(env, Path(home) / "daphne.log", application) as server:
        yield server.port


def new_players(client: Client, count: int) -> list:
    """The ids of `count` new players."""
    ids = []
    for n in range(count):
        _, player = client.post("/api/players", {"name": f"p{os.getpid()}-{n}"})
        ids.append(player["id"])
    return ids


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands posted one at a time")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    env, token = prepare()
    with daphne(env) as port:
        client = Client(port, token)
        ids = new_players(client, 3 * args.clients)
        # Pools are opened beforehand: what is timed is recording hands.
        pools_each = 1 + int(args.seconds * 150 / args.clients / 12)
        tables = [open_pools(client, ids[3 * c:3 * c + 3], pools_each)
                  for c in range(args.clients)]
        latencies = []
        pools = open_pools(client, ids[:3], args.hands // 8 + 2)
        snapshot_path = f"/api/tables/{pools[0]['id']}"
        play(client, pools, args.hands, latencies)
        median, p95 = median_p95(latencies)
        print(f"one client : median {median:.1f} ms, p95 {p95:.1f} ms per hand "
              f"({len(latencies)} hands, {env['DATABASE_URL'].split(':')[0]})")
        rate, elapsed = together(args.clients, args.seconds, recording(tables, []), port, token)
        print(f"{args.clients} clients  : {rate:.0f} hands/s sustained over {elapsed:.1f} s on "
              "one daphne worker")

        def read(own, c):
            if own.get(snapshot_path) != 200:
                raise SystemExit("the snapshot read failed")
            return 1

        rate, _ = together(args.clients, min(args.seconds, 5.0), read, port, token)
        print(f"reads      : {rate:.0f} snapshot reads/s on the same worker (GET of one table)")
    yardstick.show()


if __name__ == "__main__":
    main()
