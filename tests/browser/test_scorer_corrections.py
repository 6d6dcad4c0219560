"""Every kind of two-handed hand corrected from its correction page on a 390 px phone, by
touch: the form opens with what was recorded and goes back with one tap (a browser sends
nothing, and says nothing, when a field is out of its bounds, even a hidden one); a vole is
then corrected to another split. A mis-tapped hand undone from the scorer's page, and a late
correction of a paid-out pool shown, then confirmed. Screenshots go to
tests/artifacts/corrections/."""
import pytest
from playwright.sync_api import expect

from games.services.hands import record_hand
from tests.browser.kit import new_steward, scoring, shot
from tests.games.kit import paid_out_pool, pool
from tests.pages.kit import KINDS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff(django_user_model):
    return new_steward(django_user_model)


@pytest.fixture
def paid_pool(staff):
    return paid_out_pool(staff)


@pytest.fixture
def tables(staff):
    """One table for each kind of hand, its only hand of that kind: {kind: table}."""
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
        expect(phone.locator(".messages")).to_contain_text("Nothing changed: hand 1 stays "
                                                           "version 1.", timeout=10_000)
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


@pytest.fixture
def mistapped(staff):
    """A table whose hand 2 was entered 0–5 for Athos, elder, instead of 5–0."""
    table = pool(staff)
    record_hand(table_id=table.pk, record=KINDS["point"][0], by=staff)
    record_hand(table_id=table.pk, record=KINDS["dealer's vole"][0], by=staff)
    return table


def test_a_mistapped_hand_is_undone_and_entered_again(live_server, mistapped, phone):
    scoring(phone, live_server.url, mistapped)
    expect(phone.locator(".roles").first).to_contain_text("Athos is elder")
    phone.get_by_role("button", name="Undo hand 2").tap()

    expect(phone.locator(".messages")).to_contain_text("Hand 2 undone: it is void")
    expect(phone.locator(".roles").first).to_contain_text("Porthos is elder")  # as before it
    expect(phone.locator(".hands li").first).to_contain_text("void")
    shot(phone, "corrections/undone")
    form = phone.locator("#summary-form")
    form.get_by_text("exchanged").tap()
    form.get_by_role("button", name="Porthos 5, Athos 0, the vole").tap()
    expect(phone.locator(".messages")).to_contain_text("Hand 3 recorded.")


def test_a_late_correction_is_shown_then_confirmed(live_server, paid_pool, phone):
    scoring(phone, live_server.url, paid_pool)
    phone.goto(f"{live_server.url}/tables/{paid_pool.pk}/hands/1/correct/")
    expect(phone.locator(".recorded")).to_contain_text("tricks elder 5, dealer 0")
    phone.locator("#summary-form").get_by_role("button",
                                               name="Athos 0, Porthos 5, the vole").tap()

    effect = phone.locator(".effect")
    expect(effect).to_contain_text("Hands 4, 5, 6 will be set aside")
    expect(effect).to_contain_text("Athos: balance 0.00, then -32.00 (-32.00).")
    expect(effect).to_contain_text("The settle-up had been paid")
    shot(phone, "corrections/late-correction")
    phone.get_by_role("button", name="Confirm the correction").tap()

    expect(phone.locator(".messages")).to_contain_text("Hand 1 is now version 2.")
