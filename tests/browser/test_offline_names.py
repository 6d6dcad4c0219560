"""The next hand's forms once the scorer's phone keeps a hand offline (outbox.js): who plays it
is the club's to say. The deal passes to the other player after each hand (docs/rules.md,
section 2), unless the hand ends the game and the loser rises (section 10). Where no hand can
end the game first (one hand marks 3 at the most, section 7), the page names the next hand's
elder and dealer, the seats swapped; where one could, it names the seats only. Either way the
words are the club's, in the page's language."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.kit import STEWARD_PASSWORD, axe_findings, new_steward
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)


def scorer(browser, url: str, table, locale: str = "en-GB"):
    page = browser.new_context(**PHONE, locale=locale, service_workers="block").new_page()
    page.goto(f"{url}/login/?next=/tables/{table.pk}/score/")
    page.locator("#id_username").fill("steward")
    page.locator("#id_password").fill(STEWARD_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**/tables/{table.pk}/score/")
    return page


def keep_a_point(page, elder_tricks: int = 3) -> None:
    """Offline, a hand in three taps: the elder plays without proposing, no king, the split."""
    page.context.set_offline(True)
    form = page.locator("#summary-form")
    form.locator("label:has(input[name=opening][value=played])").tap()
    form.locator(f"[name=elder_tricks][value='{elder_tricks}']").tap()
    expect(page.locator("[data-outbox-list] li")).to_have_count(1)


def shown(page):
    return page.locator("[data-next-hand]")


def test_where_no_hand_can_end_the_game_the_next_form_names_who_plays_it(live_server, browser,
                                                                          django_user_model):
    table = pool(new_steward(django_user_model), hands=1)  # Athos took the point: 1-0
    page = scorer(browser, live_server.url, table)
    expect(shown(page).locator(".roles:visible")).to_have_text(
        "Porthos is elder (premier en main) · Athos deals")
    keep_a_point(page)  # Porthos takes it: 1-1

    expect(page.locator("#next-title")).to_have_text("Hand 3")
    expect(shown(page).locator(".roles:visible")).to_have_text(
        "Athos is elder (premier en main) · Porthos deals")
    form = page.locator("#summary-form")
    expect(form.get_by_text("announced by Athos, elder")).to_be_visible()
    expect(form.get_by_role("button", name="Athos 3, Porthos 2")).to_be_visible()
    expect(page.locator("#f-summary-revoke_by option[value=dealer]")).to_have_text(
        "Porthos, dealer")
    assert axe_findings(page, "offline, the next hand named") == []
    page.locator("#by-card > summary").tap()
    expect(page.get_by_label("Athos, elder: five cards", exact=True)).to_be_visible()
    # the pack names the place it fills as the form does, not the hand before's players
    expect(page.locator("#deal-form [data-target-label]")).to_have_text(
        "Athos, elder: five cards")
    page.context.close()


@pytest.mark.parametrize("locale, said", [
    ("en-GB", {"announced": "announced by the elder", "split": "elder 3, dealer 2",
               "option": "dealer", "cards": "elder: five cards",
               "seats": "Who is elder and who deals: as the table seats them."}),
    ("fr-FR", {"announced": "annoncé par le premier en main",
               "split": "premier en main 3, donneur 2", "option": "donneur",
               "cards": "premier en main\u00a0: cinq cartes",
               "seats": "Qui est premier en main et qui donne\u00a0: comme la table les place."}),
])
def test_where_a_hand_may_end_the_game_the_next_form_names_the_seats(live_server, browser,
                                                                     django_user_model,
                                                                     locale, said):
    table = pool(new_steward(django_user_model), hands=3)  # 2-1: a king and the vole end it
    page = scorer(browser, live_server.url, table, locale)
    keep_a_point(page)

    for name in ("Athos", "Porthos"):
        expect(shown(page)).not_to_contain_text(name, use_inner_text=True)
    expect(shown(page).locator(".roles")).to_be_hidden()  # the names of the kept hand's
    expect(shown(page)).to_contain_text(said["seats"], use_inner_text=True)
    form = page.locator("#summary-form")
    expect(form.get_by_text(said["announced"], exact=True)).to_be_visible()
    expect(form.get_by_role("button", name=said["split"], exact=True)).to_be_visible()
    expect(page.locator("#f-summary-revoke_by option[value=dealer]")).to_have_text(
        said["option"])
    assert axe_findings(page, f"offline, the seats only ({locale})") == []
    page.locator("#by-card > summary").tap()
    expect(page.locator("label[for=f-elder]")).to_have_text(said["cards"])
    page.context.close()
