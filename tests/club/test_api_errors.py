"""Every refused API request answers {"error": {"code", "message"}} (docs/api.md, Conventions)."""

import json
import re
from pathlib import Path

import pytest
from django.test import RequestFactory
from ninja.errors import HttpError, ValidationError

from club.api import REFUSAL_STATUS
from club.errors import Refused
from club.refusals import SENTENCES
from games.engine.errors import CODES
from server.api import STATUS_CODES, api
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


SOURCES = [path for tree in ("club", "games", "nights") for path in Path(tree).rglob("*.py")]
RAISED = re.compile(r'Refused\(\s*"(\w+)"|within_ceiling\(.{0,300}?\bcode="(\w+)"'
                    r'|get_or_refuse\(\w+, [^,]+, "(\w+)"\)', re.S)


def raised_codes() -> set[str]:
    """Every code a refusal is made with in the club's and the games' code: a literal, a
    `code=` given to the helper that makes it, or `no_such_<what>` of the API's look-up."""
    codes = set()
    for path in SOURCES:
        for literal, given, looked_up in RAISED.findall(path.read_text()):
            codes.add(literal or given or f"no_such_{looked_up}")
    return codes


def test_every_refusal_the_services_make_has_one_status_and_every_status_is_used():
    """A code the table lacks would be a 500; a code in it that nothing raises is a promise
    docs/api.md would make for nothing."""
    assert raised_codes() - set(CODES) == set(REFUSAL_STATUS) - set(CODES)


def test_the_hand_records_codes_are_422_as_the_contract_says():
    assert {code: REFUSAL_STATUS.get(code) for code in CODES} == dict.fromkeys(CODES, 422)


def test_no_refusal_shares_its_code_with_an_error_of_the_framework():
    """One status per code: `bad_request` is the 400 of a malformed request, and a refusal of
    the services never says it."""
    framework = set(STATUS_CODES.values()) | {"unavailable"}
    assert not framework & set(REFUSAL_STATUS)


def test_a_refusal_answers_its_codes_status_with_its_code():
    status, error = error_of(Refused("not_scorer", "only the table's scorers may"))

    assert status == 403
    assert error == {"code": "not_scorer", "message": "only the table's scorers may"}


def test_every_refusal_a_page_can_meet_is_said_in_words():
    """The pages say a refusal by its code's sentence; those they meet otherwise are the
    record's shape (the pages write the records) and the stale numbers the scorer's page
    answers by showing the table again (games.presentation.scorer_words.STALE), said by their
    rules."""
    unsaid = {"bad_json", "unknown_field", "bad_format", "wrong_hand_number",
              "wrong_trick_number", "hand_in_progress"}
    assert set(REFUSAL_STATUS) - set(SENTENCES) == unsaid


def test_the_pages_branch_only_on_codes_the_services_raise():
    """A page that tells a refusal by its code (a stale number, a user who may not score)
    names a code of the table: a code renamed in the services and not on the page would
    never match."""
    compared = re.compile(r'\.code == "(\w+)"|\.code in \(([^)]*)\)|STALE = \(([^)]*)\)')
    named = set()
    for path in SOURCES:
        for one, *many in compared.findall(path.read_text()):
            named |= {one} if one else set(re.findall(r'"(\w+)"', " ".join(many)))
    assert named and named <= set(REFUSAL_STATUS)
