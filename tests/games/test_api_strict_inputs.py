"""Inputs the API takes only as docs/api.md writes them: ids and numbers are JSON integers and
flags JSON booleans (never "1" or true for an id), odds are a:b (never ""), no text holds a NUL
or a lone surrogate (400), an Idempotency-Key holds no control character, not even a tab, and a
payment's memo only printable characters, whether the API or the settle-up page records it."""
import json

import pytest
from django.contrib.auth import get_user_model

from club import payments
from club.errors import Refused
from club.models import IdempotentRequest, Transaction
from games.models import Hand, Table, Wager
from tests.games.kit import member, players, wager_pool

pytestmark = pytest.mark.django_db


def _bad_request(answer, field: str):
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "bad_request" and field in error["message"]


@pytest.mark.parametrize("loosely", [str, float, lambda _: True])
def test_player_ids_are_json_integers_when_a_table_is_opened(staff_api, loosely):
    """An id written "1", 1.0 or true is refused, although it would name a player."""
    seated = players("Athos", "Porthos", "Aramis")
    ids = [p.pk for p in seated]
    for body, field in (
            ({"players": [loosely(ids[0]), *ids[1:]]}, "body.players.0"),
            ({"players": ids, "first_dealer": loosely(ids[1])}, "body.first_dealer")):
        _bad_request(staff_api.post("/tables", {"name": "T", "format": "pool", **body}), field)
    assert not Table.objects.exists()


@pytest.mark.parametrize("loose", ["2", True])
def test_the_backed_player_and_the_payments_parties_are_json_integers(client, staff_api, loose):
    table, (athos, porthos, _) = wager_pool(staff_api, "english")
    charles_api, charles = member(client, "Charles")
    on = str(athos.pk) if loose == "2" else True
    _bad_request(charles_api.post(f"/tables/{table}/wagers", {"on": on, "stake": "1.00"}),
                 "body.on")
    assert not Wager.objects.exists()
    party = str(charles.pk) if loose == "2" else True
    for field in ("from", "to"):
        body = {"from": athos.pk, "to": porthos.pk, "amount": "1.00"} | {field: party}
        _bad_request(staff_api.post("/payments", body), f"body.{field}")
    assert not Transaction.objects.filter(reason=Transaction.Reason.PAYMENT).exists()


def test_a_hand_number_and_a_flag_are_json_values_of_their_type(staff_api):
    table, seated = wager_pool(staff_api, "english")
    record = {"summary": {"opening": "exchanged", "king_turned": False,
                          "tricks": {"elder": 3, "dealer": 2}}}
    _bad_request(staff_api.post(f"/tables/{table}/hands", {"record": record, "number": "1"}),
                 "body.number")
    assert not Hand.objects.exists()
    private = staff_api.post("/tables", {"name": "U", "format": "pool", "private": "true",
                                         "players": [p.pk for p in seated]})
    _bad_request(private, "body.private")


def test_a_player_id_in_a_query_string_is_read_as_a_number(staff_api):
    table, (athos, _, _) = wager_pool(staff_api, "english")
    listed = staff_api.get(f"/tables?player={athos.pk}")
    assert listed.status_code == 200 and [t["id"] for t in listed.json()["tables"]] == [table]


def test_empty_odds_are_not_evens(client, staff_api):
    """Odds left out are 1:1; odds given as "" are not odds at all (422, naming them)."""
    table, (athos, _, _) = wager_pool(staff_api, "english")
    charles_api, _ = member(client, "Charles")
    refused = charles_api.post(f"/tables/{table}/wagers",
                               {"on": athos.pk, "stake": "1.00", "odds": ""})
    assert refused.status_code == 422 and "odds must be two positive whole numbers" in (
        refused.json()["error"]["message"])
    assert not Wager.objects.exists()


@pytest.mark.parametrize("field, text", [("odds", "1:1\\u0000"), ("odds", "\\ud800"),
                                         ("stake", "1.00\\u0000"), ("stake", "\\udfff")])
def test_odds_and_stakes_holding_a_nul_or_a_lone_surrogate_are_400(client, staff_api, field,
                                                                   text):
    table, (athos, _, _) = wager_pool(staff_api, "english")
    charles_api, _ = member(client, "Charles")
    body = {"on": athos.pk, "stake": "1.00", "odds": "1:1"}
    raw = json.dumps(body).replace(f'"{body[field]}"', f'"{text}"').encode()
    _bad_request(charles_api.post(f"/tables/{table}/wagers", raw=raw), f"body.{field}")
    offer = charles_api.post(f"/tables/{table}/wagers", body).json()["id"]
    _bad_request(charles_api.post(f"/wagers/{offer}/take",
                                  raw=f'{{"stake": "{text}"}}'.encode()), "body.stake")
    assert Wager.objects.count() == 1


@pytest.mark.parametrize("key", ["a\tb", "a\x1bb", "a\x85b", "\t"])
def test_an_idempotency_key_holding_a_control_character_even_a_tab_is_400(staff_api, key):
    seated = players("Athos", "Porthos")
    answer = staff_api.post("/tables", {"name": "T", "format": "rubber",
                                        "players": [p.pk for p in seated]}, key=key)
    assert answer.status_code == 400
    assert "none of them a control character" in answer.json()["error"]["message"]
    assert not Table.objects.exists() and not IdempotentRequest.objects.exists()


@pytest.mark.parametrize("memo", ["a\x00b", "a\x1bb", "a\tb", "a\u202eb"])
def test_a_memo_holding_a_character_that_is_not_printable_is_refused_everywhere(
        staff_api, memo):
    """The API refuses it at the door (400); the service the settle-up page records payments
    with refuses it too (payments.check_memo), with the same words, and saves nothing."""
    athos, porthos = players("Athos", "Porthos")
    answer = staff_api.post("/payments", {"from": athos.pk, "to": porthos.pk, "amount": "1.00",
                                          "memo": memo})
    _bad_request(answer, "body.memo: must not contain U+")
    secretary = get_user_model().objects.get(username="secretary")
    with pytest.raises(Refused) as refused:
        payments.record_payment(payer=athos, payee=porthos, cents=100, by=secretary, memo=memo)
    assert refused.value.rule == "memo_unprintable"
    assert refused.value.message.startswith("the memo must not contain U+")
    assert answer.json()["error"]["message"].endswith(refused.value.message.removeprefix(
        "the memo "))
    assert not Transaction.objects.exists()
