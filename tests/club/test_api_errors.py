"""Every refused API request answers {"error": {"code", "message"}} (API.md, Conventions)."""

import json

from django.test import RequestFactory
from ninja.errors import HttpError, ValidationError

from club.api import api


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
