"""The steps of a club evening on phones, through the pages only, that the evening stories
(test_evening.py, test_evening_many.py) share: a phone, logging in, following a live page,
recording a hand in taps on the scorer's page, a bet, and reading the standings and the
settle-up. Screenshots go to tests/artifacts/evening/."""
import re
from decimal import Decimal

from playwright.sync_api import expect

from tests.browser import kit

WAIT = kit.WAIT
PASSWORDS = {"secretary": "a long secretary password", "aramis": "aramis's long password",
             "porthos": "porthos's long password", "charles": "charles's long password",
             "dora": "dora's long password"}
VOLE = {"en": ", the vole", "fr": ", la vole"}  # how a split's button names a vole


def phone(chromium):
    """A new page on a 390 px phone of its own, that waits up to WAIT for each step."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                   has_touch=True, device_scale_factor=1)
    context.set_default_timeout(WAIT)
    return context.new_page()


def shot(page, name: str) -> None:
    """The evening's screenshots go together, in tests/artifacts/evening/."""
    kit.shot(page, f"evening/{name}")


def log_in(page, base: str, username: str, then: str) -> None:
    page.goto(f"{base}/login/?next={then}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORDS[username])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{then}")


def follow(page, url: str) -> None:
    """Opens a live page and marks its window: the mark is gone if the page ever reloads."""
    page.goto(url)
    expect(page.locator(".live-state").first).to_have_attribute("data-state", "live")
    page.evaluate("window.notReloaded = true")


def never_reloaded(page) -> None:
    assert page.evaluate("window.notReloaded === true")
    expect(page.locator(".live-state").first).to_have_attribute("data-state", "live")


def live_score(page, first: tuple[str, int], second: tuple[str, int]) -> None:
    """The live table's score of the game in play, in either order of its two players."""
    (a, x), (b, y) = first, second
    expect(page.locator("[data-live] [data-score]").first).to_have_text(
        re.compile(rf"^({a} {x} – {b} {y}|{b} {y} – {a} {x})$"))


def seats(page) -> tuple[str, str]:
    """The hand on the page, the scorer's next one or the one corrected: (elder, dealer)."""
    names = page.locator(".roles").first.locator("strong")
    return names.nth(0).inner_text(), names.nth(1).inner_text()


def taps(page, opening: str, elder_tricks: int, *, language: str = "en") -> None:
    """A summary in three taps on the page's summary form: the opening, no king, the split of
    the tricks (its button sends the form)."""
    elder, dealer = seats(page)
    form = page.locator("#summary-form")
    form.get_by_text(opening, exact=True).tap()
    form.get_by_text({"en": "no king", "fr": "pas de roi"}[language], exact=True).tap()
    vole = VOLE[language] if elder_tricks in (0, 5) else ""
    form.get_by_role("button", name=f"{elder} {elder_tricks}, {dealer} {5 - elder_tricks}{vole}",
                     exact=True).tap()


def summary(page, elder_tricks: int, opening: str = "exchanged") -> None:
    """The next hand, with no king, recorded from the scorer's page."""
    number = page.locator("#summary-form input[name=number]").input_value()
    taps(page, opening, elder_tricks)
    expect(page.locator(".messages")).to_contain_text(f"Hand {number} recorded.")


def vole(page, winner: str) -> None:
    elder, _ = seats(page)
    summary(page, 5 if winner == elder else 0)


def tap_cards(form, place: str, cards: list[str]) -> None:
    form.locator(f"#f-{place}").tap()
    for card in cards:
        form.locator(f'[data-card="{card}"]').tap()



def past_hand(page, number: int, link: str):
    """A link of hand NUMBER among the scorer's last hands ("Hand 5: ...", "Coup 5 : ...")."""
    return page.locator("section[aria-labelledby=past-title] li").filter(
        has_text=re.compile(rf"^\s*(Hand|Coup) {number}\b")).get_by_role("link", name=link)


def bet(page, on: str, stake: Decimal) -> None:
    form = page.locator("#place-form")
    form.get_by_label(on).tap()
    form.get_by_label("Stake (mise)").fill(str(stake))
    form.get_by_role("button", name="Place the bet").tap()
    expect(page.locator(".messages")).to_contain_text("Your wager is placed.")


def money(text: str) -> Decimal:
    return Decimal(text.strip().replace("−", "-").replace(",", "."))


def standings(page, base: str) -> dict[str, tuple[str, Decimal]]:
    """Each player's games (won/played) and what he won at play, from the standings page; the
    money is read whole on the phone's screen, without scrolling the board sideways."""
    page.goto(f"{base}/standings")
    board = page.locator(".board").bounding_box()
    for cell in page.locator("tbody td:nth-of-type(3)").all():
        box = cell.bounding_box()
        assert box["x"] + box["width"] <= board["x"] + board["width"], cell.inner_text()
    return {row.locator("th a").inner_text(): (row.locator("td").nth(1).inner_text(),
                                               money(row.locator("td").nth(2).inner_text()))
            for row in page.locator("tbody tr").all()}


def settle_up(page, expected: dict[str, Decimal]) -> list[tuple[str, str, Decimal]]:
    """The settle-up's balances are EXPECTED (those not 0.00), and its suggested payments
    square them in the fewest payments: returns them (payer, payee, amount)."""
    balances = {item.locator("span").first.inner_text(): money(item.locator("span").last
                                                                .inner_text())
                for item in page.locator("main > ul.players-list li").all()}
    assert {k: v for k, v in balances.items() if v} == expected
    payments = [(*re.fullmatch(r"(\w+) → (\w+)", item.locator("span").first.inner_text()
                                .strip()).groups(), money(item.locator("strong").inner_text()))
                for item in page.locator(".payments li").all()]
    net = dict.fromkeys(expected, Decimal(0))
    for payer, payee, amount in payments:
        net[payer] -= amount
        net[payee] += amount
    assert net == expected
    assert len(payments) <= len(expected) - 1
    return payments


def pay_each_in_one_tap(page, payments: list) -> None:
    """Taps « Payé » on the first suggested payment, once for each of PAYMENTS."""
    for _ in payments:
        page.locator(".payments li").first.get_by_role("button", name="Payé").tap()
        expect(page.locator(".messages")).to_contain_text("Le paiement est enregistré.")
    expect(page.locator(".notice")).to_contain_text(
        "Tout le monde est quitte : personne ne doit rien.")
