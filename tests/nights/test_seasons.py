"""Seasons and their ladder (docs/api.md, Seasons; docs/rules.md, The season's ladder): a
point for each night a player came to and one for each unit he won at its tables, his best
`best_nights` nights counted, the qualified (at least `minimum_nights`) first; and two players'
record against each other."""
import datetime

import pytest

from nights.models import Night
from tests.nights.kit import draw, guests, open_night, present, win_table

pytestmark = pytest.mark.django_db


def season(api, **body) -> dict:
    answer = api.post("/seasons", {"name": "Winter", "first": "2000-01-01",
                                   "last": "2100-12-31", "best_nights": None,
                                   "minimum_nights": 0} | body)
    assert answer.status_code == 201, answer.content
    return answer.json()


def test_staff_define_a_season(staff_api):
    made = season(staff_api, best_nights=20, minimum_nights=5)
    assert made == {"id": made["id"], "name": "Winter", "first": "2000-01-01",
                    "last": "2100-12-31", "best_nights": 20, "minimum_nights": 5}


def test_a_director_does_not_define_seasons(director):
    answer = director.post("/seasons", {"name": "W", "first": "2026-01-01",
                                        "last": "2026-06-30", "minimum_nights": 0})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "not_staff"


def test_a_season_ends_after_it_begins(staff_api):
    answer = staff_api.post("/seasons", {"name": "W", "first": "2026-06-30",
                                         "last": "2026-01-01", "minimum_nights": 0})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "bad_season"


def _two_nights(staff_api, staff, losers_again=False):
    """Night one: A, B and C, a pool won by its first elder; night two: A and B (or, when
    `losers_again`, the two who lost the pool), no play; a night outside the season: D.
    (players, the pool's winner, the nights' ids)"""
    a, b, c, d = guests("A", "B", "C", "D")
    first = open_night(staff_api, name="One")
    present(staff_api, first, [a, b, c])
    winner = win_table(draw(staff_api, first)["tables"][0]["id"], staff)
    staff_api.post(f"/nights/{first['id']}/close")
    second = open_night(staff_api, name="Two")
    present(staff_api, second, [p for p in (a, b, c) if p != winner] if losers_again
            else [a, b])
    staff_api.post(f"/nights/{second['id']}/close")
    outside = open_night(staff_api, name="Long ago")
    present(staff_api, outside, [d])
    Night.objects.filter(pk=outside["id"]).update(date=datetime.date(1999, 12, 31))
    return (a, b, c, d), winner, (first["id"], second["id"])


def test_the_ladder_counts_a_point_a_night_and_one_a_unit_won(staff_api, staff):
    (a, b, c, _d), winner, (one, two) = _two_nights(staff_api, staff)
    made = season(staff_api)
    ladder = staff_api.get(f"/seasons/{made['id']}/standings").json()
    rows = {row["player"]: row for row in ladder["rows"]}
    assert set(rows) == {a.pk, b.pk, c.pk}  # D came only before the season
    for player in (a, b, c):
        came = [one, two] if player in (a, b) else [one]
        units = 2 if player == winner else 0  # the pool's two games
        assert rows[player.pk] == {"player": player.pk, "nights": len(came),
                                   "points": len(came) + units, "counted": came,
                                   "qualified": True}
    assert [row["points"] for row in ladder["rows"]] == sorted(
        (row["points"] for row in ladder["rows"]), reverse=True)
    assert ladder["leader"] == ladder["rows"][0]["player"] == winner.pk


def test_only_the_best_nights_count(staff_api, staff):
    (a, b, _c, _d), winner, (one, _two) = _two_nights(staff_api, staff)
    made = season(staff_api, best_nights=1)
    rows = {row["player"]: row for row in
            staff_api.get(f"/seasons/{made['id']}/standings").json()["rows"]}
    for player in (a, b):  # his best night counts alone: the pool's, or the first of two
        best = 3 if player == winner else 1
        assert (rows[player.pk]["points"], rows[player.pk]["counted"]) == (best, [one])


def test_the_qualified_come_first_whatever_their_points(staff_api, staff):
    players, winner, _nights = _two_nights(staff_api, staff, losers_again=True)
    made = season(staff_api, minimum_nights=2)
    ladder = staff_api.get(f"/seasons/{made['id']}/standings").json()
    assert [(row["points"], row["qualified"]) for row in ladder["rows"]] == [
        (2, True), (2, True), (3, False)]
    assert ladder["rows"][2]["player"] == winner.pk
    assert ladder["leader"] == ladder["rows"][0]["player"] != winner.pk


def test_nobody_leads_before_anyone_qualifies(staff_api, staff):
    _two_nights(staff_api, staff)
    made = season(staff_api, minimum_nights=5)
    ladder = staff_api.get(f"/seasons/{made['id']}/standings").json()
    assert ladder["leader"] is None and not any(row["qualified"] for row in ladder["rows"])


def test_a_season_that_is_not_there(staff_api):
    answer = staff_api.get("/seasons/999/standings")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "no_such_season"


def test_head_to_head_from_either_side(staff_api, staff):
    a, b = guests("A", "B")
    rubber = staff_api.post("/tables", {"name": "R", "format": "rubber",
                                        "players": [a.pk, b.pk], "first_dealer": b.pk}).json()
    winner = win_table(rubber["id"], staff)  # a, the elder, wins two games: the rubber
    assert winner == a
    assert staff_api.get(f"/players/{a.pk}/against/{b.pk}").json() == {
        "games": 2, "won": 2, "lost": 0, "units_won": 1, "units_lost": 0}
    assert staff_api.get(f"/players/{b.pk}/against/{a.pk}").json() == {
        "games": 2, "won": 0, "lost": 2, "units_won": 0, "units_lost": 1}


def test_head_to_head_refuses_one_player_against_himself_and_an_unknown_one(staff_api):
    (a,) = guests("A")
    same = staff_api.get(f"/players/{a.pk}/against/{a.pk}")
    assert same.status_code == 422 and same.json()["error"]["code"] == "same_party"
    unknown = staff_api.get(f"/players/{a.pk}/against/999")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "no_such_player"
