"""The laptop over https (`make run-https`, docs/operations.md): daphne speaks TLS itself with a
certificate from a club's own authority, which the phones trust; the settings then trust the
https origins, keep the cookies to https, and trust no proxy's headers."""
import asyncio
import datetime
import http.cookiejar
import ipaddress
import os
import re
import signal
import ssl
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import websockets
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from server import env
from testbed.daphne import manage
from tests.server.kit import LIMIT, ROOT, consecutive_free_ports, environment, wait_for
from tests.server.test_settings import no_names, settings_of

PASSWORD = "a long pass phrase for the https test"


def test_over_https_the_laptop_trusts_its_https_origins():
    served = {"ADDRESS": "192.168.1.20", "PORT": "8443", "TLS": "1"}

    assert env.trusted_origins(served, no_names) == [
        "https://192.168.1.20:8443", "https://127.0.0.1:8443", "https://localhost:8443"]
    assert env.trusted_origins(served | {"TLS": "0"}, no_names)[0] == "http://192.168.1.20:8443"


def test_the_laptop_over_https_keeps_its_cookies_to_https_and_trusts_no_proxy(tmp_path):
    names = ("CSRF_TRUSTED_ORIGINS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
             "SECURE_PROXY_SSL_HEADER", "BEHIND_PROXY", "SECURE_HSTS_SECONDS",
             "SECURE_SSL_REDIRECT")
    over_https = settings_of(tmp_path, *names, ADDRESS="192.168.1.20", PORT="8443", TLS="1")
    over_http = settings_of(tmp_path, *names, ADDRESS="192.168.1.20", PORT="8443")

    assert over_https == [["https://192.168.1.20:8443", "https://127.0.0.1:8443",
                           "https://localhost:8443"], True, True, None, False, 0, False]
    assert over_http[1:3] == [False, False]


def certificate(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A club's own authority (as mkcert makes one) and, signed by it, the laptop's certificate
    for 127.0.0.1 and localhost: the authority's file, the certificate's and its key's."""
    now = datetime.datetime.now(datetime.timezone.utc)

    def signed(subject, key, issuer, issuer_key, *extensions):
        builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(hours=1))
                   .not_valid_after(now + datetime.timedelta(days=30)))
        for extension, critical in extensions:
            builder = builder.add_extension(extension, critical=critical)
        return builder.sign(issuer_key, hashes.SHA256())

    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "The club's authority")])
    ca = signed(ca_name, ca_key, ca_name, ca_key,
                (x509.BasicConstraints(ca=True, path_length=0), True))
    laptop = signed(
        x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "the club's laptop")]), key, ca_name,
        ca_key, (x509.BasicConstraints(ca=False, path_length=None), True),
        (x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                                      x509.DNSName("localhost")]), False),
        (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False))
    paths = tmp_path / "ca.pem", tmp_path / "laptop.pem", tmp_path / "laptop-key.pem"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(laptop.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return paths


def laptop_environment(tmp_path: Path, **settings) -> dict:
    """The laptop's settings on a SQLite file and a data directory in `tmp_path`."""
    return environment(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
                       ECARTE_HOME=str(tmp_path / "home"), STATIC_ROOT=str(tmp_path / "static"),
                       ADDRESS="127.0.0.1", **settings)


def test_run_https_refuses_to_start_without_the_certificate_and_its_key(tmp_path):
    done = subprocess.run(["make", "run-https"], cwd=ROOT, env=laptop_environment(
        tmp_path, CERT=str(tmp_path / "missing.pem")), capture_output=True, text=True,
        timeout=LIMIT)

    assert done.returncode != 0
    assert "CERT and KEY must name the certificate and its key" in done.stderr
    assert not (tmp_path / "db.sqlite3").exists()  # refused before migrating


@pytest.fixture(scope="module")
def laptop_over_https(tmp_path_factory):
    """`make run-https` on a free port with the club's certificate, a member "secretary" in
    its database; yields the port and an SSL context trusting the club's authority only."""
    tmp_path = tmp_path_factory.mktemp("laptop")
    ca, cert, key = certificate(tmp_path)
    port = consecutive_free_ports(1)
    settings = laptop_environment(tmp_path, PORT=str(port), CERT=str(cert), KEY=str(key))
    manage(settings, "migrate", "--noinput", "-v", "0")
    manage(settings, "shell", "-c", "from django.contrib.auth.models import User; "
           f"User.objects.create_user('secretary', password={PASSWORD!r})")
    trusting = ssl.create_default_context(cafile=str(ca))
    with open(tmp_path / "run.log", "wb") as log:
        laptop = subprocess.Popen(["make", "run-https"], cwd=ROOT, env=settings, stdout=log,
                                  stderr=log, start_new_session=True)
    try:
        wait_for(lambda: answering(port, trusting), laptop)
        yield port, trusting
    finally:
        os.killpg(laptop.pid, signal.SIGTERM)
        laptop.wait(timeout=LIMIT)


def answering(port: int, context: ssl.SSLContext) -> bool:
    try:
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/health", context=context,
                                    timeout=10) as answer:
            return answer.status == 200
    except OSError:
        return False


def test_over_https_the_home_page_a_login_and_the_live_feed_answer(laptop_over_https):
    port, trusting = laptop_over_https
    origin = f"https://127.0.0.1:{port}"
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPSHandler(context=trusting),
                                          urllib.request.HTTPCookieProcessor(jar))

    with browser.open(f"{origin}/", timeout=10) as home:
        assert home.status == 200
    with browser.open(f"{origin}/login/", timeout=10) as form:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.read().decode())
    login = urllib.parse.urlencode({"csrfmiddlewaretoken": token.group(1),
                                    "username": "secretary", "password": PASSWORD}).encode()

    def log_in(from_origin: str) -> str:
        """Where the login form posted from `from_origin` leads: the page it lands on."""
        request = urllib.request.Request(f"{origin}/login/", data=login,
                                         headers={"Origin": from_origin})
        with browser.open(request, timeout=10) as landed:
            return urllib.parse.urlsplit(landed.url).path

    with pytest.raises(urllib.error.HTTPError) as refused:  # the http page's form: not ours
        log_in(f"http://127.0.0.1:{port}")
    assert refused.value.code == 403
    assert log_in(origin) == "/account/"
    assert {cookie.name: cookie.secure for cookie in jar} == {"csrftoken": True,
                                                              "sessionid": True}

    async def follow_a_table() -> int:
        async with websockets.connect(f"wss://127.0.0.1:{port}/ws/tables/999999/",
                                      ssl=trusting, origin=origin) as feed:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(feed.recv(), timeout=10)
        return closed.value.rcvd.code

    # The feed's own answer, over wss: the socket was opened, then closed for want of a table.
    assert asyncio.run(follow_a_table()) == 4404


def test_the_laptop_over_https_speaks_no_plain_http_and_is_trusted_only_through_its_authority(
        laptop_over_https):
    port, _ = laptop_over_https

    with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
        urllib.request.urlopen(f"https://127.0.0.1:{port}/health", timeout=10)
    with pytest.raises(ConnectionError):  # a bookmark of the plain http address: no answer
        urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=10)
