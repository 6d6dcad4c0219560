"""python manage.py api_token USERNAME [--create-user] [--staff]."""

import re
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from club.models import ApiToken

pytestmark = pytest.mark.django_db


def api_token(*args) -> str:
    out = StringIO()
    call_command("api_token", *args, stdout=out)
    return out.getvalue().strip()


def test_it_prints_a_40_hex_token_and_stores_it():
    athos = User.objects.create_user("athos")

    key = api_token("athos")

    assert re.fullmatch(r"[0-9a-f]{40}", key)
    assert ApiToken.objects.get(user=athos).key == key


def test_the_same_user_gets_the_same_token_twice():
    User.objects.create_user("athos")

    assert api_token("athos") == api_token("athos")
    assert ApiToken.objects.count() == 1


def test_different_users_get_different_tokens():
    User.objects.create_user("athos")
    User.objects.create_user("porthos")

    assert api_token("athos") != api_token("porthos")


def test_create_user_creates_him_without_a_usable_password():
    key = api_token("aramis", "--create-user")

    aramis = User.objects.get(username="aramis")
    assert not aramis.has_usable_password()
    assert not aramis.is_staff
    assert aramis.api_token.key == key


def test_create_user_keeps_an_existing_user():
    athos = User.objects.create_user("athos", password="secret-enough-1")

    api_token("athos", "--create-user")

    assert User.objects.get().pk == athos.pk
    assert User.objects.get().check_password("secret-enough-1")


def test_staff_makes_the_user_staff():
    User.objects.create_user("athos")

    api_token("athos", "--staff")

    assert User.objects.get(username="athos").is_staff


def test_an_unknown_user_is_refused_and_nothing_is_created():
    with pytest.raises(CommandError, match='No user named "mordaunt". Pass --create-user'):
        api_token("mordaunt")

    assert not User.objects.exists() and not ApiToken.objects.exists()


@pytest.mark.parametrize("username", ["", "a b", "tab\there", "x" * 151])
def test_a_username_django_would_refuse_is_not_created(username):
    """The login form could never sign such a user in, and `scorers` would name him."""
    with pytest.raises(CommandError, match="cannot be a username"):
        api_token(username, "--create-user")

    assert not User.objects.exists()
