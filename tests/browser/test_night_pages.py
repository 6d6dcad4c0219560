"""The club night in a real browser: the night's page on a phone (390 px) with the director's
desk, and the projector at 1920×1080, in English and French, with axe (nothing serious); the
projector draws no text under 24 px. Both follow the night without a reload, served by a real
daphne (the live server has no WebSockets): someone marked present and a draw made through the
API, as a second director's phone would, show on the open pages. Screenshots go to
tests/artifacts/nights/."""
import pytest
from playwright.sync_api import expect

from club.models import Player
from nights import services
from tests.browser.kit import STEWARD_PASSWORD, WAIT, axe_findings, new_steward, shot

TV = {"viewport": {"width": 1920, "height": 1080}}
FR = {"Accept-Language": "fr"}
# The text drawn under `least` px, and the names cut or broken over lines.
SMALL_OR_CUT = """least => {
  const found = [];
  const seen = el => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement, text = node.textContent.trim();
    if (text && seen(el) && parseFloat(getComputedStyle(el).fontSize) < least) {
      found.push(`${getComputedStyle(el).fontSize}: ${text.slice(0, 40)}`);
    }
  }
  for (const el of document.querySelectorAll(".name")) {
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
      found.push(`cut: ${el.textContent}`);
    }
  }
  return found;
}"""


@pytest.fixture
def night_with_a_table(django_user_model):
    """A night with four present, three of them drawn at a pool: one waits."""
    steward = new_steward(django_user_model)
    night = services.open_night(name="Friday", member_fee=200, guest_fee=500, by=steward)
    for name in ("Athos", "Porthos", "Aramis", "d'Artagnan"):
        services.mark_present(night_id=night.pk, player=Player.objects.create(name=name),
                              by=steward)
    services.draw(night_id=night.pk, format="pool", rules={}, by=steward)
    return night


def test_the_nights_page_and_the_directors_desk_on_a_phone(live_server, phone,
                                                           night_with_a_table):
    phone.goto(f"{live_server.url}/login/?next=/night/")
    phone.get_by_label("Username").fill("steward")
    phone.get_by_label("Password").fill(STEWARD_PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/night/")
    expect(phone.get_by_role("heading", name="Waiting, the longest first")).to_be_visible()
    expect(phone.locator("[data-relist=waiting] li")).to_have_count(1)
    phone.get_by_text("More rules: the defaults suit most evenings").tap()
    phone.get_by_label("rubber (partie liée): two players").check()  # a rubber's fields
    expect(phone.get_by_label("Games in a rubber (partie liée):")).to_be_visible()
    findings = axe_findings(phone, "night-en")
    shot(phone, "nights/night-en")
    phone.set_extra_http_headers(FR)
    phone.goto(f"{live_server.url}/night/")
    expect(phone.get_by_role("heading", name="En attente, la plus longue d'abord")).to_be_visible()
    findings += axe_findings(phone, "night-fr")
    shot(phone, "nights/night-fr")
    assert findings == []


def follows(page, daphne, path: str) -> None:
    page.goto(f"http://{daphne.address}{path}")
    expect(page.locator(".live-state").first).to_have_attribute("data-state", "live",
                                                                timeout=WAIT)
    page.evaluate("window.notReloaded = true")


@pytest.fixture
def night(daphne):
    """Saturday's night on the module's server, closed after the test, its tables abandoned:
    one night is open at a time, and a test that fails once is run again on the same server."""
    night = daphne.api("/nights", {"name": "Saturday", "fees": {"member": "2.00"}})
    yield night
    daphne.nothing_in_play()
    daphne.api(f"/nights/{night['id']}/close", {})


def test_the_page_and_the_projector_follow_the_night_live(daphne, chromium, night):
    ids = [daphne.player(name)
           for name in ("Athos", "Porthos", "Aramis", "Planchet", "Grimaud", "Bazin")]
    for pk in ids[:3]:
        daphne.api(f"/nights/{night['id']}/present", {"player": pk})
    daphne.api(f"/nights/{night['id']}/draw", {"format": "pool"})  # a table to follow
    phone = chromium.new_context(viewport={"width": 390, "height": 844}).new_page()
    projector = chromium.new_context(**TV).new_page()
    projector_fr = chromium.new_context(**TV, locale="fr-FR",
                                        extra_http_headers=FR).new_page()
    follows(phone, daphne, "/night/")
    follows(projector, daphne, "/night/tv/")
    follows(projector_fr, daphne, "/night/tv/")

    for pk in ids[3:]:  # as the director's phone marks them
        daphne.api(f"/nights/{night['id']}/present", {"player": pk})
    for page in (phone, projector, projector_fr):
        expect(page.locator("[data-relist=waiting] li")).to_have_count(3, timeout=WAIT)
        expect(page.locator("[data-relist=waiting]")).to_contain_text("Bazin")
    daphne.api(f"/nights/{night['id']}/draw", {"format": "pool"})
    for page in (phone, projector, projector_fr):
        expect(page.locator("[data-live-list] [data-live]")).to_have_count(2, timeout=WAIT)
        expect(page.locator("[data-relist=waiting] li")).to_have_count(0)
        assert page.evaluate("window.notReloaded === true")
    expect(projector.locator("[data-live-list]")).to_contain_text("Saturday #2")
    expect(projector.locator(".live-state").last).to_have_attribute("data-state", "live",
                                                                    timeout=WAIT)

    findings = []
    for page, name in ((projector, "tv-en"), (projector_fr, "tv-fr")):
        findings += axe_findings(page, name)
        findings += [f"{name}: {found}" for found in page.evaluate(SMALL_OR_CUT, 24)]
        shot(page, f"nights/{name}")
    shot(phone, "nights/night-live")
    assert findings == [], "\n".join(findings)
    for page in (phone, projector, projector_fr):
        page.context.close()
