"""A game à trois followed live, and what the secretary's admin and a won table's page show of
the tables à trois and à quatre (issue 31), in a browser.

On a phone in English and one in French, served by a real daphne (the `daphne` fixture) with
its live feed: Constance reaches 7 with Athos on 2 and Porthos on 1, and withdraws; Athos wins
the finish 7–4. The end of the game the script draws says both phases, as the server does
(games.presentation.words.game_end), and no place is followed by a score that reads like a
tie. Then axe-core finds nothing serious, at 390 px, on the pages this work changed: a won
table à trois and à quatre (their result cards), and the admin's pages of those tables, of a
table with wagers (its wagers and its events in words) and of the hands, in both languages."""
import pytest
from playwright.sync_api import expect

from club.models import Player
from club.players import create_player
from games.services.hands import record_hand
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager
from tests.browser.kit import WAIT, axe_findings
from tests.games.kit import summary
from tests.games.quatre_kit import vole_to
from tests.games.trois_phases_kit import FINISH, THREE_HANDED, hand

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}
SAID = {"en": "Game 1: Constance takes the game at 7 (Athos 2, Porthos 1); Athos second, 7–4 "
              "over Porthos",
        "fr": "Partie 1\u00a0: Constance remporte la partie à 7 (Athos 2, Porthos 1)\u202f; "
              "Athos deuxième, 7–4 contre Porthos"}
LOCALE = {"en": "en-GB", "fr": "fr-FR"}
PASSWORD = "a long password for the secretary"
WAGERS = {"en": "Wagers (each with what became of it)",
          "fr": "Paris (chacun avec ce qu'il est devenu)"}


def test_the_end_of_a_game_a_trois_followed_live_says_both_phases(daphne, chromium):
    ids = {name: daphne.player(name) for name in ("Constance", "Athos", "Porthos")}
    snap = daphne.api("/tables", {"name": "Trois", "format": "trois", "players": list(
        ids.values()), "first_dealer": ids["Constance"]})
    pages = {}
    for language in ("en", "fr"):
        page = chromium.new_context(**PHONE, locale=LOCALE[language]).new_page()
        page.goto(f"http://{daphne.address}/tables/{snap['id']}/")
        expect(page.locator(".live-state")).to_have_attribute("data-state", "live",
                                                              timeout=WAIT)
        page.evaluate("window.notReloaded = true")
        pages[language] = page

    for tricks in THREE_HANDED + FINISH:
        snap = daphne.api(f"/tables/{snap['id']}/hands",
                          {"record": hand(snap, tricks, ids)})["table"]
    assert snap["status"] == "won"

    for language, page in pages.items():
        expect(page.locator("[data-game-end]")).to_have_text(SAID[language], timeout=WAIT)
        expect(page.locator(".last-hands [data-hands-of='1'] h3")).to_contain_text(
            SAID[language].split(" ", 2)[2])
        places = page.locator(".in-words ol.seats li")
        expect(places).to_have_text(["1. Constance", "2. Athos", "3. Porthos"])
        assert page.evaluate("window.notReloaded") is True


@pytest.fixture
def tables(secretary, django_user_model):
    """A won game à trois and a won match à quatre, entered through the services, and a pool
    whose offer Dora took in part; the secretary logs in with PASSWORD."""
    secretary.set_password(PASSWORD)
    secretary.save()
    seated = {name: Player.objects.create(name=name) for name in (
        "Constance", "Athos", "Porthos", "Aramis", "D'Artagnan", "Rochefort", "Milady")}
    trois = open_table(name="Trois", format="trois", by=secretary, rules={},
                       players=[seated[n] for n in ("Constance", "Athos", "Porthos")],
                       first_dealer=seated["Constance"])
    ids = {name: player.pk for name, player in seated.items()}
    for tricks in THREE_HANDED + FINISH:
        trois.refresh_from_db()
        record_hand(table_id=trois.pk, record=hand(trois.snapshot, tricks, ids), by=secretary)
    four = [seated[n] for n in ("Aramis", "D'Artagnan", "Rochefort", "Milady")]
    quatre = open_table(name="Quatre", format="quatre", by=secretary, rules={}, players=four,
                        first_dealer=four[0])
    for pair in ([four[1].pk, four[3].pk], [four[0].pk, four[2].pk], [four[1].pk, four[3].pk]):
        quatre.refresh_from_db()
        game = quatre.snapshot["quatre"]["game"]
        while quatre.snapshot["quatre"]["game"] == game and quatre.status == "playing":
            record_hand(table_id=quatre.pk, record=vole_to(quatre.snapshot, pair),
                        by=secretary)
            quatre.refresh_from_db()
    assert quatre.status == "won"
    athos, porthos, aramis = (seated[n] for n in ("Athos", "Porthos", "Aramis"))
    pool = open_table(name="Evening", format="pool", players=[athos, porthos, aramis],
                      rules={}, by=secretary, first_dealer=porthos, wager_style="english")
    charles, dora = (create_player(name=name, username=django_user_model.objects.create_user(
        name.lower()).username).user for name in ("Charles", "Dora"))
    offer = place_wager(table_id=pool.pk, by=charles, on=athos.pk, stake=10_00, odds=(2, 1))
    take_wager(wager_id=offer.pk, by=dora, stake=4_00)
    record_hand(table_id=pool.pk, record=summary(3), by=secretary)
    return {"trois": trois.pk, "quatre": quatre.pk, "pool": pool.pk}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_axe_finds_nothing_serious_on_these_pages(live_server, browser, tables, language):
    page = browser.new_context(**PHONE, locale=LOCALE[language]).new_page()
    page.goto(f"{live_server.url}/admin/login/")
    page.locator("input[name=username]").fill("secretary")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url("**/admin/")
    found = []
    for path in (f"/tables/{tables['trois']}/", f"/tables/{tables['quatre']}/",
                 *(f"/admin/games/table/{tables[kind]}/change/" for kind in tables),
                 "/admin/games/hand/", "/admin/games/table/"):
        assert page.goto(f"{live_server.url}{path}").status == 200, path
        if not path.startswith("/admin/"):  # a won table à trois or à quatre: its card
            expect(page.locator(".result-card img")).to_be_visible()
        found += axe_findings(page, f"{path} [{language}]")
    page.goto(f"{live_server.url}/admin/games/table/{tables['pool']}/change/")
    expect(page.get_by_role("region", name=WAGERS[language])).to_be_visible()
    assert not found, "axe finds serious or critical violations:\n" + "\n".join(found)
