"""A private table's live feed as a club meets it: daphne serving server.asgi in its own process,
a browser signed in through the login page, a real WebSocket client (the `websockets` library).
Logging out closes the member's socket (4401) on the worker that holds it, wherever the logout
was served: the same worker, or, with PostgreSQL and Redis, another one sharing the layer. An
anonymous client asking for the private table is closed as for no table (4404).

Each server is another process, on its own database: what it holds is made through its API and
its manage.py. Nothing waits on a clock: each step waits for the server's answer, within
generous limits that only a broken server reaches."""
import http.cookiejar
import json
import urllib.parse
import urllib.request

import psycopg
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from testbed.daphne import LIMIT, Daphne, database_name, manage
from tests.production.kit import DATABASE_URL, REDIS_URL, production

PASSWORD = "an old secret of the club"


class Browser:
    """A browser's cookies and forms against one server: it signs in and out through the
    club's pages, and its sockets carry its session."""

    def __init__(self, server: Daphne):
        self.server, self.cookies = server, http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.cookies if c.name == name)

    def post(self, path: str, fields: dict, server: Daphne | None = None) -> None:
        """Posts a page's form to this browser's server (or to `server`, another worker
        sharing its database) and follows the redirect."""
        body = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(f"http://{(server or self.server).address}{path}",
                                         data=body,
                                         headers={"X-CSRFToken": self.cookie("csrftoken")})
        with self.opener.open(request, timeout=LIMIT) as answer:
            assert answer.status == 200, answer.status

    def sign_in(self, username: str) -> "Browser":
        with self.opener.open(f"http://{self.server.address}/login/", timeout=LIMIT) as page:
            assert 'name="csrfmiddlewaretoken"' in page.read().decode()
        self.post("/login/", {"username": username, "password": PASSWORD})
        assert self.cookie("sessionid")
        return self

    def follow(self, table_id: int):
        return connect(f"ws://{self.server.address}/ws/tables/{table_id}/",
                       origin=f"http://{self.server.address}", open_timeout=LIMIT,
                       additional_headers={"Cookie": f"sessionid={self.cookie('sessionid')}"})


def member_and_private_table(server: Daphne) -> dict:
    manage(server.env, "shell", "-v", "0", "-c",
           "from django.contrib.auth import get_user_model; "
           f"get_user_model().objects.create_user('dora', password={PASSWORD!r})")
    ids = [server.api("/players", {"name": name})["id"] for name in ("Athos", "Porthos",
                                                                      "Aramis")]
    return server.api("/tables", {"name": "T", "format": "pool", "players": ids,
                                  "first_dealer": ids[1], "private": True})


def closed_after_logout(browser: Browser, table: dict, logout_through: Daphne) -> int:
    """The close code of the member's socket on the table, once he logged out (daphne sends
    no reason)."""
    with browser.follow(table["id"]) as feed:
        first = json.loads(feed.recv(timeout=LIMIT))
        assert (first["type"], first["seq"]) == ("snapshot", table["seq"])
        browser.post("/logout/", {}, logout_through)
        with pytest.raises(ConnectionClosed) as ended:
            feed.recv(timeout=LIMIT)
    return ended.value.rcvd.code


def anonymous_close(server: Daphne, table_id: int) -> tuple[int, str]:
    with connect(f"ws://{server.address}/ws/tables/{table_id}/",
                 origin=f"http://{server.address}", open_timeout=LIMIT) as feed:
        with pytest.raises(ConnectionClosed) as refused:
            feed.recv(timeout=LIMIT)
    return refused.value.rcvd.code, refused.value.rcvd.reason


def test_logging_out_closes_the_members_socket_and_an_anonymous_one_learns_nothing(daphne):
    table = member_and_private_table(daphne)
    browser = Browser(daphne).sign_in("dora")

    assert closed_after_logout(browser, table, daphne) == 4401
    assert anonymous_close(daphne, table["id"]) == anonymous_close(daphne, table["id"] + 1000)
    assert anonymous_close(daphne, table["id"])[0] == 4404


def drop(name: str) -> None:
    url = urllib.parse.urlsplit(DATABASE_URL)
    with psycopg.connect(url._replace(path="/postgres").geturl(), autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def workers(tmp_path_factory):
    """Two workers sharing a PostgreSQL database of this module's own and the suite's Redis."""
    name = database_name("privacy")
    drop(name)
    home = tmp_path_factory.mktemp("workers")
    first = Daphne.on_postgres(name, home, REDIS_URL).start()
    second = first.worker(home / "second.log")
    try:
        yield first, second.start()
    finally:
        for server in (first, second):
            server.stop()
        drop(name)


@production
def test_a_logout_served_by_one_worker_closes_the_socket_held_by_the_other(workers):
    a, b = workers
    table = member_and_private_table(a)
    browser = Browser(b).sign_in("dora")

    assert closed_after_logout(browser, table, a) == 4401
