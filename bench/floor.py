"""A hand through the API against the floor: the CPU a daphne worker spends on a hand, the club's
against a bare Django app's doing the same database work, in one run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_floor \\
    REDIS_URL=redis://127.0.0.1:6379/8 .venv/bin/python -m bench.floor

It prepares the database as bench/api.py does (a scratch SQLite file when DATABASE_URL is
unset) and opens one pool per client in this process (Django's test client, the workers'
settings). It copies the database twice as it stands, before the pools' first hand: in one
copy it records each pool hand after hand until it is won (the body posted, the club's answer,
and every SQL statement the POST ran, with its parameters, in or out of its transactions: the
token, the Idempotency-Key, the table's lock, the hand, the game's and unit's rows, the stakes
and the ledger when a unit ends, the event, the names); that copy is dropped. The other copy is
the floor's.

Then two daphne workers: the club (server.asgi:application) on the database, and the floor
(bench/floor_asgi.py: Django's own ASGI handler, no app, no middleware, one view) on its copy,
where the recorded pools have no hand yet. The floor parses the body, runs the hand's recorded
statements through Django's cursor in the same transactions, reading what each returns, and
answers the club's answer; each transaction is rolled back, so the next replay finds the rows
as they were. In each round every client plays `--pools` whole pools on the club (opened
beforehand), posting the same hands as recorded, and replays its recorded pool as many times on
the floor: the same hands, the same statements. The CPU each worker spent over it (user and
system, from /proc), divided by the hands, is its CPU a hand. One worker is driven at a time,
and which goes first alternates from round to round; a first round warms both up and is not
counted. It prints each round, the medians and the ratio, with the machine's yardstick before
and after. It asserts nothing.
"""
import argparse
import contextlib
import enum
import json
import logging
import os
import pickle
import shutil
import statistics
import sys
import tempfile
import time
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench import yardstick
from bench.api import Client, hand_for, new_players, open_pools, prepare
from bench.load import cpu_seconds
from testbed.daphne import Daphne

CLUB, FLOOR = "club", "floor"
FLOORS = "floors"  # the suffix of the floor's copy of the database
APPLICATIONS = {CLUB: "server.asgi:application", FLOOR: "bench.floor_asgi:application"}


def body_of(i: int) -> dict:
    """The body of a pool's hand i (from 0): the same at every pool."""
    return {"record": hand_for({}, i)}


def plain(params, many: bool):
    """A statement's parameters with each choice (an enum of the club's models) as its value,
    in a JSON value too, for the floor, which loads no model: the same text is sent."""
    if many:
        return [plain(one, False) for one in params]
    if params is None:
        return None
    return type(params)(plain_value(v) for v in params)


def plain_value(value):
    if isinstance(value, enum.Enum):
        return value.value
    if type(value).__name__ in ("Json", "Jsonb"):  # psycopg's: the JSON written as it is sent
        return type(value)(json.loads(value.dumps(value.obj)), dumps=value.dumps)
    return value


class Recorder:
    """The statements a connection runs, each (sql, params, many) with whether it ran in a
    transaction, and where each transaction ended."""

    def __init__(self, connection):
        self.connection, self.steps = connection, []

    def __call__(self, execute, sql, params, many, context):
        if sql.lstrip().upper().startswith("BEGIN"):  # SQLite's: atomic() says it again
            return execute(sql, params, many, context)
        where = "transaction" if self.connection.in_atomic_block else "autocommit"
        if not self.steps or self.steps[-1][0] != where:
            self.steps.append((where, []))
        self.steps[-1][1].append((sql, plain(params, many), many))
        return execute(sql, params, many, context)

    def ended(self) -> None:
        """A transaction ended: the next statement starts another step."""
        self.steps.append(("ended", []))

    def take(self) -> list:
        steps, self.steps = [s for s in self.steps if s[0] != "ended"], []
        return steps


def record(env: dict, clients: int) -> tuple[list, int, "Databases"]:
    """Opens one pool per client, copies the database twice as it stands, before their first
    hand, and records the pools in one copy, in this process with the workers' settings.
    Returns for each client the hands of its pool, each {"body", "answer", "steps"}; the pool's
    length; and the databases, whose copy `FLOORS` is the floor's (where those pools have no
    hand yet, and every replay is rolled back): the club's worker, on the database itself,
    makes rows of its own, whose ids the recorded statements would meet there."""
    os.environ.update(env, DJANGO_SETTINGS_MODULE="server.settings")
    import django
    django.setup()
    logging.disable(logging.INFO)  # the request log's line for each request recorded
    from django.db import connections
    from django.test import Client as TestClient

    from testbed.users import user_with_token

    _, token = user_with_token(f"bench-floor-{os.getpid()}", staff=True)
    client = TestClient(HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_HOST="127.0.0.1")

    def post(path, body):
        answer = client.post(f"/api{path}", json.dumps(body), content_type="application/json",
                             HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex)
        if answer.status_code != 201:
            raise SystemExit(f"unexpected answer {answer.status_code}: {answer.content[:300]}")
        return answer.json()

    tables = []
    for c in range(clients):
        players = [post("/players", {"name": f"floor-{os.getpid()}-{c}-{n}"})["id"]
                   for n in range(3)]
        tables.append(post("/tables", {"name": "floor", "format": "pool", "players": players,
                                       "rules": {"pool_entry": "1.00", "pool_forfeit": "0.50"}}))
    connection = connections["default"]  # this thread's, as the test client's requests'
    databases = Databases(connection)
    databases.copy(FLOORS)
    connection.settings_dict["NAME"] = databases.copy("recording")
    recorder = Recorder(connection)
    ended = type(connection)._commit, type(connection)._rollback

    def commit(wrapper):
        recorder.ended()
        return ended[0](wrapper)

    def rollback(wrapper):
        recorder.ended()
        return ended[1](wrapper)

    connection._commit, connection._rollback = (commit.__get__(connection),
                                                rollback.__get__(connection))
    recorded = []
    try:
        for table in tables:
            hands = []
            with connection.execute_wrapper(recorder):
                while table["status"] == "playing":
                    recorder.take()
                    answer = post(f"/tables/{table['id']}/hands", body_of(len(hands)))
                    hands.append({"body": body_of(len(hands)), "answer": answer,
                                  "steps": recorder.take()})
                    table = answer["table"]
            recorded.append(hands)
    finally:
        del connection._commit, connection._rollback
        databases.close()
        databases.drop("recording")
        connection.settings_dict["NAME"] = databases.name
    lengths = {len(hands) for hands in recorded}
    if len(lengths) != 1:
        raise SystemExit(f"the pools were not alike: {lengths} hands")
    return recorded, lengths.pop(), databases


class Databases:
    """Copies of `connection`'s database, named after it with a suffix; PostgreSQL copies a
    database nobody is connected to, so this process's connections are closed first."""

    def __init__(self, connection):
        self.connection, self.name = connection, connection.settings_dict["NAME"]
        self.postgres = connection.vendor == "postgresql"
        self.close()

    def close(self) -> None:
        self.connection.close()
        if self.postgres:
            self.connection.close_pool()

    def admin(self):
        """A connection to PostgreSQL's own database, in autocommit."""
        import psycopg

        params = self.connection.get_connection_params()
        for key in ("dbname", "cursor_factory", "context"):
            params.pop(key, None)
        return psycopg.connect(dbname="postgres", autocommit=True, **params)

    def copy(self, suffix: str) -> str:
        """A copy of the database as it stands: its name."""
        copy = self.named(suffix)
        if not self.postgres:
            shutil.copyfile(self.name, copy)
            return copy
        from psycopg import sql

        self.drop(suffix)
        with self.admin() as admin:
            admin.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(copy), sql.Identifier(self.name)))
        return copy

    def named(self, suffix: str) -> str:
        return f"{self.name}_{suffix}" if self.postgres else f"{self.name}.{suffix}"

    def url(self, suffix: str) -> str:
        """The DATABASE_URL of a copy."""
        if not self.postgres:
            return f"sqlite:///{self.named(suffix)}"
        url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
        return url._replace(path=f"/{self.named(suffix)}").geturl()

    def drop(self, suffix: str) -> None:
        """Drops a copy, and whoever is still connected to it."""
        if not self.postgres:
            with contextlib.suppress(FileNotFoundError):
                os.remove(self.named(suffix))
            return
        from psycopg import sql

        with self.admin() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(self.named(suffix))))


def club_round(port: int, token: str, pools: list) -> int:
    """Each client plays its pools (pools[c]) whole, hand after hand: the hands posted."""
    def play(tables):
        own, done = Client(port, token), 0
        for table in tables:
            i = 0
            while table["status"] == "playing":
                status, answer = own.post(f"/api/tables/{table['id']}/hands", body_of(i))
                if status != 201:
                    raise SystemExit(f"unexpected answer {status}: {answer}")
                table, i, done = answer["table"], i + 1, done + 1
        return done

    with ThreadPoolExecutor(len(pools)) as threads:
        return sum(threads.map(play, pools))


def floor_round(port: int, recorded: list, pools: int) -> int:
    """Each client replays its recorded pool `pools` times on the floor: the hands posted."""
    def replay(c):
        own, done = Client(port, ""), 0
        for _ in range(pools):
            for i, hand in enumerate(recorded[c]):
                status, answer = own.post(f"/hands/{c}/{i}", hand["body"])
                if status != 201 or answer != hand["answer"]:
                    raise SystemExit(f"unexpected answer from the floor {status}")
                done += 1
        return done

    with ThreadPoolExecutor(len(recorded)) as threads:
        return sum(threads.map(replay, range(len(recorded))))


def measured(pid: int, run) -> tuple[float, int, float]:
    """The worker `pid`'s CPU seconds a hand over `run()` (which returns the hands), the hands
    and the time taken."""
    before, start = cpu_seconds(pid), time.perf_counter()
    hands = run()
    elapsed = time.perf_counter() - start
    time.sleep(0.05)  # what the worker still does once the last answer is out
    return (cpu_seconds(pid) - before) / hands, hands, elapsed


@contextlib.contextmanager
def worker(env: dict, application: str):
    """One daphne worker serving `application` on a free loopback port."""
    with tempfile.TemporaryDirectory() as home, \
            Daphne(env, Path(home) / "daphne.log", application) as server:
        try:
            yield server
        except BaseException:
            print(f"{application}'s log ends:\n{server.log_path.read_text()[-3000:]}",
                  file=sys.stderr)
            raise


def spread(values: list) -> str:
    return f"{min(values):.2f} to {max(values):.2f} by round"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--pools", type=int, default=3, help="each client's, in each round")
    args = parser.parse_args()
    env, token = prepare()
    yardstick.show("before")
    recorded, length, databases = record(env, args.clients)
    try:
        run_rounds(args, env, token, recorded, length, databases.url(FLOORS))
    finally:
        databases.drop(FLOORS)
    yardstick.show("after")


def run_rounds(args, env: dict, token: str, recorded: list, length: int, floor_url: str):
    """The warm-up, then the rounds: each worker's CPU a hand in each, their medians and the
    ratio."""
    counts = [sum(len(s) for _, s in hand["steps"]) for hands in recorded for hand in hands]
    answers = [len(json.dumps(hand["answer"])) for hands in recorded for hand in hands]
    with tempfile.TemporaryDirectory() as home:
        path = os.path.join(home, "recording.pickle")
        with open(path, "wb") as out:
            pickle.dump(recorded, out)
        with worker(env, APPLICATIONS[CLUB]) as club_worker, \
                worker(dict(env, FLOOR_RECORDING=path, DATABASE_URL=floor_url),
                       APPLICATIONS[FLOOR]) as floor_worker:
            club, floor = club_worker.port, floor_worker.port
            workers = {CLUB: club_worker.process.pid, FLOOR: floor_worker.process.pid}
            opener = Client(club, token)
            ids = new_players(opener, 3 * args.clients)

            def club_hands(pools):
                tables = [open_pools(opener, ids[3 * c:3 * c + 3], pools)
                          for c in range(args.clients)]
                return lambda: club_round(club, token, tables)

            runs = {
                CLUB: lambda pools: measured(workers[CLUB], club_hands(pools)),
                FLOOR: lambda pools: measured(workers[FLOOR],
                                              lambda: floor_round(floor, recorded, pools)),
            }
            for name in runs:  # the warm-up
                runs[name](1)
            print(f"{args.clients} clients, {args.pools} pools each a round, {length} hands a "
                  f"pool, {env['DATABASE_URL'].split(':')[0]}; SQL statements a hand: median "
                  f"{statistics.median(counts):g} ({min(counts)} to {max(counts)}); the answer "
                  f"{statistics.median(answers):,.0f} bytes median")
            cpu = {name: [] for name in runs}
            for r in range(args.rounds):
                for name in list(runs) if r % 2 == 0 else list(runs)[::-1]:
                    per_hand, hands, elapsed = runs[name](args.pools)
                    cpu[name].append(per_hand * 1000)
                    print(f"round {r + 1}, {name:5}: {per_hand * 1000:5.2f} ms CPU a hand "
                          f"({hands} hands in {elapsed:.1f} s)")
                print(f"round {r + 1}, club / floor: {cpu[CLUB][-1] / cpu[FLOOR][-1]:.2f} x")
    ratios = [c / f for c, f in zip(cpu[CLUB], cpu[FLOOR])]
    for name in runs:
        print(f"{name:5}: {statistics.median(cpu[name]):5.2f} ms CPU a hand, median of "
              f"{args.rounds} rounds ({spread(cpu[name])})")
    print(f"club / floor: {statistics.median(ratios):.2f} x the CPU a hand ({spread(ratios)})")


if __name__ == "__main__":
    main()
