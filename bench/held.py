"""Where a hand's time goes while it holds its table's lock: the row lock that makes every other
request to the same table wait (docs/architecture.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_held .venv/bin/python -m bench.held

It migrates the database it is given (default: a scratch SQLite file), opens long pools with
stakes and posts summary hands through the API in-process (Django's test client, with
Idempotency-Keys), one at a time. For each hand it follows the statements from the table's
`SELECT ... FOR UPDATE` to the COMMIT that releases it: the time until the commit returns, the
thread's own CPU time in it (Python: the engine, the ORM, JSON), and each statement's time by
kind. Medians over the hands. It asserts nothing.
"""
import argparse
import json
import os
import re
import statistics
import tempfile
import time
from collections import defaultdict

from bench import yardstick

KIND = re.compile(r'^\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|SAVEPOINT|RELEASE SAVEPOINT)'
                  r'\s*"?(\w*)"?', re.IGNORECASE)


def kind_of(sql: str) -> str:
    found = KIND.match(sql)
    if not found:
        return sql.split()[0]
    verb, table = found.groups()
    if verb.upper().endswith("SAVEPOINT"):
        return verb.upper()
    if verb.upper() == "SELECT":
        source = re.search(r'FROM "(\w+)"', sql) or re.search(r"FROM (\w+)", sql)  # raw SQL
        table = source.group(1) if source else sql[7:40]
        verb = "SELECT ... FOR UPDATE" if "FOR UPDATE" in sql else "SELECT"
    return f"{verb} {table}"


class Held:
    """Follows one connection's statements: a hand's span under the table's lock. On SQLite
    the lock is the database's, from the transaction's first statement (BEGIN IMMEDIATE)."""

    def __init__(self, connection):
        self.connection = connection
        self.spans, self.statements = [], defaultdict(list)
        self.open, self.hand = None, []

    def __call__(self, execute, sql, params, many, context):
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            spent = time.perf_counter() - start
            if self.open is None and self.locks(sql):
                self.open = (start, time.thread_time())
            if self.open is not None:
                self.hand.append((kind_of(sql), spent))

    def locks(self, sql: str) -> bool:
        if self.connection.vendor == "sqlite":
            return self.connection.in_atomic_block
        return "FOR UPDATE" in sql and '"games_table"' in sql

    def committed(self, spent: float) -> None:
        if self.open is None:
            return
        start, cpu = self.open
        wall = time.perf_counter() - start
        self.spans.append((wall, time.thread_time() - cpu, len(self.hand) + 1))
        for kind, seconds in self.hand + [("COMMIT", spent)]:
            self.statements[kind].append(seconds)
        self.open, self.hand = None, []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    yardstick.show()
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp()}/held.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    os.environ.update(ALLOWED_HOSTS="testserver", HTTPS="0")  # Django's test client, plain http
    from bench.api import create_database
    create_database(os.environ["DATABASE_URL"])

    import django
    django.setup()
    from django.core.management import call_command
    from django.db import connection, connections
    from django.test import Client

    from bench.api import hand_for
    from bench.fanout import LONG_POOL
    from club.models import ApiToken, Player
    from testbed.users import user_with_token

    call_command("migrate", verbosity=0)
    name = f"bench-held-{os.getpid()}"
    _, token = user_with_token(name, staff=True)
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")

    def post(path, body, key):
        return client.post(f"/api{path}", json.dumps(body), content_type="application/json",
                           HTTP_IDEMPOTENCY_KEY=key)

    players = [Player.objects.create(name=f"{name}-{n}").pk for n in range(3)]
    table = post("/tables", {"name": "Held", "format": "pool", "players": players,
                             "rules": dict(LONG_POOL, pool_entry="5.00")}, f"{name}-t").json()
    held = Held(connection)
    backend = type(connections["default"])
    original = backend._commit

    def timed_commit(wrapper):
        start = time.perf_counter()
        try:
            return original(wrapper)
        finally:
            held.committed(time.perf_counter() - start)

    backend._commit = timed_commit
    try:
        with connection.execute_wrapper(held):
            for i in range(args.hands):
                answer = post(f"/tables/{table['id']}/hands", {"record": hand_for(table, i)},
                              f"{name}-{i}")
                if answer.status_code != 201:
                    raise SystemExit(f"unexpected answer {answer.status_code}: "
                                     f"{answer.content[:300]}")
                table = answer.json()["table"]
                if table["status"] != "playing":
                    break
    finally:
        backend._commit = original
    walls, cpus, counts = zip(*held.spans)
    wall, cpu = statistics.median(walls) * 1000, statistics.median(cpus) * 1000
    count = statistics.median(counts)
    print(f"{connection.vendor}: {len(held.spans)} hands, one at a time, under the table's lock:"
          f" {wall:.2f} ms to the commit's return, {cpu:.2f} ms of it this thread's CPU, "
          f"{count:.0f} statements")
    for kind, times in sorted(held.statements.items(),
                              key=lambda item: -statistics.median(item[1]) * len(item[1])):
        print(f"  {kind:45} {statistics.median(times) * 1000:6.2f} ms median, "
              f"{len(times) / len(held.spans):.1f} a hand")
    ApiToken.objects.filter(user__username=name).delete()
    yardstick.show()


if __name__ == "__main__":
    main()
