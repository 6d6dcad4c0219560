"""The seasons' pages: staff define a season (bad input refused beside its field, in English and
French, nothing saved; one form's key counts once), the season's ladder as the API gives it,
its leader and, once it is over, its champion; the standings showing a season instead of all
time; head to head and a member's night cards on his page."""
import datetime
import html
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from club import evenings
from club.players import create_player
from games.models import Game
from nights import services
from nights.models import Night, Season
from testbed.users import user_with_token
from tests.games.kit import Api
from tests.nights.kit import win_table

pytestmark = pytest.mark.django_db


def a_member(name: str, email: str = ""):
    """A member's player, linked to his login."""
    get_user_model().objects.create_user(name.lower(), email=email)
    return create_player(name=name, username=name.lower())
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def today():
    return evenings.day_of(timezone.now())


def night_played(staff, names=("Athos", "Porthos", "Aramis"), name="Friday"):
    """A night with the members `names` present (2.00 each), a pool drawn and played to its
    end, closed: (the night, its players, the pool's winner)."""
    night = services.open_night(name=name, member_fee=200, by=staff)
    players = []
    for player_name in names:
        players.append(a_member(player_name))
        services.mark_present(night_id=night.pk, player=players[-1], by=staff)
    tables, _waiting = services.draw(night_id=night.pk, format="pool", rules={}, by=staff)
    winner = win_table(tables[0].pk, staff)
    services.close_night(night_id=night.pk, by=staff)
    return night, players, winner


def season_form(**fields):
    return {"key": uuid.uuid4().hex, "name": "Winter", "first": "2026-01-01",
            "last": "2026-03-31", "best_nights": "", "minimum_nights": "0"} | fields


def member_client(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def test_staff_define_a_season_and_land_on_its_page(steward):
    answer = steward.post("/seasons/", season_form(best_nights="10", minimum_nights="5"))
    season = Season.objects.get()
    assert answer.status_code == 302 and answer.url == f"/seasons/{season.pk}/"
    assert (season.name, season.first, season.last, season.best_nights,
            season.minimum_nights) == ("Winter", datetime.date(2026, 1, 1),
                                       datetime.date(2026, 3, 31), 10, 5)
    page = steward.get(answer.url).content.decode()
    assert "best 10 nights count" in page and "come to 5 nights" in page


def test_only_staff_define_seasons(client, django_user_model):
    member = Client()
    member.force_login(django_user_model.objects.create_user("plain"))
    assert member.post("/seasons/", season_form()).status_code == 403
    assert client.post("/seasons/", season_form()).status_code == 403
    assert "A new season" not in member.get("/seasons/").content.decode()
    assert not Season.objects.exists()


@pytest.mark.parametrize("fields, field, english, french", [
    ({"first": "2026-04-01"}, "last", "The season's first night comes before its last.",
     "La première soirée de la saison vient avant la dernière."),
    ({"best_nights": "0"}, "best_nights", "The nights counted are at least 1, or all of them.",
     "Les soirées comptées sont au moins 1, ou toutes."),
    ({"minimum_nights": "deux"}, "minimum_nights", "Enter a whole number.",
     "Saisissez un nombre entier."),
    ({"last": "31/03/2026x"}, "last", "Enter a valid date.", "Saisissez une date valide."),
])
def test_bad_input_is_refused_beside_its_field_and_nothing_is_saved(steward, fields, field,
                                                                    english, french):
    for headers, words in (({}, english), (FR, french)):
        answer = steward.post("/seasons/", season_form(**fields), **headers)
        assert answer.status_code == 400
        errors = re.findall(r'data-error="(\w+)">([^<]*)<', answer.content.decode())
        assert (field, words) in [(name, html.unescape(text)) for name, text in errors]
    assert not Season.objects.exists()


def test_a_form_sent_twice_defines_one_season(steward):
    form = season_form()
    steward.post("/seasons/", form)
    again = steward.post("/seasons/", form, follow=True)
    assert Season.objects.count() == 1
    assert "This form was sent already" in again.content.decode()


def ladder_on(page: str) -> list[tuple]:
    """The ladder's rows as the page shows them: (player id, points, nights, qualified)."""
    return [(int(pk), int(points), int(nights), qualified.strip())
            for pk, points, nights, qualified in re.findall(
                r'<tr data-player="(\d+)">.*?data-points>(\d+)<.*?data-nights>(\d+)<.*?'
                r'data-qualified>([^<]*)<', page, re.S)]


def test_the_season_page_shows_the_ladder_the_api_gives(steward, staff, client):
    first, players, winner = night_played(staff)
    Night.objects.filter(pk=first.pk).update(date=today() - datetime.timedelta(days=7))
    second = services.open_night(name="Saturday", by=staff)
    services.mark_present(night_id=second.pk, player=players[1], by=staff)
    season = services.create_season(name="Autumn", first=today() - datetime.timedelta(days=30),
                                    last=today() + datetime.timedelta(days=30), best_nights=1,
                                    minimum_nights=2, by=staff)
    api = Api(client, user_with_token("reader")[1])
    expected = api.get(f"/seasons/{season.pk}/standings").json()
    page = Client().get(f"/seasons/{season.pk}/").content.decode()
    assert ladder_on(page) == [(row["player"], row["points"], row["nights"],
                                "yes" if row["qualified"] else "not yet")
                               for row in expected["rows"]]
    assert expected["leader"] == players[1].pk  # the one who came twice qualifies alone
    assert "Porthos leads the season." in page and "champion" not in page


def test_once_the_season_is_over_its_leader_is_its_champion(staff):
    night, players, winner = night_played(staff)
    Night.objects.filter(pk=night.pk).update(date=today() - datetime.timedelta(days=3))
    season = services.create_season(name="Past", first=today() - datetime.timedelta(days=10),
                                    last=today() - datetime.timedelta(days=1),
                                    best_nights=None, minimum_nights=1, by=staff)
    page = Client().get(f"/seasons/{season.pk}/").content.decode()
    assert f"The season is over: {winner.name} is its champion." in page
    french = Client().get(f"/seasons/{season.pk}/", **FR).content.decode()
    assert f"La saison est finie\xa0: {winner.name} en est le champion." in french


def test_the_standings_show_a_season_instead_of_all_time(staff):
    night, players, winner = night_played(staff)
    season = services.create_season(name="Now", first=today(), last=today(), best_nights=None,
                                    minimum_nights=0, by=staff)
    all_time = Client().get("/standings").content.decode()
    assert f'<option value="{season.pk}">Now</option>' in all_time
    assert 'href="/seasons/"' in all_time
    assert "data-ladder" not in all_time and "best rating first" in all_time
    shown = Client().get(f"/standings?season={season.pk}").content.decode()
    assert "data-ladder" in shown and "best rating first" not in shown
    assert f'<option value="{season.pk}" selected>Now</option>' in shown
    assert [row[0] for row in ladder_on(shown)][0] == winner.pk


def test_head_to_head_on_a_member_page_is_the_api_record(staff, client):
    night, players, _winner = night_played(staff)
    first = Game.objects.filter(table__night_table__night=night).order_by("pk").first()
    athos, porthos = first.first, first.second  # the pool's first game's two players
    aramis = next(player for player in players if player not in (athos, porthos))
    api = Api(client, user_with_token("reader")[1])
    record = api.get(f"/players/{athos.pk}/against/{porthos.pk}").json()
    page = member_client(aramis).get(f"/players/{athos.pk}/?against={porthos.pk}").content.decode()
    shown = dict(re.findall(r"<dd data-(games|won|lost|units)>([^<]*)<", page))
    assert shown == {"games": str(record["games"]), "won": str(record["won"]),
                     "lost": str(record["lost"]),
                     "units": f"{record['units_won']}/{record['units_lost']}"}
    assert record["games"] > 0
    assert f'href="/nights/{night.pk}/results/">Friday<' in page
    assert page.index(f">{athos.name} against…<")
    anonymous = Client().get(f"/players/{athos.pk}/?against={porthos.pk}").content.decode()
    assert "data-against" not in anonymous


def test_a_member_sees_his_night_cards_and_nobody_else_does(staff):
    night, (athos, porthos, _aramis), _winner = night_played(staff)
    mine = member_client(athos).get(f"/players/{athos.pk}/").content.decode()
    assert f'data-card="{night.pk}"' in mine
    assert re.search(r"data-fee>2.00<", mine)
    other = member_client(porthos).get(f"/players/{athos.pk}/").content.decode()
    assert "data-night-cards" not in other


@pytest.mark.parametrize("key, english", [
    ("", "This form has no key: load the page again."),
    ("\x01", "This form's key is not one the page gave it: load the page again."),
])
def test_a_form_without_its_key_is_refused_atop_the_form_and_saves_nothing(steward, key,
                                                                          english):
    answer = steward.post("/seasons/", season_form(key=key))
    assert answer.status_code == 400
    assert english in html.unescape(answer.content.decode())
    french = steward.post("/seasons/", season_form(key=key), **FR)
    assert "recharg" in html.unescape(french.content.decode())
    assert not Season.objects.exists()
