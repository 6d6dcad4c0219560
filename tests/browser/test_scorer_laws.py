"""A rare case of the Laws to the letter recorded through the real scorer's page on a 390 px
phone in French (docs/rules.md, rulings 84 and 93): at a table to the retourne turned at
random, where the king may be announced until the holder's second card, the first hand of the
game asks for the card turned, and the point the elder forgot to mark is picked under
"Irregularities and variants", open, where axe-core finds nothing serious. Screenshots go to
tests/artifacts/laws/."""
import re

import pytest
from playwright.sync_api import expect

from games.models import Hand, Table
from tests.browser.conftest import PHONE
from tests.browser.kit import STEWARD_PASSWORD, axe_findings, new_steward, shot
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(django_user_model):
    return pool(new_steward(django_user_model), king_announcement="french",
                target="retourne_random")


def test_law_a_forgotten_mark_is_recorded_on_a_french_phone(live_server, browser, table):
    context = browser.new_context(**PHONE, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/login/?next=/tables/{table.pk}/score/")
    page.locator("input[name=username]").fill("steward")
    page.locator("input[name=password]").fill(STEWARD_PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url(f"**/tables/{table.pk}/score/")
    form = page.locator("#summary-form")

    form.get_by_label("La carte tournée au hasard pour le but de cette partie").select_option(
        "9H")
    form.get_by_text("écart fait", exact=True).tap()
    form.get_by_text("Irrégularités et variantes").tap()
    fold = form.locator("#irregular-summary")
    expect(fold).to_have_attribute("open", "")
    fold.get_by_label("Une marque non faite à temps").select_option("elder:point")
    shot(page, "laws/forgotten-mark-fr")
    found = axe_findings(page, "the irregularities open [fr]", within="#irregular-summary")
    assert not found, "\n".join(found)

    form.locator('.split[value="3"]').tap()

    # (French puts a no-break space before a colon)
    expect(page.get_by_role("region", name="Derniers coups")).to_contain_text(
        re.compile(r"Athos n'a pas marqué\s:\spoint"))
    shot(page, "laws/forgotten-mark-recorded-fr")
    hand = Hand.objects.get()
    assert hand.record["target_card"] == "9H"
    assert hand.record["irregularities"] == [{"type": "unmarked", "by": "elder",
                                              "mark": "point"}]
    assert hand.result["unmarked"] == [{"to": "elder", "points": 1, "for": "point"}]
    assert Table.objects.get().snapshot["game"]["target"] == 9
    expect(page.locator("#summary-form select[name=target_card]")).to_have_count(0)
    context.close()
