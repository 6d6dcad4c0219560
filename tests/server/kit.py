"""The server tests' kit: a request through the ASGI application (`serve`), `make
serve-prod` started on free ports with its settings, waited for and asked over HTTP, and
deploy/nginx.conf rendered for a test's own nginx in front of it."""
import getpass
import json
import os
import random
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator

from server.asgi import application


async def exchange(method, url, body=None, headers=()):
    """The status, headers (a dict) and body of the application's answer."""
    raw = json.dumps(body).encode() if body is not None else b""
    headers = [(b"host", b"127.0.0.1"), *headers]
    if body is not None:
        headers.append((b"content-type", b"application/json"))
    communicator = HttpCommunicator(application, method, url, raw, headers)
    await communicator.send_input({"type": "http.request", "body": raw})
    start = await communicator.receive_output(timeout=10)
    answer = b""
    while True:  # the last message of a streamed answer may carry no "body" (ASGI allows it)
        chunk = await communicator.receive_output(timeout=10)
        answer += chunk.get("body", b"")
        if not chunk.get("more_body"):
            break
    await communicator.wait(timeout=10)
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, answer


serve = async_to_sync(exchange)


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


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=10).close()
    except ConnectionRefusedError:
        return False
    return True


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


def serve_prod(tmp_path: Path, env: dict) -> subprocess.Popen:
    """serve-prod started with `env`, logging to serve.log."""
    with open(tmp_path / "serve.log", "wb") as log:
        return subprocess.Popen(SERVE, cwd=ROOT, env=env, stdout=log, stderr=log)


def free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def get(port: int, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
SITE = ROOT / "deploy" / "nginx.conf"
INSECURE = ssl._create_unverified_context()  # the test's own certificate


def render(home: Path, http: int, https: int, first_worker: int) -> Path:
    """The site as this server would have it, in `home`, inside a main configuration of its
    own: its ports, its certificate, its STATIC_ROOT (home/static), logs and temp files."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=club.example", "-keyout", home / "privkey.pem",
                    "-out", home / "fullchain.pem"], check=True, capture_output=True)
    site = SITE.read_text()
    for ours, theirs in {"listen 80;": f"listen {http};", "listen 443 ssl;": f"listen {https} ssl;",
                         "listen [::]:80;": "", "listen [::]:443 ssl;": "",
                         "/etc/ssl/club/": f"{home}/",
                         "/srv/ecarte-club/staticfiles/": f"{home}/static/",
                         "127.0.0.1:8000": f"127.0.0.1:{first_worker}",
                         "127.0.0.1:8001": f"127.0.0.1:{first_worker + 1}"}.items():
        assert ours in site, f"deploy/nginx.conf no longer has {ours!r}"
        site = site.replace(ours, theirs)
    (home / "site.conf").write_text(site)
    main = home / "nginx.conf"
    main.write_text(f"""
        user {getpass.getuser()};  # this test's files are this user's alone
        pid {home}/nginx.pid;
        error_log {home}/error.log;
        events {{}}
        http {{
            access_log {home}/access.log;
            client_body_temp_path {home}/body;
            proxy_temp_path {home}/proxy;
            include /etc/nginx/mime.types;
            include {home}/site.conf;
        }}""")
    return main


def nginx(main: Path, *args) -> list:
    return [NGINX, "-p", str(main.parent), "-c", str(main), *args]
