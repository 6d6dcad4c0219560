"""Browser tests: Playwright drives Debian's chromium (`apt-get install chromium`; another
binary through CHROMIUM) against pytest-django's live server, or against a real daphne (the
suite's `daphne` fixture, testbed/daphne.py) for the live feed, which the live server lacks.
Playwright's own browser download is not used. Without chromium these tests are skipped,
unless BROWSER_TESTS=required (as `.ci/run` sets it): then a missing browser fails them.

Chromium is launched once for the package, and each test closes the contexts it opened."""
import os

import pytest
from django.test import override_settings

from tests.browser.kit import WIDTH

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture
def browser(live_server, chromium):
    """Chromium, for one test against pytest-django's live server. A test makes its data in
    fixtures, then talks to the live server only, through the page or `page.request`."""
    return chromium


@pytest.fixture(scope="package")
def launched():
    """Chromium, launched once for these tests (None when it is missing). Playwright's sync
    API keeps an event loop in the tests' thread while the browser is open, where Django would
    refuse the ORM: the tests' fixtures and the database's flush use it there while these tests
    run (DJANGO_ALLOW_ASYNC_UNSAFE), and the club itself runs in the live server's threads or
    in daphne, where no loop is. This process has no channel layer meanwhile, so that nothing
    is published from that thread: the live server serves no feed to hear it, and daphne's
    tests make their data through its API. After these tests no loop is left."""
    if not os.path.exists(CHROMIUM):
        yield None
        return
    from playwright.sync_api import sync_playwright

    with (pytest.MonkeyPatch.context() as patch, override_settings(CHANNEL_LAYERS={}),
          sync_playwright() as playwright):
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        # --no-sandbox: chromium refuses to start its sandbox as root, which CI may be.
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def chromium(launched):
    """Chromium, for one test, without a server of its own; the contexts the test opened are
    closed after it."""
    if launched is None:
        reason = f"no chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)"
        if os.environ.get("BROWSER_TESTS") == "required":
            pytest.fail(reason)
        pytest.skip(reason)
    yield launched
    for context in launched.contexts:
        context.close()


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
