"""The pictures on a 390 px phone: a member's rating over time and results by evening, each
player's trend in the standings, the evening's money on the settle-up, and a won pool's
result card on its page. Each page is drawn whole on the phone without scrolling sideways,
passes axe-core (no serious or critical violation) and is kept as a screenshot in
tests/artifacts/pictures/ for a person to look at, as is the card itself."""
import re
from datetime import datetime, timedelta, timezone
from unittest import mock

import pytest
from playwright.sync_api import expect

from club.models import Player
from games.services.tables import open_table
from testbed.in_page import waited
from tests.browser.kit import (
    ARTIFACTS,
    PICTURES,
    STEWARD_PASSWORD,
    axe_findings,
    new_steward,
    shot,
)
from tests.games.kit import record_game_won_by
from tests.games.rating_kit import rubber, win

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def evenings(django_user_model) -> dict:
    """Three evenings of rubbers between Athos, Porthos and Aramis, then a pool of 10.00 a head
    that Athos wins: the money is not yet settled up."""
    steward = new_steward(django_user_model)
    athos, porthos, aramis = (Player.objects.create(name=n) for n in
                              ("Athos", "Porthos", "Aramis"))
    results = {3: [(athos, porthos, athos), (athos, aramis, aramis), (porthos, aramis, porthos)],
               10: [(athos, porthos, athos), (athos, aramis, athos), (aramis, porthos, aramis)],
               17: [(athos, porthos, porthos), (athos, aramis, athos)]}
    for day, games in results.items():
        for i, (first, second, winner) in enumerate(games):
            at = datetime(2026, 3, day, 19, tzinfo=timezone.utc) + timedelta(minutes=20 * i)
            with mock.patch("django.utils.timezone.now", return_value=at):
                win(rubber(steward, first, second), steward, winner)
    table = open_table(name="Friday's pool", format="pool", players=[athos, porthos, aramis],
                       rules={"pool_entry": 1000}, by=steward, first_dealer=porthos)
    record_game_won_by(table, athos, steward)
    record_game_won_by(table, athos, steward)
    return {"athos": athos.pk, "pool": table.pk}


def test_the_pictures_on_a_phone(live_server, evenings, phone):
    url = live_server.url
    findings = []

    phone.goto(f"{url}/players/{evenings['athos']}/")
    rating = phone.get_by_role("img", name="Athos's rating game by game, over 8 games",
                               exact=False)
    expect(rating).to_be_visible()
    # 3 March 1-1, the 10th 2-0, the 17th 1-1, and today's pool 2-0: a bar for each figure not 0
    expect(phone.locator('[data-chart="evenings"] svg rect')).to_have_count(6)
    assert rating.bounding_box()["width"] > 300  # the width of the phone, less its margins
    phone.get_by_text("The figures").first.tap()
    expect(phone.locator('[data-chart="rating"] + details tbody tr')).to_have_count(8)
    shot(phone, "pictures/member")
    findings += axe_findings(phone, "member")

    phone.goto(f"{url}/standings")
    expect(phone.locator("[data-trend] svg")).to_have_count(3)
    shot(phone, "pictures/standings")
    findings += axe_findings(phone, "standings")

    phone.goto(f"{url}/login/?next=/settle-up/")
    phone.get_by_label("Username").fill("steward")
    phone.get_by_label("Password").fill(STEWARD_PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/settle-up/")
    money = phone.get_by_role("img", name="won and lost at play", exact=False)
    expect(money).to_have_attribute("aria-label", re.compile(  # the evening: today's pool
        r"^The evening of \d{1,2} [A-Z][a-z]{2} \d{4}, won and lost at play: Athos \+20\.00, "
        r"Porthos -10\.00, Aramis -10\.00$"))
    shot(phone, "pictures/settle-up")
    findings += axe_findings(phone, "settle-up")

    phone.goto(f"{url}/tables/{evenings['pool']}/")
    card = phone.locator(".result-card img")
    card.scroll_into_view_if_needed()
    assert card.get_attribute("alt").startswith(
        "Athos wins the pool at the table “Friday's pool”: Athos 2 games won, Porthos 0 games "
        "won, Aramis 0 games won. The pot: 30.00. ")  # and the day
    waited(phone, "() => document.querySelector('.result-card img').naturalWidth > 0")
    assert phone.evaluate("document.querySelector('.result-card img').naturalWidth") == 1200
    shot(phone, "pictures/won-table")
    findings += axe_findings(phone, "won table")
    png = phone.request.get(f"{url}/tables/{evenings['pool']}/card.png")
    assert png.ok and png.body().startswith(b"\x89PNG")
    if PICTURES:
        (ARTIFACTS / "pictures" / "card.png").write_bytes(png.body())

    phone.goto(f"{url}/players/{evenings['athos']}/")
    phone.get_by_label("Language").select_option("fr")
    phone.get_by_role("button", name="Change").click()
    expect(phone.get_by_role("heading", name="La note au fil des parties")).to_be_visible()
    shot(phone, "pictures/member-fr")
    findings += axe_findings(phone, "member in French")
    assert findings == []
