"""On a 390 px phone: a member opens a pool with stakes for a player without a login, and the
steward seats that player from the table's page; then the secretary settles up in French, an
amount typed with a comma and the rest in one tap. Screenshots go to tests/artifacts/ (not
committed) for a person to look at."""
import pytest
from playwright.sync_api import expect

from club.payments import record_payment
from club.players import create_player
from games.services.tables import open_table
from tests.browser.kit import shot

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long member password"


@pytest.fixture
def pending(django_user_model) -> dict:
    """Athos opened a pool with a 5.00 entry for himself, Porthos and Grimaud, who has no
    login; Porthos owes Aramis 12.50 from an earlier evening (Aramis paid it for him)."""
    steward = django_user_model.objects.create_user("steward", password=PASSWORD, is_staff=True)
    user = django_user_model.objects.create_user("athos", password=PASSWORD)
    athos = create_player(name="Athos", username="athos")
    porthos, grimaud, aramis = (create_player(name=n) for n in ("Porthos", "Grimaud", "Aramis"))
    table = open_table(name="Poule", format="pool", players=[athos, porthos, grimaud],
                       rules={"pool_entry": 500}, by=user,
                       first_dealer=athos)
    record_payment(payer=aramis, payee=porthos, cents=12_50, by=steward)
    return {"table": table.pk}


def phone(browser, **options):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=1, **options)
    return context, context.new_page()


def log_in(page, url, username):
    page.goto(f"{url}/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url("**/account/")


def test_the_steward_seats_a_player_without_a_login(live_server, pending, browser):
    url, table = live_server.url, pending["table"]
    context, athos = phone(browser)
    log_in(athos, url, "athos")
    athos.goto(f"{url}/tables/{table}/score/")
    notice = athos.locator("section.unseated")
    expect(notice).to_contain_text("Not yet seated: Porthos, Grimaud.")
    expect(notice).to_contain_text("Grimaud has no login: only staff can seat this player.")
    expect(notice.get_by_role("button")).to_have_count(0)  # a member seats nobody
    shot(athos, "seats/scorer-waiting")
    context.close()

    context, steward = phone(browser)
    log_in(steward, url, "steward")
    steward.goto(f"{url}/tables/{table}/")
    steward.get_by_role("button", name="Seat Grimaud (entry 5.00)").tap()
    expect(steward.locator(".messages")).to_contain_text(
        "Grimaud is seated: the entry of 5.00 is paid.")
    expect(steward.locator("section.unseated")).to_contain_text("Not yet seated: Porthos.")
    expect(steward.get_by_role("button", name="Seat Grimaud (entry 5.00)")).to_have_count(0)
    shot(steward, "seats/table-one-waiting")
    steward.get_by_role("button", name="Seat Porthos (entry 5.00)").tap()
    expect(steward.locator(".messages")).to_contain_text("Porthos is seated")
    expect(steward.locator("section.unseated")).to_have_count(0)
    context.close()


def test_the_secretary_settles_up_in_french_with_a_comma_and_one_tap(live_server, pending,
                                                                     browser):
    """Porthos owes Aramis 12.50: he pays 4,00 first, typed by hand in French, then the rest
    (8.50) is recorded by one tap of « Payé ». Athos's entry stays held at the pool."""
    url = live_server.url
    context, secretary = phone(browser, locale="fr-FR", extra_http_headers={
        "Accept-Language": "fr"})
    log_in(secretary, url, "steward")
    secretary.goto(f"{url}/settle-up/")
    expect(secretary.locator(".payments li")).to_contain_text("12,50")
    secretary.locator("#payer").select_option(label="Porthos")
    secretary.locator("#payee").select_option(label="Aramis")
    amount = secretary.locator("#amount")
    expect(amount).to_have_attribute("placeholder", "12,50")
    amount.fill("4,001")
    secretary.get_by_role("button", name="Enregistrer le paiement").tap()
    expect(secretary.locator("#payment-error")).to_contain_text(
        "« 4,001 » n'est pas une somme d'argent : écrivez-la comme 12,50")
    secretary.locator("#amount").fill("4,00")
    secretary.get_by_role("button", name="Enregistrer le paiement").tap()
    expect(secretary.locator(".messages")).to_contain_text("Le paiement est enregistré.")
    expect(secretary.locator(".payments li")).to_contain_text("8,50")
    shot(secretary, "seats/settle-up-fr")

    secretary.locator(".payments li").first.get_by_role("button", name="Payé").tap()
    expect(secretary.locator(".messages")).to_contain_text("Le paiement est enregistré.")
    # Athos's entry is held in the pot of the pool not yet played: nobody owes anything else.
    expect(secretary.locator(".notice")).to_contain_text("Rien à payer maintenant")
    expect(secretary.locator(".held")).to_contain_text("5,00")
    context.close()
