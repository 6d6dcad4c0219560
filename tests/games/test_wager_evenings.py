"""A whole evening with bystanders, through the API: a French pool with stakes and a levy, and an
English rubber. Every balance is checked to the cent against a hand computation, and the
settle-up's payments, recorded by staff, bring every balance to zero, the house's included."""
import pytest

from club import ledger, money_text
from tests.games.kit import member, players, summary, win_game

pytestmark = pytest.mark.django_db


def test_a_french_pool_and_an_english_rubber_settle_to_the_cent_and_the_settle_up_clears_them(
        client, staff_api):
    (athos_api, athos) = member(client, "Athos")
    porthos, aramis = players("Porthos", "Aramis")
    (charles_api, charles), (dora_api, dora), (emile_api, emile) = (
        member(client, name) for name in ("Charles", "Dora", "Emile"))

    # The French pool: entries 10.00, forfeits 2.50, a levy of 5 %.
    pool = staff_api.post("/tables", {
        "name": "Pool", "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
        "first_dealer": porthos.pk, "wager_style": "french",
        "rules": {"pool_entry": "10.00", "pool_forfeit": "2.50", "levy_percent": "5"}}).json()
    bet = f"/tables/{pool['id']}/wagers"
    charles_api.post(bet, {"on": athos.pk, "stake": "10.00"})
    athos_api.post(bet, {"on": athos.pk, "stake": "4.00"})  # he covers first: 4.00 matched
    dora_api.post(bet, {"on": porthos.pk, "stake": "6.00"})  # Charles: 2.00 matched, 8.00 back
    pool, _ = win_game(staff_api, pool, athos.pk)  # Athos takes unit 1; Aramis comes in
    emile_api.post(bet, {"on": aramis.pk, "stake": "5.00"})
    dora_api.post(bet, {"on": athos.pk, "stake": "5.00"})
    pool, _ = win_game(staff_api, pool, athos.pk)  # and unit 2: the pool of 35.00 is his
    assert (pool["status"], pool["pool"]["pot"]) == ("won", "35.00")

    # The English rubber, best of three: Charles backs Athos for 10.00 at 2:1.
    rubber = staff_api.post("/tables", {
        "name": "Rubber", "format": "rubber", "players": [athos.pk, porthos.pk],
        "first_dealer": porthos.pk, "wager_style": "english"}).json()
    offer = charles_api.post(f"/tables/{rubber['id']}/wagers",
                             {"on": athos.pk, "stake": "10.00", "odds": "2:1"}).json()["id"]
    dora_api.post(f"/wagers/{offer}/take", {"stake": "6.00"})   # lays 12.00
    emile_api.post(f"/wagers/{offer}/take", {"stake": "2.00"})  # lays 4.00; 2.00 will lapse
    staff_api.post(f"/tables/{rubber['id']}/hands", {"record": summary(2)})
    rubber = staff_api.get(f"/tables/{rubber['id']}").json()
    while rubber["status"] == "playing":
        rubber, _ = win_game(staff_api, rubber, porthos.pk)
    assert rubber["winner"] == porthos.pk

    # Worked by hand:
    #   Athos    -10.00 entry - 4.00 bet + 7.80 (4.00 + 4.00 less 0.20) + 35.00 pot = 28.80
    #   Porthos  -10.00 - 2.50 forfeit = -12.50;   Aramis the same
    #   Charles  -10.00 + 8.00 back + 3.90 (2.00 + 2.00 less 0.10), then -8.00 matched = -6.10
    #   Dora     -6.00 lost, -5.00 + 9.75 (5.00 + 5.00 less 0.25), then +6.00 laid = 4.75
    #   Emile    -5.00 lost, then +2.00 laid = -3.00;   the house 0.20 + 0.10 + 0.25 = 0.55
    expected = {athos: "28.80", porthos: "-12.50", aramis: "-12.50", charles: "-6.10",
                dora: "4.75", emile: "-3.00"}
    assert {p: money_text.plain(ledger.player_balance(p)) for p in expected} == expected
    assert ledger.house_balance() == 55

    settle_up = charles_api.get("/settle-up").json()
    assert len(settle_up["payments"]) <= 6
    for payment in settle_up["payments"]:
        paid = staff_api.post("/payments", {"from": payment["from"]["id"],
                                            "to": payment["to"]["id"],
                                            "amount": payment["amount"]})
        assert paid.status_code == 201, paid.content
    assert all(ledger.player_balance(p) == 0 for p in expected)
    assert ledger.house_balance() == 0
    assert charles_api.get("/settle-up").json() == {"payments": [], "balances": []}
