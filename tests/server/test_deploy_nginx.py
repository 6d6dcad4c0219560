"""deploy/nginx.conf, checked by nginx itself, then in front of two workers of serve-prod.

nginx comes from Debian (`apt-get install nginx`); without it these tests skip."""
import json
import signal
import subprocess
import urllib.request

import pytest
from websockets.sync.client import connect

from testbed.daphne import manage
from tests.server.kit import (
    INSECURE,
    LIMIT,
    NGINX,
    answering,
    consecutive_free_ports,
    listening,
    needs_redis,
    nginx,
    render,
    serve_prod,
    server_environment,
    wait_for,
)

pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")


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
