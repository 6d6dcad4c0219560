"""The club's ceiling on every amount it accepts (club.ledger.MAX_AMOUNT, 1,000,000.00;
docs/rules.md "Limits"): stakes, lays at their odds, pool stakes, payments and the credit limit.
A refusal is 422 and names the ceiling; nothing is saved. And money stored past it, around the
services, stops neither a hand nor an abandon. Athos and Porthos play; Charles and Dora wager."""
import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from club import ledger
from club.apps import ClubConfig
from games.models import Table, Wager, WagerTake
from tests.games.kit import (
    STAKE_CHECK,
    Api,
    balanced_books,
    escrow,
    member,
    money,
    players,
    summary,
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


def test_an_offer_stored_past_the_ceiling_is_neither_taken_nor_withdrawn(client, staff_api):
    """An offer stored before the ceiling (written here around the services): 9,000,000,000,000.00
    at 999999:1. Whatever part of it is taken would lay past what the ledger should hold: it
    is refused (409), and so is withdrawing it, which would change a row the database no longer
    takes so. Nothing is held."""
    table, (athos, _, _) = wager_pool(staff_api, "english")
    charles_api, charles = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    wager = _stored_over_the_ceiling(Wager(
        table_id=table, unit_number=1, style="english", bettor=charles, on=athos,
        stake=9_000_000_000_000_00, odds_for=999999, odds_against=1, placed_by=charles.user))
    for answer in (dora_api.post(f"/wagers/{wager.pk}/take", {"stake": "1.00"}),
                   charles_api.post(f"/wagers/{wager.pk}/withdraw")):
        assert answer.status_code == 409
        assert "past the club's ceiling on amounts (1000000.00)" in (
            answer.json()["error"]["message"])
    assert money(charles, dora) == ["0.00", "0.00"] and not WagerTake.objects.exists()


def _stored_over_the_ceiling(wager: Wager) -> Wager:
    """Saves `wager` as a database that held it before the ceiling keeps it: on PostgreSQL the
    check is dropped for the insert and added again NOT VALID, as games' migration 0013 adds
    it; SQLite is told not to check meanwhile (the test's transaction undoes either)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"ALTER TABLE games_wager DROP CONSTRAINT {STAKE_CHECK}")
            wager.save()
            # The insert's deferred foreign-key checks run first: PostgreSQL alters no table
            # with checks pending.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(f"ALTER TABLE games_wager ADD CONSTRAINT {STAKE_CHECK} "
                           f"CHECK (stake <= {ledger.MAX_AMOUNT}) NOT VALID")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        else:
            cursor.execute("PRAGMA ignore_check_constraints = ON")
            try:
                wager.save()
            finally:
                cursor.execute("PRAGMA ignore_check_constraints = OFF")
    return wager


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


def _bet(table: int, bettor, on, stake: int):
    return _stored_over_the_ceiling(Wager(table_id=table, unit_number=1, style="french",
                                          bettor=bettor, on=on, stake=stake,
                                          placed_by=bettor.user))


def test_bets_past_what_the_ledger_holds_neither_stop_the_hands_nor_the_abandon(
        client, staff_api, caplog):
    """Two French bets of 50,000,000,000,000,000.00, one on each player, written around the
    services (so never held in the escrow). Balanced when the unit starts, each is matched in
    full; the winner would collect twice his stake, 10^19 cents, more than a 64-bit integer
    holds. The game-ending hand, the next hand and the abandon all go through; the posting the
    ledger cannot take is left out and logged, and no money is made: every balance stays 0."""
    table, (athos, porthos, _) = wager_pool(staff_api, "french")
    _, charles = member(client, "Charles")
    _, dora = member(client, "Dora")
    _bet(table, charles, athos, 50_000_000_000_000_000_00)
    _bet(table, dora, porthos, 50_000_000_000_000_000_00)
    snap = staff_api.get(f"/tables/{table}").json()
    snap, _ = win_game(staff_api, snap, athos.pk)  # unit 1 is Athos's
    assert snap["status"] == "playing" and snap["unit"]["number"] == 2
    assert "could not be posted" in caplog.text
    answer = staff_api.post(f"/tables/{table}/hands", {"record": summary(3)})
    assert answer.status_code == 201, answer.content
    abandoned = staff_api.post(f"/tables/{table}/abandon")
    assert abandoned.status_code == 200, abandoned.content
    assert money(charles, dora, athos, porthos) == ["0.00"] * 4
    balanced_books()


def test_a_stake_never_held_is_not_paid_out_of_the_escrow(client, staff_api):
    """A bet of 1,000,000.01 on Athos written around the services (never held), and an honest
    one of 5.00 on Porthos. The stored bet is past the ceiling: when the unit starts it is left
    out of the gallery, so Dora's 5.00 has nothing against it and goes back. When Athos wins,
    the unit's settlement would give Charles his 1,000,000.01 back out of an escrow that never
    held it: that posting is left out, and no money is made."""
    table, (athos, porthos, _) = wager_pool(staff_api, "french")
    _, charles = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    _bet(table, charles, athos, 1_000_000_01)
    assert dora_api.post(f"/tables/{table}/wagers",
                         {"on": porthos.pk, "stake": "5.00"}).status_code == 201
    snap = staff_api.get(f"/tables/{table}").json()
    win_game(staff_api, snap, athos.pk)
    assert staff_api.post(f"/tables/{table}/abandon").status_code == 200
    assert money(charles, dora) == ["0.00", "0.00"] and escrow(table, 1) == 0
    balanced_books()


def test_abandoning_returns_a_stake_held_past_the_ceiling(client, staff_api):
    """A bet of 9,000,000,000,000.00 recorded, and held, before the ceiling existed: the table
    is abandoned before its unit is decided, and the stake goes back whole, as every stake
    held at an abandoned table does."""
    from games.services import money as table_money
    table, (athos, _, _) = wager_pool(staff_api, "french")
    _, charles = member(client, "Charles")
    wager = _bet(table, charles, athos, 9_000_000_000_000_00)
    table_money.post(Table.objects.get(pk=table), kind="wager_stake", by=charles.user,
                     reference=f"wager:{wager.pk}:stake", unit=1, wager=wager,
                     amounts={f"player:{charles.pk}": -wager.stake,
                              f"escrow:table:{table}:unit:1": wager.stake})
    assert money(charles) == ["-9000000000000.00"]
    assert staff_api.post(f"/tables/{table}/hands", {"record": summary(3)}).status_code == 201
    assert staff_api.post(f"/tables/{table}/abandon").status_code == 200
    assert money(charles) == ["0.00"] and escrow(table, 1) == 0
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
        tx = Transaction.objects.create(kind="payment", memo="")
        Entry.objects.bulk_create([Entry(transaction=tx, account=mine, amount=5 * 10**18),
                                   Entry(transaction=tx, account=house, amount=-5 * 10**18)])
    assert Account.objects.count() == 2
    browser = Api(Client(raise_request_exception=False), staff_api.token)
    answer = browser.get("/settle-up")
    assert answer.status_code == 500 and "Retry-After" not in answer
