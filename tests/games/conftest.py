"""The API clients the games tests use: a scorer (a member with a token) and the secretary
(staff with a token). The secretary's browser session is `staff_client` (tests/conftest.py)."""
import pytest

from testbed.users import user_with_token
from tests.games.kit import Api


@pytest.fixture
def scorer(client):
    return Api(client, user_with_token("scorer")[1])


@pytest.fixture
def staff_api(client):
    return Api(client, user_with_token("secretary", staff=True)[1])
