"""The page tests' fixtures: a staff member (not a superuser) and a browser session of his,
which scores every table; three players and four, for the tables à trois and à quatre, and
a table à trois of the three.
The secretary, a superuser, and his session are `secretary` and `staff_client`
(tests/conftest.py)."""
import pytest
from django.test import Client

from games.services.tables import open_table
from tests.games.kit import players


@pytest.fixture
def staff(django_user_model):
    """A staff member: he opens tables, records hands and payments, and sees the staff's pages."""
    return django_user_model.objects.create_user("steward", is_staff=True)


@pytest.fixture
def steward(staff) -> Client:
    """A browser session logged in as `staff`."""
    client = Client()
    client.force_login(staff)
    return client


@pytest.fixture
def scorer(steward) -> Client:
    """The scorer's session: staff score every table."""
    return steward


@pytest.fixture
def trio():
    return players("Athos", "Porthos", "Aramis")


@pytest.fixture
def trois_table(staff, trio):
    """A table à trois of the trio, Athos dealing first: Porthos, at his left, is elder, and
    Aramis the middle."""
    return open_table(name="Trois", format="trois", players=trio, rules={}, by=staff,
                      first_dealer=trio[0])


@pytest.fixture
def opener(client, django_user_model):
    """A member's browser session: any member opens a table from /tables/new/."""
    client.force_login(django_user_model.objects.create_user("member", password="pw"))
    return client


@pytest.fixture
def four():
    return players("Athos", "Porthos", "Aramis", "Dartagnan")
