"""axe-core on every page at 390 px, in English and French: no violation of WCAG 2.0, 2.1 or
2.2 (A and AA) with a serious or critical impact, and no page that scrolls sideways. The pages
are those a spectator, a member, a table's scorer and the secretary (in the admin) open on an
evening with a table of each form of play, in play and won, wagers and a debt to settle. Each
test lists every finding of its pages at once (page, rule, impact, the first nodes' targets)."""
import random

import pytest
from playwright.sync_api import Page, expect

from club.models import Player
from games.models import Hand, Wager
from games.services.hands import record_hand
from games.services.tables import open_table
from games.services.wagers import place_wager
from testbed.records import elder_vole, legal_record
from tests.browser.evening_kit import taps
from tests.browser.kit import axe_findings
from tests.games.kit import evenings, summary, won_pool  # noqa: F401  (the evenings fixture)

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long password for the axe"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}


@pytest.fixture
def club(evenings, secretary) -> dict:  # noqa: F811
    """The evenings' two tables and their wagers (which Charles does not score); Table 1, a pool
    of Athos, Porthos and Aramis, with a hand entered card by card, one summary and one being
    played card by card; a rubber, a table à trois and one à quatre in play, all four scored by
    Charles; two pools yet to start, one with an offer of Dora's (English style) and one in the
    French style; a won pool; a pool with stakes that Charles opened for himself, Dora and Emile,
    who have not taken their seats. Charles (a member) and the secretary log in with PASSWORD.
    The pages' addresses by name, and "ids": the records the admin's pages show."""
    for user in (secretary, evenings["charles"].user):
        user.set_password(PASSWORD)
        user.save()
    athos, porthos, aramis = (Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis"))
    charles, dora, emile = evenings["charles"], evenings["dora"], evenings["emile"]

    def opened(name, form, seated, **fields):
        return open_table(name=name, format=form, players=seated, rules={}, by=secretary,
                          first_dealer=seated[0], scorers=[charles.user], **fields)

    table = opened("Table 1", "pool", [porthos, athos, aramis], wager_style="english")
    for record in (elder_vole(), summary(3),
                   legal_record(random.Random(21), tricks_to_play=2)):
        record_hand(table_id=table.pk, record=record, by=charles.user)
    rubber = opened("Rubber A", "rubber", [aramis, athos])
    record_hand(table_id=rubber.pk, record=elder_vole(), by=secretary)
    trois = opened("Trois", "trois", [athos, porthos, aramis])
    record_hand(table_id=trois.pk, by=secretary, record={
        "format": "ecarte-trois/1", "summary": {"opening": "played", "king_turned": False,
                                                "tricks": {"elder": 1, "middle": 1,
                                                           "dealer": 3}}})
    quatre = opened("Quatre", "quatre", [athos, charles, porthos, dora])
    record_hand(table_id=quatre.pk, by=secretary, record={
        "format": "ecarte-quatre/1", "summary": {"opening": "exchanged", "king_turned": False,
                                                 "tricks": {"elder_side": 3,
                                                            "dealer_side": 2}}})
    won = won_pool(secretary)
    offers, gallery = (open_table(name=name, format="pool", players=[porthos, athos, aramis],
                                  rules={}, by=secretary, first_dealer=porthos, wager_style=style)
                       for name, style in (("Offers", "english"), ("Gallery", "french")))
    place_wager(table_id=offers.pk, by=dora.user, on=athos.pk, stake=400, odds=(2, 1))
    waiting = open_table(name="Waiting", format="pool", players=[charles, dora, emile],
                         rules={"pool_entry": 500}, by=charles.user, first_dealer=charles)
    hand = Hand.objects.filter(table=table).order_by("number").first()
    return {"evening": "/tables/", "home": "/", "rules": "/rules/", "standings": "/standings",
            "players": "/players/", "member": f"/players/{athos.pk}/", "login": "/login/",
            "settle-up": "/settle-up/", "account": "/account/",
            "password": "/account/password/", "open table": "/tables/new/",
            **{f"open {kind}": f"/tables/new/?kind={kind}" for kind in ("rubber", "trois",
                                                                        "quatre")},
            "table": f"/tables/{table.pk}/", "rubber": f"/tables/{rubber.pk}/",
            "trois": f"/tables/{trois.pk}/", "quatre": f"/tables/{quatre.pk}/",
            "won": f"/tables/{won.pk}/", "waiting": f"/tables/{waiting.pk}/",
            "score waiting": f"/tables/{waiting.pk}/score/", "offers": f"/tables/{offers.pk}/",
            "gallery": f"/tables/{gallery.pk}/",
            "english wagers": f"/tables/{evenings['english'].pk}/",
            "french wagers": f"/tables/{evenings['french'].pk}/",
            "score": f"/tables/{table.pk}/score/", "score rubber": f"/tables/{rubber.pk}/score/",
            "score trois": f"/tables/{trois.pk}/score/",
            "score quatre": f"/tables/{quatre.pk}/score/",
            "history": f"/tables/{table.pk}/history/",
            "hand by hand": f"/tables/{table.pk}/hand-by-hand/",
            "won history": f"/tables/{won.pk}/history/",
            **{f"{name} {page}": f"/tables/{t.pk}/{path}" for name, t in (
                ("rubber", rubber), ("trois", trois), ("quatre", quatre))
               for page, path in (("history", "history/"), ("hand by hand", "hand-by-hand/"),
                                  ("hand history", "hands/1/"))},
            "hand history": f"/tables/{table.pk}/hands/{hand.number}/",
            "correct": f"/tables/{table.pk}/hands/{hand.number}/correct/",
            "projector": "/tv/", "table's projector": f"/tables/{table.pk}/tv/",
            "404": "/no-such-page/", "403": f"/tables/{evenings['english'].pk}/score/",
            "ids": {"table": table.pk, "hand": hand.pk, "athos": athos.pk,
                    "wager": Wager.objects.first().pk, "won": won.pk, "offers": offers.pk,
                    "transaction": evenings["door"].pk}}


def page_on(chromium, language: str = "en") -> Page:
    context = chromium.new_context(**PHONE, locale={"en": "en-GB", "fr": "fr-FR"}[language])
    context.set_default_timeout(30_000)
    return context.new_page()


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url("**/account/")


def findings(page: Page, base: str, pages: dict, names, language: str) -> list[str]:
    """The findings of each page of NAMES, with every <details> of its main part open (what it
    folds away is checked too: axe skips what is not shown). The site's menu stays shut: open,
    it lies over the page, as a menu does (test_a_spectators_pages_in_english checks it)."""
    found = []
    for name in names:
        status = page.goto(f"{base}{pages[name]}").status
        if status != {"404": 404, "403": 403}.get(name, 200):
            found.append(f"{name} [{language}] {pages[name]}: answered {status}")
        page.evaluate("document.querySelectorAll('main details').forEach(d => { d.open = true; })")
        found += axe_findings(page, f"{name} [{language}] {pages[name]}")
    return found


def verdict(found: list[str]) -> str:
    return "axe finds serious or critical violations:\n" + "\n".join(found)


def at_1080p(browser, base: str, pages: dict, language: str) -> list[str]:
    """The findings of the projectors' two pages at 1920×1080."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080},
                                  locale={"en": "en-GB", "fr": "fr-FR"}[language])
    page = context.new_page()
    found = []
    for name in ("projector", "table's projector"):
        page.goto(f"{base}{pages[name]}")
        found += axe_findings(page, f"{name} at 1920×1080 [{language}]")
    context.close()
    return found


SPECTATOR = ["home", "evening", "table", "rubber", "trois", "quatre", "won", "waiting", "offers",
             "english wagers", "french wagers", "history", "hand by hand", "won history",
             "rubber history", "trois history", "quatre history", "rubber hand by hand",
             "trois hand by hand", "quatre hand by hand",
             "players", "member", "standings", "rules", "projector", "table's projector", "404",
             "login"]
SCORER = ["403", "score", "score rubber", "score trois", "score quatre", "hand history",
          "rubber hand history", "trois hand history", "quatre hand history",
          "correct", "open table", "open rubber", "open trois", "open quatre", "table",
          "english wagers", "offers", "gallery", "waiting", "score waiting", "settle-up",
          "account", "password"]
IN_FRENCH = ["home", "evening", "table", "rubber", "trois", "quatre", "won", "french wagers",
             "history", "hand by hand", "players", "member", "standings", "rules", "projector",
             "table's projector", "404", "login"]
SCORER_IN_FRENCH = ["score", "score quatre", "hand history", "correct", "open table",
                    "open quatre", "english wagers", "offers", "gallery", "settle-up", "account",
                    "password"]


def test_axe_finds_what_it_is_run_to_find(chromium):
    """The check itself: a nameless button, grey on white text and a wide block are found."""
    page = page_on(chromium)
    page.set_content('<html lang="en"><head><title>T</title></head><body><main>'
                     '<p style="color:#bbb">faint</p><button></button>'
                     '<div style="width:600px">wide</div></main></body></html>')
    found = "\n".join(axe_findings(page, "sample"))
    for rule in ("color-contrast (serious)", "button-name (critical)", "scrolls sideways"):
        assert rule in found, found


def test_a_spectators_pages_in_english(live_server, club, browser):
    page = page_on(browser)
    found = findings(page, live_server.url, club, SPECTATOR, "en")
    page.goto(f"{live_server.url}{club['hand by hand']}")
    for _ in range(4):  # the replay stepped through the cards with the arrow key
        page.keyboard.press("ArrowRight")
    found += axe_findings(page, "hand by hand, stepped [en]")
    page.locator("header details").first.locator("summary").click()  # the site's menu
    found += axe_findings(page, "the menu, open [en]", within="header")
    found += at_1080p(browser, live_server.url, club, "en")
    assert not found, verdict(found)


def test_a_scorers_and_members_pages_in_english(live_server, club, browser):
    page = page_on(browser)
    log_in(page, live_server.url, "charles")
    found = findings(page, live_server.url, club, SCORER, "en")
    page.locator("header details").first.locator("summary").click()  # a member's menu
    found += axe_findings(page, "a member's menu, open [en]", within="header")
    assert not found, verdict(found)


def test_the_main_pages_in_french(live_server, club, browser):
    page = page_on(browser, "fr")
    found = findings(page, live_server.url, club, IN_FRENCH, "fr")
    log_in(page, live_server.url, "charles")
    found += findings(page, live_server.url, club, SCORER_IN_FRENCH, "fr")
    page.locator("header details").first.locator("summary").click()
    found += axe_findings(page, "a member's menu, open [fr]", within="header")
    found += at_1080p(browser, live_server.url, club, "fr")
    assert not found, verdict(found)


def test_a_members_forms_answered(live_server, club, browser):
    """Pages as a form's answer leaves them: the open-table form sent empty (its errors beside
    the fields), the account with a new token and the club's message atop the page, a hand's
    history with its two versions."""
    page = page_on(browser)
    log_in(page, live_server.url, "charles")
    page.goto(f"{live_server.url}/tables/new/")
    with page.expect_response(f"{live_server.url}/tables/new/") as sent:
        page.locator("main form[method=post] [type=submit]:not([name=step])").last.click()
    assert sent.value.status == 400
    found = axe_findings(page, "open table, refused [en]")
    page.goto(f"{live_server.url}/account/")
    page.locator("form[action='/account/token/'] [type=submit]").click()
    page.wait_for_url("**/account/")
    assert page.locator("#new-token").is_visible()
    found += axe_findings(page, "account, a new token [en]")
    page.locator("form[action='/account/token/revoke/'] [type=submit]").click()
    page.wait_for_url("**/account/")
    assert page.locator(".messages li").count() == 1
    found += axe_findings(page, "account, a message [en]")
    page.goto(f"{live_server.url}/tables/{club['ids']['table']}/hands/2/correct/")  # a summary
    taps(page, "exchanged", 4)  # a point to the elder, as before, but four tricks: no vole
    expect(page.locator(".messages")).to_contain_text("Hand 2 is now version 2.")
    found += axe_findings(page, "hand history, corrected [en]")
    page.goto(f"{live_server.url}{club['offers']}")
    form = page.locator("#place-form")
    form.locator("input[name=on]").first.check()
    form.locator("input[name=stake]").fill("a lot")
    with page.expect_response(f"{live_server.url}/tables/{club['ids']['offers']}/wagers/") as sent:
        form.locator("[type=submit]").click()
    assert sent.value.status == 400
    found += axe_findings(page, "an offer refused [en]")
    assert not found, verdict(found)


def test_the_clubs_forms_refused(live_server, club, browser):
    """The login refused, then closed after five failures; a member's password change refused;
    the players page as the secretary sees it (its four forms), and a player's name refused."""
    page, base = page_on(browser), live_server.url
    page.goto(f"{base}/login/")
    for attempt in range(5):
        page.locator("input[name=username]").fill("nobody")
        page.locator("input[name=password]").fill(f"wrong {attempt}")
        page.locator("input[name=password]").press("Enter")
        page.wait_for_load_state("load")
        if attempt == 0:
            found = axe_findings(page, "login, refused [en]")
    assert page.get_by_role("heading", name="Too many attempts").is_visible()
    found += axe_findings(page, "login, closed [en]")
    log_in(page, base, "charles")
    page.goto(f"{base}/account/password/")
    page.locator("input[name=old_password]").fill("not my password")
    page.locator("input[name=new_password1]").fill("short")
    page.locator("input[name=new_password2]").fill("other")
    with page.expect_response(f"{base}/account/password/") as sent:
        page.locator("main form [type=submit]").click()
    assert sent.value.status == 200 and page.locator("[aria-invalid=true]").count()
    found += axe_findings(page, "password change, refused [en]")
    staff = page_on(browser)
    log_in(staff, base, "secretary")
    staff.goto(f"{base}/players/")
    found += axe_findings(staff, "players, as the secretary [en]")
    staff.locator("#add-name").fill("athos")  # Athos plays already
    with staff.expect_response(f"{base}/players/") as sent:
        staff.locator("#add-form [type=submit]").click()
    assert sent.value.status == 400
    found += axe_findings(staff, "players, a name refused [en]")
    assert not found, verdict(found)


ADMIN_MODELS = ["club/player", "club/account", "club/transaction", "club/apitoken", "auth/user",
                "auth/group", "games/table", "games/hand", "games/wager", "games/movement"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_admin(live_server, club, browser, language):
    """The secretary's admin: its index, each model's list, and a change form of each kind of
    record an evening makes."""
    page = page_on(browser, language)
    ids = club["ids"]
    pages = {"admin": "/admin/"} | {model: f"/admin/{model}/" for model in ADMIN_MODELS} | {
        "table form": f"/admin/games/table/{ids['table']}/change/",
        "won table form": f"/admin/games/table/{ids['won']}/change/",
        "hand form": f"/admin/games/hand/{ids['hand']}/change/",
        "wager form": f"/admin/games/wager/{ids['wager']}/change/",
        "player form": f"/admin/club/player/{ids['athos']}/change/",
        "transaction form": f"/admin/club/transaction/{ids['transaction']}/change/",
        "new player": "/admin/club/player/add/",
        "hand correction": f"/admin/games/hand/{ids['hand']}/correct/"}
    page.goto(f"{live_server.url}/admin/login/")
    found = axe_findings(page, f"admin login [{language}]")
    page.locator("#id_username").fill("secretary")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url("**/admin/")
    found += findings(page, live_server.url, pages, pages, language)
    assert not found, verdict(found)
