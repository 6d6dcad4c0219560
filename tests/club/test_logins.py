"""A member's login made with his player (club.players.create_member) in one transaction, a
login given to a player who has none, and a member's new password set by staff."""
import pytest
from django.contrib.auth import authenticate
from django.utils import translation

from club.errors import Refused
from club.models import Player
from club.players import create_member, create_player, give_login, set_password

pytestmark = pytest.mark.django_db
GOOD = "a long enough password"


def refusal(work) -> Refused:
    with pytest.raises(Refused) as refused:
        work()
    return refused.value


def test_a_member_is_made_with_his_login(django_user_model):
    dora = create_member(name=" Dora ", username=" dora ", password=GOOD)

    assert dora.name == "Dora" and dora.user.username == "dora"
    assert authenticate(username="dora", password=GOOD) == dora.user


@pytest.mark.parametrize("password, problem", [
    ("short", "This password is too short. It must contain at least 8 characters."),
    ("12345678", "This password is too common."),
    ("dora-dora-dora", "The password is too similar to the username."),
])
def test_a_refused_password_leaves_no_login_and_no_player(django_user_model, password,
                                                          problem):
    refused = refusal(lambda: create_member(name="Dora", username="dora-dora-dora",
                                            password=password))

    assert refused.rule == "password_invalid" and problem in refused.message
    assert problem in str(refused.params["problems"])
    assert not django_user_model.objects.exists() and not Player.objects.exists()


def test_the_validators_speak_the_readers_language_and_the_message_stays_english():
    with translation.override("fr"):
        refused = refusal(lambda: create_member(name="Dora", username="dora",
                                                password="short"))
        problems = str(refused.params["problems"])

    assert "trop court" in problems and "too short" in refused.message


@pytest.mark.parametrize("username", ["DORA", "dora"])
def test_a_taken_username_is_refused_ignoring_case(django_user_model, username):
    django_user_model.objects.create_user("Dora")

    refused = refusal(lambda: create_member(name="Dora", username=username, password=GOOD))

    assert refused.rule == "username_taken" and refused.code == "username_taken"
    assert django_user_model.objects.count() == 1 and not Player.objects.exists()


@pytest.mark.parametrize("username", ["", "   ", "dora la brave", "d" * 151, "dora!"])
def test_a_malformed_username_is_refused(django_user_model, username):
    refused = refusal(lambda: create_member(name="Dora", username=username, password=GOOD))

    assert refused.rule == "username_invalid"
    assert not django_user_model.objects.exists() and not Player.objects.exists()


def test_a_duplicate_name_leaves_no_login(django_user_model):
    create_player(name="Dora")

    refused = refusal(lambda: create_member(name="DORA", username="dora2", password=GOOD))

    assert refused.rule == "name_taken"
    assert not django_user_model.objects.exists()  # the login was rolled back with the player
    assert list(Player.objects.values_list("name", flat=True)) == ["Dora"]


def test_a_player_without_a_login_is_given_one(django_user_model):
    athos = create_player(name="Athos")

    give_login(player_id=athos.pk, username="athos", password=GOOD)

    athos.refresh_from_db()
    assert authenticate(username="athos", password=GOOD) == athos.user


def test_a_player_with_a_login_is_not_given_another(django_user_model):
    athos = create_member(name="Athos", username="athos", password=GOOD)

    refused = refusal(lambda: give_login(player_id=athos.pk, username="athos2", password=GOOD))

    assert refused.rule == "player_has_login"
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["athos"]


def test_a_refused_login_leaves_the_player_without_one(django_user_model):
    athos = create_player(name="Athos")

    refused = refusal(lambda: give_login(player_id=athos.pk, username="athos", password="x"))

    athos.refresh_from_db()
    assert refused.rule == "password_invalid"
    assert athos.user is None and not django_user_model.objects.exists()


def test_staff_set_a_members_new_password(django_user_model):
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    athos = create_member(name="Athos", username="athos", password=GOOD)

    set_password(player_id=athos.pk, password="a new long password", by=steward)

    assert authenticate(username="athos", password=GOOD) is None
    assert authenticate(username="athos", password="a new long password") == athos.user


def test_a_bad_new_password_changes_nothing(django_user_model):
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    athos = create_member(name="Athos", username="athos", password=GOOD)

    refused = refusal(lambda: set_password(player_id=athos.pk, password="athos", by=steward))

    assert refused.rule == "password_invalid"
    assert authenticate(username="athos", password=GOOD) == athos.user


def test_only_a_superuser_sets_a_staff_logins_password(django_user_model):
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    boss = django_user_model.objects.create_superuser("boss", password=GOOD)
    athos = create_player(name="Athos", username="boss")

    refused = refusal(lambda: set_password(player_id=athos.pk, password="a new long password",
                                           by=steward))
    set_password(player_id=athos.pk, password="the boss's new password", by=boss)

    assert refused.rule == "password_of_staff" and refused.code == "not_superuser"
    assert authenticate(username="boss", password="the boss's new password") == boss


def test_a_player_without_a_login_has_no_password_to_set(django_user_model):
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    athos = create_player(name="Athos")

    refused = refusal(lambda: set_password(player_id=athos.pk, password=GOOD, by=steward))

    assert refused.rule == "no_login"
