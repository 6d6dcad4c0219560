"""Everything a page shows that a change can alter follows the live feed, without a reload: pages
left open on phones and the projector, served by a real daphne (the `daphne` fixture), while
another client (the API, or staff on the table's page) changes the table. A mark set on each
page's window before the change is still there after it.

- Abandoning: staff abandon a pool from its page, after a confirmation that says what goes back
  to whom; a spectator's page (in French) and staff's own page left open then say the table is
  abandoned, not live, its pot 0,00, and no longer offer its hands.
- The wager forms: open before the unit's first hand, closed once it started, open again when
  the next unit opens; a bet placed from forms drawn anew is taken. The end of a game says
  which game it was, through the next one.
- The evening and the projector add a table opened after they loaded, and drop one abandoned
  or won.
axe-core finds nothing serious on the new controls."""
import re

from playwright.sync_api import expect

from testbed.daphne import manage
from tests.browser.kit import WAIT, axe_findings, shot

PASSWORD = "a long steward password"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def page_of(chromium, **options):
    context = chromium.new_context(**PHONE, **options)
    context.set_default_timeout(WAIT)
    return context.new_page()


def followed(page, url: str):
    page.goto(url)
    expect(page.locator(".live-state").first).to_have_attribute("data-state", "live")
    page.evaluate("window.notReloaded = true")
    return page


def not_reloaded(page) -> None:
    assert page.evaluate("window.notReloaded === true")


def log_in(page, base: str, username: str, then: str) -> None:
    page.goto(f"{base}/login/?next={then}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{then}")


def login(daphne, username: str, staff: bool = False) -> None:
    manage(daphne.env, "shell", "-c", "from django.contrib.auth.models import User\n"
           f"u, _ = User.objects.get_or_create(username={username!r})\n"
           f"u.is_staff = {staff}; u.set_password({PASSWORD!r}); u.save()")


def pool(daphne, name: str, **fields) -> dict:
    ids = [daphne.player(f"{who} {name}") for who in ("Athos", "Porthos", "Aramis")]
    return daphne.api("/tables", {"name": name, "format": "pool", "players": ids,
                                  "first_dealer": ids[1]} | fields)


def point(daphne, table: dict, to_elder: bool = True, tricks: int = 3) -> dict:
    """A hand in which the elder (or the dealer) takes `tricks` tricks; the snapshot after."""
    elder = tricks if to_elder else 5 - tricks
    return daphne.api(f"/tables/{table['id']}/hands", {"record": {"summary": {
        "opening": "exchanged", "king_turned": False,
        "tricks": {"elder": elder, "dealer": 5 - elder}}}})["table"]


def game_to(daphne, table: dict, player: int) -> dict:
    """Voles to `player` until the game in play is over; the snapshot after."""
    number = table["game"]["number"]
    while table["game"]["number"] == number and table["status"] == "playing":
        table = point(daphne, table, table["seats"]["elder"] == player, tricks=5)
    return table


def test_staff_abandon_a_pool_from_its_page_and_the_pages_left_open_follow(daphne, chromium):
    base = f"http://{daphne.address}"
    login(daphne, "secretary", staff=True)
    daphne.nothing_in_play()  # a first try's pool would still hold its players' entries
    table = pool(daphne, "Abandoned pool", rules={"pool_entry": "5.00"})
    path = f"/tables/{table['id']}/"
    spectator = followed(page_of(chromium, locale="fr-FR"), base + path)
    cloth = spectator.locator("[data-live]")
    expect(cloth).to_contain_text("Cagnotte")
    expect(cloth.locator("[data-pot]")).to_contain_text("15,00")
    staff = page_of(chromium)
    log_in(staff, base, "secretary", path)
    left_open = staff.context.new_page()
    followed(left_open, base + path)
    expect(left_open.get_by_role("link", name="Enter this table's hands")).to_be_visible()
    assert axe_findings(staff, "table page with the abandon") == []

    staff.get_by_role("link", name="Abandon this table…").click()
    staff.wait_for_url(f"**{path}abandon/")
    gives_back = staff.locator("[data-gives-back] li")
    expect(gives_back).to_have_count(3)
    for who in ("Athos", "Porthos", "Aramis"):
        expect(gives_back.filter(has_text=f"{who} Abandoned pool gets 5.00 back")).to_have_text(
            f"{who} Abandoned pool gets 5.00 back: balance -5.00, then 0.00.")
    assert axe_findings(staff, "the abandon's confirmation") == []
    shot(staff, "live-follows/abandon-confirmation")
    staff.get_by_role("button", name="Confirm: abandon the table").click()
    staff.wait_for_url(f"**{path}")
    expect(staff.locator(".messages")).to_contain_text("The table is abandoned")

    badge = spectator.locator(".live-state")
    expect(badge).to_have_attribute("data-state", "over")
    expect(badge).to_have_text("abandonnée")
    expect(cloth.locator("[data-pot]")).to_contain_text("0,00")
    expect(left_open.get_by_role("link", name="Enter this table's hands")).to_be_hidden()
    expect(left_open.get_by_role("link", name="Abandon this table…")).to_be_hidden()
    expect(left_open.locator(".live-state")).to_have_text("abandoned")
    for page in (spectator, left_open):
        not_reloaded(page)
    expect(staff.get_by_role("link", name="Enter this table's hands")).to_have_count(0)


def test_the_wager_forms_follow_the_unit_and_the_end_of_a_game_says_which(daphne, chromium):
    base = f"http://{daphne.address}"
    login(daphne, "dora")
    daphne.player("Dora", user="dora")
    table = pool(daphne, "Wagered pool", wager_style="french")
    athos = table["players"][0]
    path = f"/tables/{table['id']}/"
    dora = page_of(chromium)
    log_in(dora, base, "dora", path)
    followed(dora, base + path)
    french = followed(page_of(chromium, locale="fr-FR"), base + path)
    forms, closed = dora.locator("#wager-forms"), "Unit 1 has started"
    expect(forms.get_by_role("heading", name="Back a player")).to_be_visible()
    expect(french.locator("#wager-forms")).to_contain_text("Connectez-vous pour parier.")

    table = point(daphne, table)  # the unit's first hand: its wagers close
    expect(forms).to_contain_text(closed)
    expect(forms.get_by_role("heading", name="Back a player")).to_have_count(0)
    expect(french.locator("#wager-forms")).to_contain_text("L'unité 1 a commencé")

    table = game_to(daphne, table, athos)  # unit 1 decided: unit 2 takes wagers
    expect(forms.get_by_role("heading", name="Back a player")).to_be_visible()
    expect(forms).not_to_contain_text(closed)
    expect(french.locator("#wager-forms")).to_contain_text("Connectez-vous pour parier.")
    ended = dora.locator("[data-game-end]")
    expect(ended).to_have_text(re.compile(r"^Game 1: Athos Wagered pool takes the game \d–\d$"))
    expect(french.locator("[data-game-end]")).to_have_text(
        re.compile(r"^Partie 1\s:\sAthos Wagered pool remporte la partie \d–\d$"))
    point(daphne, table)  # game 2 goes on: the end said is still game 1's, and says so
    expect(ended).not_to_have_class(re.compile("fresh"))
    expect(ended).to_contain_text("Game 1:")
    expect(forms).to_contain_text("Unit 2 has started")
    for page in (dora, french):
        not_reloaded(page)


def test_the_forms_drawn_anew_when_the_next_unit_opens_take_a_bet(daphne, chromium):
    base = f"http://{daphne.address}"
    login(daphne, "emile")
    daphne.player("Emile", user="emile")
    table = point(daphne, pool(daphne, "Bet pool", wager_style="french"))  # unit 1 started
    path = f"/tables/{table['id']}/"
    emile = page_of(chromium)
    log_in(emile, base, "emile", path)
    followed(emile, base + path)
    forms = emile.locator("#wager-forms")
    expect(forms).to_contain_text("Unit 1 has started")
    game_to(daphne, table, table["players"][0])  # unit 2 takes wagers
    expect(forms.get_by_role("heading", name="Back a player")).to_be_visible()
    not_reloaded(emile)

    forms.get_by_label(re.compile("Athos Bet pool|Aramis Bet pool")).first.check()
    forms.get_by_label("Stake (mise)").fill("2.00")
    forms.get_by_role("button", name="Place the bet").click()

    expect(emile.locator(".messages")).to_contain_text("Your wager is placed.")


def test_the_evening_and_the_projector_add_and_drop_tables(daphne, chromium):
    base = f"http://{daphne.address}"
    daphne.nothing_in_play()  # a first try's tables would still be shown
    first = pool(daphne, "First of tonight")
    evening = followed(page_of(chromium), f"{base}/tables/")
    projector = followed(chromium.new_context(
        viewport={"width": 1920, "height": 1080}, locale="fr-FR").new_page(),
        f"{base}/tv/?every=120")
    projector.set_default_timeout(WAIT)

    late = pool(daphne, "Opened late")
    for page in (evening, projector):
        section = page.locator("[data-live]", has_text="Opened late")
        expect(section).to_have_count(1)
        expect(section.locator(".live-state")).to_have_attribute("data-state", "live")
    point(daphne, late)  # the new table is followed live
    expect(evening.locator("[data-live]", has_text="Opened late")).to_have_attribute(
        "data-seq", str(late["seq"] + 1))

    daphne.api(f"/tables/{first['id']}/abandon", {})
    won = game_to(daphne, game_to(daphne, late, late["players"][0]), late["players"][0])
    assert won["status"] == "won"
    for page in (evening, projector):
        expect(page.locator("[data-live]", has_text="First of tonight")).to_have_count(0)
        expect(page.locator("[data-live]", has_text="Opened late")).to_have_count(0)
        not_reloaded(page)
    expect(projector.locator("h1")).to_have_text("Les tables ce soir")
