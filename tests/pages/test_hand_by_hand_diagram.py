"""The hand-by-hand page draws a hand entered card by card: the cards each player was dealt, the
turn-up, the exchanges, and each trick in order with the cards played to it and who took it,
as the Laws decide (section 6: follow suit and win if able, else trump if able); a summary hand
shows its marks by name; the hands, there and on the history, are grouped by game under each
game's result, by name."""
import html
import random
import re

import pytest
from django.core.cache import cache

from club.errors import Refused
from club.models import Player
from games.models import Table
from games.pages import advice
from games.services.hands import record_hand
from games.services.tables import open_table
from testbed.records import ELDER_VOLE, EXCHANGED, legal_record
from tests.games import quatre_kit, trois_kit
from tests.games.kit import pool, record_game_won_by
from tests.pages.kit import act, enter_deal, summary, trick, url

pytestmark = pytest.mark.django_db



def labels(html: str) -> list[str]:
    """The cards of a piece of the page, by the names a screen reader says."""
    return re.findall(r'class="card[^"]*" role="img" aria-label="([^"]+)"', html)


def part(page: str, start: str, end: str) -> str:
    return page[page.index(start):page.index(end, page.index(start))]


def tricks_drawn(page: str) -> list[tuple]:
    """Each trick as drawn: its number, [(player, card)] in the order played, who took it."""
    out = []
    for body in page.split('<li class="rp-trick"')[1:]:
        number = re.search(r'<span class="rp-trick-number">Trick (\d+)</span>', body).group(1)
        plays = re.findall(r'<span class="rp-by">([^<]+)</span><span class="card[^"]*" role="img" '
                           r'aria-label="([^"]+)"', body)
        taker = re.search(r'<span class="rp-taker">([^<]+)</span>', body).group(1)
        out.append((int(number), plays, taker))
    return out


@pytest.fixture
def exchanged(staff):
    table = pool(staff)  # Porthos deals first: Athos is elder
    record_hand(table_id=table.pk, record=EXCHANGED, by=staff)
    return table


def test_a_hand_card_by_card_shows_the_deal_the_turn_up_and_the_exchanges(client, exchanged):
    page = client.get(f"/tables/{exchanged.pk}/hand-by-hand/").content.decode()

    dealt = part(page, 'id="deal-title"', "</section>")
    assert labels(part(dealt, 'aria-label="Dealt to Athos"', "</p>")) == [
        "king of spades", "queen of spades", "ace of spades", "knave of diamonds",
        "seven of hearts"]
    assert labels(part(dealt, 'aria-label="Dealt to Porthos"', "</p>")) == [
        "seven of spades", "eight of spades", "nine of hearts", "ten of hearts",
        "seven of clubs"]
    assert labels(part(dealt, "Turn-up (trumps)", "</div>")) == ["eight of diamonds"]
    exchanges = re.sub(r"<[^>]+>|\s+", " ", part(page, 'id="exchanges-title"', "</section>"))
    assert "Athos proposes, and it is accepted." in exchanges
    athos = part(page, "<strong>Athos</strong> discards", "</li>")
    porthos = part(page, "<strong>Porthos</strong> discards", "</li>")
    assert labels(athos) == ["seven of hearts", "queen of diamonds"]  # out, then in
    assert labels(porthos) == ["seven of clubs", "nine of diamonds"]
    # As play began: each holds what the exchange left him.
    assert labels(part(page, 'aria-label="In hand: Athos"', "</p>")) == [
        "king of spades", "queen of spades", "ace of spades", "knave of diamonds",
        "queen of diamonds"]


def test_each_trick_is_drawn_in_order_with_who_took_it_by_the_laws(client, exchanged):
    page = client.get(f"/tables/{exchanged.pk}/hand-by-hand/").content.decode()

    assert tricks_drawn(page) == [
        (1, [("Athos", "king of spades"), ("Porthos", "seven of spades")],
         "Athos takes the trick"),
        (2, [("Athos", "queen of spades"), ("Porthos", "eight of spades")],
         "Athos takes the trick"),
        (3, [("Athos", "ace of spades"), ("Porthos", "nine of diamonds")],
         "Porthos takes the trick"),  # out of spades, he trumps
        (4, [("Porthos", "nine of hearts"), ("Athos", "knave of diamonds")],
         "Athos takes the trick"),  # Porthos leads: he took the last
        (5, [("Athos", "queen of diamonds"), ("Porthos", "ten of hearts")],
         "Athos takes the trick"),
    ]
    # Each card says, when the page steps to it, who played what.
    assert 'data-said="Trick 3, Athos leads: ace of spades."' in page
    assert 'data-said="Porthos plays: nine of diamonds."' in page
    assert re.search(r'<ul class="marks"><li>Athos \+1 point</li></ul>', page)
    assert "Tricks taken: Athos 4, Porthos 1" in page


def test_a_hand_entered_trick_by_trick_on_the_scorers_page_is_drawn(scorer, staff):
    table = pool(staff)
    hand = enter_deal(scorer, table)  # Athos plays without proposing
    for number, (led, played) in enumerate(ELDER_VOLE["tricks"], 1):
        scorer.post(url(table), trick(hand, number, led, played))
    scorer.post(url(table), act(hand, "finish"))

    page = scorer.get(f"/tables/{table.pk}/hand-by-hand/").content.decode()

    assert "Athos played without proposing." in page
    drawn = tricks_drawn(page)
    assert [n for n, _, _ in drawn] == [1, 2, 3, 4, 5]
    assert {taker for _, _, taker in drawn} == {"Athos takes the trick"}  # the vole
    assert drawn[2][1] == [("Athos", "ace of spades"), ("Porthos", "nine of hearts")]
    assert "Athos +1 point" in page and "Athos +1 vole" in page


def test_a_summary_hand_shows_its_marks_by_name_and_why(client, staff):
    table = pool(staff)
    # Athos, elder, plays without proposing and takes two tricks: Porthos takes the point, and
    # the extra point for beating the vulnerable elder (section 4 of the Laws).
    record_hand(table_id=table.pk, record=summary(2, opening="played"), by=staff)

    page = client.get(f"/tables/{table.pk}/hand-by-hand/").content.decode()

    marks = re.search(r'<ul class="marks">(.*?)</ul>', page, flags=re.S).group(1)
    assert re.findall(r"<li>([^<]+)</li>", marks) == ["Porthos +1 point",
                                                      "Porthos +1 vulnerable beaten"]
    assert "Tricks taken: Athos 2, Porthos 3" in page
    assert '<p class="how">Athos played without proposing.</p>' in page
    assert 'id="deal-title"' not in page  # no cards to draw


def test_the_hands_are_grouped_by_game_under_its_result(client, staff):
    table = pool(staff)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, staff)  # voles: 2 + 2 + 2, the game stops at 5
    # Porthos lost: Aramis comes in and deals; Athos, elder, takes the point.
    record_hand(table_id=table.pk, record=summary(3), by=staff)

    page = client.get(f"/tables/{table.pk}/hand-by-hand/?hand=4").content.decode()
    games = re.findall(r'<section class="game-group"[^>]*>\s*<h3>([^<]+)</h3>(.*?)</section>',
                       page, flags=re.S)
    assert [title for title, _ in games] == [
        "Game 1: Athos takes it 5–0", "Game 2, being played: Athos 1 – Aramis 0"]
    assert [re.findall(r"Hand (\d+)</a>", hands) for _, hands in games] == [
        ["1", "2", "3"], ["4"]]
    assert "Game 2, being played" in part(page, 'id="hand-title"', "</p>")

    history = client.get(f"/tables/{table.pk}/history/").content.decode()
    groups = re.findall(r'<h2 id="group-\d+">([^<]+)</h2>\s*<ol class="events">(.*?)</ol>',
                        history, flags=re.S)
    assert [title for title, _ in groups] == [
        "Before the first hand", "Game 1: Athos takes it 5–0",
        "Game 2, being played: Athos 1 – Aramis 0"]
    assert [re.findall(r"hand (\d+), version", events) for _, events in groups] == [
        [], ["1", "2", "3"], ["4"]]

    french = client.get(f"/tables/{table.pk}/hand-by-hand/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Partie 1\u00a0: Athos la gagne 5–0" in french.content.decode()


def test_a_hand_a_trois_is_drawn_with_its_three_places(client, staff, trio):
    table = open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                       first_dealer=trio[0])  # Porthos is elder, Aramis middle, Athos deals
    elder, middle, dealer, turn_up = trois_kit.DEAL
    record = {"format": "ecarte-trois/1", "exchanges": [], "tricks": trois_kit.PLAY,
              "deal": {"elder": elder.split(), "middle": middle.split(),
                       "dealer": dealer.split(), "turn_up": turn_up}}
    record_hand(table_id=table.pk, record=record, by=staff)

    page = client.get(f"/tables/{table.pk}/hand-by-hand/").content.decode()

    for name in ("Porthos", "Aramis", "Athos"):
        assert f'aria-label="Dealt to {name}"' in page
    drawn = tricks_drawn(page)
    # Trick 1: the middle, out of spades, trumps with the 10♦; the dealer overtrumps.
    assert drawn[0] == (1, [("Porthos", "king of spades"), ("Aramis", "ten of diamonds"),
                            ("Athos", "queen of diamonds")], "Athos takes the trick")
    assert drawn[1][1][0] == ("Athos", "king of clubs")  # who took the first leads


def test_thirty_hands_by_hand_never_wait_for_the_advisor(client, staff, monkeypatch):
    """The advisor's note may take half a second a hand: hand by hand and the history never
    compute it while they are drawn (it is fetched apart), however many hands the table has."""
    rng = random.Random(7)
    seated = [Player.objects.create(name=n) for n in ("Athos", "Porthos")]
    table = open_table(name="Long", format="rubber", players=seated, by=staff,
                       rules={"rubber_games": 11, "target": 7}, first_dealer=seated[1])
    while table.hands.count() < 30:
        try:
            record_hand(table_id=table.pk, record=legal_record(rng), by=staff)
        except Refused:  # a deal the game's score does not allow (a king ending it)
            continue
    assert Table.objects.get(pk=table.pk).hands.count() == 30
    cache.clear()

    def no_advice(record):
        raise AssertionError("the page computed the advisor's note")

    monkeypatch.setattr(advice, "advise", no_advice)
    for at in (1, 15, 30):
        assert client.get(f"/tables/{table.pk}/hand-by-hand/?hand={at}").status_code == 200
    assert client.get(f"/tables/{table.pk}/history/").status_code == 200


def test_a_hand_a_quatre_is_drawn_with_its_four_places_and_the_sides_marks(client, staff,
                                                                           four):
    # Athos deals: Porthos is elder, Aramis second, Dartagnan third; partners sit opposite,
    # so Porthos and Dartagnan are the elder's side, Aramis and Athos the dealer's.
    table = open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                       first_dealer=four[0])
    record = {"format": "ecarte-quatre/1", "deal": quatre_kit.DEAL, "exchanges": [],
              "tricks": quatre_kit.PLAY}
    record_hand(table_id=table.pk, record=record, by=staff)

    page = client.get(f"/tables/{table.pk}/hand-by-hand/").content.decode()

    for name in ("Porthos", "Aramis", "Dartagnan", "Athos"):
        assert f'aria-label="Dealt to {name}"' in page
    drawn = tricks_drawn(page)
    # The second, out of spades, must trump with the 10♦; the dealer overtrumps with the D♦.
    assert drawn[0] == (1, [("Porthos", "king of spades"), ("Aramis", "ten of diamonds"),
                            ("Dartagnan", "seven of spades"), ("Athos", "queen of diamonds")],
                        "Athos takes the trick")
    marks = re.search(r'<ul class="marks">(.*?)</ul>', page, flags=re.S).group(1)
    assert all(re.match(r"(Porthos & Dartagnan|Aramis & Athos) \+\d ", m)
               for m in re.findall(r"<li>([^<]+)</li>", html.unescape(marks)))


def test_the_drawn_hand_speaks_french(client, exchanged):
    page = client.get(f"/tables/{exchanged.pk}/hand-by-hand/", HTTP_ACCEPT_LANGUAGE="fr")
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.content.decode())))

    for french in ("La donne", "Retourne (atout)", "Les écarts",
                   "Athos propose, et la proposition est acceptée.", "Athos écarte 7♥ et prend D♦",
                   "Levée 3", "Porthos fait la levée", "Levées faites : Athos 4, Porthos 1",
                   "Les coups, partie par partie", "Partie 1, en cours : Athos 1 – Porthos 0"):
        assert french in text, french
    for english in ("The deal", "Turn-up", "The exchanges", "Trick ", "takes the trick",
                    "Tricks taken", "being played", "Previous card", "Next card"):
        assert english not in page.content.decode(), english
    assert 'aria-label="roi de pique"' in page.content.decode()


def test_the_advisors_note_on_a_hand_is_fetched_apart_or_asked_for_without_the_script(
        client, exchanged, staff):
    record_hand(table_id=exchanged.pk, record=summary(3), by=staff)
    cache.clear()
    page = client.get(f"/tables/{exchanged.pk}/hand-by-hand/?hand=1").content.decode()
    # Not worked out yet: the page does not wait for it.
    assert f'data-hand-advice="/tables/{exchanged.pk}/hand-by-hand/1/advice/"' in page
    assert 'href="?hand=1&amp;advice=1"' in page and "The jeux de règle" not in page

    note = client.get(f"/tables/{exchanged.pk}/hand-by-hand/1/advice/").content.decode()
    assert "The jeux de règle, hand 1" in note
    assert "The elder proposed, and the dealer accepted." in note
    asked = client.get(f"/tables/{exchanged.pk}/hand-by-hand/?hand=1&advice=1").content.decode()
    assert "The jeux de règle, hand 1" in asked and "data-hand-advice" not in asked
    cached = client.get(f"/tables/{exchanged.pk}/hand-by-hand/?hand=1").content.decode()
    assert "The jeux de règle, hand 1" in cached  # worked out once: beside the hand at once
    # A summary gets no note.
    assert client.get(f"/tables/{exchanged.pk}/hand-by-hand/2/advice/").status_code == 404
    assert "data-hand-advice" not in client.get(
        f"/tables/{exchanged.pk}/hand-by-hand/?hand=2").content.decode()


def test_the_pages_first_address_still_leads_to_the_same_hand(client, exchanged):
    """Links shared before the page moved to /hand-by-hand/ (its first address was /replay/,
    the word the Laws keep for a hand dealt again) lead to the same hand, for good."""
    moved = client.get(f"/tables/{exchanged.pk}/replay/?hand=1")
    assert moved.status_code == 301
    assert moved["Location"] == f"/tables/{exchanged.pk}/hand-by-hand/?hand=1"
