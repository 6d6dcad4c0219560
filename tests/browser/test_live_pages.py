"""A table's page on a phone follows the live feed, served by a real daphne (the suite's
`daphne` fixture, testbed/daphne.py: its own process and SQLite file; the live server has no
WebSockets). Hands are posted through the API, as a scorer's terminal does; the page is never
reloaded: a mark set on its window before the hand is still there after it. Nothing waits on
a clock but Playwright's generous waits for what the page should show."""
from playwright.sync_api import expect

# A reconnection waits 1 s, then 2, 4, 8 ...: a restart of a few seconds is well within this.
WAIT = 60_000  # ms


def open_pool(daphne, name: str) -> dict:
    ids = [daphne.api("/players", {"name": f"{who} {name}"})["id"]
           for who in ("Athos", "Porthos", "Aramis")]
    return daphne.api("/tables", {"name": name, "format": "pool", "players": ids,
                                  "first_dealer": ids[1]})


def post_hand(daphne, table: dict) -> dict:
    """The elder takes three tricks: a point to him. The table's snapshot after it."""
    return daphne.api(f"/tables/{table['id']}/hands",
                      {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                                              "tricks": {"elder": 3, "dealer": 2}}}})["table"]


def follow(spectator, daphne, table):
    spectator.goto(f"http://{daphne.address}/tables/{table['id']}/")
    expect(spectator.locator(".live-state")).to_have_attribute("data-state", "live",
                                                               timeout=WAIT)
    expect(spectator.locator(".last-hands li")).to_have_count(0)
    spectator.evaluate("window.notReloaded = true")


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
    follow(spectator, daphne, table)

    shows_the_hand(spectator, post_hand(daphne, table))


def test_the_page_reconnects_after_the_server_restarts(daphne, spectator):
    table = open_pool(daphne, "Table 2")
    follow(spectator, daphne, table)
    badge = spectator.locator(".live-state")

    daphne.stop()
    expect(badge).to_have_attribute("data-state", "reconnecting", timeout=WAIT)
    expect(badge).to_have_text("reconnecting…")
    daphne.start()  # the same port, the same database file
    expect(badge).to_have_attribute("data-state", "live", timeout=WAIT)

    shows_the_hand(spectator, post_hand(daphne, table))
