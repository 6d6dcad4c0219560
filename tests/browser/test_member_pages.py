"""The wager forms, a table's history and its hands one by one, a member's page and the
settle-up on a 360 px phone. Charles posts an English offer from the table's page and Dora, in
another browser, takes part of it. Screenshots go to tests/artifacts/ (not committed) for a
person to look at."""
import pytest
from playwright.sync_api import expect

from club.models import Player
from club.payments import record_payment
from club.players import create_player
from games.services.tables import open_table
from tests.games.kit import pool, record_game_won_by

pytestmark = pytest.mark.django_db(transaction=True)
from tests.browser.kit import WIDTH, shot  # noqa: E402

PASSWORD = "a long member password"


@pytest.fixture
def evening(django_user_model) -> dict:
    """An English and a French table with Athos and Porthos seated, a pool with three hands,
    and a debt to settle; Charles and Dora are members, the steward is staff."""
    steward = django_user_model.objects.create_user("steward", password=PASSWORD, is_staff=True)
    for name in ("charles", "dora"):
        django_user_model.objects.create_user(name, password=PASSWORD)
        create_player(name=name.title(), username=name)
    played = pool(steward, name="The long table", hands=3)
    seated = [Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis")]
    record_game_won_by(played, seated[0], steward)
    tables = {style: open_table(name=f"{style.title()} table", format="pool", players=seated,
                                rules={}, by=steward, first_dealer=seated[1], wager_style=style)
              for style in ("english", "french")}
    record_payment(payer=seated[1], payee=seated[2], cents=1250, by=steward)
    return {"played": played.pk, "english": tables["english"].pk,
            "french": tables["french"].pk, "athos": seated[0].pk}


def phone_page(browser):
    context = browser.new_context(viewport={"width": WIDTH, "height": 740}, is_mobile=True,
                                  has_touch=True, device_scale_factor=1)
    return context, context.new_page()


def log_in(page, url, username):
    page.goto(f"{url}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/account/")


def test_a_member_posts_an_offer_and_another_takes_it(live_server, evening, browser):
    url = live_server.url
    staff_context, steward = phone_page(browser)
    log_in(steward, url, "steward")
    steward.goto(f"{url}/settle-up/")
    expect(steward.locator(".payments li")).to_contain_text("Aramis")
    shot(steward, "settle-up")
    staff_context.close()

    first, charles = phone_page(browser)
    second, dora = phone_page(browser)
    log_in(charles, url, "charles")
    log_in(dora, url, "dora")

    english = f"{url}/tables/{evening['english']}/"
    charles.goto(english)
    expect(charles.locator(".warning")).to_contain_text("No advice to the players is allowed.")
    form = charles.locator("#place-form")
    form.get_by_label("Athos").check()
    form.get_by_label("Stake (mise)").fill("4.00")
    form.get_by_label("a: what the taker puts up").fill("2")
    form.get_by_role("button", name="Post the offer").click()
    expect(charles.locator(".messages")).to_contain_text("Your offer is posted")
    expect(charles.locator(".mine")).to_contain_text("On Athos: 4.00 at 2:1, 4.00 unmatched")
    expect(charles.locator("[data-available]")).to_contain_text("-4.00")

    dora.goto(english)
    expect(dora.locator(".offers li")).to_contain_text("Charles backs Athos")  # live.js
    take = dora.locator("#take-form")
    expect(take.get_by_role("group", name="Offer (offre)")).to_contain_text(
        "Charles offers 4.00 on Athos at 2:1")
    take.get_by_label("How much of the offer's stake you match").fill("1.50")
    take.get_by_role("button", name="Take the offer").click()
    expect(dora.locator(".messages")).to_contain_text("You took the offer.")
    expect(dora.locator("[data-available]")).to_contain_text("-3.00")
    expect(dora.locator(".offers li")).to_contain_text("2.50 unmatched")
    take.get_by_label("How much of the offer's stake you match").fill("9.00")
    take.get_by_role("button", name="Take the offer").click()
    expect(dora.locator("#take-error")).to_contain_text("Only 2.50 of wager")
    shot(dora, "wagers-english")

    charles.reload()
    expect(charles.locator(".mine")).to_contain_text("2.50 unmatched")
    charles.get_by_role("button", name="Withdraw (retirer)").click()
    expect(charles.locator(".messages")).to_contain_text("Your wager is withdrawn")
    expect(charles.locator(".mine")).to_have_count(0)

    dora.goto(f"{url}/tables/{evening['french']}/")
    form = dora.locator("#place-form")
    form.get_by_label("Porthos").check()
    form.get_by_label("Stake (mise)").fill("0.01")
    form.get_by_role("button", name="Place the bet").click()
    expect(dora.locator("#place-error")).to_contain_text("The stake must be at least 0.10")
    form.get_by_label("Stake (mise)").fill("3.00")
    form.get_by_role("button", name="Place the bet").click()
    expect(dora.locator(".gallery")).to_contain_text("Dora 3.00")
    shot(dora, "wagers-french")

    charles.goto(f"{url}/tables/{evening['english']}/history/")
    expect(charles.locator(".events li")).to_have_count(4)  # open, placed, taken, withdrawn
    shot(charles, "history")

    charles.goto(f"{url}/tables/{evening['played']}/")
    charles.get_by_role("link", name="Hand by hand").click()
    expect(charles.locator("h2#hand-title")).to_have_text("Hand 1, game 1")
    charles.wait_for_load_state("load")  # hand_by_hand.js (deferred) listens for the keys by then
    charles.keyboard.press("ArrowRight")
    expect(charles.locator("h2#hand-title")).to_have_text("Hand 2, game 1")
    shot(charles, "hand-by-hand")

    charles.goto(f"{url}/standings")
    charles.get_by_role("link", name="Athos").click()
    expect(charles.locator("h1")).to_have_text("Athos")
    expect(charles.locator("[data-balance]")).to_have_count(0)  # not his money
    charles.goto(f"{url}/players/")
    charles.get_by_role("link", name="Charles").click()
    expect(charles.locator("[data-balance]")).to_have_text("-1.50")  # 1.50 matched, in escrow
    shot(charles, "member")
    first.close()
    second.close()
