"""The advisor's note on a table's page on a phone: a full-record hand posted through the API
(as a scorer's terminal does) brings the note without a reload, fetched by live.js when the
live feed shows the new hand (the `daphne` fixture serves the feed)."""
from playwright.sync_api import expect

from tests.browser.kit import WAIT, follow_table, open_pool

# Three trumps (spades): the French source's jeu de règle no. 1 (sure against at most one trump),
# Cavendish's no. 1; the elder plays without proposing.
THREE_TRUMPS = {"deal": {"elder": ["KS", "QS", "AS", "JD", "QD"],
                         "dealer": ["7S", "8S", "9C", "TC", "7H"], "turn_up": "9S"},
                "exchanges": [],
                "tricks": [["KS", "7S"], ["QS", "8S"], ["AS", "7H"], ["JD", "9C"], ["QD", "TC"]]}


def test_the_note_appears_on_a_phone_after_a_full_hand(daphne, spectator):
    table = open_pool(daphne, "Advice")
    follow_table(spectator, daphne, table)
    expect(spectator.locator("#advice")).not_to_contain_text("jeu de règle")

    daphne.api(f"/tables/{table['id']}/hands", {"record": THREE_TRUMPS})

    note = spectator.locator("#advice")
    expect(note).to_contain_text("French source's jeu de règle no. 1:", timeout=WAIT)
    expect(note).to_contain_text("Cavendish's list, a second opinion: its no. 1, three trumps.")
    expect(note).to_contain_text("The elder played without proposing.")
    expect(note).to_contain_text("%")
    assert note.bounding_box()["width"] <= 390
    assert spectator.evaluate("document.documentElement.scrollWidth") <= 390
    assert spectator.evaluate("window.notReloaded === true")
