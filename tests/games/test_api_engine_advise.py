"""POST /api/engine/score?advise=1: the jeux de règle advice beside the result (docs/api.md,
"The engine over HTTP"; docs/rules.md, rulings 63-307)."""

import json

import pytest

from games.engine import score
from games.engine.advisor import advise
from tests.games.records import ELDER_VOLE, SUMMARY_POINT, bad_card

URL = "/api/engine/score"

pytestmark = pytest.mark.django_db


def post(client, body, query=""):
    return client.post(URL + query, data=json.dumps(body), content_type="application/json")


def test_advise_adds_the_advice(client):
    response = post(client, ELDER_VOLE, "?advise=1")

    assert response.status_code == 200
    result = response.json()
    advice = result.pop("advice")
    assert result == score(ELDER_VOLE)
    assert advice["jeu_de_regle"] == {
        "number": 2, "name": "two trumps and three cards of one plain suit"}
    assert advice["elder_did"] == "played_without_proposing"
    assert advice["estimate"]["margin"] <= 0.02


def test_the_advice_is_the_engines_and_is_the_same_every_time(client):
    """docs/rules.md, ruling 63: without a seed, the deal itself seeds the estimate."""
    first = post(client, ELDER_VOLE, "?advise=true").json()["advice"]
    assert first == advise(ELDER_VOLE)
    assert post(client, ELDER_VOLE, "?advise=yes").json()["advice"] == first


def test_advise_and_analyse_together(client):
    result = post(client, ELDER_VOLE, "?advise=1&analyse=1").json()
    assert result["analysis"]["elder_tricks"] == 5
    assert result["advice"]["jeu_de_regle"]["number"] == 2


def test_without_the_parameter_the_answer_is_unchanged(client):
    for query in ("", "?advise=0", "?advise=no"):
        response = post(client, ELDER_VOLE, query)
        assert "advice" not in response.json()
        assert response.content == json.dumps(score(ELDER_VOLE)).encode()


def test_the_advice_on_a_summary_is_null(client):
    """docs/rules.md, ruling 64: the scorer still gets his result."""
    result = post(client, SUMMARY_POINT, "?advise=1").json()
    assert result["advice"] is None
    assert result["tricks"] == {"elder": 3, "dealer": 2}


def test_a_bad_record_is_still_a_422(client):
    response = post(client, bad_card(), "?advise=1")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "bad_card"
