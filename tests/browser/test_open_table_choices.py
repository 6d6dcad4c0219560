"""Opening a table on a 390 px phone, with open_table.js, in English and in French (issue 31):
the form shows only the kind's own seats and options as the kind is chosen (a pool's first
dealer among its two who play first, a rubber's "best of" in view), the wagers' limits only
once a style of wagers is chosen; a player already at a table in play is said beside his seat
as soon as he is chosen, with the box that opens the table all the same; the opener names a
scorer and makes it private; on the table's page he changes its scorers. axe-core finds
nothing serious on the new controls."""
import re

import pytest
from playwright.sync_api import expect

from club.players import create_player
from games.models import Table
from games.services.tables import open_table
from tests.browser.kit import axe_findings, shot

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long member password"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}
SAID = {
    "en": {"locale": "en-GB", "open": "Open the table", "busy": "Porthos already sits at The "
           "long rubber, in play.", "saved": "The table's scorers are saved.",
           "also": "Also scoring: Claire.", "nobody": "Nobody else scores it."},
    "fr": {"locale": "fr-FR", "open": "Ouvrir la table", "busy": "Porthos est déjà assis à The "
           "long rubber, en jeu.", "saved": "Les marqueurs de la table sont enregistrés.",
           "also": "Marquent aussi : Claire.", "nobody": "Personne d'autre ne la marque."},
}


@pytest.fixture
def club(django_user_model):
    """Alice, a member, opens the table; Claire, a member, may score it; Porthos already plays
    a rubber, in play, against Dartagnan."""
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    claire = django_user_model.objects.create_user("claire")
    create_player(name="Claire", username="claire")
    seated = {name: create_player(name=name) for name in ("Athos", "Porthos", "Dartagnan")}
    open_table(name="The long rubber", format="rubber", rules={}, by=alice,
               players=[seated["Dartagnan"], seated["Porthos"]])
    return {"alice": alice, "claire": claire, **seated}


def dealers(page) -> list[str]:
    """The first dealers the reader may choose."""
    return page.locator("#id_first_dealer option:not([disabled])").evaluate_all(
        "options => options.map(o => o.value)")


def text(locator) -> str:
    return " ".join(locator.inner_text().split())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_form_shows_what_the_table_will_be(browser, live_server, club, language):
    said = SAID[language]
    context = browser.new_context(**PHONE, locale=said["locale"])
    page = context.new_page()
    page.goto(f"{live_server.url}/login/?next=/tables/new/")
    page.locator("#id_username").fill("alice")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form [type=submit]").click()
    page.wait_for_url("**/tables/new/")
    found = []

    # A pool: its two who play first may deal first; no wagers, so no limits.
    assert dealers(page) == ["", "seat1", "seat2"]
    expect(page.locator("[data-kind-step]").first).to_be_hidden()
    for limit in ("levy_percent", "wager_min", "wager_max"):
        expect(page.locator(f"#id_{limit}")).to_be_hidden()
    page.locator("input[name=wager_style][value=french]").check()
    for limit in ("levy_percent", "wager_min", "wager_max"):
        expect(page.locator(f"#id_{limit}")).to_be_visible()
    page.locator("input[name=wager_style][value=english]").check()
    expect(page.locator("#id_levy_percent")).to_be_hidden()
    expect(page.locator("#id_wager_min")).to_be_visible()
    found += axe_findings(page, f"open table, english wagers [{language}]")

    # À quatre its four; a rubber its "best of" in view, out of the fold.
    page.locator("input[name=format][value=quatre]").check()
    assert dealers(page) == ["", "seat1", "seat2", "seat3", "seat4"]
    expect(page.locator("#id_wager_min")).to_be_hidden()
    page.locator("#id_first_dealer").select_option("seat4")
    page.locator("input[name=format][value=rubber]").check()
    assert dealers(page) == ["", "seat1", "seat2"]
    expect(page.locator("#id_first_dealer")).to_have_value("")  # the fourth seat is gone
    expect(page.locator("#id_rubber_games")).to_be_visible()
    expect(page.locator("#id_seat3")).to_be_hidden()

    # Porthos, already at a table in play: said beside his seat as soon as he is chosen.
    page.locator("#id_seat1").select_option(label="Athos")
    expect(page.locator("[data-elsewhere-confirm]")).to_be_hidden()
    page.locator("#id_seat2").select_option(label="Porthos")
    beside = page.locator('[data-elsewhere-for="seat2"]')
    expect(beside).to_be_visible()
    assert text(beside) == said["busy"]
    expect(page.locator("#id_despite_elsewhere")).to_be_visible()
    page.get_by_label("Claire").check()
    page.locator("#id_private").check()
    found += axe_findings(page, f"open table, a player elsewhere [{language}]")
    shot(page, f"open-table/elsewhere-{language}")

    # Not confirmed: refused beside the seat, and nothing opened.
    page.get_by_role("button", name=said["open"]).click()
    page.wait_for_load_state()
    expect(page.locator("#id_seat2_error")).to_be_visible()
    assert Table.objects.count() == 1
    found += axe_findings(page, f"open table, refused elsewhere [{language}]")
    page.locator("#id_despite_elsewhere").check()
    page.get_by_role("button", name=said["open"]).click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))

    table = Table.objects.latest("pk")
    assert table.format == "rubber" and table.private
    assert [u.username for u in table.scorers.all()] == ["claire"]

    # On the table's page, the opener changes its scorers.
    section = page.locator("section[aria-labelledby=scorers-title]")
    expect(section).to_contain_text(said["also"])
    found += axe_findings(page, f"table, its scorers [{language}]",
                          within="section[aria-labelledby=scorers-title]")
    section.get_by_label("Claire").uncheck()
    section.locator("button[type=submit]").click()
    page.wait_for_url(f"**/tables/{table.pk}/#scorers-title")
    expect(page.locator(".messages")).to_contain_text(said["saved"])
    expect(page.locator("section[aria-labelledby=scorers-title]")).to_contain_text(
        said["nobody"])
    assert not table.scorers.exists()
    context.close()
    assert found == []
