"""A full pool evening through the API: three games with rotation, forfeits and a winner."""
import pytest

from club import ledger
from club.models import Transaction
from games.models import Game, Hand, Table, Unit
from testbed.users import user_with_token
from tests.games.kit import Api, players, win_game

pytestmark = pytest.mark.django_db


def test_a_pool_evening_rotates_collects_forfeits_and_pays_the_winner(client):
    _, token = user_with_token("secretary", staff=True)
    api = Api(client, token)
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    answer = api.post("/tables", {
        "name": "Table 1", "format": "pool",
        "players": [athos.pk, porthos.pk, aramis.pk], "first_dealer": porthos.pk,
        "rules": {"pool_entry": "10.00", "pool_forfeit": "2.50"}})
    assert answer.status_code == 201, answer.content
    table = answer.json()
    assert table["seats"] == {"elder": athos.pk, "dealer": porthos.pk, "observer": aramis.pk}
    assert table["pool"]["pot"] == "30.00"

    def play_game(winner):
        nonlocal table
        table, _ = win_game(api, table, winner.pk)

    play_game(athos)  # game 1: Athos beats Porthos, who rises; Aramis comes in and deals
    assert table["seats"] == {"elder": athos.pk, "dealer": aramis.pk, "observer": porthos.pk}
    assert table["pool"]["streak"] == {"player": athos.pk, "count": 1}
    assert table["pool"]["pot"] == "32.50"
    play_game(aramis)  # game 2: Aramis beats Athos; Porthos comes back in
    assert table["seats"]["observer"] == athos.pk
    assert table["pool"]["streak"] == {"player": aramis.pk, "count": 1}
    play_game(aramis)  # game 3: Aramis beats Porthos: two in succession
    assert table["status"] == "won" and table["pool"]["winner"] == aramis.pk
    assert table["pool"]["pot"] == "37.50"

    assert Table.objects.get().winner == aramis
    assert list(Game.objects.values_list("winner__name", "loser__name")) == [
        ("Athos", "Porthos"), ("Aramis", "Athos"), ("Aramis", "Porthos")]
    assert Unit.objects.count() == 3
    assert Hand.objects.filter(status=Hand.Status.COUNTED).count() == Hand.objects.count()
    balances = {p.name: ledger.player_balance(p) for p in (athos, porthos, aramis)}
    assert balances == {"Athos": -1250, "Porthos": -1500, "Aramis": 3750 - 1000}
    assert sum(balances.values()) == 0
    assert Transaction.objects.filter(reason=Transaction.Reason.POOL_PAYOUT).count() == 1


def test_a_pool_of_rubbers_takes_a_forfeit_per_rubber_lost_not_per_game(client):
    """docs/rules.md, section 10: with `pool_unit: rubber` the unit is the rubber. The loser of a
    rubber forfeits and rises; a game lost inside a rubber costs nothing, and the streak counts
    rubbers."""
    api = Api(client, user_with_token("secretary", staff=True)[1])
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = api.post("/tables", {
        "name": "Rubbers", "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
        "first_dealer": porthos.pk,
        "rules": {"pool_unit": "rubber", "pool_entry": "2.00", "pool_forfeit": "1.00"}}).json()

    def athos_wins_a_game():
        nonlocal table
        table, _ = win_game(api, table, athos.pk)

    athos_wins_a_game()  # game 1 of the first rubber, against Porthos
    assert table["pool"]["pot"] == "6.00" and table["pool"]["streak"] is None
    assert table["seats"]["observer"] == aramis.pk
    athos_wins_a_game()  # the rubber: Porthos forfeits and rises, Aramis comes in
    assert table["pool"]["pot"] == "7.00"
    assert table["pool"]["streak"] == {"player": athos.pk, "count": 1}
    assert table["seats"]["observer"] == porthos.pk
    athos_wins_a_game()
    athos_wins_a_game()  # the second rubber, against Aramis: two in succession
    assert table["status"] == "won" and table["pool"]["winner"] == athos.pk
    assert table["pool"]["pot"] == "8.00"
    assert ledger.player_balance(athos) == 800 - 200
    assert ledger.player_balance(porthos) == ledger.player_balance(aramis) == -300
