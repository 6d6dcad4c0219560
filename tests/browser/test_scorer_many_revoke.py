"""À trois on the scorer's phone, card by card: an illegal card is refused beside it, the
scorer keeps it as the revoke of the player who played it, and the hand, finished, costs the
revoker his point (docs/rules.md, rulings 80 and 81)."""
import pytest
from playwright.sync_api import expect

from games.services.hands import record_hand
from games.services.tables import open_table
from tests.browser.kit import new_steward, play, scoring
from tests.engine.trois_kit import REVOKE_DEAL, REVOKE_TRICKS, full
from tests.games.kit import players

pytestmark = pytest.mark.django_db(transaction=True)
PLACES = ("leader", "follower", "follower2")


@pytest.fixture
def table(django_user_model):
    """Athos deals: Porthos is the elder, Aramis the middle. Diamonds are trumps; Porthos
    leads the KS and Aramis, who holds the 9S, trumps it with the 8D: a revoke."""
    staff = new_steward(django_user_model)
    trio = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                       first_dealer=trio[0])
    record_hand(table_id=table.pk, record=full(*REVOKE_DEAL, in_progress=True), by=staff)
    return table


def test_an_illegal_card_kept_as_a_revoke_on_a_phone(live_server, table, small):
    scoring(small, live_server.url, table)
    for place, card in zip(PLACES, REVOKE_TRICKS[0].split()):
        play(small, place, card)  # the third tap posts the trick
    expect(small.locator("#follower-error")).to_contain_text("must follow")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    small.get_by_role("button", name="Keep it: a revoke (renonce) by Aramis, middle").tap()
    expect(small.locator(".messages")).to_contain_text(
        "Trick 1 entered, with a revoke by Aramis, middle.")

    for number, cards in enumerate(REVOKE_TRICKS[1:], start=2):
        for place, card in zip(PLACES, cards.split()):
            play(small, place, card)
        expect(small.locator(".messages")).to_contain_text(f"Trick {number} entered.")
    small.get_by_role("button", name="Finish hand 1").tap()
    expect(small.locator(".messages")).to_contain_text("Hand 1 finished and scored.")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    # Aramis took four tricks, Porthos one: Porthos, vulnerable, failed, and the refusal point
    # goes to Athos; Aramis's revoke costs him his point (ruling 81).
    small.goto(f"{live_server.url}/tables/{table.pk}/")
    expect(small.locator("body")).to_contain_text("Athos 1 – Porthos 0 – Aramis 0")
