"""GET /api/standings: the standings as JSON, optionally between two dates; bad dates 400."""
import pytest
from django.contrib.auth import get_user_model

from tests.games.kit import players
from tests.games.rating_kit import pool_evening

pytestmark = pytest.mark.django_db


def test_the_standings_endpoint_lists_every_player_best_first(member_api):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    secretary = get_user_model().objects.create_user("scorer", is_staff=True)
    pool_evening(secretary, athos, porthos, aramis)

    answer = member_api.get("/standings")

    assert answer.status_code == 200
    body = answer.json()
    assert (body["from"], body["to"]) == (None, None)
    assert [row["player"] for row in body["standings"]] == [
        {"id": aramis.pk, "name": "Aramis"}, {"id": athos.pk, "name": "Athos"},
        {"id": porthos.pk, "name": "Porthos"}]
    first = body["standings"][0]
    assert (first["games_won"], first["pools_won"], first["won_at_play"]) == (2, 1, "20.00")
    assert set(first["rating"]) == {"mu", "sigma", "ordinal"}


def test_the_standings_endpoint_filters_by_date(member_api):
    secretary = get_user_model().objects.create_user("scorer", is_staff=True)
    pool_evening(secretary, *players("A", "B", "C"))

    answer = member_api.get("/standings?from=2000-01-01&to=2000-12-31")

    assert answer.status_code == 200
    assert answer.json() == {"from": "2000-01-01", "to": "2000-12-31", "standings": [],
                             "ratings_pending_since": None}


@pytest.mark.parametrize("query", ["from=yesterday", "to=2026-02-30", "from=2026-1-5",
                                   "from=2026-04-02&to=2026-04-01"])
def test_bad_dates_answer_400(member_api, query):
    answer = member_api.get(f"/standings?{query}")

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_request"
    assert answer.json()["error"]["message"]


@pytest.mark.parametrize("query", ["to=9999-12-31", "from=0001-01-01", "from=9999-12-31",
                                   "from=0001-01-01&to=9999-12-31"])
def test_the_first_and_last_days_of_the_calendar_are_dates_like_any_other(member_api, query):
    answer = member_api.get(f"/standings?{query}")

    assert answer.status_code == 200
    assert answer.json()["standings"] == []


def test_the_standings_endpoint_needs_a_user(client):
    answer = client.get("/api/standings")

    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "unauthorized"
