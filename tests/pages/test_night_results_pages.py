"""A night's results page, for anyone: its tables and who won them, each player's row as the
API gives it; the night's settle-up for members, from the club's settle-up rule, summing to
zero with the fees in it; and the paper sheets, one per table."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from club.players import create_player
from nights import services
from testbed.users import user_with_token
from tests.games.kit import Api
from tests.nights.kit import win_table

pytestmark = pytest.mark.django_db


def a_member(name: str, email: str = ""):
    """A member's player, linked to his login."""
    get_user_model().objects.create_user(name.lower(), email=email)
    return create_player(name=name, username=name.lower())


@pytest.fixture
def night(staff):
    """Four members present at 2.00 (a pool at 10.00 the seat, played out), a guest at 5.00
    who waits: (the night, its pool, the pool's winner)."""
    night = services.open_night(name="Friday", member_fee=200, guest_fee=500, by=staff)
    for name in ("Athos", "Porthos", "Aramis"):
        player = a_member(name)
        services.mark_present(night_id=night.pk, player=player, by=staff)
    guest = create_player(name="Planchet")
    services.mark_present(night_id=night.pk, player=guest, by=staff)
    tables, _ = services.draw(night_id=night.pk, format="pool", rules={"pool_entry": 1000},
                              by=staff)
    winner = win_table(tables[0].pk, staff)
    return night, tables[0], winner


def test_the_results_page_shows_the_tables_and_the_api_figures(night, client):
    night, pool, winner = night
    page = Client().get(f"/nights/{night.pk}/results/").content.decode()
    assert re.search(rf'data-table="{pool.pk}">.*?data-won-by>{winner.name}<', page, re.S)
    api = Api(client, user_with_token("reader")[1])
    expected = api.get(f"/nights/{night.pk}/results").json()["players"]
    shown = re.findall(r'<tr data-player="(\d+)">.*?data-games>([^<]*)<.*?data-units>(\d+)<'
                       r'.*?data-pools>(\d+)<.*?data-won-at-play[^>]*>([^<]*)<.*?data-fee>'
                       r'([^<]*)<', page, re.S)
    assert shown == [(str(row["player"]), f"{row['games_won']}/{row['games_played']}",
                      str(row["units_won"]), str(row["pools_won"]), row["won_at_play"],
                      row["fees"]) for row in expected]
    assert "settle-up" not in page  # the money squared is the members'


def test_the_nights_settle_up_squares_play_and_fees(night, steward):
    night, pool, winner = night
    page = steward.get(f"/nights/{night.pk}/results/").content.decode()
    nets = re.search(r"data-night-nets>(.*?)</ul>", page, re.S).group(1)
    amounts = [int(cents.replace(".", "").replace("-", "")) * (-1 if "-" in cents else 1)
               for cents in re.findall(r'class="(?:neg|pos)">(-?[\d.]+)<', nets)]
    assert sum(amounts) == 0
    # the pot of 30.00 went to the winner: 20.00 won less his fee; the house has the fees
    assert re.search(rf"{winner.name}</span><span class=\"pos\">18.00<", nets)
    assert re.search(r"the house</span><span class=\"pos\">11.00<", nets)
    payments = re.search(r"data-night-payments>(.*?)</ul>", page, re.S).group(1)
    assert payments.count("<li>") == 4  # no part of the night squares apart: 5 parties


def test_the_french_results_page(night):
    night, _pool, _winner = night
    page = Client().get(f"/nights/{night.pk}/results/", HTTP_ACCEPT_LANGUAGE="fr")
    text = page.content.decode()
    assert "Friday\xa0: les résultats" in text and "Feuilles de papier pour les tables" in text


def test_a_paper_sheet_per_table_names_its_players(night):
    night, pool, _winner = night
    page = Client().get(f"/nights/{night.pk}/sheets/").content.decode()
    sheets = re.findall(r'data-sheet="(\d+)"', page)
    assert sheets == [str(pool.pk)]
    assert "Athos, Porthos, Aramis" in page or all(
        name in page for name in ("Athos", "Porthos", "Aramis"))


def test_an_unknown_night_is_not_here():
    assert Client().get("/nights/999/results/").status_code == 404
    assert Client().get("/nights/999/sheets/").status_code == 404


def test_the_nights_settle_up_lists_players_as_the_language_sorts_them(staff, steward):
    """d'Artagnan among the Ds, in the balances and the payments to make (club.players)."""
    night = services.open_night(name="Friday", member_fee=200, guest_fee=500, by=staff)
    for name in ("Zorro", "d'Artagnan", "Athos"):
        services.mark_present(night_id=night.pk, player=create_player(name=name), by=staff)
    page = steward.get(f"/nights/{night.pk}/results/").content.decode().replace("&#x27;", "'")
    for part in ("data-night-nets>", "data-night-payments>"):
        listed = re.search(rf"{part}(.*?)</ul>", page, re.S).group(1)
        assert listed.index("Athos") < listed.index("d'Artagnan") < listed.index("Zorro"), part
