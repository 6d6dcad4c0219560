"""The club nights' fixtures: the secretary (staff), a director (the permission
nights.direct_night, not staff) and a plain member, each with his API client; and the kit's
helpers (tests/nights/kit.py)."""
import pytest

from testbed.users import user_with_token
from tests.games.kit import Api, member
from tests.nights.kit import director_user


@pytest.fixture
def staff_api(client):
    return Api(client, user_with_token("secretary", staff=True)[1])


@pytest.fixture
def director(client):
    user, token = director_user("dora")
    return Api(client, token)


@pytest.fixture
def athos(client):
    """A member with his player: (his API client, his player)."""
    return member(client, "Athos")


@pytest.fixture
def staff(django_user_model):
    """A staff member, for the services."""
    return django_user_model.objects.create_user("steward", is_staff=True)
