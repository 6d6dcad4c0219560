"""Money still held at a table (a pool's pot, the stakes of a unit's wagers) is its stakers' until
it is paid out: one rule (club.settle_up.counted_nets), the settle-up's, so that what each won at
play (the standings, a member's stats, the evening's money) and the API's settle-up count it as
the settle-up page does. The evening's money has the house's line, its levy: it sums to zero.

Worked by hand (docs/rules.md, sections 10 and 11): a French pool of Athos, Porthos and Aramis,
entry 5.00, levy 10 %; Dora backs Athos with 4.00 and Emile backs Porthos with 4.00 (balanced
4.00 a side).
  - Before any game: every entry and stake is held; nobody has won or lost anything yet.
  - Athos wins game 1, the first unit: Dora collects her 4.00 and Emile's 4.00 less the levy of
    10 % on her winnings (0.40): Dora +3.60, Emile -4.00, the house +0.40. The pot (15.00) is
    still held: Athos, Porthos and Aramis 0.00. The evening sums to zero.
  - Athos wins game 2 and the pool: he takes the pot, 15.00, of which 5.00 was his: Athos +10.00,
    Porthos and Aramis -5.00."""
import pytest

from club.settle_up import HOUSE_PARTY, club_settle_up
from games.selectors.standings import evening_won_at_play, player_stats, won_at_play
from tests.games.kit import member, players, win_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool(client, staff_api):
    """The pool opened, each backer's bet placed: (the snapshot, {name: player}, the API)."""
    dora_api, dora = member(client, "Dora")
    emile_api, emile = member(client, "Emile")
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    snap = staff_api.post("/tables", {
        "name": "Pool", "format": "pool", "players": [athos.pk, porthos.pk, aramis.pk],
        "first_dealer": porthos.pk, "wager_style": "french",
        "rules": {"pool_entry": "5.00", "levy_percent": "10"}}).json()
    bet = f"/tables/{snap['id']}/wagers"
    assert dora_api.post(bet, {"on": athos.pk, "stake": "4.00"}).status_code == 201
    assert emile_api.post(bet, {"on": porthos.pk, "stake": "4.00"}).status_code == 201
    named = {"Athos": athos, "Porthos": porthos, "Aramis": aramis, "Dora": dora, "Emile": emile}
    return staff_api.get(f"/tables/{snap['id']}").json(), named, staff_api


def by_name(named: dict, cents: dict) -> dict:
    """{name: cents} of {party: cents}, the house as "house"."""
    names = {player.pk: name for name, player in named.items()} | {HOUSE_PARTY: "house"}
    return {names[party]: amount for party, amount in cents.items()}


def standings_won(api) -> dict:
    return {row["player"]["name"]: row["won_at_play"]
            for row in api.get("/standings").json()["standings"]}


def test_while_nothing_is_decided_nobody_has_won_or_lost_anything(pool):
    snap, named, api = pool

    assert by_name(named, won_at_play()) == dict.fromkeys(
        ["Athos", "Porthos", "Aramis", "Dora", "Emile"], 0)
    # The standings list each of them at 0.00, not his entry or his stake as lost.
    assert standings_won(api) == dict.fromkeys(
        ["Athos", "Porthos", "Aramis", "Dora", "Emile"], "0.00")
    assert player_stats(named["Athos"])["won_at_play"] == 0


def test_a_decided_unit_counts_and_the_pot_still_held_does_not(pool):
    snap, named, api = pool

    win_game(api, snap, named["Athos"].pk)

    expected = {"Dora": 360, "Athos": 0, "Porthos": 0, "Aramis": 0, "house": 40, "Emile": -400}
    assert by_name(named, won_at_play()) == expected
    assert standings_won(api) == {"Athos": "0.00", "Porthos": "0.00", "Aramis": "0.00",
                                  "Dora": "3.60", "Emile": "-4.00"}


def test_the_evening_has_the_house_s_levy_and_sums_to_zero(pool):
    snap, named, api = pool
    win_game(api, snap, named["Athos"].pk)

    _day, rows = evening_won_at_play()

    assert by_name(named, dict(rows)) == {"Dora": 360, "house": 40, "Athos": 0, "Porthos": 0,
                                          "Aramis": 0, "Emile": -400}
    assert [cents for _party, cents in rows] == [360, 40, 0, 0, 0, -400]  # the most won first
    assert sum(cents for _party, cents in rows) == 0


def test_once_the_pool_is_won_the_pot_counts(pool):
    snap, named, api = pool
    snap, _ = win_game(api, snap, named["Athos"].pk)
    snap, _ = win_game(api, snap, named["Athos"].pk)
    assert snap["status"] == "won"

    assert by_name(named, won_at_play()) == {
        "Athos": 1000, "Porthos": -500, "Aramis": -500, "Dora": 360, "Emile": -400,
        "house": 40}
    _day, rows = evening_won_at_play()
    assert sum(cents for _party, cents in rows) == 0


def test_the_api_settles_up_what_is_decided_as_the_page_does(pool):
    snap, named, api = pool
    win_game(api, snap, named["Athos"].pk)

    answer = api.get("/settle-up")

    assert answer.status_code == 200, answer.content
    page = club_settle_up()
    assert answer.json()["payments"] == [
        {"from": {"id": payer.pk, "name": payer.name},
         "to": {"id": payee.pk, "name": payee.name} if payee.pk else {"id": None,
                                                                       "name": "House"},
         "amount": f"{cents // 100}.{cents % 100:02d}"} for payer, payee, cents in page.suggested]
    # Emile pays Dora what she won, and the house its levy; the pot waits for the pool.
    assert [(p["from"]["name"], p["to"]["name"], p["amount"])
            for p in answer.json()["payments"]] == [("Emile", "Dora", "3.60"),
                                                     ("Emile", "House", "0.40")]
