"""The season's page and a night's results at 390 px, in English and in French, with axe: a
played night, a season holding it, its results and paper sheets; and the results printed for
the board without the site's header. Screenshots go to tests/artifacts/ (not committed)."""
import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from club import evenings
from club.players import create_player
from nights import services
from tests.browser.conftest import PHONE
from tests.browser.kit import axe_findings, shot
from tests.nights.kit import win_table

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long member password"


@pytest.fixture
def played():
    """A night of three members and a guest, a pool at 10.00 played out, closed; a season
    holding it: (night id, season id, the pool's winner's name)."""
    steward = get_user_model().objects.create_user("steward", password=PASSWORD, is_staff=True)
    night = services.open_night(name="Friday", member_fee=200, guest_fee=500, by=steward)
    for name in ("Athos", "Porthos", "Aramis"):
        get_user_model().objects.create_user(name.lower(), password=PASSWORD)
        player = create_player(name=name, username=name.lower())
        services.mark_present(night_id=night.pk, player=player, by=steward)
    services.mark_present(night_id=night.pk, player=create_player(name="Planchet"), by=steward)
    tables, _ = services.draw(night_id=night.pk, format="pool", rules={"pool_entry": 1000},
                              by=steward)
    winner = win_table(tables[0].pk, steward)
    services.close_night(night_id=night.pk, by=steward)
    today = evenings.day_of(timezone.now())
    season = services.create_season(name="Autumn", first=today - datetime.timedelta(days=30),
                                    last=today + datetime.timedelta(days=30), best_nights=None,
                                    minimum_nights=1, by=steward)
    return night.pk, season.pk, winner.name


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_season_and_the_results_on_a_phone(live_server, browser, played, language):
    night, season, winner = played
    context = browser.new_context(**PHONE, locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("athos")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/account/")
    found = []

    page.goto(f"{live_server.url}/seasons/{season}/")
    expect(page.locator("[data-leader]")).to_contain_text(winner)
    expect(page.locator("[data-ladder] tbody tr")).to_have_count(4)
    shot(page, f"nights/season-{language}")
    found += axe_findings(page, f"season {language}")

    page.goto(f"{live_server.url}/nights/{night}/results/")
    expect(page.locator("[data-results] tbody tr")).to_have_count(4)
    expect(page.locator("[data-night-payments] li")).to_have_count(4)
    shot(page, f"nights/results-{language}")
    found += axe_findings(page, f"results {language}")
    page.emulate_media(media="print")
    expect(page.locator("header.site")).to_be_hidden()
    expect(page.locator("[data-print]")).to_be_hidden()
    shot(page, f"nights/results-print-{language}")
    page.emulate_media(media="screen")

    page.goto(f"{live_server.url}/nights/{night}/sheets/")
    expect(page.locator("[data-sheet]")).to_have_count(1)
    found += axe_findings(page, f"sheets {language}")
    shot(page, f"nights/sheets-{language}")
    context.close()
    assert found == []
