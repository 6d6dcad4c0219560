"""Every refused API request answers {"error": {"code", "message"}} (docs/api.md, Conventions)."""

import ast
import json
from pathlib import Path

import pytest
from django.test import RequestFactory
from ninja.errors import HttpError, ValidationError

from club.api import REFUSAL_STATUS
from club.errors import RefusalCode, Refused
from club.refusals import SENTENCES
from games.engine.errors import CODES
from games.refusal_codes import GameCode
from server.api import STATUS_CODES, api
from testbed.users import user_with_token
from tests.club.test_refusal_enums import calls, members, named


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


def raised_codes() -> set:
    """Every code a refusal is made with in the club's, the games' and the nights' code: the
    member given to Refused, to the helper that makes one (`within_ceiling`'s `code=`) or to
    the API's look-up (`get_or_refuse`)."""
    codes = set()
    for where, call in calls():
        for node in named(call):
            found = members(node)
            if found and all(isinstance(code, RefusalCode) for code in found):
                codes |= found
    return codes


def test_every_refusal_the_services_make_has_one_status_and_every_status_is_used():
    """A code the table lacks would be a 500; a code in it that nothing raises is a promise
    docs/api.md would make for nothing."""
    assert raised_codes() - set(CODES) == set(REFUSAL_STATUS) - set(CODES)
    assert len(raised_codes()) > 60


def test_the_hand_records_codes_are_422_as_the_contract_says():
    assert {code: REFUSAL_STATUS.get(code) for code in CODES} == dict.fromkeys(CODES, 422)


def test_no_refusal_shares_its_code_with_an_error_of_the_framework():
    """One status per code: `bad_request` is the 400 of a malformed request, and a refusal of
    the services never says it."""
    framework = set(STATUS_CODES.values()) | {"unavailable"}
    assert not framework & set(REFUSAL_STATUS)


def test_a_refusal_answers_its_codes_status_with_its_code():
    status, error = error_of(Refused(GameCode.NOT_SCORER, "only the table's scorers may"))

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


def test_the_pages_branch_only_on_members():
    """A page that tells a refusal by its code or its rule (a stale number, a user who may not
    score) compares it with a member (`GameCode.NOT_SCORER`), never a string: a member
    renamed in the services and not on the page fails when the page is imported."""
    compared = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute)
                    and node.left.attr in ("code", "rule")):
                compared.append((f"{path}:{node.lineno}", [
                    part for side in node.comparators for part in ast.walk(side)
                    if isinstance(part, ast.Constant) and isinstance(part.value, str)]))
    assert len(compared) > 5
    assert [where for where, strings in compared if strings] == []
