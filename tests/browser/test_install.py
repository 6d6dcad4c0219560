"""The club's service worker in chromium (templates/sw.js, registered by club/static/club/app.js)
against pytest-django's live server, http://localhost: a secure origin, where a browser allows
a worker. Chromium finds the club installable. The scorer's page, once controlled, reloads
without the network as it was last served, a page never opened shows the offline page (in the
language the pages are read in), and back online the page is fresh; a logout forgets the pages
kept. An update of the static files installs a new worker, which deletes the old cache and
leaves the outbox's IndexedDB as it was. Without the network, the forms that move money say so
and cannot be sent; and where no worker may be registered, app.js registers none, without an
error.

Playwright's `context.set_offline` cuts the worker's own fetches too, in this chromium: a hand
recorded meanwhile does not show until the network is back."""
import pytest
from playwright.sync_api import expect

from club import pwa
from club.players import create_player
from games.services.hands import record_hand
from games.services.tables import open_table
from testbed.in_page import waited
from tests.browser.kit import axe_findings, new_steward, scoring, shot
from tests.games.kit import pool, summary

pytestmark = pytest.mark.django_db(transaction=True)

# The worker active (installed, then activated). Not yet the page's controller: a worker that
# activates while the page's own navigation is still in flight may never claim that page, so
# the tests reload once it is active, and the reload is controlled.
ACTIVE = "() => navigator.serviceWorker.ready.then(registration => registration.active !== null)"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
OFFLINE_HEADING = {"en": "This page is not on this phone yet",
                   "fr": "Cette page n'est pas encore sur ce téléphone"}
KEPT_PAGES = """caches.open("ecarte-pages").then(cache => cache.keys())
  .then(requests => requests.map(request => new URL(request.url).pathname))"""
OFFLINE_PAGE_IN = """language => caches.match("/offline/")
  .then(page => page !== undefined && page.headers.get("Content-Language") === language)"""


@pytest.fixture
def steward(django_user_model):
    return new_steward(django_user_model)


def next_hand(page):
    return page.locator("#next-title")


def test_the_scorers_page_reloads_without_the_network(phone, live_server, steward):
    table = pool(steward, hands=1)
    page, context = phone, phone.context
    score = f"{live_server.url}/tables/{table.pk}/score/"
    scoring(page, live_server.url, table)
    waited(page, ACTIVE)
    page.reload()  # through the worker now, which keeps the page
    waited(page, CONTROLLED)
    expect(next_hand(page)).to_have_text("Hand 2")
    waited(page, f"() => {KEPT_PAGES}.then(paths => paths.includes(arg))",
           f"/tables/{table.pk}/score/")
    # Chromium reads the manifest without an error, and would install the club but for the
    # test's private window.
    devtools = context.new_cdp_session(page)
    assert devtools.send("Page.getAppManifest")["errors"] == []
    assert [error["errorId"] for error in devtools.send("Page.getInstallabilityErrors")[
        "installabilityErrors"]] == ["in-incognito"]
    devtools.detach()

    context.set_offline(True)
    record_hand(table_id=table.pk, record=summary(3), by=steward)  # from another phone
    page.reload()
    expect(page.get_by_role("heading", name="Scoring Table 1")).to_be_visible()
    expect(next_hand(page)).to_have_text("Hand 2")  # as it was kept
    expect(page.locator("link[rel=stylesheet]")).to_have_count(1)
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == \
        "rgb(250, 248, 242)"  # club.css, from the worker's cache
    page.goto(f"{live_server.url}/tables/{table.pk}/history/")  # never opened on this phone
    expect(page.get_by_role("heading", level=1)).to_have_text(OFFLINE_HEADING["en"])
    assert axe_findings(page, "offline") == []
    shot(page, "install/offline-en")

    context.set_offline(False)
    page.goto(score)
    expect(next_hand(page)).to_have_text("Hand 3")  # fresh from the club

    # The pages in French: the offline page follows, once a page in French has been read.
    page.locator("#language").select_option("fr")
    page.get_by_role("button", name="Change").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    waited(page, OFFLINE_PAGE_IN, "fr")
    context.set_offline(True)
    page.goto(f"{live_server.url}/tables/{table.pk}/hand-by-hand/")
    expect(page.get_by_role("heading", level=1)).to_have_text(OFFLINE_HEADING["fr"])
    shot(page, "install/offline-fr")

    # Logging out forgets the pages kept: they may show a member's money.
    context.set_offline(False)
    page.goto(score)
    page.locator("header.site summary").tap()
    page.get_by_role("button", name="Se déconnecter").tap()
    page.wait_for_url(f"{live_server.url}/")
    assert f"/tables/{table.pk}/score/" not in page.evaluate(KEPT_PAGES)
    context.set_offline(True)
    page.goto(score)
    expect(page.get_by_role("heading", level=1)).to_have_text(OFFLINE_HEADING["fr"])


WRITE_HAND = """() => new Promise((resolve, reject) => {
  const request = indexedDB.open("ecarte-outbox", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("hands", {keyPath: "key"});
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    const tx = request.result.transaction("hands", "readwrite");
    tx.objectStore("hands").put({key: "waiting-1", action: "summary", table: 1});
    tx.oncomplete = () => { request.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})"""
READ_HANDS = """() => new Promise((resolve, reject) => {
  const request = indexedDB.open("ecarte-outbox", 1);
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    const all = request.result.transaction("hands").objectStore("hands").getAll();
    all.onsuccess = () => { request.result.close(); resolve(all.result); };
    all.onerror = () => reject(all.error);
  };
})"""
STATIC_CACHES = """caches.keys().then(names => names.filter(n => n.startsWith("ecarte-static-")))"""


def test_an_update_replaces_the_static_cache_and_leaves_the_hands_waiting(
        phone, live_server, steward, monkeypatch):
    table = pool(steward, hands=1)
    page = phone
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    waited(page, ACTIVE)
    page.reload()
    waited(page, CONTROLLED)
    [old] = page.evaluate(STATIC_CACHES)
    page.evaluate(WRITE_HAND)

    monkeypatch.setattr(pwa, "version", lambda: "0123456789abcdef")  # a deploy
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    # The new worker installed (its cache) and activated (the old cache deleted).
    waited(page, f"""() => {STATIC_CACHES}.then(names =>
        names.length === 1 && names[0] === "ecarte-static-0123456789abcdef")""")
    assert old != "ecarte-static-0123456789abcdef"
    assert page.evaluate(READ_HANDS) == [{"key": "waiting-1", "action": "summary", "table": 1}]

    page.context.set_offline(True)  # the pages kept survive the update
    page.reload()
    expect(page.get_by_role("heading", name="Table 1", level=1)).to_be_visible()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == \
        "rgb(250, 248, 242)"


PASSWORD = "a long member password"
SPY = """(() => {
  window.registered = [];
  ServiceWorkerContainer.prototype.register = function (url) {
    window.registered.push(url);
    return new Promise(() => {});
  };
  if (NOT_SECURE) Object.defineProperty(window, "isSecureContext", {get: () => false});
})();"""


@pytest.fixture
def wagers(django_user_model, steward):
    """A French pool of Athos, Porthos and Aramis; Charles, a member, may back one of them."""
    seated = [create_player(name=name) for name in ("Athos", "Porthos", "Aramis")]
    user = django_user_model.objects.create_user("charles", password=PASSWORD)
    create_player(name="Charles", username=user.username)
    return open_table(name="T", format="pool", players=seated, rules={}, by=steward,
                      first_dealer=seated[1], wager_style="french")


@pytest.mark.parametrize("secure", [True, False])
def test_offline_the_wager_form_says_it_needs_the_network(phone, live_server, wagers, secure):
    page, context = phone, phone.context
    context.add_init_script(SPY.replace("NOT_SECURE", "false" if secure else "true"))
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    # The live server has no live feed: the page's socket is refused, as the test expects.
    page.goto(f"{live_server.url}/login/?next=/tables/{wagers.pk}/")
    page.get_by_label("Username").fill("charles")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/tables/{wagers.pk}/")
    page.wait_for_load_state("load")
    # On a secure origin the worker is registered; where none may be, nothing is tried.
    assert page.evaluate("window.registered") == (["/sw.js"] if secure else [])

    form = page.locator("#place-form")
    button = form.get_by_role("button", name="Place the bet")
    note = form.get_by_text("This needs the network: money needs the club's answer at once.")
    expect(button).to_be_enabled()
    expect(note).to_be_hidden()
    context.set_offline(True)
    expect(button).to_be_disabled()
    expect(note).to_be_visible()
    if secure:
        assert axe_findings(page, "wager-offline") == []
        form.scroll_into_view_if_needed()
        shot(page, "install/wager-offline")
    context.set_offline(False)
    expect(button).to_be_enabled()
    expect(note).to_be_hidden()
    assert [error for error in errors if "/ws/tables/" not in error] == []
