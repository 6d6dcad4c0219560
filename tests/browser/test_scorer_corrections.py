"""Every kind of two-handed hand corrected from its correction page on a 390 px phone, by
touch: the form opens with what was recorded and goes back with one tap (a browser sends
nothing, and says nothing, when a field is out of its bounds, even a hidden one); a vole is
then corrected to another split. Screenshots go to tests/artifacts/corrections/."""
import pytest
from playwright.sync_api import expect

from games.services.hands import record_hand
from tests.browser.kit import shot
from tests.browser.test_scorer import scoring
from tests.games.kit import pool
from tests.pages.test_scorer_corrections import KINDS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tables(django_user_model):
    """One table for each kind of hand, its only hand of that kind: {kind: table id}."""
    staff = django_user_model.objects.create_user("steward", password="a long steward password",
                                                  is_staff=True)
    made = {}
    for n, (kind, (record, *_)) in enumerate(KINDS.items()):
        table = pool(staff, name=f"Table {n}", doubling=True, offer_point=True)
        record_hand(table_id=table.pk, record=record, by=staff)
        made[kind] = table
    return made


def send_back(page, form_id: str) -> None:
    """Taps the button that sends the correction form as it opened."""
    form = page.locator(f"#{form_id}")
    if form_id == "deal-form":
        form.get_by_role("button", name="Record the correction").tap()
    elif form.locator(".split.chosen").count():
        form.locator(".split.chosen").tap()
    else:  # a hand that ended early: its disclosure opens with the counts
        expect(form.locator("details.irregular")).to_have_attribute("open", "")
        form.get_by_role("button", name="Record the hand ended early").tap()


def test_every_kind_of_hand_goes_back_from_its_correction_page(live_server, tables, phone):
    scoring(phone, live_server.url, tables["point"])
    for kind, (_, form_id, _, _) in KINDS.items():
        phone.goto(f"{live_server.url}/tables/{tables[kind].pk}/hands/1/correct/")
        send_back(phone, form_id)
        expect(phone.locator(".messages")).to_contain_text("Hand 1", timeout=10_000)
        expect(phone).to_have_url(f"{live_server.url}/tables/{tables[kind].pk}/hands/1/")


def test_a_vole_is_corrected_with_the_three_taps(live_server, tables, phone):
    table = tables["vole"]
    scoring(phone, live_server.url, table)
    phone.goto(f"{live_server.url}/tables/{table.pk}/hands/1/correct/")
    form = phone.locator("#summary-form")
    expect(form.locator(".split.chosen")).to_have_text("5 – 0vole")
    shot(phone, "corrections/vole")

    form.get_by_role("button", name="Athos 4, Porthos 1").tap()

    expect(phone.locator(".messages")).to_contain_text("Hand 1 is now version 2.")
    expect(phone.locator(".versions > li").first).to_contain_text("tricks elder 4, dealer 1")
