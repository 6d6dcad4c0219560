"""Browser tests: Playwright drives Debian's chromium (`apt-get install chromium`; another
binary through CHROMIUM) against pytest-django's live server, or against a real daphne (the
suite's `daphne` fixture, testbed/daphne.py) for the live feed, which the live server lacks.
Playwright's own browser download is not used. Without chromium these tests are skipped,
unless BROWSER_TESTS=required (as `.ci/run` sets it): then a missing browser fails them.

Chromium is launched once for the package, and each test closes the contexts it opened."""
import os
from pathlib import Path

import pytest

from tests.browser.kit import CHROMIUM, WIDTH, open_chromium

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """A browser test that fails is run once more before it counts as failed: a real chromium
    against a real server, beside the other process's tests on two cores, now and then misses
    a moment (docs/testing.md). A test that fails twice fails."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.fixture
def browser(live_server, chromium):
    """Chromium, for one test against pytest-django's live server. A test makes its data in
    fixtures, then talks to the live server only, through the page or `page.request`."""
    return chromium


@pytest.fixture(scope="package")
def launched():
    """Chromium, launched once for these tests (None when it is missing): kit.open_chromium."""
    with open_chromium() as chromium:
        yield chromium


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
