"""A wager's figures as a member reads them on a 390 px phone: the French gallery once balanced,
the wager forms gone once the unit has started, a refused bet whose page is reloaded, and the
member's own page saying what each wager did to his money. Screenshots go to tests/artifacts/
(not committed) for a person to look at."""
import pytest
from playwright.sync_api import expect

from club.models import Player
from club.players import create_player
from games.services.hands import record_hand
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager
from tests.browser.kit import shot
from tests.games.kit import record_game_won_by, summary

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long member password"


@pytest.fixture
def evening(django_user_model) -> dict:
    """A French table where Charles backs Athos for 5.00 and Dora Porthos for 3.00, and the
    first hand has been played (the sides balanced at 3.00, 2.00 back to Charles); an English
    table where Charles offered 10.00 on Athos at 2:1, Dora took 4.00 of it, and Athos won
    the first unit (Charles +8.00, 6.00 of his stake returned)."""
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    users = {}
    for name in ("charles", "dora"):
        users[name] = django_user_model.objects.create_user(name, password=PASSWORD)
        create_player(name=name.title(), username=name)
    seated = [Player.objects.create(name=n) for n in ("Athos", "Porthos", "Aramis")]
    tables = {style: open_table(name=f"{style.title()} table", format="pool", players=seated,
                                rules={}, by=steward, first_dealer=seated[1], wager_style=style)
              for style in ("french", "english")}
    place_wager(table_id=tables["french"].pk, by=users["charles"], on=seated[0].pk,
                stake=5_00)
    place_wager(table_id=tables["french"].pk, by=users["dora"], on=seated[1].pk, stake=3_00)
    record_hand(table_id=tables["french"].pk, record=summary(3), by=steward)
    offer = place_wager(table_id=tables["english"].pk, by=users["charles"], on=seated[0].pk,
                        stake=10_00, odds=(2, 1))
    take_wager(wager_id=offer.pk, by=users["dora"], stake=4_00)
    record_game_won_by(tables["english"], seated[0], steward)
    return {"french": tables["french"].pk, "english": tables["english"].pk,
            "offer": offer.pk, "charles": users["charles"].player.pk}


def test_a_member_reads_the_balanced_gallery_and_what_his_wagers_did(live_server, evening,
                                                                      phone):
    url = live_server.url
    phone.goto(f"{url}/login/")
    phone.get_by_label("Username").fill("charles")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/account/")

    phone.goto(f"{url}/tables/{evening['french']}/")
    gallery = phone.locator(".gallery")
    expect(gallery).to_contain_text("each side is matched to 3.00")
    expect(gallery).to_contain_text("3.00 matched of 5.00, 2.00 returned")
    expect(gallery).to_contain_text("Charles 5.00: 3.00 matched, 2.00 returned")
    expect(gallery).to_contain_text("Dora 3.00: 3.00 matched, 0.00 returned")
    expect(phone.locator("#wagers-closed")).to_contain_text("Unit 1 has started")
    expect(phone.locator("#place-form")).to_have_count(0)
    shot(phone, "wager-figures/gallery-balanced")

    english = f"{url}/tables/{evening['english']}/"
    phone.goto(english)
    form = phone.locator("#place-form")
    form.get_by_label("Athos").check()
    form.get_by_label("Stake (mise)").fill("0.01")
    form.get_by_role("button", name="Post the offer").click()
    expect(phone.locator("#place-error")).to_contain_text("The stake must be at least 0.10")
    phone.goto(f"{english}wagers/")  # the refused form's address, read again as a page
    expect(phone).to_have_url(english)
    expect(phone.locator("#place-form")).to_be_visible()

    phone.goto(f"{url}/players/{evening['charles']}/")
    row = phone.locator(f"[data-wager='{evening['offer']}']")
    expect(row.locator("[data-matched]")).to_have_text("4.00")
    expect(row.locator("[data-returned]")).to_have_text("6.00")
    expect(row.locator("[data-outcome]")).to_have_text("won")
    expect(row.locator("[data-net]")).to_have_text("8.00")
    shot(phone, "wager-figures/member-wagers")


def test_a_french_reader_reads_the_gallery_as_french_writes_amounts(live_server, evening,
                                                                     browser):
    """live.js writes the snapshot's "3.00" with the page's decimal comma."""
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{evening['french']}/")
    gallery = page.locator(".gallery")
    expect(gallery).to_contain_text("3,00 couverts sur 5,00, 2,00 rendus")
    expect(gallery).not_to_contain_text("3.00")
    shot(page, "wager-figures/gallery-balanced-fr")
    context.close()
