"""The games tests' fixtures: the API clients of a scorer and of another member (each a
member with a token) and of the secretary (staff with a token); a staff member for the
services; the players of a table à trois and à quatre; the secretary's two evenings of wagers
(`evenings`, from the kit). The secretary's browser session is `staff_client`
(tests/conftest.py)."""
import pytest

from testbed.users import user_with_token
from tests.games.kit import Api, evenings, players  # noqa: F401  (evenings: the kit's fixture)


@pytest.fixture
def scorer(client):
    return Api(client, user_with_token("scorer")[1])


@pytest.fixture
def member_api(client):
    return Api(client, user_with_token("member")[1])


@pytest.fixture
def staff_api(client):
    return Api(client, user_with_token("secretary", staff=True)[1])


@pytest.fixture
def staff(django_user_model):
    """A staff member, not a superuser: who opens tables and records hands in the services."""
    return django_user_model.objects.create_user("steward", is_staff=True)


@pytest.fixture
def trio():
    """Three players, for a table à trois (or a pool)."""
    return players("Athos", "Porthos", "Aramis")


@pytest.fixture
def four():
    """Four players, for a table à quatre."""
    return players("Athos", "Porthos", "Aramis", "D'Artagnan")
