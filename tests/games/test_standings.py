"""The standings selector: each player's figures over a pool evening, by date range, with his
rating, best first; a bounded number of queries whatever the number of players."""
from contextlib import contextmanager
from datetime import datetime, timezone
from unittest import mock

import pytest
from django.contrib.auth import get_user_model

from games import ratings
from games.selectors.standings import date_range, standings
from tests.games.kit import players, summary
from tests.games.rating_kit import pool_evening

pytestmark = pytest.mark.django_db

ELDER_VOLE, DEALER_VOLE = summary(5), summary(0)
UTC = timezone.utc


@contextmanager
def clock(when: datetime):
    with mock.patch("django.utils.timezone.now", return_value=when):
        yield


@pytest.fixture
def user():
    return get_user_model().objects.create_user("secretary", is_staff=True)


def by_name(rows):
    return {row["player"]["name"]: row for row in rows}


def test_the_standings_of_a_pool_evening(user):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    pool_evening(user, athos, porthos, aramis)

    rows = standings()

    assert [row["player"]["name"] for row in rows] == ["Aramis", "Athos", "Porthos"]
    figures = {name: {k: v for k, v in row.items() if k not in ("player", "rating")}
               for name, row in by_name(rows).items()}
    assert figures == {
        "Athos": {"games_played": 2, "games_won": 1, "units_played": 2, "units_won": 1,
                  "pools_played": 1, "pools_won": 0, "points_for": 5, "points_against": 6,
                  "voles": 2, "kings": 1, "won_at_play": -1000},
        "Porthos": {"games_played": 2, "games_won": 0, "units_played": 2, "units_won": 0,
                    "pools_played": 1, "pools_won": 0, "points_for": 1, "points_against": 10,
                    "voles": 0, "kings": 0, "won_at_play": -1000},
        "Aramis": {"games_played": 2, "games_won": 2, "units_played": 2, "units_won": 2,
                   "pools_played": 1, "pools_won": 1, "points_for": 10, "points_against": 0,
                   "voles": 4, "kings": 0, "won_at_play": 2000},
    }
    now = ratings.ratings([athos.pk, porthos.pk, aramis.pk])
    for player in (athos, porthos, aramis):
        assert by_name(rows)[player.name]["rating"] == ratings.as_dict(now[player.pk])


def test_the_standings_order_is_rating_then_games_won(user):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    pool_evening(user, athos, porthos, aramis)

    rows = standings()

    keys = [(-row["rating"]["ordinal"], -row["games_won"]) for row in rows]
    assert keys == sorted(keys)
    assert rows[0]["rating"]["ordinal"] > 0 > rows[-1]["rating"]["ordinal"]


def test_the_standings_count_only_what_finished_in_the_range(user):
    athos, porthos, aramis, dartagnan = players("Athos", "Porthos", "Aramis", "d'Artagnan")
    with clock(datetime(2026, 3, 5, 20, tzinfo=UTC)):
        pool_evening(user, athos, porthos, aramis)
    with clock(datetime(2026, 4, 10, 20, tzinfo=UTC)):
        pool_evening(user, dartagnan, athos, porthos)
    march = date_range("2026-03-01", "2026-03-31")
    april = date_range("2026-04-10", "2026-04-10")

    in_march, in_april = (by_name(standings(since=s, until=u)) for s, u in (march, april))
    everything = by_name(standings())

    assert set(in_march) == {"Athos", "Porthos", "Aramis"}
    assert set(in_april) == {"d'Artagnan", "Athos", "Porthos"}
    assert in_march["Athos"]["games_played"] == in_april["Athos"]["games_played"] == 2
    assert everything["Athos"]["games_played"] == 4
    porthos = {name: (rows["Porthos"]["pools_won"], rows["Porthos"]["won_at_play"])
               for name, rows in (("april", in_april), ("march", in_march), ("all", everything))}
    assert porthos == {"april": (1, 2000), "march": (0, -1000), "all": (1, 1000)}
    assert in_april["Athos"]["units_played"] == 2 and everything["Athos"]["units_played"] == 4
    since, _ = date_range("2026-04-11", None)
    assert standings(since=since) == []


def test_the_rating_in_a_range_is_the_rating_at_its_end(user):
    athos, porthos, aramis, dartagnan = players("Athos", "Porthos", "Aramis", "d'Artagnan")
    with clock(datetime(2026, 3, 5, 20, tzinfo=UTC)):
        pool_evening(user, athos, porthos, aramis)
    march = by_name(standings(until=datetime(2026, 4, 1, tzinfo=UTC)))
    with clock(datetime(2026, 4, 10, 20, tzinfo=UTC)):
        pool_evening(user, dartagnan, athos, porthos)

    again = by_name(standings(until=datetime(2026, 4, 1, tzinfo=UTC)))
    now = by_name(standings())

    assert again["Athos"]["rating"] == march["Athos"]["rating"]
    assert now["Athos"]["rating"] != march["Athos"]["rating"]
    assert now["Porthos"]["rating"]["ordinal"] > march["Porthos"]["rating"]["ordinal"]


@pytest.mark.parametrize("first, last, named", [
    ("2026-3-1", None, "from"), ("2026-02-30", None, "from"), (None, "tomorrow", "to"),
    ("2026-04-02", "2026-04-01", "from must not be after to"), ("20260401", None, "from")])
def test_bad_dates_are_refused_naming_what_is_wrong(first, last, named):
    with pytest.raises(ValueError) as refused:
        date_range(first, last)
    assert str(refused.value).startswith(named)


def test_the_standings_take_the_same_few_queries_for_any_number_of_players(
        user, django_assert_max_num_queries):
    few = players("Athos", "Porthos", "Aramis")
    pool_evening(user, *few)
    with django_assert_max_num_queries(6):
        assert len(standings()) == 3

    for i in range(4):
        pool_evening(user, *players(f"A{i}", f"B{i}", f"C{i}"))
    with django_assert_max_num_queries(6):
        assert len(standings()) == 15
