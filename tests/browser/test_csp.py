"""Every answer carries a Content-Security-Policy without inline script (django-csp,
server/settings.py), and the pages, the admin and the API's docs work under it: the browser
reports no violation of it on any of them. A page with an inline script, put there on
purpose, is refused: the check sees what it is meant to see."""
import pytest
from playwright.sync_api import expect

from games.services.hands import record_hand
from testbed.in_page import waited
from testbed.records import EXCHANGED
from tests.browser.conftest import PHONE
from tests.browser.kit import STEWARD_PASSWORD, new_steward
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)

# Each violation the page's document reports, gathered from its first script on.
WATCH = """window.violations = [];
document.addEventListener("securitypolicyviolation",
    e => window.violations.push(e.violatedDirective + " " + (e.blockedURI || "inline")));"""


@pytest.fixture
def staff_page(live_server, browser, django_user_model):
    steward = new_steward(django_user_model)
    steward.is_superuser = True
    steward.save()
    context = browser.new_context(**PHONE)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("steward")
    page.get_by_label("Password").fill(STEWARD_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/account/")
    yield page, steward
    context.close()


def test_the_pages_the_admin_and_the_api_docs_break_no_rule_of_the_policy(live_server,
                                                                          staff_page):
    page, steward = staff_page
    table = pool(steward)
    record_hand(table_id=table.pk, by=steward, record=EXCHANGED)
    pages = ["/", "/tables/", f"/tables/{table.pk}/", f"/tables/{table.pk}/score/",
             f"/tables/{table.pk}/hand-by-hand/", f"/tables/{table.pk}/history/",
             f"/tables/{table.pk}/hands/1/correct/", "/tv/", "/standings", "/players/",
             "/settle-up/", "/account/", "/tables/new/", "/rules/", "/admin/",
             "/admin/games/table/", f"/admin/games/table/{table.pk}/change/",
             "/admin/games/hand/1/change/", "/admin/club/player/add/", "/api/docs"]
    for path in pages:
        answer = page.goto(f"{live_server.url}{path}")
        assert "script-src 'self'" in answer.headers["content-security-policy"], path
        page.wait_for_load_state("load")
        assert page.evaluate("window.violations") == [], path
    expect(page.locator(".swagger-ui")).to_be_visible()  # the docs drew themselves


def test_an_inline_script_is_refused(live_server, staff_page):
    page, _ = staff_page
    page.goto(f"{live_server.url}/rules/")
    page.evaluate("""() => {
        const s = document.createElement("div");
        s.innerHTML = '<img src="x" onerror="window.ran = true">';
        document.body.append(s);
    }""")
    waited(page, "() => window.violations.length > 0")
    assert page.evaluate("window.ran") is None
    assert page.evaluate("window.violations")[0].startswith("script-src")
