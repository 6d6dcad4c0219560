"""A spectator's phone follows a table's page, served by a real daphne (the suite's `daphne`
fixture) with its live feed, while the scorer's phone tells the club it keeps hands it could
not send (POST /tables/<id>/score/waiting/, as games/static/games/outbox.js sends it, from the
scorer's logged-in session with the page's CSRF token). Without reloading, the spectator reads
"2 hands on their way" under the cloth, in a polite live region that stays in place, so that a
screen reader hears it; then 0, and the line is gone. In French too; the page with the line has
no serious axe finding, and its live part still fits the phone's screen. Screenshots go to
tests/artifacts/waiting-hands/ (not committed)."""
import pytest
from playwright.sync_api import expect

from testbed.daphne import manage
from tests.browser.kit import WAIT, axe_findings, open_pool, shot

PASSWORD = "a long secretary password"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}
SAID = {"en": ("2 hands on their way", "1 hand on its way", "since"),
        "fr": ("2 coups en route", "1 coup en route", "depuis")}


@pytest.fixture
def scorer(daphne, chromium):
    """The scorer's phone: the `daphne` fixture's staff member, `secretary`, given a password
    and logged in. Its `report(table, count)` posts as the outbox does; the answer's JSON."""
    manage(daphne.env, "shell", "-c", "from django.contrib.auth.models import User; "
           f"u = User.objects.get(username='secretary'); u.set_password({PASSWORD!r}); u.save()")
    page = chromium.new_context(**PHONE).new_page()
    base = f"http://{daphne.address}"
    page.goto(f"{base}/login/?next=/tables/")
    page.get_by_label("Username").fill("secretary")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/tables/")

    def report(table: dict, count: int) -> dict:
        page.goto(f"{base}/tables/{table['id']}/score/")
        token = page.locator("input[name=csrfmiddlewaretoken]").first.get_attribute("value")
        answer = page.request.post(f"{base}/tables/{table['id']}/score/waiting/",
                                   form={"count": str(count)}, headers={"X-CSRFToken": token})
        assert answer.status == 200, answer.text()
        return answer.json()
    page.report = report
    yield page
    page.context.close()


def following(chromium, daphne, table: dict, language: str):
    page = chromium.new_context(**PHONE, locale={"en": "en-GB", "fr": "fr-FR"}[language]) \
        .new_page()
    page.goto(f"http://{daphne.address}/tables/{table['id']}/")
    expect(page.locator(".live-state")).to_have_attribute("data-state", "live", timeout=WAIT)
    page.evaluate("window.notReloaded = true; "
                  "document.querySelector('[data-waiting]').keptInPlace = true")
    return page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_spectator_sees_the_hands_on_their_way_then_none(daphne, chromium, scorer, language):
    table = open_pool(daphne, f"Outage {language}")
    daphne.api(f"/tables/{table['id']}/hands",
               {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                                       "tricks": {"elder": 3, "dealer": 2}}}})
    spectator = following(chromium, daphne, table, language)
    two, one, since = SAID[language]
    region = spectator.locator("[data-live] [data-waiting]")
    expect(region).to_have_attribute("role", "status")  # a polite live region
    expect(region).to_have_text("")

    assert scorer.report(table, 2) == {"waiting": 2}
    line = spectator.get_by_role("status").filter(has_text=two)
    expect(line).to_be_visible(timeout=WAIT)
    expect(line).to_contain_text(since)
    expect(line.locator("time")).to_have_attribute("datetime", table_waiting_since(daphne, table))
    # Under the cloth and the last hand's marks.
    marks = spectator.locator("[data-last-marks]").bounding_box()
    assert spectator.locator("[data-cloth]").bounding_box()["y"] < marks["y"]
    assert marks["y"] + marks["height"] <= line.bounding_box()["y"]
    shot(spectator, f"waiting-hands/two-{language}-390")

    scorer.report(table, 1)
    expect(region).to_contain_text(one, timeout=WAIT)
    scorer.report(table, 0)
    expect(spectator.locator("[data-waiting-hands]")).to_have_count(0, timeout=WAIT)
    expect(region).to_have_text("")
    assert spectator.evaluate("window.notReloaded === true")
    assert spectator.evaluate("document.querySelector('[data-waiting]').keptInPlace === true")
    spectator.context.close()


def table_waiting_since(daphne, table: dict) -> str:
    return daphne.api(f"/tables/{table['id']}")["waiting"]["since"]


def test_the_line_shown_fits_the_phone_and_axe_finds_nothing_serious(daphne, chromium, scorer):
    table = open_pool(daphne, "Outage axe")
    daphne.api(f"/tables/{table['id']}/hands",
               {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                                       "tricks": {"elder": 3, "dealer": 2}}}})
    spectator = following(chromium, daphne, table, "en")
    projector = chromium.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    projector.goto(f"http://{daphne.address}/tables/{table['id']}/tv/")
    expect(projector.locator(".live-state")).to_have_attribute("data-state", "live",
                                                               timeout=WAIT)

    scorer.report(table, 2)
    for page in (spectator, projector):
        expect(page.locator("[data-waiting]")).to_contain_text("2 hands on their way",
                                                               timeout=WAIT)

    spectator.evaluate("window.scrollTo(0, 0)")
    live = spectator.locator("[data-live-body]").bounding_box()
    assert live["y"] + live["height"] <= 844, live
    assert spectator.locator("[data-waiting]").bounding_box()["y"] >= live["y"]
    assert axe_findings(spectator, "table with hands on their way") == []
    assert axe_findings(projector, "projector with hands on their way") == []
    shot(projector, "waiting-hands/two-1920")
    spectator.context.close()
    projector.context.close()
