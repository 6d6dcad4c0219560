"""The wager panel as a member works it on a 390×844 phone: a refused bet's message is on the
screen as the answering page opens, wherever its form is on the page, and the French gallery
says before the first hand what is matched so far and what would go back. axe finds nothing
serious in what the panel adds."""
import pytest
from playwright.sync_api import expect

from club.models import Player
from club.players import create_player
from games.services.tables import open_table
from games.services.wagers import place_wager
from tests.browser.kit import axe_findings, shot

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long member password"


@pytest.fixture
def tables(django_user_model) -> dict:
    """An English table where Dora offered 5.00 on Porthos, and a French table before its
    first hand where Charles backs Athos for 5.00 and Dora Porthos for 3.00."""
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    users = {}
    for name in ("charles", "dora"):
        users[name] = django_user_model.objects.create_user(name, password=PASSWORD)
        create_player(name=name.title(), username=name)
    seated = [Player.objects.create(name=n) for n in ("Athos", "Porthos", "Aramis")]
    made = {style: open_table(name=f"{style.title()} table", format="pool", players=seated,
                              rules={}, by=steward, first_dealer=seated[1], wager_style=style)
            for style in ("french", "english")}
    place_wager(table_id=made["english"].pk, by=users["dora"], on=seated[1].pk, stake=5_00)
    place_wager(table_id=made["french"].pk, by=users["charles"], on=seated[0].pk, stake=5_00)
    place_wager(table_id=made["french"].pk, by=users["dora"], on=seated[1].pk, stake=3_00)
    return {style: table.pk for style, table in made.items()}


def log_in(phone, url: str) -> None:
    phone.goto(f"{url}/login/")
    phone.get_by_label("Username").fill("charles")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/account/")


def test_a_refused_bets_message_is_on_the_phones_screen(live_server, tables, phone):
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/tables/{tables['english']}/")

    place = phone.locator("#place-form")
    place.get_by_label("Athos").check()
    place.get_by_label("Stake (mise)").fill("0.01")
    place.get_by_role("button", name="Post the offer").click()
    expect(phone.locator("#place-error")).to_contain_text("The stake must be at least 0.10")
    expect(phone.locator("#place-error")).to_be_in_viewport()
    expect(phone.locator("#place-error")).to_be_focused()

    take = phone.locator("#take-form")
    take.get_by_label("How much of the offer's stake you match").fill("9.00")
    take.get_by_role("button", name="Take the offer").click()
    expect(phone.locator("#take-error")).to_contain_text("5.00")
    expect(phone.locator("#take-error")).to_be_in_viewport()
    shot(phone, "wager-panel/take-refused")
    assert axe_findings(phone, "the refused take", within="#wager-forms") == []


def test_before_the_first_hand_the_gallery_says_what_is_matched_and_returned(
        live_server, tables, phone):
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/tables/{tables['french']}/")

    so_far = phone.locator(".gallery [data-so-far]")
    expect(so_far).to_have_text("Matched so far: 3.00 on each side. 2.00 on Athos will be "
                                "returned unless matched before the first hand.")
    shot(phone, "wager-panel/gallery-so-far")
    assert axe_findings(phone, "the gallery before the first hand", within=".gallery") == []
