"""The scorer's page as a phone shows it, read as its HTML: the site's menu (a few links, the
rest under "Menu", which works without JS, with the log-out form and the current page marked);
the hand to enter first, then the last hands grouped by game under each game's result; every
card a screen reader can name ("queen of hearts", « dame de cœur »), in the pack and in the
trick form."""
import re

import pytest

from club.models import Player
from games.models import Hand
from games.services.hands import record_hand
from tests.games.kit import pool, record_game_won_by, summary
from tests.pages.kit import deal_post, enter_deal, url

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def table(staff):
    return pool(staff)


def header(page: str) -> str:
    return page[page.index('<header class="site">'):page.index("</header>")]


def test_the_menu_keeps_two_links_in_view_and_the_rest_under_a_disclosure(scorer, table):
    page = scorer.get("/rules/").content.decode()

    top = header(page)
    first, menu = top.split('<details class="menu">')
    assert re.findall(r">([^<]+)</a></li>", first) == ["Tables", "Standings"]
    assert '<summary class="here">Menu</summary>' in menu  # the page shown is in the menu
    assert re.search(r'<a href="/rules/" aria-current="page">Rules</a>', menu)
    for link in ("Open a table", "Players", "Settle up", "My account"):
        assert f">{link}</a>" in menu
    logout = re.search(r'<form method="post" action="/logout/">(.*?)</form>', menu, re.S)
    assert logout and 'name="csrfmiddlewaretoken"' in logout.group(1)
    assert ">Log out</button>" in logout.group(1)


def test_the_menu_in_french_and_for_a_visitor(client, table):
    page = client.get("/tables/", **FR).content.decode()

    top = header(page)
    assert re.search(r'href="/tables/" aria-current="page">Tables</a>', top)
    assert "Classement</a>" in top and "<summary>Menu</summary>" in top
    assert "Se connecter</a>" in top.split('<details class="menu">')[1]
    assert "logout" not in top


def test_the_hand_to_enter_comes_first_under_the_header(scorer, table):
    page = scorer.get(url(table)).content.decode()

    main = page[page.index('<main'):]
    headings = re.findall(r"<h([12])[^>]*>(.*?)</h\1>", main, re.S)
    assert [text for _, text in headings[:2]] == ["Scoring Table 1", "Hand 1"]
    assert main.index('id="summary-form"') < main.index('id="past-title"')
    assert main.index('id="past-title"') < main.index("data-live")


def test_the_last_hands_are_grouped_by_game_under_its_result(scorer, staff, table):
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, staff)  # voles: 2 points each, to 5 or more
    record_hand(table_id=table.pk, record=summary(3), by=staff)

    page = scorer.get(url(table)).content.decode()

    past = page[page.index('id="past-title"'):page.index("data-live")]
    games = re.findall(r"<h3>(.*?)</h3>(.*?)</ul>", past, re.S)
    assert [title.split(":")[0].split(",")[0] for title, _ in games] == ["Game 2", "Game 1"]
    assert re.fullmatch(r"Game 2, being played: \w+ \d – \w+ \d", games[0][0])
    assert re.fullmatch(r"Game 1: Athos takes it \d–0", games[1][0])
    later, first = (re.findall(r"Hand (\d+):", hands) for _, hands in games)
    assert later == ["4"] and first == ["3", "2", "1"]
    # The end of the game is announced at the top, before the hand to enter.
    top = page[page.index("<main"):page.index('id="summary-form"')]
    assert re.search(r'class="game-end"[^>]*>Game 1: Athos takes the game \d–0<', top)


@pytest.mark.parametrize("headers, queen, seven", [
    ({}, ("queen of hearts", "Q♥"), "seven of clubs"),
    (FR, ("dame de cœur", "D♥"), "sept de trèfle"),
])
def test_each_card_button_has_a_name_a_screen_reader_says(scorer, table, headers, queen,
                                                          seven):
    name, face = queen
    page = scorer.get(url(table), **headers).content.decode()

    button = re.search(r'<button type="button" class="card pick red" data-card="QH"[^>]*>'
                       r'([^<]*)</button>', page)
    assert button and f'aria-label="{name}"' in button.group(0) and button.group(1) == face
    assert f'aria-label="{seven}"' in page

    enter_deal(scorer, table)  # the elder holds the queen of spades: the trick form
    page = scorer.get(url(table), **headers).content.decode()

    spades = "queen of spades" if not headers else "dame de pique"
    radio = re.search(r'<input type="radio" name="leader" value="QS"[^>]*>', page)
    assert radio and f'aria-label="{spades}"' in radio.group(0)


def test_a_deal_typed_in_the_french_letters_is_read_as_its_cards(scorer, table):
    page = scorer.get(url(table), **FR).content.decode()
    assert "Tapez les cartes (R♠, 10♦)" in page  # the places say how, in the page's letters

    answer = scorer.post(url(table), deal_post() | {
        "elder": "R♠ D♠ A♠ V♦ D♦", "dealer": "7♠ 8♠ 9♥ 10♥ 7♣", "turn_up": "8♦"}, **FR)

    assert answer.status_code == 302, answer.content.decode()[:2000]
    deal = Hand.objects.get(table=table).record["deal"]
    assert deal["elder"] == ["KS", "QS", "AS", "JD", "QD"] and deal["turn_up"] == "8D"
    # The correction form gives them back as the French page writes them.
    page = scorer.get(f"/tables/{table.pk}/hands/1/correct/", **FR).content.decode()
    assert 'value="R♠ D♠ A♠ V♦ D♦"' in page
