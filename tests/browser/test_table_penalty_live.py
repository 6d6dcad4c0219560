"""The table's page, left open on a phone, says what the Laws did in a hand as the hand comes
in over the live feed, in the reader's language: a revoke by a dealer who beats a vulnerable
elder costs him the mark for it (docs/rules.md, section 8: the revoker marks the point only),
and the last hands say so by name, in English and in French (a no-break space before « : »
and « ; »)."""
from playwright.sync_api import expect

from tests.browser.kit import WAIT

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
REVOKE = {"summary": {"opening": "played", "king_turned": False,
                      "tricks": {"elder": 1, "dealer": 4}},
          "irregularities": [{"type": "revoke", "by": "dealer", "trick": 2}]}


def test_a_penalty_is_said_live_on_the_tables_page(daphne, chromium):
    ids = {name: daphne.player(name) for name in ("Claire", "Alice", "Bob")}
    table = daphne.api("/tables", {"name": "Table 1", "format": "pool",
                                   "first_dealer": ids["Alice"],
                                   "players": [ids["Claire"], ids["Alice"], ids["Bob"]]})
    pages = {}
    for language, locale in (("en", "en-GB"), ("fr", "fr-FR")):
        page = chromium.new_context(**PHONE, locale=locale).new_page()
        page.goto(f"http://{daphne.address}/tables/{table['id']}/")
        expect(page.locator(".live-state").first).to_have_attribute("data-state", "live",
                                                                    timeout=WAIT)
        pages[language] = page

    # Claire, the elder, plays without proposing (vulnerable); Alice deals and revokes.
    daphne.api(f"/tables/{table['id']}/hands", {"record": REVOKE})

    hands = {language: page.locator(".last-hands") for language, page in pages.items()}
    expect(hands["en"]).to_contain_text(
        "dealer Alice: +1 point; the penalty: Alice does not mark +1 vulnerable beaten",
        timeout=WAIT)
    expect(hands["fr"]).to_contain_text(
        "donneur Alice\u00a0: +1 point\u00a0; la pénalité\u00a0: Alice ne marque pas +1 ",
        timeout=WAIT)
    for page in pages.values():
        page.context.close()
