"""The logs a secretary reads (server/request_log.py and LOGGING in server/settings.py)."""
import logging
import re

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import path

from server.request_log import RequestContext


def broken(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("broken", broken)]
LINE = re.compile(r"(GET|POST) (\S+) (\d{3}) (\d+)ms (\S+)")


def request_lines(caplog) -> list[tuple[str, str, str, str]]:
    """(method, path, status, user) of each request's line."""
    return [(m[1], m[2], m[3], m[5]) for record in caplog.records
            if record.name == "club.requests" and (m := LINE.fullmatch(record.getMessage()))]


def the_console_handler() -> logging.Handler:
    """The handler LOGGING sets up: the one whose lines the secretary reads."""
    [handler] = [h for h in logging.getLogger().handlers
                 if any(isinstance(f, RequestContext) for f in h.filters)]
    return handler


@pytest.mark.django_db
def test_one_line_per_request_with_its_status_duration_and_user(staff_client, caplog):
    caplog.set_level(logging.INFO)
    staff_client.get("/standings")
    nobody = Client()
    nobody.get("/no-such-page/")
    nobody.post("/api/engine/score", "{}", content_type="application/json")

    assert request_lines(caplog) == [("GET", "/standings", "200", "secretary"),
                                     ("GET", "/no-such-page/", "404", "-"),
                                     ("POST", "/api/engine/score", "422", "-")]


@pytest.mark.django_db
def test_a_not_found_is_said_once_in_the_request_s_line(client, caplog):
    caplog.set_level(logging.INFO)
    client.get("/no-such-page/")

    assert [r.name for r in caplog.records] == ["club.requests"]


@pytest.mark.django_db
def test_the_proxy_s_health_checks_are_logged_only_when_they_fail(client, monkeypatch, caplog):
    caplog.set_level(logging.INFO)
    client.get("/health")
    monkeypatch.setattr("server.health.get_channel_layer", lambda: None)  # fails: no layer
    client.get("/health")

    assert request_lines(caplog) == [("GET", "/health", "503", "-")]


@pytest.mark.django_db
@pytest.mark.urls("tests.server.test_deploy_logs")
def test_an_error_is_logged_with_its_path_user_and_exception(staff_client, caplog):
    staff_client.raise_request_exception = False
    caplog.set_level(logging.INFO)
    staff_client.get("/broken")

    [error] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    text = the_console_handler().format(error) if the_console_handler().filter(error) else ""
    assert "[GET /broken, user secretary]" in text
    assert "RuntimeError: a bug in a view" in text  # with its traceback
    assert request_lines(caplog) == [("GET", "/broken", "500", "secretary")]


def test_a_record_without_a_request_gets_no_context():
    record = logging.LogRecord("games", logging.INFO, __file__, 1, "a line", None, None)

    assert RequestContext().filter(record) and record.context == ""


@pytest.mark.django_db
def test_a_session_that_cannot_be_read_leaves_the_answer_as_it_was(client, monkeypatch, caplog):
    """The health check of a worker whose database is down, asked with a session cookie:
    reading the user for the line must not turn the answer into another error."""
    def unreadable(request):
        raise OperationalError("the database is down")

    monkeypatch.setattr("django.contrib.auth.middleware.auth.get_user", unreadable)
    monkeypatch.setattr("server.health.get_channel_layer", lambda: None)  # a 503: logged
    caplog.set_level(logging.INFO)
    client.cookies["sessionid"] = "a-session"

    answer = client.get("/health")

    assert answer.status_code == 503
    assert request_lines(caplog) == [("GET", "/health", "503", "?")]
