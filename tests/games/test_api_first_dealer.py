"""Who may deal first is the service's to judge (games.services.tables.open_table, docs/rules.md
section 10): the API passes the first dealer it was sent and answers with the service's
refusal."""
import pytest

from games.models import Table
from testbed.users import user_with_token
from tests.games.kit import Api, players

pytestmark = pytest.mark.django_db


def test_the_api_shows_the_services_refusal_of_a_first_dealer_not_at_the_table(client):
    api = Api(client, user_with_token("scorer")[1])
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")

    answer = api.post("/tables", {"name": "T", "format": "rubber",
                                  "players": [athos.pk, porthos.pk],
                                  "first_dealer": aramis.pk})

    assert answer.status_code == 422 and not Table.objects.exists()
    assert answer.json()["error"]["code"] == "bad_first_dealer"
    assert answer.json()["error"]["message"] == (
        "first_dealer must be one of the players who play first")
