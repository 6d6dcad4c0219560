"""Two places where the secretary was once left without a way on, in a real browser: the admin's
bulk Abandon asks before it abandons a table in play, and the secretary's own account page,
his login linked to no player, tells him where to link it rather than to ask the secretary.
The data are made in fixtures, before the browser opens (see conftest.py); what is stored is
then read through the admin's pages."""
import pytest
from playwright.sync_api import expect

from tests.browser.kit import shot
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long secretary password"


@pytest.fixture
def secretary_password(secretary) -> str:
    """The secretary (a superuser with no player of his own) logs in with this password."""
    secretary.set_password(PASSWORD)
    secretary.save()
    return PASSWORD


@pytest.fixture
def thursday(secretary) -> int:
    """A pool in play, one hand recorded: the table's id."""
    return pool(secretary, name="Thursday pool", hands=1, pool_entry=500).pk


def test_the_bulk_abandon_asks_and_abandons_only_once_confirmed(
        live_server, thursday, secretary_password, desk):
    url = live_server.url
    desk.goto(f"{url}/admin/")
    desk.fill("#id_username", "secretary")
    desk.fill("#id_password", secretary_password)
    desk.click("input[type=submit]")
    desk.goto(f"{url}/admin/games/table/")
    row = desk.locator("#result_list tbody tr", has_text="Thursday pool")
    expect(row.locator(".field-status")).to_have_text("Playing")

    row.locator(f"input.action-select[value='{thursday}']").check()
    desk.select_option("select[name=action]", "abandon")
    desk.get_by_role("button", name="Go").click()

    expect(desk.locator("h1")).to_have_text("Abandon these tables?")
    content = desk.locator("#content")
    expect(content).to_contain_text("every stake of a pool goes back as paid")
    expect(content.locator("li")).to_have_text(
        "Thursday pool (Pool): Athos, Porthos, Aramis · 1 hand")
    shot(desk, "admin/abandon-confirmation")

    # Asked, not yet done: another tab of the same session still finds the table in play.
    other = desk.context.new_page()
    other.goto(f"{url}/admin/games/table/?status__exact=playing")
    expect(other.locator("#result_list tbody tr")).to_have_count(1)
    expect(other.locator("#result_list")).to_contain_text("Thursday pool")

    desk.get_by_role("button", name="Yes, abandon them").click()
    desk.wait_for_url(f"{url}/admin/games/table/")
    expect(desk.locator(".messagelist")).to_contain_text(
        "Abandoned 1 table: a pool's stakes go back as paid.")
    expect(desk.locator("#result_list tbody tr", has_text="Thursday pool").locator(
        ".field-status")).to_have_text("Abandoned")
    shot(desk, "admin/abandon-done")

    # What is stored: the table is listed among the abandoned, and no longer among those in play.
    other.goto(f"{url}/admin/games/table/?status__exact=abandoned")
    expect(other.locator("#result_list tbody tr")).to_have_count(1)
    expect(other.locator("#result_list")).to_contain_text("Thursday pool")
    other.goto(f"{url}/admin/games/table/?status__exact=playing")
    expect(other.locator("#result_list tbody tr")).to_have_count(0)
    other.close()


def test_the_secretarys_account_page_tells_him_where_to_link_his_login(
        live_server, secretary_password, phone):
    url = live_server.url
    phone.goto(f"{url}/login/")
    phone.get_by_label("Username").fill("secretary")
    phone.get_by_label("Password").fill(secretary_password)
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/account/")

    content = phone.locator("main")
    expect(content).not_to_contain_text("ask the secretary")
    expect(content).to_contain_text(
        "Your login is not linked to a player yet. Link it to one on the players page (add a "
        "player with this login), and manage the logins in the admin's users.")
    expect(content.get_by_role("link", name="admin's users")).to_have_attribute(
        "href", "/admin/auth/user/")
    shot(phone, "account-secretary")

    content.get_by_role("link", name="players page").click()
    phone.wait_for_url("**/players/#add")
    expect(phone.locator("#add")).to_have_text("Add a player")
    expect(phone.locator("#add-form")).to_be_visible()
