"""The club's ceiling on every amount it accepts (club.ledger.MAX_AMOUNT, 1,000,000.00;
docs/rules.md "Limits"): stakes, lays at their odds, pool stakes, payments and the credit limit.
A refusal is 422 and names the ceiling; nothing is saved. A stake written around the services,
never held, stops neither a hand nor an abandon. Athos and Porthos play; Charles and Dora
wager."""
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from club import ledger
from club.apps import ClubConfig
from games.models import Table, Wager, WagerTake
from tests.games.kit import (
    Api,
    balanced_books,
    escrow,
    member,
    money,
    players,
    wager_pool,
    win_game,
)

pytestmark = pytest.mark.django_db

CEILING = "must be at most 1000000.00, the club's ceiling on any amount"


@pytest.mark.parametrize("style", ["english", "french"])
@pytest.mark.parametrize("stake", ["1000000.01", "50000000000000000.00",
                                   "92233720368547758.07", "92233720368547758.08"])
def test_a_stake_past_the_ceiling_is_refused_without_a_wager_max(client, staff_api, style,
                                                                 stake):
    table, (athos, _, _) = wager_pool(staff_api, style)  # no wager_max, no credit limit
    charles_api, charles = member(client, "Charles")
    refused = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": stake})
    assert refused.status_code == 422, refused.content
    assert refused.json()["error"]["code"] == "bad_stake"
    message = refused.json()["error"]["message"]
    assert f"the stake {CEILING}" in message or (  # past what a 64-bit integer holds
        "no amount may be more than 1000000.00, the club's ceiling" in message)
    assert not Wager.objects.exists() and money(charles) == ["0.00"]


def test_a_stake_at_the_ceiling_is_a_wager_like_any_other(client, staff_api):
    table, (athos, _, _) = wager_pool(staff_api, "french")
    charles_api, charles = member(client, "Charles")
    placed = charles_api.post(f"/tables/{table}/wagers",
                              {"on": athos.pk, "stake": "1000000.00"})
    assert placed.status_code == 201 and money(charles) == ["-1000000.00"]


def test_an_offer_whose_whole_lay_would_pass_the_ceiling_is_refused(client, staff_api):
    """At 999999:1 a stake of 1.00 lays 999,999.00: within the ceiling, and taken in full. A
    stake of 1.01 would lay 1.01 × 999999 = 1,009,998.99: past it, refused when it is offered,
    so that no take of it can pass it."""
    table, (athos, _, _) = wager_pool(staff_api, "english")
    charles_api, charles = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    refused = charles_api.post(f"/tables/{table}/wagers",
                               {"on": athos.pk, "stake": "1.01", "odds": "999999:1"})
    assert refused.status_code == 422
    message = refused.json()["error"]["message"]
    assert CEILING in message and "not 1009998.99" in message
    assert not Wager.objects.exists() and money(charles) == ["0.00"]
    offer = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "1.00", "odds": "999999:1"}).json()["id"]
    taken = dora_api.post(f"/wagers/{offer}/take", {"stake": "1.00"})
    assert taken.status_code == 201 and taken.json()["takes"][0]["lay"] == "999999.00"
    assert money(charles, dora) == ["-1.00", "-999999.00"]


def test_a_take_past_the_ceiling_is_refused(client, staff_api):
    """Taking 9,000,000,000,000.00 of an offer is refused for its stake, before anything else:
    nothing is held."""
    table, (athos, _, _) = wager_pool(staff_api, "english")
    charles_api, _ = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    offer = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "1.00", "odds": "999999:1"}).json()["id"]
    refused = dora_api.post(f"/wagers/{offer}/take", {"stake": "9000000000000.00"})
    assert refused.status_code == 422
    assert f"the stake {CEILING}, not 9000000000000.00" in refused.json()["error"]["message"]
    assert money(dora) == ["0.00"] and not WagerTake.objects.exists()


@pytest.mark.parametrize("rules", [{"pool_entry": "1000000.01"}, {"wager_max": "1000000.01"},
                                   {"wager_min": "2000000"}])
def test_table_options_past_the_ceiling_are_refused(staff_api, rules):
    seated = players("Athos", "Porthos", "Aramis")
    refused = staff_api.post("/tables", {"name": "T", "format": "pool", "rules": rules,
                                         "players": [p.pk for p in seated]})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_rules"
    assert CEILING in refused.json()["error"]["message"]
    assert not Table.objects.exists()


@pytest.mark.parametrize("key", ["pool_entry", "pool_forfeit"])
def test_a_rubber_with_a_pool_stake_is_refused_naming_it(staff_api, key):
    """No money moves at a rubber but its wagers: a pool's entry or forfeit there is refused."""
    seated = players("Athos", "Porthos")
    refused = staff_api.post("/tables", {"name": "T", "format": "rubber",
                                         "rules": {key: "2.00"},
                                         "players": [p.pk for p in seated]})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_rules"
    assert f"rules.{key} must be 0.00 at a rubber" in refused.json()["error"]["message"]
    assert not Table.objects.exists()
    zero = staff_api.post("/tables", {"name": "T", "format": "rubber",
                                      "rules": {key: "0.00"}, "players": [p.pk for p in seated]})
    assert zero.status_code == 201


def test_a_credit_limit_past_the_ceiling_stops_the_club_from_starting(settings):
    settings.CREDIT_LIMIT = ledger.MAX_AMOUNT
    ClubConfig.check_credit_limit()
    settings.CREDIT_LIMIT = ledger.MAX_AMOUNT + 1
    with pytest.raises(ImproperlyConfigured, match="CREDIT_LIMIT must be at most 1000000.00"):
        ClubConfig.check_credit_limit()


def test_a_stake_never_held_is_not_paid_out_of_the_escrow(client, staff_api, caplog):
    """A bet of 5.00 on Athos written around the services (never held), and an honest one of
    5.00 on Porthos: the gallery is balanced when the unit starts. When Athos wins, the unit's
    settlement would pay Charles 10.00 out of an escrow that holds 5.00: that posting is left
    out and logged, the hands and the abandon go through, and no money is made."""
    table, (athos, porthos, _) = wager_pool(staff_api, "french")
    _, charles = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    Wager.objects.create(table_id=table, unit_number=1, style="french", bettor=charles,
                         on=athos, stake=500, placed_by=charles.user)
    assert dora_api.post(f"/tables/{table}/wagers",
                         {"on": porthos.pk, "stake": "5.00"}).status_code == 201
    snap = staff_api.get(f"/tables/{table}").json()
    win_game(staff_api, snap, athos.pk)
    assert "could not be posted" in caplog.text
    assert staff_api.post(f"/tables/{table}/abandon").status_code == 200
    assert money(charles, dora) == ["0.00", "-5.00"] and escrow(table, 1) == 500
    balanced_books()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL adds bigints as numeric")
def test_a_sum_past_sqlites_integers_is_a_fault_not_an_unreachable_database(staff_api):
    """Two payments of 5 × 10^18 cents to one player, stored around the services: SQLite cannot
    add up his balance. The settle-up answers 500, not 503 "unavailable": sending it again would
    not help."""
    from django.test import Client

    from club.models import Account, Entry, Transaction
    athos, = players("Athos")
    mine, house = ledger.account_for_player(athos), ledger.house_account()
    for _ in range(2):
        tx = Transaction.objects.create(reason=Transaction.Reason.PAYMENT, memo="")
        Entry.objects.bulk_create([Entry(transaction=tx, account=mine, amount=5 * 10**18),
                                   Entry(transaction=tx, account=house, amount=-5 * 10**18)])
    assert Account.objects.count() == 2
    browser = Api(Client(raise_request_exception=False), staff_api.token)
    answer = browser.get("/settle-up")
    assert answer.status_code == 500 and "Retry-After" not in answer
