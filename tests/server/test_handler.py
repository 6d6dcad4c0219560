"""Requests served through the ASGI application, as daphne serves them (server/handler.py).

The rest of the suite uses Django's test client, which bypasses the ASGI handler; these tests
send ASGI messages to `server.asgi.application` and read what it answers. The last ones pin the
Django internals the handler is built on, so that an upgrade that changes them fails here."""
import hashlib
import inspect
import json

import django
import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.dispatch import Signal
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import path, set_script_prefix

from games.live.publish import group_name
from games.models import Hand
from server.asgi import application
from server.handler import serving_loop
from testbed.users import user_with_token
from tests.games.kit import players, summary
from tests.server.kit import exchange, serve


def streamed(request):
    return StreamingHttpResponse((f"part {i};" for i in range(3)), content_type="text/plain")


def broken(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("streamed", streamed), path("broken", broken)]


def test_a_post_body_reaches_the_view_and_its_answer_comes_back():
    status, headers, body = serve("POST", "/api/engine/score", summary(2))

    assert status == 200, body
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body)["tricks"] == {"elder": 2, "dealer": 3}


def test_the_middleware_runs_around_the_view():
    status, headers, body = serve("GET", "/api/no-such-endpoint")

    assert status == 404
    assert json.loads(body)["error"]["code"] == "not_found"  # ApiErrorShapeMiddleware
    assert headers["x-frame-options"] == "DENY"  # XFrameOptionsMiddleware
    assert headers["x-content-type-options"] == "nosniff"  # SecurityMiddleware


def test_each_request_is_started_and_finished_once():
    seen = []

    def started(**kwargs):
        seen.append("started")

    def finished(**kwargs):
        seen.append("finished")

    request_started.connect(started)
    request_finished.connect(finished)
    try:
        serve("GET", "/api/no-such-endpoint")
        serve("POST", "/api/engine/score", summary(2))
    finally:
        request_started.disconnect(started)
        request_finished.disconnect(finished)

    assert seen == ["started", "finished"] * 2


@pytest.mark.urls("tests.server.test_handler")
@pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume")  # Django's, under ASGI
def test_a_streaming_answer_is_sent_whole_then_closed():
    finished = []

    def note(**kwargs):
        finished.append(True)

    request_finished.connect(note)
    try:
        status, _, body = serve("GET", "/streamed")
    finally:
        request_finished.disconnect(note)

    assert (status, body) == (200, b"part 0;part 1;part 2;")
    assert finished == [True]


@pytest.mark.urls("tests.server.test_handler")
def test_an_exception_in_a_view_is_a_500_not_a_dropped_connection():
    status, _, body = serve("GET", "/broken")

    assert status == 500
    assert b"a bug in a view" not in body  # DEBUG is off in tests: no traceback leaks


@pytest.mark.django_db(transaction=True)
def test_a_hand_posted_through_asgi_is_stored_and_published_after_commit():
    _, token = user_with_token("scorer")
    ids = [p.pk for p in players("Ann", "Bob", "Cy")]
    auth = [(b"authorization", f"Bearer {token}".encode())]
    status, _, body = serve("POST", "/api/tables", {"name": "T", "format": "pool",
                                                    "players": ids}, auth)
    assert status == 201, body
    table = json.loads(body)
    layer = get_channel_layer()

    async def listen_then_post():
        channel = await layer.new_channel()
        await layer.group_add(group_name(table["id"]), channel)
        answer = await exchange("POST", f"/api/tables/{table['id']}/hands",
                                {"record": summary(3)}, auth)
        return answer, await layer.receive(channel)

    (status, _, body), message = async_to_sync(listen_then_post)()

    assert status == 201, body
    assert json.loads(body)["table"]["seq"] == message["seq"] == table["seq"] + 1
    assert json.loads(message["text"])["type"] == "hand"
    assert Hand.objects.filter(table_id=table["id"]).count() == 1


def test_the_serving_loop_is_forgotten_once_the_request_is_answered():
    """A synchronous caller that awaits the application in its own task (through asgiref) gets
    the context's changes back: a loop left there, closed since, would take every change the
    caller publishes afterwards, and drop it."""
    answers = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        answers.append(message)

    async_to_sync(application)({
        "type": "http", "method": "GET", "path": "/api/engine/score", "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")], "root_path": ""}, receive, send)

    assert answers[0]["status"] == 405  # the engine's scorer takes a POST only
    assert serving_loop.get() is None


UPGRADE = ("server/handler.py subclasses Django's ASGIHandler and was checked against Django 5.2. "
           "Before upgrading, re-read django/core/handlers/asgi.py and base.py: SyncASGIHandler "
           "skips ASGIHandler.__init__ (it loads the middleware for sync), and its __call__ and "
           "respond() do the work of ASGIHandler.__call__, handle and run_get_response (the "
           "request_started signal, the script prefix, create_request's error answers, the "
           "_handler_class that response.close() sends request_finished from, closing the "
           "response). Carry any change over, then update what this test expects.")


def shape(function) -> str:
    return ("async " if inspect.iscoroutinefunction(function) else "") + str(
        inspect.signature(function))


def fingerprint(function) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


def test_django_is_the_version_the_handler_was_checked_against():
    assert django.VERSION[:2] == (5, 2), f"Django {django.__version__}: {UPGRADE}"


def test_the_django_internals_the_handler_calls_have_the_signatures_it_calls_them_with():
    expected = [
        ("ASGIHandler.read_body", ASGIHandler.read_body, "async (self, receive)"),
        ("ASGIHandler.create_request", ASGIHandler.create_request, "(self, scope, body_file)"),
        ("ASGIHandler.send_response", ASGIHandler.send_response, "async (self, response, send)"),
        ("get_script_prefix", get_script_prefix, "(scope)"),
        ("set_script_prefix", set_script_prefix, "(prefix)"),
        # object's: BaseHandler has none of its own
        ("BaseHandler.__init__", BaseHandler.__init__, "(self, /, *args, **kwargs)"),
        ("BaseHandler.load_middleware", BaseHandler.load_middleware, "(self, is_async=False)"),
        ("BaseHandler.get_response", BaseHandler.get_response, "(self, request)"),
        ("Signal.send", Signal.send, "(self, sender, **named)"),
        ("HttpResponse.close", HttpResponse.close, "(self)"),
    ]
    changed = {name: shape(f) for name, f, was in expected if shape(f) != was}

    assert not changed, f"now {changed}. {UPGRADE}"
    assert isinstance(request_started, Signal), UPGRADE


def test_the_django_code_the_handler_stands_in_for_is_the_code_it_was_checked_against():
    expected = [
        ("ASGIHandler.__init__", ASGIHandler.__init__, "41379d4f4b69f900"),
        ("ASGIHandler.__call__", ASGIHandler.__call__, "f756809e9c9308dc"),
        ("ASGIHandler.handle", ASGIHandler.handle, "98faeb5bef800331"),
        ("ASGIHandler.run_get_response", ASGIHandler.run_get_response, "0234ea5fe09a5777"),
    ]
    changed = [name for name, f, was in expected if fingerprint(f) != was]

    assert not changed, f"{', '.join(changed)} changed in Django {django.__version__}. {UPGRADE}"


@pytest.mark.parametrize("response, streaming", [(HttpResponse(), False),
                                                 (StreamingHttpResponse(iter(())), True)])
def test_a_response_closed_is_a_request_finished_from_its_handler_class(response, streaming):
    senders = []

    def note(sender, **kwargs):
        senders.append(sender)

    response._handler_class = ASGIHandler
    request_finished.disconnect(close_old_connections)  # no database here (as the test client)
    request_finished.connect(note)
    try:
        response.close()
    finally:
        request_finished.disconnect(note)
        request_finished.connect(close_old_connections)

    assert (response.streaming, senders) == (streaming, [ASGIHandler]), UPGRADE
