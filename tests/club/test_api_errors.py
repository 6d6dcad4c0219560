"""Every refused API request answers {"error": {"code", "message"}} (docs/api.md, Conventions)."""

import json

import pytest
from django.test import RequestFactory
from ninja.errors import HttpError, ValidationError

from club.api import api
from testbed.users import user_with_token


def test_an_unknown_endpoint_is_not_found(client):
    response = client.get("/api/no-such-thing")

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_a_wrong_method_is_not_allowed(client):
    response = client.get("/api/engine/score")

    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert "POST" in response["Allow"]


def test_pages_outside_the_api_keep_the_html_404(client):
    response = client.get("/no-such-page")

    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def error_of(exc):
    response = api.on_exception(RequestFactory().get("/api/x"), exc)
    return response.status_code, json.loads(response.content)["error"]


def test_a_validation_error_is_a_bad_request():
    status, error = error_of(ValidationError([{"loc": ("body", "stake"), "msg": "not a number"}]))

    assert status == 400
    assert error == {"code": "bad_request", "message": "body.stake: not a number"}


def test_an_http_error_keeps_its_status_and_gets_a_code():
    status, error = error_of(HttpError(403, "staff only"))

    assert status == 403
    assert error == {"code": "forbidden", "message": "staff only"}


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("path", ["/api/engine/score", "/api/players", "/api/tables/1/hands",
                                  "/api/hands/1/correct"])
def test_a_body_over_the_size_limit_is_too_large_not_a_500(client, settings, debug, path):
    """Django refuses to read a body over DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB): a 413 in the
    error shape, whether DEBUG is on or not, and with a token or without one."""
    settings.DEBUG = debug
    token = user_with_token("secretary", staff=True)[1]
    body = json.dumps({"record": "a" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})

    response = client.post(path, data=body, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Bearer {token}")

    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    assert "2,621,440 bytes" in response.json()["error"]["message"]
