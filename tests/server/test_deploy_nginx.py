"""deploy/nginx.conf, checked by nginx itself, then in front of two workers of serve-prod.

nginx comes from Debian (`apt-get install nginx`); without it these tests skip."""
import getpass
import json
import shutil
import signal
import ssl
import subprocess
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from testbed.daphne import manage
from tests.server.kit import (
    LIMIT,
    ROOT,
    answering,
    consecutive_free_ports,
    listening,
    needs_redis,
    serve_prod,
    server_environment,
    wait_for,
)

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")
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


def test_nginx_accepts_the_site(tmp_path):
    http = consecutive_free_ports(2)
    https = http + 1

    checked = subprocess.run(nginx(render(tmp_path, http, https, 8000), "-t"),
                             capture_output=True, text=True, timeout=LIMIT)

    assert checked.returncode == 0, checked.stderr


def fetch(url: str, **headers) -> tuple[int, dict, bytes]:
    """The status, headers and body, redirects not followed."""
    class Keep(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None

    opener = urllib.request.build_opener(Keep, urllib.request.HTTPSHandler(context=INSECURE))
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=LIMIT) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read()


def api(base: str, token: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        f"{base}/api{path}", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=LIMIT, context=INSECURE) as answer:
        return json.loads(answer.read())


@needs_redis
def test_nginx_in_front_of_two_workers_serves_the_pages_the_static_files_and_the_live_feed(
        tmp_path):
    first = consecutive_free_ports(4)  # two workers, then nginx's http and https
    http, https = first + 2, first + 3
    env = server_environment(tmp_path, first, workers=2, ALLOWED_HOSTS="127.0.0.1")
    server = serve_prod(tmp_path, env)
    main = render(tmp_path, http, https, first)
    proxy = subprocess.Popen(nginx(main, "-g", "daemon off;"), stderr=subprocess.PIPE)
    try:
        wait_for(lambda: listening(https) and answering(first) and answering(first + 1), server)
        base = f"https://127.0.0.1:{https}"
        pages = {fetch(f"{base}/standings")[0] for _ in range(4)}
        css = fetch(f"{base}/static/club/club.css")
        redirect = fetch(f"http://127.0.0.1:{http}/standings")
        health = fetch(f"http://127.0.0.1:{http}/health")
        token = manage(env, "api_token", "secretary", "--create-user", "--staff")
        ids = [api(base, token, "/players", {"name": n})["id"] for n in ("Ann", "Bob", "Cy")]
        table = api(base, token, "/tables", {"name": "T", "format": "pool", "players": ids,
                                              "first_dealer": ids[1]})
        with connect(f"wss://127.0.0.1:{https}/ws/tables/{table['id']}/", ssl=INSECURE,
                     origin=f"https://127.0.0.1:{https}", open_timeout=LIMIT) as feed:
            snapshot = json.loads(feed.recv(timeout=LIMIT))
            api(base, token, f"/tables/{table['id']}/hands", {"record": {"summary": {
                "opening": "exchanged", "king_turned": False,
                "tricks": {"elder": 3, "dealer": 2}}}})
            change = json.loads(feed.recv(timeout=LIMIT))
    finally:
        proxy.send_signal(signal.SIGQUIT)
        proxy.wait(timeout=LIMIT)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=LIMIT)

    assert pages == {200}, (tmp_path / "serve.log").read_text()[-3000:]
    assert (css[0], css[1].get("Cache-Control")) == (200, "max-age=3600")  # nginx's, from disk
    assert (redirect[0], redirect[1]["Location"]) == (301, "https://127.0.0.1/standings")
    assert (health[0], json.loads(health[2])["status"]) == (200, "ok")
    assert snapshot["type"] == "snapshot" and (change["type"], change["seq"]) == (
        "hand", snapshot["seq"] + 1)
