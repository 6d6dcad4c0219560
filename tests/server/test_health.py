"""GET /health (server/health.py): what the proxy and monitoring ask each worker."""
import asyncio
import json
import socket

import pytest
from django.db import OperationalError

from server import health
from tests.server.kit import serve

pytestmark = pytest.mark.backend


class BrokenLayer:
    async def send(self, channel, message):
        raise ConnectionError("Redis refused the connection")


class SilentLayer:
    """A layer that takes the message and never gives it back: Redis that hangs."""

    async def send(self, channel, message):
        pass

    async def receive(self, channel):
        await asyncio.Event().wait()


class BrokenConnection:
    def cursor(self):
        raise OperationalError("the database is down")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.django_db
def test_ok_when_the_database_and_the_channel_layer_answer(client):
    answer = client.get("/health")

    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "checked": ["database", "channel_layer"]}
    assert "no-cache" in answer["Cache-Control"]


@pytest.mark.django_db
def test_a_database_that_fails_is_named(client, monkeypatch, caplog):
    monkeypatch.setattr(health, "connection", BrokenConnection())

    answer = client.get("/health")

    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "failed": ["database"]}
    assert "the database is down" in caplog.text  # in the log, not in the public answer
    assert b"down" not in answer.content


@pytest.mark.django_db
@pytest.mark.parametrize("layer", [BrokenLayer, SilentLayer])
def test_a_channel_layer_that_raises_or_hangs_is_named(client, monkeypatch, layer):
    monkeypatch.setattr(health, "get_channel_layer", layer)
    monkeypatch.setattr(health, "LAYER_TIMEOUT", 0.5)

    answer = client.get("/health")

    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "failed": ["channel_layer"]}


@pytest.mark.django_db
def test_a_redis_that_nobody_answers_is_named(client, settings, caplog):
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [{"address": f"redis://127.0.0.1:{free_port()}/0"}]}}}

    answer = client.get("/health")

    assert answer.status_code == 503
    assert answer.json()["failed"] == ["channel_layer"]
    assert "channel layer does not answer" in caplog.text


@pytest.mark.django_db
def test_both_failing_are_both_named(client, monkeypatch):
    monkeypatch.setattr(health, "connection", BrokenConnection())
    monkeypatch.setattr(health, "get_channel_layer", BrokenLayer)

    assert client.get("/health").json()["failed"] == ["database", "channel_layer"]


@pytest.mark.django_db
def test_the_proxy_asks_over_plain_http_without_a_login_and_is_not_redirected(client, settings):
    """Under a server's settings a page asked for over http is sent to https; the health
    check is answered where it is asked (SECURE_REDIRECT_EXEMPT)."""
    settings.SECURE_SSL_REDIRECT = True

    page = client.get("/standings")
    answer = client.get("/health")

    assert (page.status_code, page["Location"]) == (301, "https://testserver/standings")
    assert answer.status_code == 200


@pytest.mark.django_db(transaction=True)
def test_ok_through_the_asgi_application_as_daphne_serves_it():
    """There the view runs in a worker thread, and the layer's round trip on the event loop."""
    status, headers, body = serve("GET", "/health")

    assert status == 200, body
    assert json.loads(body)["status"] == "ok"
