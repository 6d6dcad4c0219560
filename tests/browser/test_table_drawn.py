"""The table drawn, LOOKED at on a phone (390×844) and on the projector (1920×1080), served by
a real daphne (the suite's `daphne` fixture) with its live feed; hands go in through the API,
as a scorer's terminal sends them, and no page is reloaded.

From the Laws: a game is won by the first to reach its target (5 here); the elder who takes
three tricks marks a point, two tricks give it to the dealer. Claire takes the first game
5–3 from Alice, Bob looking on: the phone and the projector say so, and the last hands are
grouped under that game. The next hand is entered trick by trick: the turn-up and the trick
last played are drawn as cards inside the cloth, between the two places. The live part fits
the phone's screen under the site header. With more tables than fit side by side, the
projector shows a page of them and turns to the next by itself. Screenshots go to
tests/artifacts/table-drawn/ (not committed): look at them."""
import math

from playwright.sync_api import expect

from tests.browser.kit import ARTIFACTS, WAIT, shot
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
    ids = {name: daphne.api("/players", {"name": name})["id"]
           for name in ("Claire", "Alice", "Bob")}
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
        expect(said).to_have_text("Claire takes the game 5–3", timeout=WAIT)
        expect(said).to_be_visible()
        first_game = page.locator(".last-hands [data-hands-of='1']")
        expect(first_game.locator("h4")).to_contain_text("Claire takes the game 5–3")
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
    phone.locator("[data-live-body]").screenshot(
        path=str(ARTIFACTS / "table-drawn" / "trick-on-the-cloth-live-part-390.png"))
    # Across a room: the projector's score of the game is large.
    size = projector.locator("[data-cloth] .points").first.evaluate(
        "node => parseFloat(getComputedStyle(node).fontSize)")
    assert size >= 60, size
    shot(projector, "table-drawn/trick-on-the-cloth-1920")
    phone.context.close()
    projector.context.close()


def test_the_projector_turns_to_the_tables_that_did_not_fit(daphne, chromium):
    ids = [daphne.api("/players", {"name": f"P{i}"})["id"] for i in range(8)]
    for number in range(4):
        pair = ids[2 * number:2 * number + 2]
        daphne.api("/tables", {"name": f"Rubber {number + 1}", "format": "rubber",
                               "players": pair, "first_dealer": pair[0]})
    open_now = daphne.api("/tables?status=playing")["count"]
    projector = chromium.new_context(**PROJECTOR).new_page()
    following(projector, f"http://{daphne.address}/tv/?every=4")
    cards = projector.locator("[data-live]")
    expect(cards).to_have_count(open_now)
    shown = projector.locator("[data-live]:visible")
    fit = shown.count()
    assert 1 < fit < open_now  # a few side by side, not all
    pages = math.ceil(open_now / fit)
    label = projector.locator("[data-page-label]")
    expect(label).to_have_text(f"Page 1 of {pages}")
    first = shown.first.get_attribute("data-table")
    for box in (shown.nth(i).bounding_box() for i in range(fit)):
        assert box["x"] + box["width"] <= 1920 and box["y"] + box["height"] <= 1080, box
    shot(projector, "table-drawn/projector-page-1-1920")
    expect(label).to_have_text(f"Page 2 of {pages}", timeout=WAIT)
    assert projector.locator("[data-live]:visible").first.get_attribute("data-table") != first
    shot(projector, "table-drawn/projector-page-2-1920")
    projector.context.close()
