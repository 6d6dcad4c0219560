"""A hand entered trick by trick through the API, as a scorer's terminal does, shows each trick
on a spectator's phone (the table's page) and on the projector (/tables/<id>/tv/) as it is
entered, served by a real daphne (the suite's `daphne` fixture) with its live feed: trumps and
the trick last played on the cloth ([data-in-play]), each trick's two cards with their suit
symbols and who took it in the hand's list of tricks ([data-hand-tricks]), the tricks taken
so far beside each player. Neither page is reloaded. Screenshots go to tests/artifacts/ (not
committed)."""
import re

from playwright.sync_api import expect

from tests.browser.kit import ARTIFACTS, picture
from tests.games.kit import SEEN_DEAL

WAIT = 60_000  # ms: generous, for a shared machine
TRICKS = [  # (cards, the card names a screen reader hears, who takes it)
    (["7S", "KS"], ["seven of spades", "king of spades"], "Porthos"),
    (["AH", "QH"], ["ace of hearts", "queen of hearts"], "Athos"),
    (["8H", "7D"], ["eight of hearts", "seven of diamonds"], "Porthos"),
]


def following(page, url: str) -> None:
    page.goto(url)
    expect(page.locator(".live-state")).to_have_attribute("data-state", "live", timeout=WAIT)
    page.evaluate("window.notReloaded = true")


def shows_trick(page, number: int, names: list[str], taker: str) -> None:
    trick = page.locator(f"[data-hand-tricks] li[data-trick='{number}']")
    expect(trick).to_contain_text(f"{taker} takes the trick", timeout=WAIT)
    for name in names:
        expect(trick.get_by_role("img", name=name)).to_be_visible()
    expect(page.locator("[data-hand-tricks] li[data-trick]")).to_have_count(number)
    on_cloth = page.locator(f"[data-in-play] [data-trick-area='{number}']")
    for name in names:
        expect(on_cloth.get_by_role("img", name=name)).to_be_visible()


def test_each_trick_shows_on_the_phone_and_the_projector_as_it_is_entered(daphne, chromium):
    ids = [daphne.player(name) for name in ("Athos", "Porthos", "Aramis")]
    table = daphne.api("/tables", {"name": "Table 7", "format": "pool", "players": ids,
                                   "first_dealer": ids[1]})
    phone = chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                 has_touch=True).new_page()
    projector = chromium.new_context(viewport={"width": 1280, "height": 720}).new_page()
    base = f"http://{daphne.address}/tables/{table['id']}"
    following(phone, f"{base}/")
    following(projector, f"{base}/tv/")
    expect(phone.locator("[data-in-play]")).to_have_count(0)

    hand = daphne.api(f"/tables/{table['id']}/hands",
                      {"record": {**SEEN_DEAL, "tricks": []}})["hand"]
    for page in (phone, projector):
        expect(page.locator("[data-in-play]")).to_contain_text("No trick played yet.",
                                                               timeout=WAIT)
        trumps = page.locator("[data-in-play] .card").first
        expect(trumps).to_have_text("J♦")
        expect(trumps).to_have_attribute("aria-label", "knave of diamonds")
        expect(trumps).to_have_class(re.compile(r"(^| )red( |$)"))  # a red suit, drawn red
    for number, (cards, names, taker) in enumerate(TRICKS, 1):
        daphne.api(f"/hands/{hand['id']}/tricks", {"trick": cards, "number": number})
        for page in (phone, projector):
            shows_trick(page, number, names, taker)
    for page in (phone, projector):
        expect(page.get_by_role("img", name="Tricks taken: Athos 1")).to_be_visible()
        expect(page.get_by_role("img", name="Tricks taken: Porthos 2")).to_be_visible()
        text = page.locator("[data-live]").inner_text()
        assert "♥" in text and "♦" in text and "♠" in text
        assert page.evaluate("window.notReloaded") is True
    # Still in a hand, or discarded: no card code of theirs reaches the page. A code is matched
    # whole, so a CSRF token or an asset's hash that happens to contain "TC" does not count.
    unplayed = re.compile(r"(?<![0-9A-Za-z])(9S|KC|TC|TS|9C|8C)(?![0-9A-Za-z])")
    assert [unplayed.findall(page.content()) for page in (phone, projector)] == [[], []]

    picture(phone, ARTIFACTS / "table-mid-hand-360.png", full_page=True)
    picture(projector, ARTIFACTS / "tv-mid-hand-1280.png", full_page=True)
    picture(phone.locator("[data-in-play]"), ARTIFACTS / "table-in-play-360.png")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360

    daphne.api(f"/hands/{hand['id']}/tricks/undo", {"number": 3})
    for page in (phone, projector):
        expect(page.locator("[data-hand-tricks] li[data-trick]")).to_have_count(2, timeout=WAIT)
    phone.context.close()
    projector.context.close()
