"""Login and logout, a member's account (money and token), and the players page."""
import pytest
from django.test import Client

from club import ledger
from club.models import ApiToken, Player, Transaction
from club.players import create_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(django_user_model):
    user = django_user_model.objects.create_user("athos", password="a long password")
    create_player(name="Athos", username="athos")
    return user


def test_logging_in_leads_to_the_account_and_logging_out_is_a_post(client, member):
    answer = client.post("/login/", {"username": "athos", "password": "a long password"})
    assert answer.status_code == 302 and answer["Location"] == "/account/"
    assert "Athos" in client.get("/account/").content.decode()

    assert client.get("/logout/").status_code == 405  # never by a link
    assert client.post("/logout/").status_code == 302
    assert client.get("/account/")["Location"] == "/login/?next=/account/"


def test_a_wrong_password_is_refused_on_the_form(client, member):
    answer = client.post("/login/", {"username": "athos", "password": "nope"})

    assert answer.status_code == 200 and 'role="alert"' in answer.content.decode()


def test_the_account_shows_the_balance_and_the_money_history(client, member):
    athos = Player.objects.get(name="Athos")
    house = ledger.house_account()
    ledger.post(reason=Transaction.Reason.DEPOSIT, memo="welcome",
                entries=[(ledger.account_for_player(athos), 1250), (house, -1250)])
    client.force_login(member)

    page = client.get("/account/").content.decode()

    assert "12.50" in page and "welcome" in page and "money paid in" in page


def test_a_token_is_shown_once_replaced_and_revoked(client, member):
    client.force_login(member)

    assert client.post("/account/token/").status_code == 302
    token = ApiToken.objects.get(user=member).key
    assert token in client.get("/account/").content.decode()
    assert token not in client.get("/account/").content.decode()  # once only
    client.post("/account/token/")
    assert ApiToken.objects.get(user=member).key != token  # the old one stops working
    client.post("/account/token/revoke/")
    assert not ApiToken.objects.filter(user=member).exists()


def test_token_forms_want_a_login_and_a_post(client, member):
    assert client.post("/account/token/")["Location"].startswith("/login/")
    client.force_login(member)
    assert client.get("/account/token/").status_code == 405
    assert not ApiToken.objects.exists()


def test_the_account_forms_enforce_csrf(member):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(member)

    assert browser.post("/account/token/").status_code == 403
    assert not ApiToken.objects.exists()


def test_anyone_sees_the_players(client, member):
    page = client.get("/players/").content.decode()

    assert "Athos" in page and "Add a player" not in page


def test_staff_add_a_member_and_rename_a_player(client, staff, django_user_model):
    django_user_model.objects.create_user("porthos")
    client.force_login(staff)

    added = client.post("/players/", {"action": "add", "name": " Porthos ",
                                      "username": "porthos", "key": "k1"})
    porthos = Player.objects.get(name="Porthos")
    renamed = client.post("/players/", {"action": "rename", "player": porthos.pk,
                                        "name": "Porthos du Vallon", "key": "k2"})

    assert added.status_code == renamed.status_code == 302
    porthos.refresh_from_db()
    assert porthos.name == "Porthos du Vallon" and porthos.user.username == "porthos"


@pytest.mark.parametrize("name, error", [
    ("", "A name is 1 to 100 characters."),
    ("x" * 101, "A name is 1 to 100 characters."),
    ("athos", "There is already a player named athos."),
    ("Ath\u200bos", "A name holds only printable characters, not U+200B (an invisible "
                   "formatting character)."),
])
def test_a_bad_name_is_refused_with_what_was_wrong_and_nothing_saved(client, staff, member,
                                                                     name, error):
    porthos = create_player(name="Porthos")
    client.force_login(staff)

    added = client.post("/players/", {"action": "add", "name": name, "key": "k1"})
    renamed = client.post("/players/", {"action": "rename", "name": name, "player": porthos.pk,
                                        "key": "k2"})

    for answer in (added, renamed):
        assert answer.status_code == 400
        assert error in answer.content.decode().replace("&#x27;", "'")
    assert list(Player.objects.values_list("name", flat=True)) == ["Athos", "Porthos"]


def test_a_player_may_change_the_case_of_his_own_name(client, staff, member):
    client.force_login(staff)

    client.post("/players/", {"action": "rename", "name": "ATHOS", "key": "k1",
                              "player": Player.objects.get().pk})

    assert Player.objects.get().name == "ATHOS"


def test_members_and_strangers_may_not_add_players(client, member):
    assert client.post("/players/", {"action": "add", "name": "Mousqueton"}).status_code == 403
    client.force_login(member)
    assert client.post("/players/", {"action": "add", "name": "Mousqueton"}).status_code == 403
    assert not Player.objects.filter(name="Mousqueton").exists()


def test_the_players_forms_enforce_csrf(staff):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff)

    assert browser.post("/players/", {"action": "add", "name": "Grimaud"}).status_code == 403
    assert not Player.objects.filter(name="Grimaud").exists()
