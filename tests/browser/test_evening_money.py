"""The evening's money on the settle-up, LOOKED at on a 390 px phone in English and in French:
the latest evening's winner drawn to the right of the zero line and its losers to the left,
what each won at play named in the picture's text and in its figures, after a payment too;
an older evening's pool left out. No sideways scrolling, no serious or critical axe finding;
screenshots in tests/artifacts/evening-money/ for a person to look at.

Worked by hand: on 4 March Porthos won a pool of 5.00 a head (+10.00); tonight Athos wins a
pool of 3.00 a head: Athos +6.00, Porthos and Aramis -3.00 each, whatever has been paid (Aramis
pays Athos 3.00); the balances, what is still owed over both evenings, are other figures."""
import re
from datetime import datetime, timezone
from unittest import mock

import pytest
from playwright.sync_api import expect

from club.models import Player
from club.payments import record_payment
from games.services.tables import open_table
from tests.browser.kit import STEWARD_PASSWORD, axe_findings, new_steward, shot
from tests.games.kit import record_game_won_by

pytestmark = pytest.mark.django_db(transaction=True)


def won_pool(steward, seated: list, entry: int) -> None:
    table = open_table(name=f"Pool of {entry} cents", format="pool", players=seated,
                       rules={"pool_entry": entry}, by=steward, first_dealer=seated[1])
    for _ in range(2):
        record_game_won_by(table, seated[0], steward)


@pytest.fixture
def tonight(django_user_model):
    """Porthos's pool of an older evening, then Athos's pool tonight, Aramis having paid him
    his 3.00 since."""
    steward = new_steward(django_user_model)
    athos, porthos, aramis = (Player.objects.create(name=n) for n in
                              ("Athos", "Porthos", "Aramis"))
    older = datetime(2026, 3, 4, 20, tzinfo=timezone.utc)
    with mock.patch("django.utils.timezone.now", return_value=older):
        won_pool(steward, [porthos, athos, aramis], 500)
    won_pool(steward, [athos, porthos, aramis], 300)
    record_payment(payer=aramis, payee=athos, cents=300, by=steward)


def zero_and_bars(page) -> tuple[float, dict]:
    """The zero line's x on the screen, and each bar's {name: (left, right)}."""
    chart = page.locator('[data-chart="money"] svg')
    line = chart.locator("line.zero").bounding_box()
    zero = line["x"] + line["width"] / 2  # the middle of its stroke
    bars = {}
    for row in chart.locator("g").all():
        name = row.locator("title").text_content().split(":")[0]
        box = row.locator("rect").bounding_box()
        bars[name] = (box["x"], box["x"] + box["width"])
    return zero, bars


def test_the_evening_money_on_a_phone_in_english_and_french(live_server, tonight, phone):
    phone.goto(f"{live_server.url}/login/?next=/settle-up/")
    phone.get_by_label("Username").fill("steward")
    phone.get_by_label("Password").fill(STEWARD_PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/settle-up/")
    findings = []

    heading = phone.get_by_role("heading", name=re.compile(r"^The evening's money \(.+\)$"))
    expect(heading).to_be_visible()
    picture = phone.get_by_role("img", name="won and lost at play", exact=False)
    expect(picture).to_have_attribute("aria-label", re.compile(
        r", won and lost at play: Athos \+6\.00, Porthos -3\.00, Aramis -3\.00$"))
    zero, bars = zero_and_bars(phone)
    assert set(bars) == {"Athos", "Porthos", "Aramis"}  # not the older evening's 10.00
    assert bars["Athos"][0] >= zero - 1 and bars["Athos"][1] > zero + 50
    for loser in ("Porthos", "Aramis"):
        assert bars[loser][1] <= zero + 1 and bars[loser][0] < zero - 20
    figures = phone.locator(".evening-money details")
    figures.get_by_text("The figures").tap()
    expect(figures.locator("li")).to_have_text(["Athos+6.00", "Porthos-3.00", "Aramis-3.00"])
    # The balances, what is still owed over both evenings, stay listed in words: Athos -5.00
    # +6.00 -3.00 paid to him; Porthos +10.00 -3.00; Aramis -5.00 -3.00 +3.00 paid.
    balances = phone.locator("h2:text-is('Balances') + ul li")
    expect(balances).to_have_text(["Aramis-5.00", "Athos-2.00", "Porthos7.00"])
    heading.scroll_into_view_if_needed()
    shot(phone, "evening-money/settle-up-390")
    findings += axe_findings(phone, "settle-up")

    phone.get_by_label("Language").select_option("fr")
    phone.get_by_role("button", name="Change").click()
    heading = phone.get_by_role("heading", name=re.compile(
        r"^L'argent de la soirée \(\d\d.\d\d.\d\d\d\d\)$"))  # 27/11/2026
    expect(heading).to_be_visible()
    expect(phone.get_by_role("img", name="gagné et perdu au jeu", exact=False)).to_have_attribute(
        "aria-label", re.compile(r"^La soirée du \d\d/\d\d/\d{4}, gagné et perdu au jeu\u00a0: "
                                 r"Athos \+6,00, Porthos -3,00, Aramis -3,00$"))
    figures = phone.locator(".evening-money details")
    figures.locator("summary").tap()
    expect(figures.locator("li")).to_have_text(["Athos+6,00", "Porthos-3,00", "Aramis-3,00"])
    heading.scroll_into_view_if_needed()
    shot(phone, "evening-money/settle-up-fr-390")
    findings += axe_findings(phone, "settle-up in French")
    assert findings == []
