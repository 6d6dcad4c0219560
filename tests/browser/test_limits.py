"""The 429 page of the limits on writes (club/limits.py) on a 390 px phone, in English and in
French: what was limited and when to try again, in the site's frame, with no serious axe
finding and nothing wider than the phone."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.kit import axe_findings, shot, signed_in
from tests.games.kit import spend

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language, heading, said", [
    ("en", "Enough for this hour", "You have tried to open 30 tables within the hour"),
    ("fr", "Assez pour cette heure", "Vous avez tenté d'ouvrir 30 tables en une heure")])
def test_the_page_past_the_limit_on_a_phone(live_server, browser, django_user_model,
                                            language, heading, said):
    member = django_user_model.objects.create_user("member")
    spend(member, "tables", 30)
    page = signed_in(browser, live_server, member, **PHONE, locale=language)

    page.goto(f"{live_server.url}/tables/new/?kind=rubber")
    with page.expect_response(lambda answer: answer.request.method == "POST") as sent:
        page.locator("form.open-table button[type=submit]:not([name])").click()

    assert sent.value.status == 429 and 1 <= int(sent.value.headers["retry-after"]) <= 3600
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator("main")).to_contain_text(said)
    shot(page, f"limits/429-{language}")
    assert axe_findings(page, f"429 [{language}]") == []

