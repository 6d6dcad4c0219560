"""À trois on the scorer's phone, card by card: a trick is posted once each of the three
players has a card, not after the second (scorer.js posts the trick on its last tap)."""
import pytest
from playwright.sync_api import expect

from games.services.hands import record_hand
from games.services.tables import open_table
from tests.browser.test_scorer import play, scoring
from tests.engine.trois_kit import full
from tests.games.kit import players
from tests.games.test_api_trois_tricks import DEAL, PLAY

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(django_user_model):
    staff = django_user_model.objects.create_user("steward", password="a long steward password",
                                                  is_staff=True)
    trio = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                       first_dealer=trio[0])
    record_hand(table_id=table.pk, record=full(*DEAL, in_progress=True), by=staff)
    return table


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
