"""Logins on the pages: staff make a member's login on the players page (with his player, or
for a player who has none) and set a member's new password; a member changes his own on his
account page. Staff only, with CSRF; a form sent twice acts once; a refusal is said beside its
field in the reader's language, and nothing is saved."""
import html
import re

import pytest
from django.contrib.auth import authenticate
from django.test import Client

from club.models import IdempotentRequest, Player
from club.players import create_member, create_player
from tests.pages.forms import key_of

pytestmark = pytest.mark.django_db
GOOD = "a long enough password"
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def text(answer) -> str:
    return html.unescape(answer.content.decode())


def add(client, key="k1", **fields):
    return client.post("/players/", {"action": "add", "key": key} | fields)


def test_staff_add_a_member_with_his_login_and_he_logs_in(steward, client):
    answer = add(steward, name="Dora", new_username="dora", password=GOOD)

    assert answer.status_code == 302
    assert "Dora is a player of the club." in text(steward.get("/players/"))
    dora = Player.objects.get(name="Dora")
    assert dora.user.username == "dora" and not dora.user.is_staff
    assert client.post("/login/", {"username": "dora", "password": GOOD})["Location"] == (
        "/account/")
    assert "You play as Dora." in text(client.get("/account/"))


def test_a_player_without_a_login_is_still_added_as_before(steward, django_user_model):
    assert add(steward, name="Athos").status_code == 302

    assert Player.objects.get().user is None and django_user_model.objects.count() == 1


def test_a_form_sent_twice_makes_one_member(steward, django_user_model):
    key = key_of(steward.get("/players/").content.decode(), "add")

    first = add(steward, key=key, name="Dora", new_username="dora", password=GOOD)
    again = add(steward, key=key, name="Dora", new_username="dora", password=GOOD)

    assert first.status_code == again.status_code == 302
    assert "This form was sent already: nothing more was done." in text(steward.get("/players/"))
    assert Player.objects.count() == 1 and django_user_model.objects.count() == 2


def test_a_refused_form_keeps_its_key_for_the_corrected_one(steward):
    refused = add(steward, key="k1", name="Dora", new_username="dora", password="short")
    corrected = add(steward, key="k1", name="Dora", new_username="dora", password=GOOD)

    assert refused.status_code == 400 and corrected.status_code == 302
    assert Player.objects.get().user.username == "dora"
    assert IdempotentRequest.objects.count() == 1


@pytest.mark.parametrize("fields, field, said", [
    ({"password": "short"}, "add-password",
     "This password is refused: This password is too short. It must contain at least 8 "
     "characters."),
    ({"password": "12345678"}, "add-password",
     "This password is refused: This password is too common. This password is entirely "
     "numeric."),
    ({"new_username": "Athos"}, "add-username", "The username Athos is taken."),
    ({"new_username": "dora la brave"}, "add-username",
     "A username is 1 to 150 characters: letters, digits and @ . + - _ only."),
    ({"name": "athos"}, "add", "There is already a player named athos."),
    ({"username": "porthos"}, "add", "Choose an existing login or make a new one, not both."),
])
def test_a_refusal_is_said_beside_its_field_and_nothing_is_saved(steward, django_user_model,
                                                                fields, field, said):
    create_member(name="Athos", username="athos", password=GOOD)
    django_user_model.objects.create_user("porthos")

    answer = add(steward, **{"name": "Dora", "new_username": "dora", "password": GOOD} | fields)

    page = text(answer)
    assert answer.status_code == 400
    assert re.search(rf'id="{field}-error">{re.escape(said)}</p>', page), page
    assert "dora" not in django_user_model.objects.values_list("username", flat=True)
    assert not Player.objects.filter(name="Dora").exists()
    assert 'type="password" autocomplete="new-password"' in page and GOOD not in page


@pytest.mark.parametrize("fields, said", [
    ({"password": "short"}, "Ce mot de passe est refusé\u00a0: Ce mot de passe est trop court. Il "
                            "doit contenir au minimum 8 caractères."),
    ({"new_username": "athos"}, "L'identifiant athos est déjà pris."),
])
def test_a_refusal_is_said_in_french_to_a_french_reader(steward, fields, said):
    create_member(name="Athos", username="athos", password=GOOD)

    answer = steward.post("/players/", {"action": "add", "key": "k1", "name": "Dora",
                                      "new_username": "dora", "password": GOOD} | fields, **FR)

    assert answer.status_code == 400
    assert said in text(answer) and "refused" not in text(answer)


def test_staff_give_a_player_a_login(steward, client):
    athos = create_player(name="Athos")

    answer = steward.post("/players/", {"action": "login", "key": "k1", "player": athos.pk,
                                      "new_username": "athos", "password": GOOD})

    assert answer.status_code == 302
    assert "Athos may log in as athos." in text(steward.get("/players/"))
    assert authenticate(username="athos", password=GOOD) == Player.objects.get().user


def test_a_refused_login_leaves_the_player_without_one(steward):
    athos = create_player(name="Athos")

    answer = steward.post("/players/", {"action": "login", "key": "k1", "player": athos.pk,
                                      "new_username": "athos", "password": "athos123"})

    assert answer.status_code == 400
    assert 'id="login-password-error">This password is refused' in text(answer)
    assert Player.objects.get().user is None


def test_staff_set_a_members_new_password_once(steward):
    athos = create_member(name="Athos", username="athos", password=GOOD)
    form = {"action": "password", "key": "k1", "player": athos.pk,
            "password": "a new long password"}

    assert steward.post("/players/", form).status_code == 302
    assert "Athos's password is changed." in text(steward.get("/players/"))
    assert authenticate(username="athos", password="a new long password") == athos.user
    assert steward.post("/players/", form | {"password": "another long password"}
                      ).status_code == 302  # the same form again: nothing more
    assert authenticate(username="athos", password="a new long password") == athos.user


def test_staff_may_not_set_a_staff_logins_password(steward, django_user_model):
    boss = django_user_model.objects.create_superuser("boss", password=GOOD)
    athos = create_player(name="Athos", username="boss")

    answer = steward.post("/players/", {"action": "password", "key": "k1", "player": athos.pk,
                                      "password": "a new long password"})

    assert answer.status_code == 400
    assert ('id="password-password-error">Only a superuser sets the password of a staff login.'
            in text(answer))
    assert authenticate(username="boss", password=GOOD) == boss


def test_the_forms_are_on_the_page_for_staff_only(steward, client):
    create_player(name="Athos")
    create_member(name="Dora", username="dora", password=GOOD)

    page = text(steward.get("/players/"))

    assert "A new login (optional)" in page and "Give a player a login" in page
    assert "Set a member's new password" in page
    assert "Give a player a login" not in text(client.get("/players/"))


@pytest.mark.parametrize("action", ["add", "login", "password"])
def test_members_and_strangers_may_not_make_logins(client, django_user_model, action):
    athos = create_member(name="Athos", username="athos", password=GOOD)
    form = {"action": action, "key": "k1", "player": athos.pk, "name": "Dora",
            "new_username": "dora", "password": "a new long password"}

    assert client.post("/players/", form).status_code == 403
    client.force_login(athos.user)
    assert client.post("/players/", form).status_code == 403
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["athos"]
    assert authenticate(username="athos", password=GOOD) == athos.user


def test_the_login_forms_enforce_csrf(django_user_model):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(django_user_model.objects.create_user("steward", is_staff=True))

    answer = add(browser, name="Dora", new_username="dora", password=GOOD)

    assert answer.status_code == 403 and not Player.objects.exists()


def test_a_member_changes_his_own_password_and_logs_in_with_it(client):
    athos = create_member(name="Athos", username="athos", password=GOOD)
    client.force_login(athos.user)
    assert 'href="/account/password/"' in text(client.get("/account/"))

    answer = client.post("/account/password/", {
        "old_password": GOOD, "new_password1": "my own new password",
        "new_password2": "my own new password"})

    assert answer.status_code == 302 and answer["Location"] == "/account/"
    assert "Your password is changed." in text(client.get("/account/"))  # still logged in
    client.post("/logout/")
    assert client.post("/login/", {"username": "athos", "password": GOOD}).status_code == 200
    assert client.post("/login/", {"username": "athos", "password": "my own new password"}
                       )["Location"] == "/account/"


def test_a_wrong_old_password_or_a_weak_new_one_is_refused_beside_it(client):
    athos = create_member(name="Athos", username="athos", password=GOOD)
    client.force_login(athos.user)

    wrong = client.post("/account/password/", {"old_password": "nope", "new_password1": "x",
                                               "new_password2": "x"}, **FR)

    page = text(wrong)
    assert wrong.status_code == 200
    assert 'id="id_old_password_error"' in page and "ancien mot de passe" in page
    assert authenticate(username="athos", password=GOOD) == athos.user


def test_changing_ones_password_wants_a_login_and_csrf(client, django_user_model):
    assert client.get("/account/password/")["Location"].startswith("/login/")
    browser = Client(enforce_csrf_checks=True)
    user = django_user_model.objects.create_user("athos", password=GOOD)
    browser.force_login(user)
    answer = browser.post("/account/password/", {
        "old_password": GOOD, "new_password1": "my own new password",
        "new_password2": "my own new password"})
    assert answer.status_code == 403
    assert authenticate(username="athos", password=GOOD) == user


def test_a_login_without_a_player_is_told_who_links_it(steward, django_user_model):
    """A member is told to ask the secretary; the secretary (staff) himself is told where
    logins are linked to players and managed, not to ask himself."""
    member = Client()
    member.force_login(django_user_model.objects.create_user("dora", password=GOOD))
    assert "Your login is not linked to a player yet: ask the secretary." in text(
        member.get("/account/"))

    page = text(steward.get("/account/"))
    assert "ask the secretary" not in page
    assert "Your login is not linked to a player yet. Link it to one on the" in page
    assert 'href="/players/#add"' in page and 'href="/admin/auth/user/"' in page

    french = text(steward.get("/account/", **FR))
    assert "demandez au secrétaire" not in french
    assert "Votre identifiant n'est lié à aucun joueur. Liez-le à un joueur sur la" in french
