"""Tables à trois and à quatre followed live on a phone (docs/rules.md, sections 12 and 13):
the seats of the hand to come, each mark named with its player or its two partners, the
sides' games, and the places or the winning side once over. Hands are posted through the API
to a real daphne; the page is never reloaded."""
from playwright.sync_api import expect

from tests.browser.kit import WAIT, shot
from tests.engine.trois_kit import full
from tests.games.trois_kit import DEAL, PLAY

PLAYED = {"opening": "played", "king_turned": False}


def players(daphne, name: str, *who) -> list[int]:
    return [daphne.player(f"{w} {name}") for w in who]


def watch(spectator, daphne, table):
    spectator.goto(f"http://{daphne.address}/tables/{table['id']}/")
    expect(spectator.locator(".live-state")).to_have_attribute("data-state", "live",
                                                               timeout=WAIT)
    spectator.evaluate("window.notReloaded = true")


def post(daphne, table, record) -> dict:
    return daphne.api(f"/tables/{table['id']}/hands", {"record": record})["table"]


def test_a_trois_table_names_the_middle_and_the_places(daphne, spectator):
    athos, porthos, aramis = players(daphne, "T", "Athos", "Porthos", "Aramis")
    table = daphne.api("/tables", {"name": "T", "format": "trois",
                                   "players": [athos, porthos, aramis], "first_dealer": athos})
    watch(spectator, daphne, table)
    seats = spectator.locator("ul.seats")
    expect(seats.locator("[data-role=middle]")).to_contain_text("Aramis T")

    # Porthos, elder, plays without proposing and loses the point to Athos, the dealer: the
    # refusal point goes to Aramis, the middle, in consolation.
    post(daphne, table, {"format": "ecarte-trois/1", "summary": PLAYED | {
        "tricks": {"elder": 1, "middle": 1, "dealer": 3}}})

    hand = spectator.locator(".last-hands li").first
    expect(hand).to_contain_text("dealer Athos T: +1 point", timeout=WAIT)
    expect(hand).to_contain_text("middle Aramis T: +1 vulnerable beaten")
    expect(hand).not_to_contain_text("undefined")
    expect(spectator.locator("[data-score]")).to_contain_text("Athos T 1")

    # Athos goes on with voles to the target and withdraws; Aramis wins the finish.
    snap = daphne.api(f"/tables/{table['id']}")
    while snap["status"] == "playing":
        leader = athos if not snap["trois"]["order"] else aramis
        role = next(r for r, p in snap["trois"]["seats"].items() if p == leader)
        if snap["trois"]["three_handed"]:
            tricks = dict.fromkeys(("elder", "middle", "dealer"), 0) | {role: 5}
            record = {"format": "ecarte-trois/1", "summary": {
                "opening": "exchanged", "king_turned": False, "tricks": tricks}}
        else:
            elder = 5 if snap["seats"]["elder"] == leader else 0
            record = {"summary": {"opening": "exchanged", "king_turned": False,
                                  "tricks": {"elder": elder, "dealer": 5 - elder}}}
        snap = post(daphne, table, record)
    places = spectator.locator("ol.seats li")
    # In their order of finish (the scores, 7, 7 and 0, are the end of the game's, which says
    # each phase apart: 7 beside 7 would read like a tie).
    expect(places).to_have_text(["1. Athos T", "2. Aramis T", "3. Porthos T"],
                                timeout=WAIT)
    assert spectator.evaluate("document.documentElement.scrollWidth") <= 390
    assert spectator.evaluate("window.notReloaded === true")


def test_a_quatre_table_names_the_partners_and_the_winning_side(daphne, spectator):
    a, b, c, d = players(daphne, "Q", "Athos", "Porthos", "Aramis", "D'Artagnan")
    table = daphne.api("/tables", {"name": "Q", "format": "quatre", "players": [a, b, c, d],
                                   "first_dealer": a, "rules": {"target": 5}})
    watch(spectator, daphne, table)
    expect(spectator.locator("ul.seats [data-role=dealer_side]")).to_contain_text(
        "Athos Q & Aramis Q")

    # Two games to 5, each won by the side of Athos and Aramis with a vole.
    snap = table
    while snap["status"] == "playing":
        side = next(s["side"] for s in snap["quatre"]["sides"] if a in s["players"])
        other = "dealer_side" if side == "elder_side" else "elder_side"
        snap = post(daphne, table, {"format": "ecarte-quatre/1", "summary": {
            "opening": "exchanged", "king_turned": False, "tricks": {side: 5, other: 0}}})

    body = spectator.locator("[data-live]")
    expect(body).to_contain_text("Athos Q & Aramis Q take it", timeout=WAIT)
    hands = spectator.locator(".last-hands li")
    # From 4 of 5, the vole's second point is not marked: the game ends at the target.
    expect(hands.nth(0)).to_contain_text("side Athos Q & Aramis Q: +1 point")
    expect(hands.nth(1)).to_contain_text("side Athos Q & Aramis Q: +1 point, +1 vole")
    expect(body).to_contain_text("Athos Q & Aramis Q 2 – Porthos Q & D'Artagnan Q 0")
    expect(spectator.locator("ul.seats [data-role=winner]")).to_have_text("wonAthos Q & Aramis Q")
    expect(body).not_to_contain_text("undefined")
    shot(spectator, "table-drawn/quatre-won-390")
    assert spectator.evaluate("window.notReloaded === true")


def test_a_trick_a_trois_is_shown_in_the_order_it_was_played(daphne, spectator):
    athos, porthos, aramis = players(daphne, "P", "Athos", "Porthos", "Aramis")
    table = daphne.api("/tables", {"name": "P", "format": "trois",
                                   "players": [athos, porthos, aramis], "first_dealer": athos})
    watch(spectator, daphne, table)

    # Porthos leads the first trick and Athos, the dealer, overtrumps it: he leads the second.
    post(daphne, table, full(*DEAL, tricks=PLAY[:2], in_progress=True))

    second = spectator.locator(".in-play .tricks li").nth(1)
    expect(second).to_contain_text("Athos P K♣", timeout=WAIT)
    plays = second.locator(".play")
    expect(plays).to_have_text(["Athos P K♣", "Porthos P 10♠", "Aramis P 8♦"])
    expect(second).to_contain_text("Aramis P takes the trick")
    on_cloth = spectator.locator("[data-cloth] [data-trick-area='2'] [role=img]")
    expect(on_cloth).to_have_count(3)  # the three cards of the trick, drawn on the cloth
    shot(spectator, "table-drawn/trois-trick-390")
    assert spectator.evaluate("document.documentElement.scrollWidth") <= 390
