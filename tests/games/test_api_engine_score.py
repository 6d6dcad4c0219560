"""POST /api/engine/score: validate and score one record; no login, nothing stored."""

import json

import pytest
from django.apps import apps

from testbed.records import ELDER_VOLE, SUMMARY_POINT, bad_card, elder_vole

URL = "/api/engine/score"

pytestmark = pytest.mark.django_db


def post(client, body, query=""):
    if not isinstance(body, (bytes, str)):
        body = json.dumps(body)
    return client.post(URL + query, data=body, content_type="application/json")


def stored_rows() -> int:
    return sum(model.objects.count() for model in apps.get_models())


def test_a_valid_full_record_is_scored(client):
    response = post(client, ELDER_VOLE)

    assert response.status_code == 200
    result = response.json()
    assert result["format"] == "ecarte-result/1"
    assert result["tricks"] == {"elder": 5, "dealer": 0}
    assert result["points"] == {"elder": 2, "dealer": 0}
    assert "analysis" not in result


def test_a_valid_summary_record_is_scored(client):
    response = post(client, SUMMARY_POINT)

    assert response.status_code == 200
    assert response.json()["tricks"] == {"elder": 3, "dealer": 2}


def test_analyse_adds_the_analysis(client):
    result = post(client, ELDER_VOLE, "?analyse=1").json()

    assert result["analysis"]["elder_tricks"] == 5
    assert set(result["analysis"]["by_lead"]) == set(ELDER_VOLE["deal"]["elder"])


@pytest.mark.parametrize("word", ["true", "yes"])
def test_analyse_accepts_true_and_yes(client, word):
    assert "analysis" in post(client, ELDER_VOLE, f"?analyse={word}").json()


def test_analysis_of_a_summary_is_null(client):
    assert post(client, SUMMARY_POINT, "?analyse=1").json()["analysis"] is None


@pytest.mark.parametrize(
    "body, code",
    [
        ('{"deal": ', "bad_json"),
        (b"", "bad_json"),
        (b"\xff\xfe\xfa", "bad_json"),
        (b'{"deal": "\xc3\x28"}', "bad_json"),
        ("[1, 2, 3]", "bad_format"),
        (json.dumps([ELDER_VOLE]), "bad_format"),
        (json.dumps(elder_vole(colour="red")), "unknown_field"),
        (json.dumps(bad_card()), "bad_card"),
        ("1" * 5000, "bad_json"),
    ],
    ids=[
        "truncated",
        "empty",
        "utf16-junk",
        "invalid-utf8",
        "array",
        "array-of-records",
        "unknown-field",
        "bad-card",
        "huge-number",
    ],
)
def test_a_rejected_record_answers_422_with_the_engine_code(client, body, code):
    response = post(client, body)

    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"]
    assert "at" in error


def test_a_bad_card_error_points_into_the_record(client):
    error = post(client, bad_card()).json()["error"]

    assert error["at"] == "deal.elder[0]"


def test_no_login_is_needed_and_no_cookie_is_set(client):
    response = post(client, ELDER_VOLE)

    assert response.status_code == 200
    assert not response.cookies


def test_a_csrf_enforcing_client_is_served(db):
    from django.test import Client

    response = post(Client(enforce_csrf_checks=True), ELDER_VOLE)

    assert response.status_code == 200


def test_nothing_is_stored(client):
    before = stored_rows()

    post(client, ELDER_VOLE)
    post(client, bad_card())

    assert stored_rows() == before


JUNK = [
    b"null",
    b"true",
    b"0",
    b"-1e999",
    b'"text"',
    b"{}",
    b'{"deal": null}',
    b'{"deal": []}',
    b'{"summary": null}',
    b'{"summary": {"tricks": "five"}}',
    b'{"deal": {}, "exchanges": {}}',
    b"[" * 50_000,
    b"{" * 50_000,
    b"\x00" * 64,
    bytes(range(256)),
    b"\xef\xbb\xbf{}",
    b'{"tricks": [[1, 2]]}',
    b'{"deal": {"elder": "KS"}}',
    b'{"format": 5}',
    b"1" * 100_000,
    json.dumps(elder_vole(tricks=[["KS"] * 40] * 40)).encode(),
    json.dumps(elder_vole(exchanges=[{"accepted": True}] * 30)).encode(),
    json.dumps(elder_vole(score_before={"elder": 10**30, "dealer": -1}, target=1e308)).encode(),
]


def test_junk_never_answers_500(client):
    for body in JUNK:
        response = post(client, body)
        assert response.status_code in (200, 422), body[:60]
        if response.status_code == 422:
            assert set(response.json()["error"]) == {"code", "message", "at"}


def no_duplicate_keys(pairs):
    keys = [key for key, _ in pairs]
    assert len(keys) == len(set(keys)), keys
    return dict(pairs)


def test_the_schema_documents_the_endpoint(client):
    raw = client.get("/api/schema").content
    schema = json.loads(raw, object_pairs_hook=no_duplicate_keys)

    operation = schema["paths"][URL]["post"]
    assert "application/json" in operation["requestBody"]["content"]
    assert {"200", "422"} <= set(operation["responses"])
    assert operation["responses"]["200"]["content"]
