"""`make serve-prod` (deploy/serve.py): the workers of a server, started and stopped whole."""
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.server.kit import (
    LIMIT,
    ROOT,
    SERVE,
    answering,
    consecutive_free_ports,
    environment,
    get,
    listening,
    needs_redis,
    serve_prod,
    server_environment,
    wait_for,
)


def catching_up(tmp_path: Path) -> bool:
    """Whether serve-prod's ratings' catching-up has said it started."""
    return "games.ratings: catching up whenever" in (tmp_path / "serve.log").read_text()


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
