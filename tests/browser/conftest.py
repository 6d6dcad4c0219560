"""Browser tests: Playwright drives Debian's chromium (`apt-get install chromium`; another
binary through CHROMIUM) against pytest-django's live server, or against a real daphne (the
suite's `daphne` fixture, testbed/daphne.py) for the live feed, which the live server lacks.
Playwright's own browser download is not used. Without chromium these tests are skipped,
unless BROWSER_TESTS=required (as `.ci/run` sets it): then a missing browser fails them."""
import os

import pytest

from tests.browser.kit import WIDTH

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture
def browser(live_server, chromium):
    """Chromium, for one test. Playwright's sync API keeps an event loop in the test's
    thread while the browser is open, so Django refuses the ORM there: a test makes its data
    in fixtures named before its page (they run before the browser opens), then talks to the
    live server only, through the page or `page.request`."""
    return chromium


@pytest.fixture
def chromium():
    """Chromium, for one test, without a server of its own."""
    if not os.path.exists(CHROMIUM):
        reason = f"no chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)"
        if os.environ.get("BROWSER_TESTS") == "required":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # --no-sandbox: chromium refuses to start its sandbox as root, which CI may be.
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


@pytest.fixture
def spectator(chromium):
    """A phone's page, for a test against the `daphne` fixture rather than the live server."""
    context = chromium.new_context(**PHONE)
    yield context.new_page()
    context.close()


@pytest.fixture
def desk(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def small(browser):
    """The narrowest phone the pages are made for (tests/browser/kit.py's WIDTH)."""
    context = browser.new_context(viewport={"width": WIDTH, "height": 740}, is_mobile=True,
                                  has_touch=True, device_scale_factor=1)
    yield context.new_page()
    context.close()
