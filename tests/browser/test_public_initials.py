"""A member chooses, on his account page on a 390 px phone, to be shown by his initials on the
public pages, in English and in French: the box ticked and saved, the page says so, and the
evening read by a reader who is not signed in names him by his initials; no serious axe
finding, nothing wider than the phone."""
import pytest
from playwright.sync_api import expect

from club.models import Player
from games.services.tables import open_table
from tests.browser.conftest import PHONE
from tests.browser.kit import axe_findings, shot, signed_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language, label, said", [
    ("en", "Show my initials on public pages", "The public pages now show your initials."),
    ("fr", "Afficher mes initiales sur les pages publiques",
     "Les pages publiques affichent désormais vos initiales.")])
def test_he_chooses_his_initials_on_a_phone(live_server, browser, django_user_model, language,
                                           label, said):
    member = django_user_model.objects.create_user("jm")
    jean = Player.objects.create(name="Jean-Marc Dupont", user=member)
    seated = [jean, *(Player.objects.create(name=n) for n in ("Porthos", "Aramis"))]
    open_table(name="Table 1", format="pool", players=seated, rules={},
               by=django_user_model.objects.create_user("steward", is_staff=True),
               first_dealer=seated[1])
    page = signed_in(browser, live_server, member, **PHONE, locale=language)

    page.goto(f"{live_server.url}/account/")
    page.get_by_label(label).check()
    page.get_by_label(label).locator("xpath=ancestor::form").locator("button").click()

    expect(page.locator("main")).to_contain_text(said)
    expect(page.get_by_label(label)).to_be_checked()
    shot(page, f"account/initials-{language}")
    assert axe_findings(page, f"account initials [{language}]") == []
    anonymous = browser.new_context(**PHONE, locale=language).new_page()
    anonymous.goto(f"{live_server.url}/tables/")
    expect(anonymous.locator("[data-live-list]")).to_contain_text("J.-M. D.")
    assert "Jean-Marc" not in anonymous.content()
