"""Each language written as its readers write it (issue 31, "Words made at the edge"): French
sentences keep « : », « ; », « ? » and « ! » on the line of the word before them (a no-break
space) and their guillemets round what they quote; a form fills in an amount with the page's
decimal comma; English dates read "28 Nov 2026, 21:48"; players are listed as the language
sorts them, d'Artagnan among the Ds; and « cote » means the odds, never the rating."""
import html
import re
from pathlib import Path

import pytest

from club import payments
from club.models import Player
from club.players import create_player
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def translations() -> list[tuple[str, str]]:
    """(msgid, msgstr) of the French catalogue, its header left out; each plural form apart."""
    entry = re.compile(r'(?ms)^msgid ((?:".*?"\n)+)(?:msgid_plural (?:".*?"\n)+)?'
                       r'((?:msgstr(?:\[\d\])? (?:".*?"\n)+)+)')
    text = CATALOGUE.read_text()

    def joined(lines: str) -> str:
        return "".join(re.findall(r'"(.*)"', lines))

    return [(joined(found[1]), joined(said))
            for found in entry.finditer(text) if joined(found[1])
            for said in re.findall(r'msgstr(?:\[\d\])? ((?:".*?"\n)+)', found[2])]


def test_french_keeps_its_high_punctuation_on_the_line_of_the_word_before():
    wrapping = [(english, french) for english, french in translations()
                if re.search(r" [:;?!»]|« ", french)]
    assert wrapping == []


def test_cote_is_the_odds_and_never_the_rating():
    rating = [(english, french) for english, french in translations()
              if "rating" in english.lower() and "cote" in french.lower()]
    odds = [english for english, french in translations()
            if english.lower() == "odds" and french != "cote"]
    assert rating == [] and odds == []


def test_the_open_table_form_fills_in_its_amounts_with_the_decimal_comma(django_user_model):
    staff = as_user(django_user_model.objects.create_user("steward", is_staff=True))
    page = staff.get("/tables/new/", **FR).content.decode()

    filled = dict(re.findall(r'<input type="text" name="(pool_entry|levy_percent|wager_min)" '
                             r'value="([^"]*)"', page))
    assert filled == {"pool_entry": "0,00", "levy_percent": "0,00", "wager_min": "0,10"}
    assert not re.search(r'(?:value|placeholder)="-?\d+\.\d\d"', page)


def test_an_english_page_dates_as_an_english_club_writes_them(django_user_model):
    user = django_user_model.objects.create_user("charles")
    charles = create_player(name="Charles", username="charles")
    athos = Player.objects.create(name="Athos")
    staff = django_user_model.objects.create_user("steward", is_staff=True)
    payments.record_payment(payer=charles, payee=athos, cents=1_00, by=staff)  # a movement

    page = as_user(user).get("/account/").content.decode()
    assert re.search(r"<td[^>]*>\d{1,2} [A-Z][a-z]{2} 20\d\d, \d\d:\d\d</td>", page), page
    assert "a.m." not in page and "p.m." not in page


NAMES = ["Porthos", "d'Artagnan", "Émile", "athos", "Aramis", "Dora"]
SORTED = ["Aramis", "athos", "d'Artagnan", "Dora", "Émile", "Porthos"]


@pytest.fixture
def players(django_user_model):
    for name in NAMES:
        Player.objects.create(name=name)
    return as_user(django_user_model.objects.create_user("steward", is_staff=True))


def listed(options: str) -> list[str]:
    return [html.unescape(name)
            for name in re.findall(r'<option value="\d+"[^>]*>([^<]+)</option>', options)]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_lists_of_players_are_in_the_order_the_language_sorts_them(players, language):
    opening = players.get("/tables/new/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    settle_up = players.get("/settle-up/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    page = players.get("/players/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    seat = re.search(r'<select name="seat1".*?</select>', opening, re.S).group(0)
    payer = re.search(r'<select id="payer".*?</select>', settle_up, re.S).group(0)
    assert listed(seat) == SORTED and listed(payer) == SORTED
    listing = map(html.unescape, re.findall(r'<a href="/players/\d+/">([^<]+)</a>', page))
    assert [name for name in listing if name in NAMES] == SORTED

