"""The secretary follows the money in a real browser: from the wagers, filtered by a member, to
a wager and on to its transaction in the club's ledger. The evenings are made in a fixture,
before the browser opens (see conftest.py)."""
import pytest
from playwright.sync_api import expect

from club.models import Transaction
from tests.browser.kit import ARTIFACTS, picture
from tests.games.kit import evenings  # noqa: F401  (the English and French evenings)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def dora_lays(evenings) -> dict:  # noqa: F811
    """What the page should show of Dora's lay against Charles's offer."""
    lay = Transaction.objects.get(reason="wager_lay", entries__account__player=evenings["dora"])
    return {"dora": evenings["dora"].pk, "offer": evenings["offer"].pk, "lay": lay.pk}


@pytest.fixture
def secretary_password(secretary) -> str:
    secretary.set_password("a long secretary password")
    secretary.save()
    return "a long secretary password"


def test_the_secretary_follows_a_members_wager_to_its_transaction(
        live_server, dora_lays, secretary_password, desk):
    desk.goto(f"{live_server.url}/admin/")
    desk.fill("#id_username", "secretary")
    desk.fill("#id_password", secretary_password)
    desk.click("input[type=submit]")
    desk.get_by_role("link", name="Wagers", exact=True).click()
    expect(desk.locator("#result_list tbody tr")).to_have_count(5)
    picture(desk, ARTIFACTS / "admin-wagers" / "all.png", full_page=True)

    desk.locator("#changelist-filter").get_by_role("link", name="Dora", exact=True).click()
    rows = desk.locator("#result_list tbody tr")
    expect(rows).to_have_count(2)  # she laid against Charles's offer, and bet for the gallery
    expect(rows.first).to_contain_text("French evening")
    expect(rows.last).to_contain_text("5:2")
    # Who won and what it did to the backer's money: Dora's 2.00 matched won 2.00 less the
    # 5 % levy; Charles's offer won both lays, 10.00 and 15.00.
    expect(rows.first.locator(".field-outcome")).to_have_text("won")
    expect(rows.first.locator(".field-net_display")).to_have_text("+1.90")
    expect(rows.last.locator(".field-net_display")).to_have_text("+25.00")
    picture(desk, ARTIFACTS / "admin-wagers" / "list.png", full_page=True)

    desk.get_by_role("link", name=str(dora_lays["offer"]), exact=True).click()
    desk.wait_for_url(f"**/admin/games/wager/{dora_lays['offer']}/change/**")
    ledger = desk.locator("table.wager-ledger")
    expect(ledger).to_contain_text("Dora −10.00, escrow +10.00")
    expect(ledger).to_contain_text("escrow −35.00, Charles +35.00")
    expect(desk.locator("#takes-group")).to_contain_text("15.00")
    expect(desk.locator(".field-layers_net")).to_contain_text("Dora -10.00; Emile -15.00")
    picture(desk, ARTIFACTS / "admin-wagers" / "wager.png", full_page=True)

    ledger.get_by_role("link", name=f"#{dora_lays['lay']}", exact=True).click()
    desk.wait_for_url(f"**/admin/club/transaction/{dora_lays['lay']}/change/")
    content = desk.locator("#content")
    expect(content.locator(".field-reason_display")).to_contain_text("wager lay")
    expect(content.locator(".field-made_by")).to_contain_text("dora")
    expect(content.locator(".field-amount_display")).to_have_text(["-10.00", "10.00"])
    picture(desk, ARTIFACTS / "admin-wagers" / "transaction.png", full_page=True)

    desk.goto(f"{live_server.url}/admin/games/movement/?player={dora_lays['dora']}")
    expect(desk.locator("#result_list tbody tr")).to_have_count(4)
    picture(desk, ARTIFACTS / "admin-wagers" / "money.png", full_page=True)
