"""The club rides out its database going away, for real (PostgreSQL only): daphne in its own
process reaches PostgreSQL through a small TCP proxy that the test makes refuse connections,
cut the open ones, or cut a connection as it sends COMMIT. A hand posted meanwhile is a 503
with the API's error object and a Retry-After, a page a plain 503 page; nothing is written;
once the proxy is back, the same request with the same Idempotency-Key records the hand once,
from the same daphne, never restarted.

The server's database is one of its own, made and dropped here, so that it sees what it
commits (a test's own database is inside a transaction the server cannot see)."""
import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request

import psycopg
import pytest
from django.db import connection

from testbed.daphne import LIMIT, Daphne, manage

pytestmark = [
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                       reason="the proxy stands in front of PostgreSQL"),
    pytest.mark.django_db,
]
HAND = {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                               "tricks": {"elder": 3, "dealer": 2}}}}


class Proxy:
    """Forwards TCP connections from a free local port to `target`, until told otherwise:
    `cut()` cuts the open connections; `down()` cuts them and refuses new ones (it takes them
    and closes them at once); `cut_at_commit()` forwards, but cuts a connection instead of
    forwarding its COMMIT; `up()` forwards everything again."""

    def __init__(self, target: tuple[str, int]):
        self.target, self.mode = target, "up"
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def up(self):
        self.mode = "up"

    def cut_at_commit(self):
        self.mode = "commit"

    def down(self):
        self.mode = "down"
        self.cut()

    def cut(self):
        with self.lock:
            for sock in self.open:
                _cut(sock)
            self.open.clear()

    def close(self):
        self.down()
        self.listener.close()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:  # closed
                return
            if self.mode == "down":
                client.close()
                continue
            server = socket.create_connection(self.target)
            with self.lock:
                self.open |= {client, server}
            threading.Thread(target=self._pipe, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, False),
                             daemon=True).start()

    def _pipe(self, source, sink, from_client):
        try:
            while data := source.recv(65536):
                if from_client and self.mode == "commit" and b"COMMIT\x00" in data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            _cut(sock)


def _cut(sock):
    """Closes `sock` so that both ends know at once, even a thread blocked reading it."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # already cut
        pass
    sock.close()


@pytest.fixture(scope="module")
def server_database(django_db_blocker):
    """A database of the server's own, beside the test database, dropped at the end."""
    with django_db_blocker.unblock():
        params = connection.get_connection_params()
    name = f"{connection.settings_dict['NAME'].removeprefix('test_')}_proxy"
    admin = {"host": params.get("host") or "127.0.0.1", "port": params.get("port") or 5432,
             "user": params.get("user"), "dbname": "postgres", "autocommit": True}
    with psycopg.connect(**admin) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')
    yield name, (admin["host"], int(admin["port"])), admin["user"]
    with psycopg.connect(**admin) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def club(server_database, tmp_path_factory):
    """Daphne in production settings (DEBUG off), its database reached through the proxy."""
    name, target, user = server_database
    proxy = Proxy(target)
    env = os.environ | {
        "DATABASE_URL": f"postgres://{user}@127.0.0.1:{proxy.port}/{name}",
        "DJANGO_SETTINGS_MODULE": "server.settings", "DEBUG": "0", "SECRET_KEY": "proxy-test",
        "SECURE_SSL_REDIRECT": "0", "ALLOWED_HOSTS": "127.0.0.1"}
    manage(env, "migrate", "--noinput", "-v", "0")
    server = Daphne(env, tmp_path_factory.mktemp("proxy") / "daphne.log")
    server.token = manage(env, "api_token", "secretary", "--create-user", "--staff")
    with server:
        yield server, proxy
    proxy.close()


def _send(server, path, body=None, key=None, api=True):
    """(status, headers, body) of a GET, or of a POST of `body` with `key`, to the server."""
    headers = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    request = urllib.request.Request(
        f"http://{server.address}{'/api' if api else ''}{path}",
        method="GET" if body is None else "POST",
        data=None if body is None else json.dumps(body).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=LIMIT) as answer:
            return answer.status, answer.headers, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, refused.read().decode()


def _assert_unavailable(answer):
    status, headers, body = answer
    assert status == 503, body
    assert json.loads(body)["error"]["code"] == "unavailable"
    assert int(headers["Retry-After"]) > 0


def _hands(server, table_id) -> list[dict]:
    status, _, body = _send(server, f"/tables/{table_id}/events")
    assert status == 200, body
    return [event for event in json.loads(body)["events"] if event["kind"] == "hand"]


def _answered(server, path):
    """GETs `path` as a client that follows Retry-After would, until the answer is not 503:
    the pool makes its connections again by itself, after a pause of its own."""
    deadline = time.monotonic() + LIMIT
    while (answer := _send(server, path))[0] == 503 and time.monotonic() < deadline:
        time.sleep(int(answer[1]["Retry-After"]))
    return answer


def test_a_hand_posted_while_the_database_is_away_is_a_503_and_recorded_once_after(club):
    server, proxy = club
    ids = [json.loads(_send(server, "/players", {"name": name})[2])["id"]
           for name in ("Athos", "Porthos", "Aramis")]
    status, _, body = _send(server, "/tables", {"name": "T", "format": "pool", "players": ids})
    assert status == 201, body
    table = json.loads(body)["id"]
    hands = f"/tables/{table}/hands"

    proxy.down()
    _assert_unavailable(_send(server, hands, HAND, key="hand-1"))
    status, headers, page = _send(server, "/tables/", api=False)
    assert status == 503 and int(headers["Retry-After"]) > 0
    assert "briefly unavailable" in page and "Traceback" not in page

    proxy.cut_at_commit()
    _assert_unavailable(_send(server, hands, HAND, key="hand-1"))

    proxy.up()
    assert _answered(server, f"/tables/{table}")[0] == 200  # the same daphne, not restarted
    assert _hands(server, table) == []
    proxy.cut()  # the connections waiting in the server's pool: checked and replaced when lent
    first, again = _send(server, hands, HAND, key="hand-1"), _send(server, hands, HAND,
                                                                  key="hand-1")
    assert first[0] == again[0] == 201 and json.loads(first[2]) == json.loads(again[2])
    assert len(_hands(server, table)) == 1
    assert "Internal Server Error" not in server.log_path.read_text()  # not one 500
