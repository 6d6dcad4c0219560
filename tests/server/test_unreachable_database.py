"""When the database cannot be reached, the API answers 503 with its error object and a
Retry-After, the pages a plain 503 page, never a 500 with a traceback, and nothing is written
(server/unavailable.py). Here in the test process, on either database: every query, or the
COMMIT, fails as a dropped connection does. tests/server/test_database_proxy.py does it for real
on PostgreSQL, with daphne and a proxy that drops the connections."""
from unittest import mock

import pytest
from django.db import OperationalError, connection, connections
from django.test import Client

from club.models import IdempotentRequest
from games.models import Hand
from server.unavailable import server_error
from testbed.users import user_with_token
from tests.games.kit import Api, pool, summary

pytestmark = pytest.mark.django_db(transaction=True)


def _dropped(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


def _lost(execute, sql, params, many, context):
    _dropped()


@pytest.fixture
def browser():
    """A client that gets the answer a real one would, instead of the view's exception."""
    return Client(raise_request_exception=False)


@pytest.fixture
def scorer_and_table(browser):
    user, token = user_with_token("secretary", staff=True)
    return Api(browser, token), pool(user)


def _assert_unavailable(answer):
    assert answer.status_code == 503, answer.content
    assert answer.json()["error"]["code"] == "unavailable"
    assert int(answer["Retry-After"]) > 0


def test_a_post_while_every_query_fails_is_a_503_and_writes_nothing(scorer_and_table):
    api, table = scorer_and_table
    with connection.execute_wrapper(_lost):
        answer = api.post(f"/tables/{table.pk}/hands", {"record": summary(3)}, key="h1")
    _assert_unavailable(answer)
    assert not Hand.objects.exists() and not IdempotentRequest.objects.exists()


def test_a_post_whose_commit_fails_is_a_503_and_writes_nothing(scorer_and_table):
    api, table = scorer_and_table
    with mock.patch.object(type(connections["default"]), "_commit", _dropped):
        answer = api.post(f"/tables/{table.pk}/hands", {"record": summary(3)}, key="h1")
    _assert_unavailable(answer)
    assert not Hand.objects.exists() and not IdempotentRequest.objects.exists()
    again = api.post(f"/tables/{table.pk}/hands", {"record": summary(3)}, key="h1")
    assert again.status_code == 201 and Hand.objects.count() == 1


def test_a_page_is_a_plain_503_without_a_traceback(browser, scorer_and_table):
    with connection.execute_wrapper(_lost):
        answer = browser.get("/tables/")
    assert answer.status_code == 503 and int(answer["Retry-After"]) > 0
    page = answer.content.decode()
    assert "briefly unavailable" in page and "Traceback" not in page
    assert "server closed" not in page


def test_any_other_error_is_still_a_500(rf):
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        answer = server_error(rf.get("/api/tables"))
    assert answer.status_code == 500 and not answer.has_header("Retry-After")


def test_the_plain_page_speaks_french_to_a_french_browser(browser):
    with connection.execute_wrapper(_lost):
        answer = browser.get("/tables/", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 503 and "momentanément indisponible" in answer.content.decode()
