"""The standings page at /standings: public, a table of every player's figures, a date form."""
import pytest
from django.contrib.auth import get_user_model

from tests.games.kit import players
from tests.games.rating_kit import pool_evening

pytestmark = pytest.mark.django_db


def test_the_standings_page_shows_every_player_to_anyone(client):
    pool_evening(get_user_model().objects.create_user("scorer", is_staff=True),
                 *players("Athos", "Porthos", "Aramis"))

    answer = client.get("/standings")

    page = answer.content.decode()
    assert answer.status_code == 200
    assert page.index("Aramis") < page.index("Athos") < page.index("Porthos")
    assert "20.00" in page and 'name="from"' in page and 'name="to"' in page


def test_the_standings_page_filters_by_date(client):
    pool_evening(get_user_model().objects.create_user("scorer", is_staff=True),
                 *players("Athos", "Porthos", "Aramis"))

    answer = client.get("/standings", {"from": "2000-01-01", "to": "2000-01-31"})

    assert answer.status_code == 200
    assert "Athos" not in answer.content.decode()
    assert 'value="2000-01-01"' in answer.content.decode()


def test_a_bad_date_on_the_standings_page_says_what_is_wrong(client):
    answer = client.get("/standings", {"from": "5 March"})

    assert answer.status_code == 400
    assert "YYYY-MM-DD" in answer.content.decode()


def test_the_home_page_links_to_the_standings(client):
    assert 'href="/standings"' in client.get("/").content.decode()
