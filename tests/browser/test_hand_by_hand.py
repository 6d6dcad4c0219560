"""Hand by hand on a phone (390 px): a hand entered card by card is played again card by card,
with the Next card and Previous card buttons and with the arrow keys; after each step the
cloth shows the cards played to the trick so far, the card leaves its player's hand, the trick
is given to who took it (by the Laws) once it is complete, and the step is said in the live
region. At the last card the arrow key turns to the next hand. At a desk the analysis and the
advisor's note (fetched apart) stand beside the hand. Screenshots in
tests/artifacts/hand-by-hand/."""
import pytest
from playwright.sync_api import expect

from games.services.hands import record_hand
from games.services.tables import open_table
from testbed.records import EXCHANGED
from tests.browser.kit import WAIT, axe_findings, shot
from tests.games import quatre_kit
from tests.games.kit import players, pool, summary, won_pool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(django_user_model):
    staff = django_user_model.objects.create_user("steward", is_staff=True)
    table = pool(staff)  # Porthos deals first: Athos is elder
    record_hand(table_id=table.pk, record=EXCHANGED, by=staff)
    record_hand(table_id=table.pk, record=summary(3), by=staff)
    return table


LABELS = "cards => cards.map(card => card.getAttribute('aria-label'))"


def on_cloth(page) -> list[str]:
    """The cards on the cloth as drawn: the current trick's cards a member can see."""
    return page.locator(".rp-play .rp-current .rp-played:not(.rp-out) .card").evaluate_all(LABELS)


def held(page, seat: str) -> list[str]:
    """The cards a player still holds, as drawn."""
    cards = page.locator(f'.rp-play .rp-place[data-place="{seat}"] .rp-held:visible .card')
    return cards.evaluate_all(LABELS)


def test_a_trick_is_stepped_through_with_the_buttons_and_the_arrow_keys(live_server, table,
                                                                         phone):
    phone.goto(f"{live_server.url}/tables/{table.pk}/hand-by-hand/")
    phone.wait_for_load_state("load")
    play = phone.locator(".rp-play")
    said, where = play.locator("[data-live]"), play.locator("[data-where]")
    nxt = phone.get_by_role("button", name="Next card")
    expect(where).to_have_text("Before the first card")
    assert on_cloth(phone) == []
    assert len(held(phone, "elder")) == 5 and len(held(phone, "dealer")) == 5
    shot(phone, "hand-by-hand/0-deal")

    nxt.click()
    expect(where).to_have_text("Card 1 of 10")
    expect(said).to_have_text("Trick 1, Athos leads: king of spades.")
    assert on_cloth(phone) == ["king of spades"]
    assert "king of spades" not in held(phone, "elder") and len(held(phone, "elder")) == 4
    expect(play.locator(".rp-trick.rp-current .rp-taker")).not_to_be_visible()
    shot(phone, "hand-by-hand/1-led")

    nxt.click()
    expect(said).to_have_text("Porthos plays: seven of spades. Athos takes the trick.")
    assert on_cloth(phone) == ["king of spades", "seven of spades"]
    expect(play.locator(".rp-trick.rp-current .rp-taker")).to_have_text("Athos takes the trick")
    expect(play.locator('.rp-place[data-place="elder"] [data-count]')).to_have_text("1")
    expect(play.locator('.rp-place[data-place="dealer"] [data-count]')).to_have_text("0")
    shot(phone, "hand-by-hand/2-taken")

    for _ in range(4):  # tricks 2 and 3 by the keys
        phone.keyboard.press("ArrowRight")
    expect(where).to_have_text("Card 6 of 10")
    assert on_cloth(phone) == ["ace of spades", "nine of diamonds"]
    expect(said).to_have_text("Porthos plays: nine of diamonds. Porthos takes the trick.")
    expect(play.locator(".rp-trick.rp-current .rp-trick-number")).to_have_text("Trick 3")
    expect(play.locator('.rp-place[data-place="dealer"] [data-count]')).to_have_text("1")
    assert held(phone, "dealer") == ["nine of hearts", "ten of hearts"]
    shot(phone, "hand-by-hand/6-trumped")

    phone.keyboard.press("ArrowLeft")
    expect(where).to_have_text("Card 5 of 10")
    assert on_cloth(phone) == ["ace of spades"]
    expect(play.locator(".rp-trick.rp-current .rp-taker")).not_to_be_visible()
    expect(play.locator('.rp-place[data-place="dealer"] [data-count]')).to_have_text("0")
    phone.get_by_role("button", name="Previous card").click()
    expect(where).to_have_text("Card 4 of 10")
    assert on_cloth(phone) == ["queen of spades", "eight of spades"]

    phone.keyboard.press("ArrowRight")
    phone.keyboard.press("ArrowRight")
    nxt.click()  # trick 4: Porthos leads, having taken the third
    expect(said).to_have_text("Trick 4, Porthos leads: nine of hearts.")
    for _ in range(3):
        phone.keyboard.press("ArrowRight")
    expect(where).to_have_text("Card 10 of 10")
    expect(nxt).to_have_attribute("aria-disabled", "true")
    assert held(phone, "elder") == [] and held(phone, "dealer") == []
    expect(play.locator('.rp-place[data-place="elder"] [data-count]')).to_have_text("4")
    shot(phone, "hand-by-hand/10-end")
    assert axe_findings(phone, "hand by hand") == []

    phone.keyboard.press("ArrowRight")  # past the last card: the next hand
    expect(phone.locator("h2#hand-title")).to_have_text("Hand 2, game 1")
    expect(phone.locator("ul.marks")).to_have_text("Porthos +1 point")
    shot(phone, "hand-by-hand/summary-hand")
    phone.wait_for_load_state("load")
    phone.keyboard.press("ArrowLeft")  # back: the hand before, at its last card
    expect(phone.locator("h2#hand-title")).to_have_text("Hand 1, game 1")
    expect(where).to_have_text("Card 10 of 10")
    assert on_cloth(phone) == ["queen of diamonds", "ten of hearts"]


def test_at_a_desk_the_notes_stand_beside_the_hand(live_server, table, desk):
    desk.goto(f"{live_server.url}/tables/{table.pk}/hand-by-hand/")
    note = desk.locator("#advice")
    expect(note).to_contain_text("The jeux de règle, hand 1", timeout=WAIT)  # fetched apart
    analysis = desk.locator(".analysis-note").bounding_box()
    drawn = desk.locator(".hand-main").bounding_box()
    assert analysis["x"] > drawn["x"] + drawn["width"] - 1  # beside it, not under it
    shot(desk, "hand-by-hand/desk")


def test_a_hand_a_quatre_fits_a_phone(live_server, django_user_model, phone):
    staff = django_user_model.objects.create_user("steward", is_staff=True)
    four = players("Athos", "Porthos", "Aramis", "Dartagnan")
    table = open_table(name="Quatre", format="quatre", players=four, rules={}, by=staff,
                       first_dealer=four[0])  # Porthos leads; the dealer, Athos, overtrumps
    record_hand(table_id=table.pk, by=staff, record={
        "format": "ecarte-quatre/1", "deal": quatre_kit.DEAL, "exchanges": [],
        "tricks": quatre_kit.PLAY})

    phone.goto(f"{live_server.url}/tables/{table.pk}/hand-by-hand/")
    phone.wait_for_load_state("load")
    for _ in range(4):
        phone.keyboard.press("ArrowRight")
    assert on_cloth(phone) == ["king of spades", "ten of diamonds", "seven of spades",
                               "queen of diamonds"]
    expect(phone.locator(".rp-current .rp-taker")).to_have_text("Athos takes the trick")
    for seat in ("elder", "second", "third", "dealer"):
        assert len(held(phone, seat)) == 4
    shot(phone, "hand-by-hand/quatre")


def test_the_history_and_the_hands_by_game_on_a_phone(live_server, django_user_model, phone):
    staff = django_user_model.objects.create_user("steward", is_staff=True)
    table = won_pool(staff)  # Athos takes two games in succession

    phone.goto(f"{live_server.url}/tables/{table.pk}/history/")
    expect(phone.locator(".event-group h2")).to_have_text([
        "Before the first hand", "Game 1: Athos takes it 5–0", "Game 2: Athos takes it 5–0"])
    shot(phone, "hand-by-hand/history")
    phone.goto(f"{live_server.url}/tables/{table.pk}/hand-by-hand/")
    expect(phone.locator(".game-group h3")).to_have_text([
        "Game 1: Athos takes it 5–0", "Game 2: Athos takes it 5–0"])
    shot(phone, "hand-by-hand/by-game")


def test_without_the_script_every_trick_is_listed(live_server, table, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/hand-by-hand/")
    tricks = page.locator(".rp-trick")
    expect(tricks).to_have_count(5)
    for trick in tricks.all():
        expect(trick).to_be_visible()
    expect(tricks.nth(2).locator(".rp-taker")).to_have_text("Porthos takes the trick")
    expect(page.locator(".rp-stepper")).to_be_hidden()
    shot(page, "hand-by-hand/no-script")
    context.close()


def test_the_steps_in_french_on_a_phone(live_server, table, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/hand-by-hand/")
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Carte suivante").click()
    expect(page.locator("[data-live]")).to_have_text("Levée 1, Athos entame : roi de pique.")
    expect(page.locator("[data-where]")).to_have_text("Carte 1 sur 10")
    for button in page.locator(".rp-stepper .button").all():  # each on one line, a full tap
        box = button.bounding_box()
        assert 44 <= box["height"] < 60 and box["width"] >= 44
    shot(page, "hand-by-hand/french")
    context.close()
