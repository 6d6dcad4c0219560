"""`make serve-prod` (deploy/serve.py): the workers of a server, started and stopped whole."""
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, "deploy/serve.py"]
LIMIT = 120  # seconds: the migrations of a fresh database, on a loaded machine
SERVER_SETTINGS = ("DATABASE_URL", "REDIS_URL", "SECRET_KEY", "ALLOWED_HOSTS", "PORT", "WORKERS",
                   "ADDRESS", "DEBUG", "HTTPS", "ECARTE_HOME", "STATIC_ROOT")
needs_redis = pytest.mark.skipif(not os.environ.get("REDIS_URL"),
                                 reason="a server's workers share Redis (REDIS_URL)")


def environment(**settings) -> dict:
    """This environment without a server's settings, plus `settings`."""
    return {k: v for k, v in os.environ.items() if k not in SERVER_SETTINGS} | settings


def consecutive_free_ports(count: int) -> int:
    """The first of `count` consecutive ports that nothing listens on, below the range the
    system takes the client side of connections from: the test's own requests to a worker
    that is starting would otherwise hold the next worker's port for a moment."""
    ephemeral = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    for _ in range(100):
        first = random.randrange(10000, ephemeral - count)
        if all(free(first + i) for i in range(count)):
            return first
    raise RuntimeError("no consecutive free ports")


def free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=10).close()
    except ConnectionRefusedError:
        return False
    return True


def get(port: int, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


def answering(port: int) -> bool:
    try:
        return get(port, "/health")[0] == 200
    except OSError:
        return False


def wait_for(condition, process) -> None:
    deadline = time.monotonic() + LIMIT
    while not condition():
        assert process.poll() is None, "serve-prod ended"
        assert time.monotonic() < deadline, "not within the limit"
        time.sleep(0.2)


def server_environment(tmp_path: Path, first: int, workers: int, **settings) -> dict:
    """A server's settings on a SQLite file in `tmp_path` and the suite's Redis."""
    return environment(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", REDIS_URL=os.environ["REDIS_URL"],
        SECRET_KEY="a-key-for-this-test-only", PORT=str(first), WORKERS=str(workers),
        STATIC_ROOT=str(tmp_path / "static"), ECARTE_HOME=str(tmp_path / "home"), **settings)


def catching_up(tmp_path: Path) -> bool:
    """Whether serve-prod's ratings' catching-up has said it started."""
    return "games.ratings: catching up whenever" in (tmp_path / "serve.log").read_text()


def serve_prod(tmp_path: Path, env: dict) -> subprocess.Popen:
    """serve-prod started with `env`, logging to serve.log."""
    with open(tmp_path / "serve.log", "wb") as log:
        return subprocess.Popen(SERVE, cwd=ROOT, env=env, stdout=log, stderr=log)


@pytest.mark.parametrize("given, missing", [
    ({}, ["DATABASE_URL", "REDIS_URL", "SECRET_KEY"]),
    ({"DATABASE_URL": "sqlite:///x", "SECRET_KEY": "k"}, ["REDIS_URL"]),
])
def test_serve_prod_names_each_setting_it_misses_and_fails(given, missing):
    done = subprocess.run(SERVE, cwd=ROOT, env=environment(**given), capture_output=True,
                          text=True, timeout=LIMIT)

    assert done.returncode != 0
    named = [line.split()[0] for line in done.stderr.splitlines()[1:]]
    assert named == missing, done.stderr


@needs_redis
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_serve_prod_migrates_then_serves_on_each_worker_and_stops_them_all(tmp_path, stop):
    first = consecutive_free_ports(2)
    server = serve_prod(tmp_path, server_environment(tmp_path, first, workers=2))
    try:
        wait_for(lambda: answering(first) and answering(first + 1) and catching_up(tmp_path),
                 server)
        pages = [get(port, "/standings")[0] for port in (first, first + 1)]
        collected = (tmp_path / "static" / "club" / "club.css").exists()
        server.send_signal(stop)
        returncode = server.wait(timeout=LIMIT)
    finally:
        if server.poll() is None:
            server.kill()

    log = (tmp_path / "serve.log").read_text()
    assert pages == [200, 200], log[-3000:]
    assert collected
    assert returncode == 0
    assert not listening(first) and not listening(first + 1)  # no worker outlives it
    # Beside the workers, the ratings' catching-up, stopped with them.
    assert "games.ratings: stopped catching up" in log, log[-3000:]


@needs_redis
def test_no_worker_outlives_serve_prod_killed(tmp_path):
    first = consecutive_free_ports(1)
    server = serve_prod(tmp_path, server_environment(tmp_path, first, workers=1))
    try:
        wait_for(lambda: answering(first) and catching_up(tmp_path), server)
    finally:
        server.kill()
        server.wait()

    def ended() -> bool:  # nor does the ratings' catching-up
        return not listening(first) and "stopped catching up" in log.read_text()

    log, deadline = tmp_path / "serve.log", time.monotonic() + LIMIT
    while not ended() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not listening(first)
    assert "games.ratings: stopped catching up" in log.read_text()


def test_the_laptop_serves_the_pages_static_files_without_debug(daphne):
    """testbed/daphne.py's server runs as `make run` does, DEBUG off: WhiteNoise serves."""
    for name in ("club/club.css", "admin/css/base.css"):
        status, body = get(daphne.port, f"/static/{name}")
        assert (status, len(body) > 0) == (200, True), name


def test_the_laptop_shows_no_debug_page(daphne):
    status, body = get(daphne.port, "/no-such-page/")

    assert status == 404
    assert b"URLconf" not in body  # DEBUG's page lists the URL patterns
