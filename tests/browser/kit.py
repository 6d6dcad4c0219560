"""What the browser tests share: a phone's width, how long to wait for what a page should show,
the steward who logs in to score, screenshots kept in tests/artifacts/ (not committed) for a
person to look at, the scorer's page on a phone (logging in to it, a hand dealt and played card
by card), and a pool opened through a real daphne with a phone following its table."""
import os
from contextlib import contextmanager
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.test import Client, override_settings
from playwright.sync_api import expect, sync_playwright

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WIDTH = 360  # px: the narrowest phone the pages are made for
STEWARD_PASSWORD = "a long steward password"
# Generous, for two shared cores; a reconnection waits 1 s, then 2, 4, 8 ...: a restart of a
# few seconds is well within this.
WAIT = 60_000  # ms
# The pictures a person looks at after changing the pages: kept unless SCREENSHOTS=0, which
# `make test` and `.ci/run` set, since no test reads them and a whole phone page in PNG costs
# the browser a quarter of a second (docs/testing.md).
PICTURES = os.environ.get("SCREENSHOTS", "1") != "0"


@contextmanager
def open_chromium():
    """Chromium, open until the block ends (None when it is missing). Playwright's sync API
    keeps an event loop in the tests' thread while the browser is open, where Django would
    refuse the ORM: the tests' fixtures and the database's flush use it there meanwhile
    (DJANGO_ALLOW_ASYNC_UNSAFE), and the club itself runs in the live server's threads or in
    daphne, where no loop is. This process has no channel layer meanwhile, so that nothing is
    published from that thread: the live server serves no feed to hear it, and daphne's tests
    make their data through its API. After the block no loop is left, and the layer is back."""
    if not os.path.exists(CHROMIUM):
        yield None
        return
    with (pytest.MonkeyPatch.context() as patch, override_settings(CHANNEL_LAYERS={}),
          sync_playwright() as playwright):
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        # --no-sandbox: chromium refuses to start its sandbox as root, which CI may be.
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def signed_in(browser, live_server, user, **options):
    """A page of a new browser context (`options`: its viewport, locale...) whose session is
    `user`'s, signed in without the login form."""
    session = Client()
    session.force_login(user)
    context = browser.new_context(**options)
    context.add_cookies([{"name": "sessionid", "value": session.cookies["sessionid"].value,
                          "url": live_server.url}])
    return context.new_page()


def new_steward(django_user_model):
    """The staff member "steward", who logs in with STEWARD_PASSWORD."""
    return django_user_model.objects.create_user("steward", password=STEWARD_PASSWORD,
                                                 is_staff=True)


def picture(target, path: Path, **options) -> None:
    """A page's or a locator's picture in `path` (playwright's `screenshot` with `options`),
    when pictures are kept (PICTURES)."""
    if PICTURES:
        path.parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **options)


def shot(page, name: str) -> None:
    """Saves the whole page as tests/artifacts/NAME.png (NAME may name a folder, PICTURES),
    and checks that nothing sticks out of the page's screen."""
    picture(page, ARTIFACTS / f"{name}.png", full_page=True)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name


# axe-core's rules for WCAG 2.0, 2.1 and 2.2, levels A and AA; the impacts a page may not have.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
AXE_BARRED = {"serious", "critical"}


def axe_findings(page, name: str, within: str | None = None) -> list[str]:
    """axe-core (the copy axe-playwright-python bundles) run on the page as it is (or on the
    part of it that the CSS selector WITHIN picks): one line per rule it breaks with a serious
    or critical impact, "NAME: rule (impact) targets, ...", the first nodes' CSS targets; and
    one if the page scrolls sideways."""
    found = []
    results = Axe().run(page, context=within,
                        options={"runOnly": {"type": "tag", "values": AXE_TAGS},
                                 "resultTypes": ["violations"]}).response
    for violation in results["violations"]:
        if violation["impact"] in AXE_BARRED:
            targets = ", ".join(" ".join(map(str, node["target"]))
                                for node in violation["nodes"][:3])
            more = len(violation["nodes"]) - 3
            found.append(f"{name}: {violation['id']} ({violation['impact']}) {targets}"
                         + (f" and {more} more" if more > 0 else ""))
    width = page.viewport_size["width"]
    if (scrolls := page.evaluate("document.documentElement.scrollWidth")) > width:
        found.append(f"{name}: scrolls sideways ({scrolls} px wide at {width})")
    return found


ELDER = ["KS", "QS", "AS", "JD", "QD"]
DEALER = ["7S", "8S", "9H", "TH", "7C"]
TRICKS = [["KS", "7S"], ["QS", "8S"], ["AS", "9H"], ["JD", "TH"], ["QD", "7C"]]


def scoring(page, url: str, table) -> None:
    page.goto(f"{url}/login/?next=/tables/{table.pk}/score/")
    page.get_by_label("Username").fill("steward")
    page.get_by_label("Password").fill(STEWARD_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/tables/{table.pk}/score/")


def deal(page) -> None:
    page.get_by_text("Card by card").tap()
    form = page.locator("#deal-form")
    for card in [*ELDER, *DEALER, "8D"]:  # each place passes on to the next when full
        form.locator(f'[data-card="{card}"]').tap()
    expect(form.locator("#f-elder")).to_have_value("K♠ Q♠ A♠ J♦ Q♦")
    expect(form.locator("#f-dealer")).to_have_value("7♠ 8♠ 9♥ 10♥ 7♣")
    expect(form.locator("#f-turn_up")).to_have_value("8♦")
    expect(form.locator('[data-card="KS"]')).to_be_disabled()
    form.get_by_text("played without proposing").tap()
    shot(page, "scorer-deal")
    form.get_by_role("button", name="Record the deal").tap()
    expect(page.get_by_role("heading", name="Hand 1, trick 1")).to_be_visible()


def play(page, side: str, card: str) -> None:
    page.locator(f'[data-side="{side}"] label:has(input[value="{card}"])').tap()


def open_pool(daphne, name: str) -> dict:
    ids = [daphne.player(f"{who} {name}") for who in ("Athos", "Porthos", "Aramis")]
    return daphne.api("/tables", {"name": name, "format": "pool", "players": ids,
                                  "first_dealer": ids[1]})


def follow_table(spectator, daphne, table):
    spectator.goto(f"http://{daphne.address}/tables/{table['id']}/")
    expect(spectator.locator(".live-state")).to_have_attribute("data-state", "live",
                                                               timeout=WAIT)
    expect(spectator.locator(".last-hands li")).to_have_count(0)
    spectator.evaluate("window.notReloaded = true")

