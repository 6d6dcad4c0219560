"""A whole Pool Écarté evening run from phones, through the pages only, as a new club would:
the secretary logs in, adds the members, opens a pool with stakes and the French gallery (the
cut deciding the first dealer); two bystanders back the seated players; the secretary scores
every hand (summaries in three taps, the first hand card by card, a refused card), corrects a
hand, plays on until the pool is won, and settles up. A spectator's phone follows the table and
another the projector, live and never reloaded. Served by a real daphne (the `daphne` fixture)
for the live feed. The money expected is computed here from docs/rules.md, not from the code.

Only the secretary's own login is made outside the pages (with manage.py, as the README's
createsuperuser); the members' logins are made with their players on the players page.
Screenshots go to tests/artifacts/evening/."""
import re
from decimal import Decimal

from playwright.sync_api import expect

from tests.browser import kit
from tests.browser.kit import WIDTH
from tests.browser.test_scorer import TRICKS, play
from tests.daphne import manage

WAIT = 60_000  # ms: generous, for two shared cores
PASSWORDS = {"secretary": "a long secretary password", "charles": "charles's long password",
             "dora": "dora's long password"}
ENTRY, FORFEIT = Decimal("10.00"), Decimal("2.00")
BETS = {"charles": ("Athos", Decimal("5.00")), "dora": ("Porthos", Decimal("3.50"))}


def phone(chromium):
    context = chromium.new_context(viewport={"width": WIDTH, "height": 740}, is_mobile=True,
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


def seats(page) -> tuple[str, str]:
    """The scorer's next hand: (elder, dealer)."""
    names = page.locator(".entry-section .roles strong")
    return names.nth(0).inner_text(), names.nth(1).inner_text()


def summary(page, opening: str, elder_tricks: int) -> None:
    """A hand in three taps: the opening, no king, the split of the tricks."""
    number = page.locator("#summary-form input[name=number]").input_value()
    elder, dealer = seats(page)
    form = page.locator("#summary-form")
    form.get_by_text(opening, exact=True).tap()
    form.get_by_text("no king", exact=True).tap()
    vole = ", the vole" if elder_tricks in (0, 5) else ""
    form.get_by_role("button", name=f"{elder} {elder_tricks}, {dealer} {5 - elder_tricks}{vole}",
                     exact=True).tap()
    expect(page.locator(".messages")).to_contain_text(f"Hand {number} recorded.")


def vole(page, winner: str) -> None:
    elder, _ = seats(page)
    summary(page, "exchanged", 5 if winner == elder else 0)


def tap_cards(form, place: str, cards: list[str]) -> None:
    form.locator(f"#f-{place}").tap()
    for card in cards:
        form.locator(f'[data-card="{card}"]').tap()


def hand_card_by_card(page) -> None:
    """Hand 1 with an exchange: the elder ends with the cards of test_scorer's TRICKS (a vole to
    him); a refused card first, shown beside it."""
    page.get_by_text("Card by card").tap()
    form = page.locator("#deal-form")
    tap_cards(form, "elder", ["KS", "QS", "AS", "JD", "7D"])
    tap_cards(form, "dealer", ["7S", "8S", "9H", "TH", "7H"])
    tap_cards(form, "turn_up", ["8D"])
    form.get_by_text("exchanged", exact=True).tap()
    tap_cards(form, "ex0_elder_discard", ["7D"])
    tap_cards(form, "ex0_elder_draw", ["QD"])
    tap_cards(form, "ex0_dealer_discard", ["7H"])
    tap_cards(form, "ex0_dealer_draw", ["7C"])
    expect(form.locator("#f-ex0_dealer_draw")).to_have_value("7♣")
    shot(page, "06-card-by-card-deal")
    form.get_by_role("button", name="Record the deal").tap()
    expect(page.get_by_role("heading", name="Hand 1, trick 1")).to_be_visible()

    play(page, "leader", "KS")
    play(page, "follower", "9H")  # the dealer holds 7S: he must follow spades
    expect(page.locator("#follower-error")).to_contain_text("a player must follow suit")
    expect(page.locator(".at-fault")).to_have_text("9♥")
    shot(page, "07-refusal-beside-the-card")
    for number, (led, followed) in enumerate(TRICKS, 1):
        if number > 1:
            play(page, "leader", led)
        play(page, "follower", followed)
        expect(page.locator(".messages")).to_contain_text(f"Trick {number} entered.")
        if number == 3:
            shot(page, "08-card-by-card-mid-hand")
    page.get_by_role("button", name="Finish hand 1").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 1 finished and scored.")


def bet(page, on: str, stake: Decimal) -> None:
    form = page.locator("#place-form")
    form.get_by_label(on).tap()
    form.get_by_label("Stake (mise)").fill(str(stake))
    form.get_by_role("button", name="Place the bet").tap()
    expect(page.locator(".messages")).to_contain_text("Your wager is placed.")


def money(text: str) -> Decimal:
    return Decimal(text.strip().replace("−", "-"))


def test_a_pool_evening_from_phones(daphne, chromium):
    env, base = daphne.env, f"http://{daphne.address}"
    manage(env, "shell", "-c", "from django.contrib.auth.models import User\n"
           "u = User.objects.get(username='secretary')\n"
           f"u.set_password({PASSWORDS['secretary']!r}); u.save()")
    secretary, charles, dora, spectator, projector = (phone(chromium) for _ in range(5))

    # 1. The secretary adds the members and opens the pool.
    log_in(secretary, base, "secretary", "/account/")
    shot(secretary, "01-login-account")
    secretary.goto(f"{base}/players/")
    for name, login in [("Athos", ""), ("Porthos", ""), ("Aramis", ""), ("Charles", "charles"),
                        ("Dora", "dora")]:
        add = secretary.locator("#add-form")
        add.get_by_label("Name", exact=True).fill(name)
        if login:  # a member: his login with his player
            add.get_by_label("Username").fill(login)
            add.get_by_label("First password").fill(PASSWORDS[login])
        add.get_by_role("button", name="Add the player").tap()
        expect(secretary.locator(".messages")).to_contain_text(f"{name} is a player of the club.")
    expect(secretary.locator(".players-list")).to_contain_text("member: dora")
    shot(secretary, "02-players")

    secretary.goto(f"{base}/tables/new/")
    secretary.get_by_label("Name of the table").fill("The first evening")
    secretary.get_by_label("First seat (plays first)").select_option(label="Athos")
    secretary.get_by_label("Second seat (plays first)").select_option(label="Porthos")
    secretary.get_by_label("Third seat (observes first at a pool").select_option(
        label="Aramis")
    expect(secretary.get_by_label("First dealer (donneur)")).to_have_value("")  # the cut
    secretary.get_by_label("French: a gallery behind each player").check()
    secretary.get_by_label("Entry to the pool (cagnotte)").fill(str(ENTRY))
    secretary.get_by_label("Forfeit of each unit's loser").fill(str(FORFEIT))
    shot(secretary, "03-open-table")
    secretary.get_by_role("button", name="Open the table").tap()
    secretary.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_url = secretary.url
    score_url = f"{table_url}score/"
    expect(secretary.locator(".cut")).to_contain_text("The cut decided")
    expect(secretary.locator(".cut .card").first).to_be_visible()
    expect(secretary.locator("[data-live] .facts")).to_contain_text(str(3 * ENTRY))  # the pot

    # 2. A spectator follows the table, and the projector every table.
    follow(spectator, table_url)
    follow(projector, f"{base}/tv/")
    shot(projector, "05-projector")

    # 3. The bystanders back the two seated players; each sees the other's bet arrive live.
    log_in(charles, base, "charles", table_url.removeprefix(base))
    log_in(dora, base, "dora", table_url.removeprefix(base))
    dora.evaluate("window.notReloaded = true")
    bet(charles, *BETS["charles"])
    expect(dora.locator(".gallery")).to_contain_text("Charles 5.00")
    never_reloaded(dora)
    bet(dora, *BETS["dora"])
    expect(charles.locator(".gallery")).to_contain_text("Dora 3.50")
    expect(spectator.locator(".gallery")).to_contain_text("Dora 3.50")
    shot(spectator, "04-table-live-with-the-gallery")

    # 4. The first game: hand 1 card by card, then summaries, until the game ends.
    secretary.goto(score_url)
    first_elder, first_dealer = seats(secretary)
    assert {first_elder, first_dealer} == {"Athos", "Porthos"}
    hand_card_by_card(secretary)  # a vole to the elder: 2 - 0
    shot(secretary, "09-card-by-card-finished")
    summary(secretary, "exchanged", 2)  # hand 2: the dealer, first_elder, takes the point: 3
    shot(secretary, "10-scorer-summary")
    vole(secretary, first_elder)  # 5: the game is his
    expect(spectator.locator("[data-role=observer]")).to_contain_text(first_dealer)
    for page in (spectator, projector):
        expect(page.locator("[data-live] [data-score]").first).to_have_text(
            re.compile(rf"^(Aramis 0 – {first_elder} 0|{first_elder} 0 – Aramis 0)$"))
        expect(page.locator("[data-live]").first).to_contain_text("Game 2")
    expect(projector.locator("[data-role=observer]")).to_contain_text(first_dealer)
    expect(spectator.locator("[data-live] .facts")).to_contain_text(str(3 * ENTRY + FORFEIT))
    shot(spectator, "11-table-after-the-first-game")
    shot(projector, "12-projector-after-the-first-game")

    # 5. A correction of hand 2 (the same point, another split) makes version 2.
    secretary.locator("section[aria-labelledby=past-title] li", has_text="Hand 2:").get_by_role(
        "link", name="correct").tap()
    secretary.locator("#summary-form").get_by_role(
        "button", name=f"{first_dealer} 1, {first_elder} 4", exact=True).tap()
    expect(secretary.locator(".messages")).to_contain_text("Hand 2 is now version 2.")
    versions = secretary.locator(".versions > li")
    expect(versions).to_have_count(2)
    expect(versions.first).to_contain_text(re.compile(r"Version 2.*current"))
    expect(versions.first).to_contain_text("tricks elder 1, dealer 4")
    expect(versions.last).to_contain_text("tricks elder 2, dealer 3")
    shot(secretary, "13-hand-history")

    # 6. Aramis wins games 2 and 3 with voles, and the pool with them.
    secretary.goto(score_url)
    for _ in range(3):
        vole(secretary, "Aramis")
    expect(spectator.locator("[data-role=observer]")).to_contain_text(first_elder)
    for _ in range(3):
        vole(secretary, "Aramis")
    expect(secretary.locator(".notice")).to_contain_text("This table is over")
    for page in (spectator, projector):
        expect(page.locator("[data-live] .score").first).to_contain_text("Aramis takes it")
        never_reloaded(page)
    never_reloaded(spectator)
    shot(spectator, "14-table-won")
    shot(projector, "15-projector-won")

    secretary.goto(f"{base}/standings")
    rows = {row.locator("th a").inner_text(): row for row in
            secretary.locator("tbody tr").all()}
    games = {name: row.locator("td").nth(1).inner_text() for name, row in rows.items()}
    assert games == {"Aramis": "2/2", first_elder: "1/2", first_dealer: "0/2",
                     "Charles": "0/0", "Dora": "0/0"}  # the bystanders by their wagers' net
    shot(secretary, "16-standings")

    # The money, from the rules: entries and forfeits into the pot, the pot to the winner; the
    # gallery of game 1: the lighter side matched in full, the heavier up to it, levy 0.
    expected = {name: -ENTRY for name in ("Athos", "Porthos", "Aramis")}
    for loser in (first_dealer, first_elder, first_dealer):
        expected[loser] -= FORFEIT
    expected["Aramis"] += 3 * ENTRY + 3 * FORFEIT
    matched = min(stake for _, stake in BETS.values())
    for login, (on, _) in BETS.items():
        expected[login.capitalize()] = matched if on == first_elder else -matched
    assert sum(expected.values()) == 0

    secretary.goto(f"{base}/settle-up/")
    balances = {item.locator("span").first.inner_text(): money(item.locator("span").last
                                                                .inner_text())
                for item in secretary.locator(".players-list li").all()}
    assert {k: v for k, v in balances.items() if v} == expected
    payments = [(*re.fullmatch(r"(\w+) → (\w+)", item.locator("span").first.inner_text()
                                .strip()).groups(), item.locator("strong").inner_text())
                for item in secretary.locator(".payments li").all()]
    net = dict.fromkeys(expected, Decimal(0))
    for payer, payee, amount in payments:
        net[payer] -= money(amount)
        net[payee] += money(amount)
    assert net == expected
    assert len(payments) <= len(expected) - 1
    shot(secretary, "17-settle-up-before")

    for _ in payments:  # each in one tap: the first suggested payment, until none is left
        secretary.locator(".payments li").first.get_by_role("button", name="Paid").tap()
        expect(secretary.locator(".messages")).to_contain_text("The payment is recorded.")
    expect(secretary.locator(".notice")).to_contain_text("Everyone is square")
    shot(secretary, "18-settle-up-after")
    for page in (secretary, charles, dora, spectator, projector):
        page.context.close()
