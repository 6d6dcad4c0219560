"""deploy/nginx.conf, checked by nginx itself, then in front of two workers of serve-prod.

nginx comes from Debian (`apt-get install nginx`); without it these tests skip."""
import json
import re
import signal
import subprocess
import urllib.parse
import urllib.request
from http.cookies import SimpleCookie

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


class Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


OPENER = urllib.request.build_opener(Keep, urllib.request.HTTPSHandler(context=INSECURE))


def answer_to(request: urllib.request.Request):
    """The answer, whatever its status, redirects not followed."""
    try:
        return OPENER.open(request, timeout=LIMIT)
    except urllib.error.HTTPError as refused:
        return refused


def fetch(url: str, **headers) -> tuple[int, dict, bytes]:
    """The status, headers and body, redirects not followed."""
    with answer_to(urllib.request.Request(url, headers=headers)) as answer:
        return answer.status, dict(answer.headers), answer.read()


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


GOOD = "a long enough password"


class Visitor:
    """A browser at the club's https address, which nginx serves on the standard port on a
    real server (so the pages' origin is https://127.0.0.1): it keeps its cookies."""

    def __init__(self, base: str, **cookies):
        self.base, self.cookies = base, cookies

    def open(self, path: str, form: dict | None = None, headers: dict | None = None):
        """The status and the page of the answer to GET `path`, or to `form` POSTed there."""
        request = urllib.request.Request(
            f"{self.base}{path}", data=None if form is None else urllib.parse.urlencode(
                form).encode(), headers={"Cookie": "; ".join(
                    f"{name}={value}" for name, value in self.cookies.items())} | (headers or {}))
        with answer_to(request) as answer:
            for line in answer.headers.get_all("Set-Cookie") or []:
                self.cookies |= {name: kept.value for name, kept in SimpleCookie(line).items()}
            return answer.status, answer.read().decode()

    def log_in(self, username: str, password: str, token: bool = True,
               origin: str = "https://127.0.0.1", **headers) -> int:
        """The status of the login form's answer, sent from `origin` with `headers`, with the
        form's CSRF token or without."""
        form = {"username": username, "password": password}
        if token:
            page = self.open("/login/")[1]
            form["csrfmiddlewaretoken"] = re.search(
                r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        return self.open("/login/", form, {"Origin": origin} | headers)[0]


@needs_redis
@pytest.mark.parametrize("https", [{}, {"HTTPS": "0"}], ids=["https", "HTTPS=0"])
def test_behind_nginx_a_forged_forwarded_address_escapes_no_lock_and_the_login_holds(
        tmp_path, https):
    first = consecutive_free_ports(4)  # two workers, then nginx's http and https
    env = server_environment(tmp_path, first, workers=2, ALLOWED_HOSTS="127.0.0.1", **https)
    server = serve_prod(tmp_path, env)
    proxy = subprocess.Popen(nginx(render(tmp_path, first + 2, first + 3, first),
                                   "-g", "daemon off;"), stderr=subprocess.PIPE)
    try:
        wait_for(lambda: listening(first + 3) and answering(first) and answering(first + 1),
                 server)
        manage(env, "shell", "-c", "from django.contrib.auth.models import User; "
               f"[User.objects.create_user(name, password={GOOD!r}) for name in ('dora', 'eve')]")
        base = f"https://127.0.0.1:{first + 3}"
        guesser = Visitor(base)
        # A new address written in X-Forwarded-For for each guess, then for the right password.
        guesses = [guesser.log_in("dora", "wrong", **{"X-Forwarded-For": f"198.51.100.{n}"})
                   for n in range(5)]
        right = guesser.log_in("dora", GOOD, **{"X-Forwarded-For": "198.51.100.99"})
        # Eve, whose browser an attacker gave a session key of his choosing: her login is in a
        # new session, and the planted key opens nothing. Her form without its token, or sent
        # from another site's page, is refused.
        planted = "fixedbytheattacker0123456789abcd"
        eve = Visitor(base, sessionid=planted)
        from_elsewhere = eve.log_in("eve", GOOD, origin="https://evil.example")
        without_token = eve.log_in("eve", GOOD, token=False)  # with the CSRF cookie, now
        logged_in = eve.log_in("eve", GOOD)
        account = eve.open("/account/")
        with_planted_key = Visitor(base, sessionid=planted).open("/account/")[0]
    finally:
        proxy.send_signal(signal.SIGQUIT)
        proxy.wait(timeout=LIMIT)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=LIMIT)

    assert guesses == [200] * 4 + [429], (tmp_path / "serve.log").read_text()[-3000:]
    assert right == 429
    assert (without_token, from_elsewhere) == (403, 403)
    assert logged_in == 302 and eve.cookies["sessionid"] != planted
    assert account[0] == 200 and "eve" in account[1]
    assert with_planted_key == 302  # to the login page
