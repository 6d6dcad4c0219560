"""A worker that dies is started again alone (deploy/serve.py), and nginx sends its requests to
the other meanwhile (deploy/nginx.conf).

Under a steady load through nginx (scorers reading their table, its page, and posting hands
with Idempotency-Keys), one of serve-prod's two workers is killed (SIGKILL). Only requests in
flight at that moment may fail (nginx answers them 502: it does not send a POST again once a
worker had it); their clients send them again with the same key. Every request sent after the
kill is answered, serve-prod starts a new process on the dead worker's port while the other
worker goes on, and no hand is recorded twice. The spectator whose feed was on the dead worker
connects again and gets what it missed. The load is bounded by counts of answers, never by a
clock."""
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

import pytest
from websockets.sync.client import connect

import deploy.serve as serve
from testbed.daphne import LIMIT, Daphne, manage
from tests.games.kit import at_once
from tests.production.kit import REDIS_URL, Spectator, production, until
from tests.server.kit import (
    INSECURE,
    NGINX,
    answering,
    consecutive_free_ports,
    environment,
    listening,
    nginx,
    render,
    serve_prod,
)

SCORERS = 6  # each with a connection to nginx and a table of his own at a time
BEFORE, AFTER = 60, 60  # answers before the kill, and after the worker is back
TRIES = 3  # a POST fails at most once, when the worker it reached dies
HANDS = """
import json
from games.models import Table
print(json.dumps({table.pk: list(table.hands.order_by("number").values_list("idempotency_key",
                                                                             flat=True))
                  for table in Table.objects.filter(pk__in=%r)}))
"""


def test_restarts_wait_longer_each_time_then_give_up():
    restarts = serve.Restarts()

    waits = [restarts.after(n * 10.0) for n in range(serve.RESTARTS + 1)]

    assert waits == [serve.BACKOFF * 2 ** n for n in range(serve.RESTARTS)] + [None]


def test_restarts_forget_the_ends_older_than_the_window():
    restarts = serve.Restarts()
    for n in range(serve.RESTARTS):
        restarts.after(n * 10.0)

    # Only the last two of those ends are within the window of this one.
    assert restarts.after(serve.WINDOW + 25.0) == serve.BACKOFF * 2 ** 2


def test_a_process_that_keeps_ending_is_given_up_and_the_others_stopped(monkeypatch, caplog):
    monkeypatch.setattr(serve, "BACKOFF", 0.01)
    monkeypatch.setattr(serve, "LOOK_EVERY", 0.01)
    steady = serve.Child("steady", [sys.executable, "-c", "import time; time.sleep(600)"])
    failing = serve.Child("failing", [sys.executable, "-c", "raise SystemExit(3)"])
    caplog.set_level("INFO", logger="serve-prod")
    try:
        with pytest.raises(serve.GaveUp, match=r"failing \(pid \d+\) ended \(exit status 3\)"):
            serve.supervise([steady, failing])
        running = steady.process.poll() is None
    finally:
        serve.stop([steady, failing])

    lines = [record.getMessage() for record in caplog.records]
    assert running and steady.process.poll() == -signal.SIGTERM  # stopped only at the end
    assert sum(line.startswith("steady started") for line in lines) == 1
    assert sum(line.startswith("failing started") for line in lines) == serve.RESTARTS + 1
    assert sum("exit status 3): starting it again" in line for line in lines) == serve.RESTARTS


@dataclass
class Request:
    what: str
    started: float
    ended: float
    status: int | None  # None: the connection failed

    @property
    def failed(self) -> bool:
        return self.status is None or self.status >= 500


class Load:
    """Scorers through nginx's https port, until `stop` is set: each reads his table, its page,
    and posts its next hand, with the Idempotency-Key of that hand, until it is taken (a
    failure is sent again with the same key), and opens a new table when his is finished.
    `requests` is every request; `hands` each table's keys of the hands taken."""

    def __init__(self, port: int, token: str, players: list[list[int]]):
        self.port, self.token, self.players = port, token, players
        self.stop, self.lock = threading.Event(), threading.Lock()
        self.requests: list[Request] = []
        self.hands: dict[int, list[str]] = {}

    def answered(self) -> int:
        with self.lock:
            return sum(not request.failed for request in self.requests)

    def send(self, connection, what: str, method: str, path: str, body=None, key=None):
        """(status, JSON answer or None); status None when the connection failed."""
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        if key:
            headers["Idempotency-Key"] = key
        started, status, answer = time.monotonic(), None, None
        try:
            connection.request(method, path, body=body and json.dumps(body), headers=headers)
            response = connection.getresponse()
            status, data = response.status, response.read()
            if response.getheader("Content-Type", "").startswith("application/json"):
                answer = json.loads(data)
        except (OSError, http.client.HTTPException):
            connection.close()  # the next request connects again
        with self.lock:
            self.requests.append(Request(what, started, time.monotonic(), status))
        return status, answer

    def until_taken(self, connection, what: str, path: str, body: dict, key: str):
        """POSTs until the answer is not a failure, at most TRIES times; the answer."""
        for _ in range(TRIES):
            status, answer = self.send(connection, what, "POST", path, body, key)
            if status is not None and status < 500:
                return status, answer
        raise AssertionError(f"{what}: failed {TRIES} times")

    def post_hand(self, connection, tid: int, number: int):
        """Hand `number` of table `tid`, under its key, until answered; the answer."""
        key = f"killed-{tid}-hand-{number}"
        status, answer = self.until_taken(connection, "hand", f"/api/tables/{tid}/hands",
                                          hand(number), key)
        if status == 201:
            with self.lock:
                self.hands[tid].append(key)
        return status, answer

    def open_table(self, connection, scorer: int, number: int) -> int:
        seated = self.players[scorer]
        status, table = self.until_taken(
            connection, "table", "/api/tables",
            {"name": f"Killed {scorer}.{number}", "format": "pool", "players": seated,
             "first_dealer": seated[1]}, key=f"killed-{scorer}-table-{number}")
        assert status == 201, table
        with self.lock:
            self.hands[table["id"]] = []
        return table["id"]

    def score(self, scorer: int) -> None:
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, context=INSECURE,
                                                 timeout=LIMIT)
        tables, number = 1, 1
        tid = self.open_table(connection, scorer, tables)
        while not self.stop.is_set():
            self.send(connection, "read", "GET", f"/api/tables/{tid}")
            self.send(connection, "page", "GET", f"/tables/{tid}/")
            status, answer = self.post_hand(connection, tid, number)
            if status == 201:
                number += 1
            else:  # the pool is won: another one
                assert answer["error"]["code"] == "table_closed", answer
                tables, number = tables + 1, 1
                tid = self.open_table(connection, scorer, tables)
        connection.close()


def hand(number: int) -> dict:
    elder = 3 if number % 2 else 2
    return {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                                   "tricks": {"elder": elder, "dealer": 5 - elder}}}}


class ThroughNginx(Spectator):
    """kit.Spectator, its feed over wss through nginx, as a phone's page has it."""

    def __init__(self, table_id: int, port: int):
        super().__init__(table_id)
        self.port = port

    def connect(self) -> None:
        self.connections += 1
        self.socket = self.enter_context(connect(
            f"wss://127.0.0.1:{self.port}/ws/tables/{self.table_id}/", ssl=INSECURE,
            origin=f"https://127.0.0.1:{self.port}", open_timeout=LIMIT))
        self.take(json.loads(self.socket.recv(timeout=LIMIT)))


@pytest.fixture
def stack(database, tmp_path):
    """serve-prod's two workers on the production tests' database and the suite's Redis,
    behind nginx as deploy/nginx.conf has it: (serve-prod, its first port, nginx's https
    port, a staff token, the environment)."""
    made = Daphne.on_postgres(database, tmp_path, REDIS_URL)  # migrated, a token; not started
    first = consecutive_free_ports(4)  # two workers, then nginx's http and https
    env = environment(DATABASE_URL=made.env["DATABASE_URL"], REDIS_URL=REDIS_URL,
                      SECRET_KEY="a-key-for-this-test-only", PORT=str(first), WORKERS="2",
                      STATIC_ROOT=str(tmp_path / "static"), ALLOWED_HOSTS="127.0.0.1",
                      ECARTE_HOME=str(tmp_path / "home"))
    server = serve_prod(tmp_path, env)
    proxy = subprocess.Popen(nginx(render(tmp_path, first + 2, first + 3, first), "-g",
                                   "daemon off;"), stderr=subprocess.DEVNULL)
    try:
        until(lambda: listening(first + 3) and answering(first) and answering(first + 1),
              "nginx and both workers")
        yield server, first, first + 3, made.token, env
    finally:
        proxy.send_signal(signal.SIGQUIT)
        proxy.wait(timeout=LIMIT)
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=LIMIT)


def started(log: str, port: int) -> list[int]:
    """The pids serve-prod logged starting on `port`, in order."""
    return [int(pid) for pid in re.findall(rf"worker on port {port} started \(pid (\d+)\)", log)]


@production
@pytest.mark.skipif(NGINX is None, reason="nginx is not installed")
def test_a_killed_worker_is_started_again_alone_and_only_its_requests_in_flight_fail(
        stack, tmp_path):
    server, first, https, token, env = stack
    serve_log = tmp_path / "serve.log"
    players = json.loads(manage(env, "shell", "-v", "0", "-c", f"""
import json
from club.models import Player
print(json.dumps([[Player.objects.create(name=f"Killed {{i}} {{name}}").pk
                   for name in ("Athos", "Porthos", "Aramis")] for i in range({SCORERS + 1})]))
"""))
    load = Load(https, token, players)
    feed = http.client.HTTPSConnection("127.0.0.1", https, context=INSECURE, timeout=LIMIT)
    watched = load.open_table(feed, SCORERS, 1)
    # nginx takes the workers in turn: the two spectators, alone on it, are one on each.
    with ThroughNginx(watched, https) as one, ThroughNginx(watched, https) as other:
        first_hand = load.post_hand(feed, watched, 1)[1]["table"]["seq"]
        for spectator in (one, other):
            spectator.follow_until(first_hand)

        def conduct():
            """Kills the second worker once the load runs, posts a hand while it is dead,
            waits for it to be back and the load to go on: when each happened."""
            try:
                until(lambda: load.answered() >= BEFORE, f"{BEFORE} answers")
                killed = started(serve_log.read_text(), first + 1)[-1]
                kill = time.monotonic()
                os.kill(killed, signal.SIGKILL)
                while listening(first + 1):  # its sockets close as it ends
                    time.sleep(0.001)
                dead = time.monotonic()
                missed = load.post_hand(feed, watched, 2)[1]["table"]["seq"]
                until(lambda: len(started(serve_log.read_text(), first + 1)) == 2
                      and answering(first + 1), "the worker to be back")
                back, answered = time.monotonic(), load.answered()
                until(lambda: load.answered() >= answered + AFTER, f"{AFTER} answers more")
                return killed, kill, dead, missed, back
            finally:
                load.stop.set()

        *scored, conducted = at_once(*[lambda n=n: load.score(n) for n in range(SCORERS)],
                                     conduct)
        assert scored == [None] * SCORERS and isinstance(conducted, tuple), (scored, conducted)
        killed, kill, dead, missed, back = conducted
        for spectator in (one, other):
            spectator.follow_until(missed)
    truth = load.send(feed, "read", "GET", f"/api/tables/{watched}")[1]
    feed.close()

    log = serve_log.read_text()
    failed = [request for request in load.requests if request.failed]
    meanwhile = [request for request in load.requests if dead < request.started < back]
    print(f"{len(failed)} failed of {len(load.requests)} requests:", failed)
    assert all(request.started < dead and request.ended > kill for request in failed), (
        kill, dead, failed)
    assert {request.what for request in failed} <= {"hand", "table"}  # nginx resends the GETs
    assert len(failed) <= SCORERS  # a scorer has one request in flight at a time
    assert meanwhile and not [request for request in meanwhile if request.failed]
    # A new process answers on the dead worker's port; the other worker was never restarted.
    assert started(log, first + 1)[0] == killed != started(log, first + 1)[1]
    assert len(started(log, first)) == 1 and server.poll() is None
    assert f"(pid {killed}) ended (killed by SIGKILL): starting it again in 1 s" in log
    # No hand taken twice: each table holds the hands its scorer was answered for, each once.
    tables = json.loads(manage(env, "shell", "-v", "0", "-c", HANDS % list(load.hands)))
    assert {int(tid): keys for tid, keys in tables.items()} == load.hands
    # The spectator on the dead worker connected again, and holds what it missed.
    assert sorted(spectator.connections for spectator in (one, other)) == [1, 2]
    assert one.table == other.table == truth
