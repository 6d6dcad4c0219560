"""POST /api/engine/score?advise=1: the jeux de règle advice beside the result (docs/api.md,
"The engine over HTTP"; docs/rules.md, section 3 and rulings 59-65): the French source's
jeu de règle by its number, with its advice, and Cavendish's list as a second opinion."""

import json

import pytest

from games.engine import score
from games.engine.advisor import advise
from testbed.records import ELDER_VOLE, SUMMARY_POINT, bad_card

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
    # K♠ Q♠ A♠ and two trumps (J♦ Q♦): sure of the point against at most one trump, the
    # French source's jeu 1; in Cavendish's list, two trumps and three of one plain suit.
    assert advice["jeu_de_regle"]["number"] == 1
    assert advice["cavendish"] == {
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
    assert result["advice"]["jeu_de_regle"]["number"] == 1


# The French source's 3rd, 4th and 9th hands, each played without proposing (hearts trumps).
THIRD = {"deal": {"elder": ["KH", "QH", "JS", "AS", "JD"],
                  "dealer": ["7H", "9S", "8S", "7D", "9C"], "turn_up": "8H"},
         "exchanges": [],
         "tricks": [["KH", "7H"], ["QH", "9C"], ["JS", "9S"], ["AS", "8S"], ["JD", "7D"]]}
FOURTH = {"deal": {"elder": ["KS", "7S", "KD", "QC", "8C"],
                   "dealer": ["9H", "AS", "7D", "9C", "7C"], "turn_up": "8H"},
          "exchanges": [],
          "tricks": [["KS", "AS"], ["KD", "7D"], ["7S", "9H"], ["9C", "QC"], ["8C", "7C"]]}
NINTH = {"deal": {"elder": ["9H", "JS", "TS", "JD", "AD"],
                  "dealer": ["7H", "9S", "KC", "QC", "7C"], "turn_up": "8H"},
         "exchanges": [],
         "tricks": [["JD", "7H"], ["KC", "9H"], ["AD", "7C"], ["JS", "9S"], ["TS", "QC"]]}


@pytest.mark.parametrize("record, number, lead, wait", [
    # Two high trumps, the knave and ace of spades, and the knave of diamonds: no advice.
    (THIRD, 3, None, None),
    # Two kings, K♠ guarded, and Q♣ guarded, without a trump: lead K♠, wait in clubs.
    (FOURTH, 4, "KS", "QC"),
    # One trump; J♠ 10♠; J♦ A♦: lead J♦ followed by its ace, wait at the fork with J♠.
    (NINTH, 9, "JD", "JS"),
])
def test_the_sources_third_fourth_and_ninth_are_jeux_de_regle(client, record, number, lead,
                                                               wait):
    advice = post(client, record, "?advise=1").json()["advice"]
    jeu = advice["jeu_de_regle"]
    assert (jeu["number"], jeu["lead"], jeu["wait"]) == (number, lead, wait)
    assert advice["cavendish"] is None  # none of them is in Cavendish's list


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


def test_a_misdeal_played_is_scored_and_has_no_advice(client):
    """docs/rules.md, ruling 87: the elder dealt four cards plays with them; the advice reads an
    elder's five cards as dealt, so it is null, as for a summary, and the record is scored."""
    short = {"deal": {"elder": ["KH", "QH", "JH", "7C"], "dealer": ["AS", "TS", "9S", "AC", "KC"],
                      "turn_up": "KD"},
             "exchanges": [], "tricks": [["KH", "9S"], ["QH", "TS"], ["JH", "AS"], ["7C", "AC"]],
             "irregularities": [{"type": "misdeal_played"},
                                {"type": "wrong_number", "by": "elder", "cards": 4}]}

    response = post(client, short, "?advise=1")

    assert response.status_code == 200, response.content
    assert response.json() == score(short) | {"advice": None}
