"""The table drawn, LOOKED at on a phone (390×844) and on the projector (1920×1080), served by
a real daphne (the suite's `daphne` fixture) with its live feed; hands go in through the API,
as a scorer's terminal sends them, and no page is reloaded.

From the Laws: a game is won by the first to reach its target (5 here); the elder who takes
three tricks marks a point, two tricks give it to the dealer. Claire takes the first game
5–3 from Alice, Bob looking on: the phone and the projector say so, and the last hands are
grouped under that game. The next hand is entered trick by trick: the turn-up and the trick
last played are drawn as cards inside the cloth, between the two places. The live part fits
the phone's screen under the site header. The projector of every table fills its screen
with them, in columns (six rubbers between hands fit one 1080p screen), and with more than fit
turns to the next ones by itself. Screenshots go to tests/artifacts/table-drawn/ (not
committed): look at them."""
import re

from playwright.sync_api import expect

from testbed.in_page import waited
from tests.browser.kit import ARTIFACTS, WAIT, picture, shot
from tests.games.kit import SEEN_DEAL

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}


def summary(elder_tricks: int) -> dict:
    return {"summary": {"opening": "exchanged", "king_turned": False,
                        "tricks": {"elder": elder_tricks, "dealer": 5 - elder_tricks}}}


def point_to(daphne, table: dict, player: int) -> dict:
    """A hand whose point goes to `player`, seated: the table's snapshot after it."""
    elder = table["seats"]["elder"] == player
    return daphne.api(f"/tables/{table['id']}/hands", {"record": summary(3 if elder else 2)})[
        "table"]


def following(page, url: str) -> None:
    page.goto(url)
    expect(page.locator(".live-state").first).to_have_attribute("data-state", "live",
                                                                timeout=WAIT)
    page.evaluate("window.notReloaded = true")


def inside(inner: dict, outer: dict) -> bool:
    return (inner["x"] >= outer["x"] and inner["y"] >= outer["y"]
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"]
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"])


def test_the_game_won_and_the_trick_on_the_cloth_on_a_phone_and_the_projector(daphne,
                                                                               chromium):
    daphne.nothing_in_play()  # the module's server may hold this test's first try
    ids = {name: daphne.player(name) for name in ("Claire", "Alice", "Bob")}
    claire, alice = ids["Claire"], ids["Alice"]
    table = daphne.api("/tables", {"name": "Table 1", "format": "pool", "first_dealer": alice,
                                   "players": [claire, alice, ids["Bob"]]})
    phone = chromium.new_context(**PHONE).new_page()
    projector = chromium.new_context(**PROJECTOR).new_page()
    following(phone, f"http://{daphne.address}/tables/{table['id']}/")
    following(projector, f"http://{daphne.address}/tables/{table['id']}/tv/")
    # A pool whose unit is a game says so, not "Games in this unit 0–0".
    expect(phone.locator("[data-live]")).to_contain_text("Unit: one game")
    expect(phone.locator("[data-live]")).not_to_contain_text("Games in this unit")

    for who in (alice, claire, alice, claire, alice, claire, claire):
        table = point_to(daphne, table, who)
    for page in (phone, projector):
        expect(page.locator("[data-live]")).to_have_attribute("data-seq", str(table["seq"]),
                                                              timeout=WAIT)
        expect(page.locator("[data-game-end]")).to_have_count(0)  # 4–3: not yet
    table = point_to(daphne, table, claire)
    for page in (phone, projector):
        said = page.locator("[data-game-end]")
        expect(said).to_have_text("Game 1: Claire takes the game 5–3", timeout=WAIT)
        expect(said).to_be_visible()
        first_game = page.locator(".last-hands [data-hands-of='1']")
        expect(first_game.get_by_role("heading")).to_contain_text("Claire takes the game 5–3")
        expect(first_game.locator("li")).to_have_count(5)  # the last five hands, all in game 1
    shot(phone, "table-drawn/game-won-390")

    hand = daphne.api(f"/tables/{table['id']}/hands",
                      {"record": {**SEEN_DEAL, "tricks": [["7S", "KS"]]}})["hand"]
    for page in (phone, projector):
        felt = page.locator("[data-cloth]")
        trick = felt.locator("[data-trick-area='1']")
        expect(trick.get_by_role("img", name="seven of spades")).to_be_visible(timeout=WAIT)
        expect(trick.get_by_role("img", name="king of spades")).to_be_visible()
        expect(felt.get_by_role("img", name="knave of diamonds")).to_be_visible()  # trumps
        cloth = felt.bounding_box()
        for name in ("seven of spades", "king of spades", "knave of diamonds"):
            assert inside(felt.get_by_role("img", name=name).bounding_box(), cloth), name
        # Drawn between the two places: under the far one, above the near one.
        far = felt.locator("[data-place=far]").bounding_box()
        near = felt.locator("[data-place=near]").bounding_box()
        seven = trick.get_by_role("img", name="seven of spades").bounding_box()
        assert far["y"] + far["height"] <= seven["y"] < near["y"]
    daphne.api(f"/hands/{hand['id']}/tricks", {"trick": ["AH", "QH"], "number": 2})
    for page in (phone, projector):
        trick = page.locator("[data-cloth] [data-trick-area='2']")
        expect(trick.get_by_role("img", name="ace of hearts")).to_be_visible(timeout=WAIT)
        expect(trick.get_by_role("img", name="queen of hearts")).to_be_visible()
        expect(page.locator("[data-cloth] [data-trick-area='1']")).to_have_count(0)
        assert page.evaluate("window.notReloaded") is True

    # The live part fits the phone's screen, under the site header, as it loads.
    phone.evaluate("window.scrollTo(0, 0)")
    live = phone.locator("[data-live-body]").bounding_box()
    header = phone.locator("header.site").bounding_box()
    assert header["y"] + header["height"] <= phone.locator("[data-live]").bounding_box()["y"]
    assert live["y"] + live["height"] <= 844, live
    rules = phone.locator("details.table-rules")
    expect(rules).not_to_have_attribute("open", "")
    assert rules.bounding_box()["y"] > live["y"] + live["height"]
    shot(phone, "table-drawn/trick-on-the-cloth-390")
    picture(phone.locator("[data-live-body]"),
            ARTIFACTS / "table-drawn" / "trick-on-the-cloth-live-part-390.png")
    # Across a room: the projector's score of the game is large.
    size = projector.locator("[data-cloth] .points").first.evaluate(
        "node => parseFloat(getComputedStyle(node).fontSize)")
    assert size >= 60, size
    shot(projector, "table-drawn/trick-on-the-cloth-1920")
    phone.context.close()
    projector.context.close()


def rubbers(daphne, names: list[str]) -> None:
    """A rubber for each name, between two new players: a table without a hand in progress."""
    for name in names:
        pair = [daphne.player(f"{name} {side}") for side in "AB"]
        daphne.api("/tables", {"name": name, "format": "rubber", "players": pair,
                               "first_dealer": pair[0]})


def on_screen(page) -> list[dict]:
    """The tables the projector shows now: each one's id and box, all of it on the screen."""
    return inside_1080p(page.evaluate(SHOWN))


def inside_1080p(shown: list[dict]) -> list[dict]:
    for box in shown:
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1920, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= 1080, box
    return shown


# The projector turns its pages every EVERY seconds (`?every=`): what a test reads of a page is
# read in one go, in the page's own script, in the moment the label names that page.
EVERY = 1
SHOWN = """() => Array.from(document.querySelectorAll("[data-live]"))
  .filter(card => card.getClientRects().length).map(card => {
    const box = card.getBoundingClientRect(), end = card.querySelector("[data-game-end]");
    const king = card.querySelector("[data-cloth] [role=img][aria-label='king of spades']");
    return {id: card.dataset.table, x: box.x, y: box.y, width: box.width, height: box.height,
            king: Boolean(king && king.getClientRects().length),
            end: end && end.getClientRects().length ? end.textContent : ""};
  })"""


def turned_to(page, label: str) -> list[dict]:
    """Waits for the projector's label to say LABEL ("Page 2 of 3"): the tables it shows then."""
    shown = waited(page, f"""label => document.querySelector("[data-page-label]").textContent
        === label && ({SHOWN})()""", arg=label)
    return inside_1080p(shown)


def test_the_projector_fills_the_screen_and_turns_to_the_tables_that_did_not_fit(daphne,
                                                                                 chromium):
    # Tonight, six rubbers and nothing else open: one screen holds them all, readable.
    daphne.nothing_in_play()
    rubbers(daphne, [f"Rubber {n}" for n in range(1, 7)])
    projector = chromium.new_context(**PROJECTOR).new_page()
    following(projector, f"http://{daphne.address}/tv/?every={EVERY}")
    expect(projector.locator("[data-live]")).to_have_count(6)
    shown = on_screen(projector)
    assert len(shown) == 6, shown
    assert len({round(box["y"]) for box in shown}) > 1  # in rows, not one line across
    assert len({round(box["x"]) for box in shown}) > 1
    expect(projector.locator("[data-page-label]")).to_be_hidden()
    for name in ("Rubber 1", "Rubber 6"):
        expect(projector.get_by_role("heading", name=name)).to_be_visible()
    size = projector.locator("[data-cloth] .points").first.evaluate(
        "node => parseFloat(getComputedStyle(node).fontSize)")
    assert size >= 60, size  # the score, across a room
    shot(projector, "table-drawn/projector-six-1920")
    projector.wait_for_timeout(1500 * EVERY)  # a turn, but nothing to turn to: the six stay
    assert [box["id"] for box in on_screen(projector)] == [box["id"] for box in shown]

    # Six more, one of them with a game won and a hand being played: they do not all fit, and
    # the projector turns to the rest by itself, every table on one page or the other.
    rubbers(daphne, [f"Rubber {n}" for n in range(7, 12)])
    ids = {name: daphne.player(name) for name in ("Odile", "Henri")}
    table = daphne.api("/tables", {"name": "Table 12", "format": "rubber",
                                   "first_dealer": ids["Henri"], "players": list(ids.values())})
    for _ in range(5):
        table = point_to(daphne, table, ids["Odile"])
    played = daphne.api(f"/tables/{table['id']}/hands",
                        {"record": {**SEEN_DEAL, "tricks": [["7S", "KS"]]}})["table"]
    following(projector, f"http://{daphne.address}/tv/?every={EVERY}")
    expect(projector.locator("[data-live]")).to_have_count(12)
    # The pages are measured again as each table is drawn and the fonts come (live.js): count
    # them once every table is drawn in its latest state and the fonts are in.
    assert waited(projector, f"""seq => document.fonts.status === "loaded"
        && document.querySelector('[data-live][data-table="{table['id']}"]')
               ?.getAttribute("data-seq") === String(seq)
        && Array.from(document.querySelectorAll("[data-live]"))
               .every(card => card.hasAttribute("data-seq"))""", arg=played["seq"])
    label = projector.locator("[data-page-label]")
    expect(label).to_have_text(re.compile(r"^Page \d+ of \d+$"))
    pages = int(label.inner_text().split()[-1])
    assert pages >= 2
    seen = []
    for number in range(1, pages + 1):
        shown = turned_to(projector, f"Page {number} of {pages}")
        seen.append([box["id"] for box in shown])
        for box in shown:
            if box["id"] == str(table["id"]):  # the trick on the cloth, the game's end, readable
                assert box["king"], box
                assert "Odile takes the game 5–0" in box["end"], box
        shot(projector, f"table-drawn/projector-page-{number}-1920")
    assert len(seen[0]) >= 6, seen  # the first page as full as the six alone
    every = [card.get_attribute("data-table") for card in projector.locator("[data-live]").all()]
    assert sum(seen, []) == every  # each table once, in order, on one page or another
    turned_to(projector, f"Page 1 of {pages}")  # and back to the first
    projector.context.close()

    # A small screen: a table taller than it has a page to itself, whole (the page scrolls).
    small = chromium.new_context(viewport={"width": 390, "height": 600}).new_page()
    following(small, f"http://{daphne.address}/tv/?every={EVERY}")
    for table_id in (None, table["id"]):  # the first table shown, and the one being played
        seen = waited(small, """id => {
            const card = Array.from(document.querySelectorAll("[data-live]")).find(
                card => card.getClientRects().length && (!id || card.dataset.table === id));
            return card && {box: card.getBoundingClientRect().toJSON(),
                            room: document.querySelector("[data-pager]")
                                    .getBoundingClientRect().toJSON()};
        }""", arg=table_id and str(table_id))
        box, room = seen["box"], seen["room"]
        assert room["y"] <= box["y"] and box["y"] + box["height"] <= room["y"] + room["height"]
        assert box["x"] + box["width"] <= 390
    shot(small, "table-drawn/projector-tall-table-390")
    small.context.close()
