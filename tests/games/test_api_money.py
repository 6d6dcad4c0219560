"""Members' money through the API: GET /api/settle-up, POST /api/payments and
GET /api/players/{id}/ledger (docs/api.md, Money between members)."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club import ledger, money_text
from club.api.schemas import PaymentOut, PlayerLedger, SettleUp
from club.models import Entry, IdempotentRequest, Transaction
from club.players import create_player
from testbed.users import user_with_token
from tests.games.kit import Api
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

NAMES = ("Athos", "Porthos", "Aramis", "D'Artagnan", "Planchet")
# Athos owes 30.00 to Porthos (10.00) and Aramis (20.00); D'Artagnan owes Planchet 5.00.
EVENING = {"Athos": -30_00, "Porthos": 10_00, "Aramis": 20_00, "D'Artagnan": -5_00,
           "Planchet": 5_00}


@pytest.fixture
def club(client, staff_api):
    """The five players, Athos and Porthos linked to their logins, the evening's balances
    posted in the ledger, and an API client for each login."""
    apis = {"staff": staff_api}
    for name in ("Athos", "Porthos"):
        apis[name] = Api(client, user_with_token(name.lower())[1])
    players = {name: create_player(name=name, username=name.lower()
                                   if name in apis else None) for name in NAMES}
    ledger.post(reason=Transaction.Reason.DEPOSIT, memo="the evening's play", reference="evening:1",
                entries=[(ledger.account_for_player(players[name]), cents)
                         for name, cents in EVENING.items()])
    return {"api": apis, "players": players}


def balances(club) -> dict[str, int]:
    return {name: ledger.player_balance(player) for name, player in club["players"].items()}


def ref(club, name: str) -> dict:
    return {"id": club["players"][name].pk, "name": name}


def pay(club, payer: str, payee: str, amount: str) -> dict:
    return {"from": club["players"][payer].pk, "to": club["players"][payee].pk,
            "amount": amount, "memo": "cash at the bar"}


def test_the_settle_up_of_the_evening_worked_out_by_hand(club):
    answer = club["api"]["Porthos"].get("/settle-up")

    assert answer.status_code == 200
    assert answer.json() == {
        "payments": [
            {"from": ref(club, "Athos"), "to": ref(club, "Aramis"), "amount": "20.00"},
            {"from": ref(club, "Athos"), "to": ref(club, "Porthos"), "amount": "10.00"},
            {"from": ref(club, "D'Artagnan"), "to": ref(club, "Planchet"), "amount": "5.00"},
        ],
        "balances": [
            {"player": ref(club, "Aramis"), "balance": "20.00"},
            {"player": ref(club, "Athos"), "balance": "-30.00"},
            {"player": ref(club, "D'Artagnan"), "balance": "-5.00"},
            {"player": ref(club, "Planchet"), "balance": "5.00"},
            {"player": ref(club, "Porthos"), "balance": "10.00"},
        ],
    }
    SettleUp.model_validate(answer.json())
    assert Transaction.objects.count() == 1 and balances(club) == EVENING


def test_a_player_whose_money_came_back_to_zero_is_not_listed(club):
    ledger.post(reason=Transaction.Reason.DEPOSIT, memo="", entries=[
        (ledger.account_for_player(club["players"]["Porthos"]), -10_00),
        (ledger.account_for_player(club["players"]["Athos"]), 10_00)])

    answer = club["api"]["staff"].get("/settle-up").json()

    assert [row["player"]["name"] for row in answer["balances"]] == [
        "Aramis", "Athos", "D'Artagnan", "Planchet"]
    assert [(p["from"]["name"], p["to"]["name"], p["amount"]) for p in answer["payments"]] == [
        ("Athos", "Aramis", "20.00"), ("D'Artagnan", "Planchet", "5.00")]


def test_a_staff_payment_is_one_balanced_transaction_and_the_settle_up_shows_the_rest(club):
    answer = club["api"]["staff"].post("/payments", pay(club, "Athos", "Aramis", "20.00"),
                                       key="bar-1")

    assert answer.status_code == 201
    tx = Transaction.objects.get(reason=Transaction.Reason.PAYMENT)
    assert answer.json() == {
        "id": tx.pk, "kind": "payment", "amount": "20.00", "from": ref(club, "Athos"),
        "to": ref(club, "Aramis"), "memo": "cash at the bar", "made_by": "secretary",
        "at": tx.created_at.isoformat()}
    PaymentOut.model_validate(answer.json())
    assert tx.made_by.username == "secretary" and tx.memo == "cash at the bar"
    assert sorted(tx.entries.values_list("account__code", "amount")) == sorted([
        (f"player:{club['players']['Athos'].pk}", 20_00),
        (f"player:{club['players']['Aramis'].pk}", -20_00)])
    assert balances(club) == EVENING | {"Athos": -10_00, "Aramis": 0}

    rest = club["api"]["Athos"].get("/settle-up").json()
    assert rest["payments"] == [
        {"from": ref(club, "Athos"), "to": ref(club, "Porthos"), "amount": "10.00"},
        {"from": ref(club, "D'Artagnan"), "to": ref(club, "Planchet"), "amount": "5.00"}]
    assert "Aramis" not in [row["player"]["name"] for row in rest["balances"]]


def test_a_repeated_payment_with_its_key_is_recorded_once(club):
    staff = club["api"]["staff"]
    first = staff.post("/payments", pay(club, "D'Artagnan", "Planchet", "5.00"), key="k")
    again = staff.post("/payments", pay(club, "D'Artagnan", "Planchet", "5.00"), key="k")

    assert again.status_code == 201 and again.json() == first.json()
    assert Transaction.objects.filter(reason=Transaction.Reason.PAYMENT).count() == 1
    assert balances(club) == EVENING | {"D'Artagnan": 0, "Planchet": 0}


def test_the_largest_payment_is_a_million(club):
    answer = club["api"]["staff"].post("/payments", pay(club, "Porthos", "Athos", "1000000.00"))
    assert answer.status_code == 201 and answer.json()["amount"] == "1000000.00"
    assert balances(club)["Porthos"] == 10_00 + 1_000_000_00


def without(body: dict, key: str) -> dict:
    return {name: value for name, value in body.items() if name != key}


# who, a change of Athos's payment of 20.00 to Aramis -> status, code, words of the message
REFUSALS = {
    "not staff": ("Athos", {}, 403, "not_staff", "only staff"),
    "not staff, no such player": ("Porthos", {"to": 999_999}, 403, "not_staff", "only staff"),
    "no login": ("nobody", {}, 401, "unauthorized", "authentication"),
    "zero": ("staff", {"amount": "0.00"}, 422, "bad_amount", "more than 0.00, not 0.00"),
    "negative": ("staff", {"amount": "-5.00"}, 422, "bad_amount", "not -5.00"),
    "over a million": ("staff", {"amount": "1000000.01"}, 422, "bad_amount",
                       "at most 1000000.00"),
    "three places": ("staff", {"amount": "20.001"}, 400, "bad_request",
                     "body.amount: at most two decimal places"),
    "a number": ("staff", {"amount": 20}, 400, "bad_request", "body.amount"),
    "not money": ("staff", {"amount": "twenty"}, 400, "bad_request", "body.amount"),
    "himself": ("staff", {"to": "Athos"}, 422, "same_party", "Athos cannot pay himself"),
    "no such payer": ("staff", {"from": 999_999}, 422, "unknown_player",
                      "from: there is no player 999999"),
    "no such payee": ("staff", {"to": 999_999}, 422, "unknown_player",
                      "to: there is no player 999999"),
    "id out of range": ("staff", {"to": 0}, 400, "bad_request", "body.to"),
    "no payee": ("staff", "to", 400, "bad_request", "body.to: Field required"),
    "no amount": ("staff", "amount", 400, "bad_request", "body.amount: Field required"),
    "long memo": ("staff", {"memo": "x" * 301}, 422, "bad_memo", "memo may be at most 300"),
    "unprintable memo": ("staff", {"memo": "cash\x07"}, 400, "bad_request", "body.memo"),
}


@pytest.mark.parametrize("who, change, status, code, words", REFUSALS.values(), ids=REFUSALS)
def test_each_refused_payment_says_why_and_changes_nothing(client, club, who, change, status,
                                                          code, words):
    api = club["api"].get(who, Api(client, "0" * 40))
    body = pay(club, "Athos", "Aramis", "20.00")
    if isinstance(change, str):
        body = without(body, change)
    else:
        body |= {key: club["players"][value].pk if value in club["players"] else value
                 for key, value in change.items()}

    answer = api.post("/payments", body)

    assert answer.status_code == status
    assert answer.json()["error"]["code"] == code
    assert words in answer.json()["error"]["message"]
    assert not Transaction.objects.filter(reason=Transaction.Reason.PAYMENT).exists()
    assert Entry.objects.count() == len(EVENING) and balances(club) == EVENING


def post_and_check(club, body: dict):
    """Posts the payment (names standing for their players' ids): it is recorded exactly, or
    refused with an error and nothing changed."""
    before, count = balances(club), Transaction.objects.count()
    body = {key: club["players"][value].pk if value in NAMES else value
            for key, value in body.items()}
    answer = club["api"]["staff"].post("/payments", raw=json.dumps(body).encode())

    assert answer.status_code in (201, 400, 422), answer.content
    if answer.status_code != 201:
        assert "error" in answer.json()
        assert Transaction.objects.count() == count and balances(club) == before
        return answer.status_code
    cents = money_text.parse(body["amount"])
    payer = next(name for name, p in club["players"].items() if p.pk == body["from"])
    payee = next(name for name, p in club["players"].items() if p.pk == body["to"])
    assert 0 < cents <= 1_000_000_00 and payer != payee
    assert balances(club) == before | {payer: before[payer] + cents,
                                       payee: before[payee] - cents}
    return answer.status_code


FUZZ = settings(max_examples=examples(100), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(body=st.fixed_dictionaries(
    {"from": st.sampled_from(NAMES), "to": st.sampled_from(NAMES),
     "amount": st.from_regex(r"-?[0-9]{1,6}(\.[0-9]{1,2})?", fullmatch=True)},
    optional={"memo": st.text(st.characters(categories=["L", "N", "P", "Zs"]), max_size=310)}))
def test_a_well_formed_payment_is_recorded_exactly_or_refused(club, body):
    post_and_check(club, body)


@FUZZ
@given(body=st.dictionaries(
    st.sampled_from(["from", "to", "amount", "memo", "other"]),
    st.one_of(st.sampled_from(NAMES), st.integers(), st.floats(), st.none(), st.booleans(),
              st.text(max_size=12), st.lists(st.integers(), max_size=2))))
def test_any_payment_body_is_answered_without_a_500(club, body):
    post_and_check(club, body)


def test_a_refused_payment_is_refused_again_on_a_retry(club):
    staff = club["api"]["staff"]
    body = pay(club, "Athos", "Aramis", "0.00")
    assert staff.post("/payments", body, key="k").status_code == 422
    assert staff.post("/payments", body, key="k").status_code == 422
    assert IdempotentRequest.objects.get().status == 422
    assert not Transaction.objects.filter(reason=Transaction.Reason.PAYMENT).exists()


def test_money_held_outside_the_players_accounts_counts_as_its_stakers(club):
    staff = club["api"]["staff"]
    before = staff.get("/settle-up").json()
    pot = ledger.pot_account(1, "Table 1's pot")
    ledger.post(reason=Transaction.Reason.POOL_ENTRY, memo="", entries=[
        (ledger.account_for_player(club["players"]["Porthos"]), -10_00), (pot, 10_00)])

    answer = staff.get("/settle-up")

    # As on the settle-up page: Porthos's entry in the pot is still his until it is paid out,
    # so the payments are those of before; his balance is the ledger's, 10.00 lower.
    assert answer.status_code == 200
    assert answer.json()["payments"] == before["payments"]
    balance = {row["player"]["name"]: row["balance"] for row in answer.json()["balances"]}
    was = {row["player"]["name"]: row["balance"] for row in before["balances"]}
    assert (was.pop("Porthos"), balance.pop("Porthos", "0.00")) == ("10.00", "0.00")
    assert balance == was


def test_the_settle_up_needs_a_login(client, club):
    answer = Api(client, "0" * 40).get("/settle-up")
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "unauthorized"


def test_a_member_reads_his_own_ledger_newest_first(club):
    staff = club["api"]["staff"]
    assert staff.post("/payments", pay(club, "Athos", "Porthos", "10.00")).status_code == 201
    assert staff.post("/payments", pay(club, "Aramis", "Athos", "2.50")).status_code == 201
    evening, paid, repaid = Transaction.objects.order_by("pk")

    answer = club["api"]["Athos"].get(f"/players/{club['players']['Athos'].pk}/ledger")

    assert answer.status_code == 200
    assert answer.json() == {
        "player": ref(club, "Athos"), "balance": "-22.50", "next_before": None,
        "movements": [
            {"transaction": repaid.pk, "at": repaid.created_at.isoformat(), "kind": "payment",
             "memo": "cash at the bar", "reference": "", "amount": "-2.50",
             "made_by": "secretary"},
            {"transaction": paid.pk, "at": paid.created_at.isoformat(), "kind": "payment",
             "memo": "cash at the bar", "reference": "", "amount": "10.00",
             "made_by": "secretary"},
            {"transaction": evening.pk, "at": evening.created_at.isoformat(), "kind": "deposit",
             "memo": "the evening's play", "reference": "evening:1", "amount": "-30.00",
             "made_by": None},
        ]}
    PlayerLedger.model_validate(answer.json())
    assert ledger.player_balance(club["players"]["Athos"]) == -22_50


def test_the_ledger_comes_in_pages(club):
    athos = club["players"]["Athos"]
    for cents in (1_00, 2_00, 3_00):
        assert club["api"]["staff"].post(
            "/payments", pay(club, "Athos", "Porthos", money_text.plain(cents))
        ).status_code == 201
    path = f"/players/{athos.pk}/ledger"

    first = club["api"]["Athos"].get(f"{path}?limit=2").json()
    second = club["api"]["Athos"].get(f"{path}?limit=2&before={first['next_before']}").json()

    assert [m["amount"] for m in first["movements"]] == ["3.00", "2.00"]
    assert first["next_before"] == first["movements"][-1]["transaction"]
    assert [m["amount"] for m in second["movements"]] == ["1.00", "-30.00"]
    assert second["next_before"] is None
    assert first["balance"] == second["balance"] == "-24.00"


@pytest.mark.parametrize("query", ["limit=0", "limit=501", "limit=many", "before=0"])
def test_a_page_out_of_bounds_is_refused(club, query):
    answer = club["api"]["Athos"].get(f"/players/{club['players']['Athos'].pk}/ledger?{query}")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_request"
    assert query.split("=")[0] in answer.json()["error"]["message"]


def test_a_member_may_not_read_another_members_ledger(club):
    answer = club["api"]["Porthos"].get(f"/players/{club['players']['Athos'].pk}/ledger")
    assert answer.status_code == 403
    assert answer.json()["error"] == {
        "code": "not_own", "message": "only Athos himself and staff may read his ledger"}


def test_staff_read_any_ledger_and_nobody_reads_a_missing_one(club):
    staff = club["api"]["staff"]
    answer = staff.get(f"/players/{club['players']['Planchet'].pk}/ledger")
    assert answer.status_code == 200 and answer.json()["balance"] == "5.00"
    missing = staff.get("/players/999999/ledger")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_such_player"


def test_the_schema_publishes_the_three_endpoints(client):
    paths = client.get("/api/schema").json()["paths"]
    post = paths["/api/payments"]["post"]
    assert [p["name"] for p in post["parameters"] if p["in"] == "header"] == ["Idempotency-Key"]
    assert post["responses"]["201"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/PaymentOut"}
    assert "get" in paths["/api/settle-up"]
    assert "get" in paths["/api/players/{player_id}/ledger"]
