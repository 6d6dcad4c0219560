"""À trois on the scorer's phone, card by card: a trick is posted once each of the three
players has a card, not after the second (scorer.js posts the trick on its last tap); a hand
entered with its cards is corrected with its cards."""
import pytest
from playwright.sync_api import expect

from games.services.hands import record_hand
from games.services.tables import open_table
from tests.browser.kit import new_steward, play, scoring
from tests.engine.trois_kit import full
from tests.games.kit import players
from tests.games.trois_kit import DEAL, PLAY

pytestmark = pytest.mark.django_db(transaction=True)


def trois(django_user_model, record):
    """An à trois table, Athos dealing first, with its first hand entered by the steward."""
    staff = new_steward(django_user_model)
    trio = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                       first_dealer=trio[0])
    record_hand(table_id=table.pk, record=record, by=staff)
    return table


@pytest.fixture
def table(django_user_model):
    """The first hand dealt, no trick played yet."""
    return trois(django_user_model, full(*DEAL, in_progress=True))


@pytest.fixture
def played(django_user_model):
    """The first hand entered card by card and finished: Athos, the dealer, took four
    tricks."""
    return trois(django_user_model, full(*DEAL, tricks=PLAY))


def test_a_trick_of_three_posts_on_the_third_card(live_server, table, small):
    scoring(small, live_server.url, table)
    lead, second, third = PLAY[0]

    play(small, "leader", lead)
    play(small, "follower", second)
    small.wait_for_timeout(500)  # time for a wrong post to come back: none must leave
    expect(small.locator(".messages, #trick-form [role=alert]")).to_have_count(0)

    play(small, "follower2", third)

    expect(small.locator(".messages")).to_contain_text("Trick 1 entered.")
    # Porthos leads K♠, Aramis trumps 10♦, Athos overtrumps Q♦ and takes it.
    expect(small.locator("ol li").first).to_contain_text("Porthos K♠, Aramis 10♦, Athos Q♦")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_hand_with_its_cards_is_corrected_trick_by_trick(live_server, played, small):
    scoring(small, live_server.url, played)
    small.goto(f"{live_server.url}/tables/{played.pk}/hands/1/correct/")
    trick = small.get_by_label("Trick 2: each card from the leader's", exact=True)
    expect(trick).to_have_value("K♣ 10♠ 8♦")

    trick.fill("K♣ 10♠ K♥")  # Aramis holds the trump 8♦ and no club: he must trump
    small.get_by_role("button", name="Record the correction").click()
    expect(small.locator("#f-trick1-error")).to_contain_text("must trump")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390

    # Athos leads 9♦ instead: Aramis must follow with 8♦, and Athos takes all five.
    for number, cards in enumerate(["9♦ 10♠ 8♦", "K♣ A♠ K♥", "Q♣ J♠ Q♥", "J♣ Q♠ J♥"], start=2):
        small.get_by_label(f"Trick {number}: each card from the leader's", exact=True).fill(cards)
    small.get_by_role("button", name="Record the correction").click()
    expect(small.locator(".messages")).to_contain_text("Hand 1 is now version 2.")
    small.goto(f"{live_server.url}/tables/{played.pk}/")
    expect(small.locator("body")).to_contain_text("Athos 2 – Porthos 0 – Aramis 1")
