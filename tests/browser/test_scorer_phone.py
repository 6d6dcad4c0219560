"""The scorer's page on a 390×844 phone: the site's header on one line in English and in French
(the rest of the menu under "Menu"), every link and button a comfortable tap (44×44 CSS px at
least, measured), the hand to enter on the first screen; a hand entered with the keyboard
alone, as a summary and card by card, each control reached with Tab and pressed with Space or
Enter, the focus drawn; and the open-table form, shorter, showing a kind's fields as it is
chosen. Screenshots in tests/artifacts/scorer-phone/."""
import re

import pytest
from playwright.sync_api import expect

from games.models import Hand, Table
from tests.browser.kit import DEALER, ELDER, STEWARD_PASSWORD, TRICKS, new_steward, scoring, shot
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
TAP = 44  # CSS px: a comfortable tap target (WCAG 2.5.5)
LANGUAGES = {"en": ("Tables", "Standings", "Menu"), "fr": ("Tables", "Classement", "Menu")}


@pytest.fixture
def steward(django_user_model):
    return new_steward(django_user_model)


def too_small(page) -> list:
    """Every link, button, tap label, fold and field drawn on the page that is less than
    44×44 CSS px: [(its name, width, height)]."""
    return page.evaluate("""(tap) => Array.from(document.querySelectorAll(
        'a[href], button, summary, label.tap, label.card-tap, select, input[type=text]'))
      .map(e => [e, e.getBoundingClientRect()])
      .filter(([e, r]) => r.width > 0 && r.height > 0 && r.right > 0)  /* drawn, on the page */
      .filter(([e, r]) => r.width < tap - 0.01 || r.height < tap - 0.01)
      .map(([e, r]) => [(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40),
                        Math.round(r.width), Math.round(r.height)])""", TAP)


def test_the_header_is_one_line_in_english_and_in_french(phone, live_server, steward):
    table = pool(steward, hands=3)
    page = phone
    scoring(page, live_server.url, table)
    for language, links in LANGUAGES.items():
        page.set_extra_http_headers({"Accept-Language": language})
        page.reload()
        header = page.locator("header.site")
        items = [header.locator(".brand"), *(header.get_by_text(name, exact=True)
                                            for name in links)]
        boxes = [item.bounding_box() for item in items]
        # One line: as high as one tap target and its padding (it took 135 px in English
        # and 176 in French on three lines), every item side by side within the screen.
        assert header.bounding_box()["height"] <= TAP + 12, language
        assert max(b["y"] for b in boxes) - min(b["y"] for b in boxes) < TAP / 2, language
        assert all(b["height"] >= TAP and b["x"] + b["width"] <= 390 for b in boxes[1:])
        shot(page, f"scorer-phone/header-{language}")

        header.locator("summary").tap()  # the rest of the menu, without a script
        for name in ({"en": ("Open a table", "Players", "Rules", "Settle up", "My account"),
                      "fr": ("Ouvrir une table", "Joueurs", "Règles", "Mon compte")}[language]):
            link = header.get_by_role("link", name=name, exact=True)
            expect(link).to_be_visible()
            assert link.bounding_box()["height"] >= TAP
        logout = header.get_by_role("button", name={"en": "Log out",
                                                    "fr": "Se déconnecter"}[language])
        expect(logout).to_be_visible()
        assert not too_small(page), too_small(page)
        shot(page, f"scorer-phone/menu-{language}")
        page.locator("main h1").tap()  # a tap outside closes it (club/menu.js)
        expect(logout).to_be_hidden()
    header.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(logout).to_be_visible()
    page.keyboard.press("Escape")  # and Escape, the focus back on "Menu"
    expect(logout).to_be_hidden()
    assert page.evaluate("document.activeElement.matches('header.site summary')")


def test_every_link_and_button_of_the_scorers_page_is_a_comfortable_tap(phone, live_server,
                                                                         steward):
    table = pool(steward, hands=6)
    scoring(phone, live_server.url, table)

    # What the scorer needs now is on the first screen, under the header.
    entry = phone.locator("#summary-form").bounding_box()
    assert entry["y"] < 844 / 3
    assert phone.locator("#past-title").bounding_box()["y"] > entry["y"] + entry["height"]
    phone.locator("#summary-form details.irregular > summary").tap()
    phone.get_by_text("Card by card").tap()
    assert not too_small(phone), too_small(phone)
    shot(phone, "scorer-phone/score")

    form = phone.locator("#deal-form")
    for card in [*ELDER, *DEALER, "8D"]:
        form.locator(f'[data-card="{card}"]').tap()
    form.get_by_text("played without proposing").tap()
    form.get_by_role("button", name="Record the deal").tap()
    expect(phone.get_by_role("heading", name="Hand 7, trick 1")).to_be_visible()
    assert not too_small(phone), too_small(phone)
    shot(phone, "scorer-phone/trick")


def press_until(page, selector: str, key: str = "Tab", limit: int = 80) -> None:
    """Presses `key` until the focus is on what `selector` finds, and checks that the focus is
    drawn (an outline on the control, or on the label a hidden radio sits in)."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            break
        page.keyboard.press(key)
    else:
        pytest.fail(f"{key} never reached {selector}")
    assert page.evaluate("""() => {
        const e = document.activeElement, box = e.closest('label') || e;
        const style = getComputedStyle(box);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    }"""), f"the focus on {selector} is not drawn"


def pick(page, card: str) -> None:
    """A card of the pack put into the place being filled, by keyboard: Tab or Shift+Tab to
    it (a card already placed is skipped: it is disabled), then Space."""
    ahead = page.evaluate("""(card) => {
        const picks = Array.from(document.querySelectorAll('[data-card]'));
        return picks.findIndex(b => b.dataset.card === card)
            > picks.indexOf(document.activeElement);
    }""", card)
    press_until(page, f'[data-card="{card}"]', "Tab" if ahead else "Shift+Tab")
    page.keyboard.press("Space")


def choose(page, name: str, value: str) -> None:
    """A radio of the group `name` chosen by keyboard: Tab into the group, then the arrows."""
    press_until(page, f'input[name="{name}"]')
    for _ in range(6):
        if page.evaluate("() => document.activeElement.value") == value:
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert page.evaluate("() => document.activeElement.checked")
    assert page.evaluate("() => document.activeElement.value") == value


def test_a_hand_entered_with_the_keyboard_alone(phone, live_server, steward):
    table = pool(steward)
    scoring(phone, live_server.url, table)

    # A summary: the opening, the king as it is, then the split's button.
    choose(phone, "opening", "played")
    press_until(phone, 'button[name="elder_tricks"][value="3"]')
    shot(phone, "scorer-phone/keyboard-summary")
    phone.keyboard.press("Enter")
    expect(phone.locator(".messages")).to_contain_text("Hand 1 recorded.")
    first = Hand.objects.get(table=table, number=1).record["summary"]
    assert first["opening"] == "played" and first["tricks"] == {"elder": 3, "dealer": 2}

    # Card by card: the fold opened with Enter, the opening, then each place from the pack.
    press_until(phone, "#by-card > summary")
    phone.keyboard.press("Enter")
    choose(phone, "opening", "played")
    press_until(phone, "#f-elder", "Shift+Tab")
    phone.keyboard.press("Enter")  # from the place to the pack
    for card in [*ELDER, *DEALER, "8D"]:
        pick(phone, card)
    deal = phone.locator("#deal-form")
    expect(deal.locator("#f-elder")).to_have_value("K♠ Q♠ A♠ J♦ Q♦")
    expect(deal.locator("#f-dealer")).to_have_value("7♠ 8♠ 9♥ 10♥ 7♣")
    expect(deal.locator("#f-turn_up")).to_have_value("8♦")
    shot(phone, "scorer-phone/keyboard-deal")
    press_until(phone, "#deal-form button[type=submit]")  # where the focus went, every place full
    phone.keyboard.press("Enter")

    for number, (led, followed) in enumerate(TRICKS, 1):
        expect(phone.get_by_role("heading", name=f"Hand 2, trick {number}")).to_be_visible()
        choose(phone, "leader", led)
        choose(phone, "follower", followed)
        if number == 1:
            shot(phone, "scorer-phone/keyboard-trick")
        press_until(phone, "#trick-form button[type=submit]")
        phone.keyboard.press("Enter")
        expect(phone.locator(".messages")).to_contain_text(f"Trick {number} entered.")
    press_until(phone, "#finish-form button[type=submit]")
    phone.keyboard.press("Enter")

    expect(phone.locator(".messages")).to_contain_text("Hand 2 finished and scored.")
    second = Hand.objects.get(table=table, number=2)
    assert second.record["deal"]["turn_up"] == "8D"
    assert [t for t in second.record["tricks"]] == TRICKS
    assert second.result["marks"] and not second.result.get("in_progress")


def test_the_open_table_form_is_short_and_shows_a_kinds_fields_as_it_is_chosen(
        phone, live_server, steward):
    Table.objects.all().delete()
    pool(steward, name="Elsewhere")  # the players
    phone.goto(f"{live_server.url}/login/?next=/tables/new/")
    phone.get_by_label("Username").fill("steward")
    phone.get_by_label("Password").fill(STEWARD_PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/tables/new/")

    # A pool: three seats, its stakes; the rules seldom changed folded (3,000 px before).
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height < 1800, height
    fourth = phone.get_by_label("Fourth seat (à quatre only)")
    expect(fourth).to_be_hidden()
    expect(phone.get_by_label("Entry to the pool (cagnotte)")).to_be_visible()
    expect(phone.get_by_role("button", name="Show its fields")).to_be_hidden()  # the script's
    shot(phone, "scorer-phone/open-pool")

    phone.get_by_role("radio", name="Écarté à quatre").check()
    expect(fourth).to_be_visible()
    expect(phone.get_by_label("Entry to the pool (cagnotte)")).to_be_hidden()
    expect(phone.get_by_label("Game target à trois and à quatre")).to_be_visible()
    phone.get_by_role("radio", name="rubber (partie liée)").check()
    expect(phone.get_by_label("Third seat (observes first")).to_be_hidden()
    phone.get_by_role("radio", name="Écarté à trois").check()
    shot(phone, "scorer-phone/open-trois")

    phone.get_by_label("Name of the table").fill("Three of us")
    for seat, name in zip(("First", "Second", "Third"), ("Athos", "Porthos", "Aramis")):
        phone.get_by_label(f"{seat} seat").select_option(label=name)
    phone.get_by_label("Game target à trois and à quatre").select_option("5")
    # They sit at "Elsewhere", still in play: the form says so beside their seats, and opens the
    # table once told to.
    phone.get_by_label("Open it all the same").check()
    phone.get_by_role("button", name="Open the table").click()
    phone.wait_for_url(re.compile(r".*/tables/\d+/$"))

    opened = Table.objects.get(name="Three of us")
    assert opened.format == "trois" and opened.rules["target"] == 5
    assert opened.wager_style == "none"


def test_a_deal_tapped_on_a_french_page_is_read_in_the_french_letters(phone, live_server,
                                                                      steward):
    table = pool(steward)
    scoring(phone, live_server.url, table)
    phone.set_extra_http_headers({"Accept-Language": "fr"})
    phone.reload()

    phone.locator("#by-card > summary").tap()
    form = phone.locator("#deal-form")
    expect(form.locator('[data-card="QH"]')).to_have_attribute("aria-label", "dame de cœur")
    for card in ELDER:
        form.locator(f'[data-card="{card}"]').tap()
    expect(form.locator("#f-elder")).to_have_value("R♠ D♠ A♠ V♦ D♦")
    expect(form.locator('[data-card="KS"]')).to_be_disabled()  # placed: "R♠" is the king
    expect(form.locator('[data-card="KH"]')).to_be_enabled()  # the dealer's place is next
    for card in [*DEALER, "8D"]:
        form.locator(f'[data-card="{card}"]').tap()
    form.locator("label.tap:has(input[name=opening][value=played])").tap()
    form.locator("button[type=submit]").last.tap()

    expect(phone.get_by_role("heading", name="Coup 1, levée 1")).to_be_visible()
    expect(phone.locator('[data-side="leader"] input[value="KS"]')).to_have_attribute(
        "aria-label", "roi de pique")
    assert Hand.objects.get(table=table).record["deal"]["elder"] == ELDER
    shot(phone, "scorer-phone/french-trick")


def test_without_javascript_the_menu_and_a_kinds_fields_still_work(browser, live_server,
                                                                   steward):
    pool(steward)  # the players
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/?next=/tables/new/")
    page.get_by_label("Username").fill("steward")
    page.get_by_label("Password").fill(STEWARD_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/tables/new/")

    page.locator("header.site summary").tap()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.locator("header.site summary").tap()

    page.get_by_label("Name of the table").fill("Four of us")
    page.get_by_role("radio", name="Écarté à quatre").check()
    fourth = page.get_by_label("Fourth seat (à quatre only)")
    expect(fourth).to_be_hidden()  # no script: the page is drawn again for the kind chosen
    page.get_by_role("button", name="Show its fields").tap()
    expect(fourth).to_be_visible()
    expect(page.get_by_label("Name of the table")).to_have_value("Four of us")
    expect(page.get_by_label("Entry to the pool (cagnotte)")).to_be_hidden()
    for seat, name in zip(("First", "Second", "Third", "Fourth"),
                          ("Athos", "Porthos", "Aramis", "Athos")):
        page.get_by_label(f"{seat} seat").select_option(label=name)
    page.get_by_role("button", name="Open the table").tap()
    # Refused beside its field, as with the script: each seat takes a different player.
    expect(page.locator("#id_seat4_error")).to_contain_text("Each seat takes a different player")
    shot(page, "scorer-phone/open-quatre-without-js")
    context.close()
