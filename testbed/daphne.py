"""A real daphne process serving the club, for the tests and the benchmarks that need one:
tests/games/test_live_daphne.py, tests/browser/test_live_pages.py, tests/production/ (several
workers), bench/api.py and the benchmarks built on it, bench/fanout.py and bench/page.py.

Being another process, the server cannot see a test's database: `on_sqlite` gives it its own
SQLite file, migrated first, and a staff member's API token; everything else is made through
its API. The migrations run once per process, into a template file that each server's file is a
copy of, with the same token. It can be stopped and started again on the same port with the
same file, as a club's server restarts. Starting waits for daphne to say it listens, within a
generous limit.

`on_postgres` serves a PostgreSQL database of its own instead, with a Redis channel layer: as
production runs, where several workers (`worker`) share the database and the layer."""
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
LIMIT = 60  # seconds: only a broken server takes that long
TEMPLATE: dict = {}  # this process's migrated SQLite file ("path") and its staff token ("token")


def database_name(suffix: str) -> str:
    """The name of a PostgreSQL database of this test process's own, on DATABASE_URL's server:
    DATABASE_URL's name, `suffix`, and the pytest-xdist worker's id when there is one
    ("test_workers_gw1"), so that two processes of a run never share one."""
    name = urllib.parse.urlsplit(os.environ["DATABASE_URL"]).path.lstrip("/")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return "_".join(filter(None, (name, suffix, worker)))


def manage(env: dict, *args) -> str:
    """Runs `manage.py ARGS` with `env`; its output."""
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=300).stdout.strip()


def template(env: dict) -> Path:
    """This process's migrated SQLite file with a staff token, made on the first call with
    `env` (its DATABASE_URL aside) and removed when the process ends."""
    if not TEMPLATE:
        home = Path(tempfile.mkdtemp(prefix="daphne-template-"))
        atexit.register(shutil.rmtree, home, ignore_errors=True)
        env = env | {"DATABASE_URL": f"sqlite:///{home / 'db.sqlite3'}"}
        manage(env, "migrate", "--noinput", "-v", "0")
        token = manage(env, "api_token", "secretary", "--create-user", "--staff")
        TEMPLATE.update(path=home / "db.sqlite3", token=token)
    return TEMPLATE["path"]


class Daphne:
    """One daphne process serving `application` with `env`, logging to `log_path`. The first
    start takes a free port; each later one takes that port again."""

    def __init__(self, env: dict, log_path: Path, application: str = "server.asgi:application"):
        self.env, self.log_path, self.application = env, Path(log_path), application
        self.port = 0
        self.token = None
        self.process = None

    @classmethod
    def on_sqlite(cls, home: Path, **settings) -> "Daphne":
        """A server on its own SQLite file in `home`, migrated, with a staff token (`.token`).
        The environment is this one's without DATABASE_URL, plus `settings`; REDIS_URL is kept
        when set."""
        env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
        env |= {"DATABASE_URL": f"sqlite:///{home / 'db.sqlite3'}",
                "DJANGO_SETTINGS_MODULE": "server.settings"} | settings
        server = cls(env, home / "daphne.log")
        if "DATABASE_URL" in settings:  # another database: migrated where it is
            manage(env, "migrate", "--noinput", "-v", "0")
            server.token = manage(env, "api_token", "secretary", "--create-user", "--staff")
        else:
            shutil.copyfile(template(env), home / "db.sqlite3")
            server.token = TEMPLATE["token"]
        return server

    @classmethod
    def on_postgres(cls, name: str, home: Path, redis_url: str, **settings) -> "Daphne":
        """A server on the PostgreSQL database `name` (on DATABASE_URL's server, created if
        missing), migrated, with a staff token (`.token`), and the channel layer at
        `redis_url`: `on_sqlite`'s server, with that database in place of the file."""
        url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
        with psycopg.connect(url._replace(path="/postgres").geturl(), autocommit=True) as db:
            if not db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
                db.execute(f'CREATE DATABASE "{name}"')
        return cls.on_sqlite(home, DATABASE_URL=url._replace(path=f"/{name}").geturl(),
                             REDIS_URL=redis_url, **settings)

    def worker(self, log_path: Path) -> "Daphne":
        """Another server with this one's environment and token: a second worker sharing its
        database and channel layer."""
        other = type(self)(self.env, log_path, self.application)
        other.token = self.token
        return other

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def api(self, path: str, body: dict | None = None, key: str | None = None,
            token: str | None = None) -> dict:
        """GETs /api`path`, or POSTs `body` there (with the Idempotency-Key `key`, if given),
        as the staff member (or the holder of `token`); the answer's JSON."""
        headers = {"Authorization": f"Bearer {token or self.token}",
                   "Content-Type": "application/json"}
        request = urllib.request.Request(
            f"http://{self.address}/api{path}", method="GET" if body is None else "POST",
            data=None if body is None else json.dumps(body).encode(),
            headers=headers | ({"Idempotency-Key": key} if key else {}))
        with urllib.request.urlopen(request, timeout=LIMIT) as answer:
            return json.loads(answer.read())

    def player(self, name: str, **fields) -> int:
        """The id of the player named `name`, made (with `fields`, e.g. user=...) unless the
        server has him already: a module's server outlives a test that fails once and is run
        again (tests/browser/conftest.py), and names are unique."""
        found = self.api(f"/players?q={urllib.parse.quote(name)}")["players"]
        return next((row["id"] for row in found if row["name"] == name), None) or self.api(
            "/players", {"name": name} | fields)["id"]

    def nothing_in_play(self) -> None:
        """Abandons every table in play on the server: a test run again after a failure, which
        counts the tables shown or what their players paid in, meets none of its first try's."""
        for table in self.api("/tables?status=playing&limit=200")["tables"]:
            self.api(f"/tables/{table['id']}/abandon", {})

    def start(self) -> "Daphne":
        """Starts the process and returns once it listens."""
        seen = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [BIN / "daphne", "-b", "127.0.0.1", "-p", str(self.port), self.application],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.port = self._listening_port(seen)
        return self

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def kill(self) -> None:
        """Ends the process at once (SIGKILL), as a worker that crashes."""
        self.process.kill()
        self.process.wait()
        self.process = None

    def __enter__(self) -> "Daphne":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _listening_port(self, seen: int) -> int:
        """The port daphne says it listens on, in what it logged after `seen` bytes."""
        pattern = re.compile(rb"Listening on TCP address 127\.0\.0\.1:(\d+)")
        for _ in range(LIMIT * 20):
            with open(self.log_path, "rb") as log:
                log.seek(seen)
                found = pattern.search(log.read())
            if found:
                return int(found.group(1))
            if self.process.poll() is not None:
                break
            try:
                self.process.wait(timeout=0.05)
            except subprocess.TimeoutExpired:
                pass
        self.stop()
        raise RuntimeError(f"daphne did not start:\n{self.log_path.read_text()[-3000:]}")
