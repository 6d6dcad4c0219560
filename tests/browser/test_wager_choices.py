"""The wager forms on a 390 px phone: "You back" lists the two players of the unit in the
order the table drawn above it shows them (the cloth's places, top to bottom), and chooses
nobody; an English offer to take reads whole, with the player its taker backs."""
import pytest
from playwright.sync_api import expect

from club.players import create_player
from games.services.tables import open_table
from games.services.wagers import place_wager
from tests.browser.kit import shot

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long member password"


@pytest.fixture
def evening(django_user_model):
    """An English pool of Athos, Porthos and Aramis, Porthos made first (his id the smaller);
    Charles offers 10.00 on Athos at 2:1; Dora, a member, reads the table."""
    made = {}
    for name in ("Porthos", "Athos", "Aramis", "Charles", "Dora"):
        user = django_user_model.objects.create_user(name.lower(), password=PASSWORD)
        made[name] = (user, create_player(name=name, username=user.username))
    staff = django_user_model.objects.create_user("steward", is_staff=True)
    seated = [made[name][1] for name in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                       first_dealer=seated[1], wager_style="english")
    place_wager(table_id=table.pk, by=made["Charles"][0], on=made["Athos"][1].pk,
                stake=10_00, odds=(2, 1))
    return table


def test_you_back_follows_the_table_drawn_and_an_offer_reads_whole(phone, live_server,
                                                                   evening):
    phone.goto(f"{live_server.url}/login/?next=/tables/{evening.pk}/")
    phone.get_by_label("Username").fill("dora")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url(f"**/tables/{evening.pk}/")

    places = phone.locator("[data-cloth] [data-points]")
    expect(places).to_have_count(2)
    drawn = [places.nth(i).get_attribute("data-points") for i in range(2)]
    tops = [places.nth(i).bounding_box()["y"] for i in range(2)]
    assert tops[0] < tops[1]  # the first place is drawn above the second
    choices = phone.locator("#place-form input[name=on]")
    assert [choices.nth(i).get_attribute("value") for i in range(2)] == drawn
    for i in range(2):
        expect(choices.nth(i)).not_to_be_checked()

    offer = phone.locator("#take-form").get_by_role("group", name="Offer (offre)")
    for words in ("Charles offers 10.00 on Athos at 2:1", "10.00 of it left",
                  "you put up 20.00 against all of it", "Taking it, you back Porthos"):
        expect(offer).to_contain_text(words)
    offer.scroll_into_view_if_needed()
    shot(phone, "scorer-phone/wagers-english")
