"""The night's results (docs/api.md, GET /api/nights/{id}/results): every player present, with
his games, units and pools at the night's tables, what he won at play there and his fee."""
import pytest

from tests.nights.kit import draw, guests, open_night, present, win_table

pytestmark = pytest.mark.django_db


def test_the_results_count_the_nights_tables_and_fees(staff_api, staff):
    opened = open_night(staff_api, fees={"guest": "1.50"})
    trio = guests("Athos", "Porthos", "Aramis")
    (late,) = guests("Late")
    present(staff_api, opened, trio)
    table = draw(staff_api, opened, rules={"pool_entry": "3.00"})["tables"][0]
    present(staff_api, opened, [late])
    winner = win_table(table["id"], staff)
    rows = staff_api.get(f"/nights/{opened['id']}/results").json()["players"]
    assert [row["player"] for row in rows] == [p.pk for p in (*trio, late)]
    by_player = {row["player"]: row for row in rows}
    assert by_player[winner.pk] == {"player": winner.pk, "games_played": 2, "games_won": 2,
                                    "units_won": 2, "pools_won": 1, "won_at_play": "6.00",
                                    "fees": "1.50"}
    losers = [by_player[p.pk] for p in trio if p != winner]
    assert sum(row["games_played"] for row in losers) == 2
    assert all(row["games_won"] == row["pools_won"] == 0 for row in losers)
    assert all(row["won_at_play"] == "-3.00" for row in losers)
    assert by_player[late.pk] == {"player": late.pk, "games_played": 0, "games_won": 0,
                                  "units_won": 0, "pools_won": 0, "won_at_play": "0.00",
                                  "fees": "1.50"}


def test_play_at_other_tables_does_not_count_for_the_night(staff_api, staff):
    opened = open_night(staff_api)
    trio = guests("Athos", "Porthos", "Aramis")
    present(staff_api, opened, trio)
    apart = staff_api.post("/tables", {"name": "Apart", "format": "pool",
                                       "players": [p.pk for p in trio]}).json()
    win_table(apart["id"], staff)
    rows = staff_api.get(f"/nights/{opened['id']}/results").json()["players"]
    assert all(row["games_played"] == row["units_won"] == 0 for row in rows)
