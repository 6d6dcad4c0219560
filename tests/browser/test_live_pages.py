"""A table's page on a phone follows the live feed, served by a real daphne (the suite's
`daphne` fixture, testbed/daphne.py: its own process and SQLite file; the live server has no
WebSockets). Hands are posted through the API, as a scorer's terminal does; the page is never
reloaded: a mark set on its window before the hand is still there after it. Nothing waits on
a clock but Playwright's generous waits for what the page should show."""
from playwright.sync_api import expect

from tests.browser.kit import WAIT, follow_table, open_pool


def post_hand(daphne, table: dict) -> dict:
    """The elder takes three tricks: a point to him. The table's snapshot after it."""
    return daphne.api(f"/tables/{table['id']}/hands",
                      {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                                              "tricks": {"elder": 3, "dealer": 2}}}})["table"]


def shows_the_hand(spectator, table):
    section = spectator.locator("[data-live]")
    expect(section).to_have_attribute("data-seq", str(table["seq"]), timeout=WAIT)
    hands = spectator.locator(".last-hands li")
    expect(hands).to_have_count(1)
    expect(hands.first).to_contain_text("Hand 1")
    expect(hands.first).to_contain_text(f"Athos {table['name']}: +1")
    expect(spectator.locator("[data-score]")).to_contain_text(f"Athos {table['name']} 1")
    assert spectator.evaluate("window.notReloaded === true")


def test_a_spectators_page_shows_a_hand_posted_through_the_api(daphne, spectator):
    table = open_pool(daphne, "Table 1")
    follow_table(spectator, daphne, table)

    shows_the_hand(spectator, post_hand(daphne, table))


def test_the_page_reconnects_after_the_server_restarts(daphne, spectator):
    table = open_pool(daphne, "Table 2")
    follow_table(spectator, daphne, table)
    badge = spectator.locator(".live-state")

    daphne.stop()
    expect(badge).to_have_attribute("data-state", "reconnecting", timeout=WAIT)
    expect(badge).to_have_text("reconnecting…")
    daphne.start()  # the same port, the same database file
    expect(badge).to_have_attribute("data-state", "live", timeout=WAIT)

    shows_the_hand(spectator, post_hand(daphne, table))
