"""A player who already sits at another table in play (issue 31). It is a warning the opener
may override, not a refusal: a table may be left in play (a rubber finished another evening,
a table nobody abandoned), and only the opener knows. Asked to check (`check_elsewhere`, as
the open-table page asks until the opener confirms), the service refuses it, naming each such
player with his tables, beside the seat of the first, and opens nothing; not asked (the API's
default), it opens the table all the same. A table won or abandoned is no longer in play."""
import pytest

from club.errors import Refused
from games.models import Table
from games.selectors.tables import playing_elsewhere
from games.services.tables import abandon_table, open_table
from testbed.users import user_with_token
from tests.games.kit import Api, players

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("steward", is_staff=True)


@pytest.fixture
def five():
    return players("Athos", "Porthos", "Aramis", "Dartagnan", "Planchet")


def rubber(by, seated, name, **options):
    return open_table(name=name, format="rubber", players=seated, rules={}, by=by, **options)


def test_a_player_in_play_elsewhere_is_refused_when_the_opener_asks(staff, five):
    athos, porthos, aramis, dartagnan, _planchet = five
    rubber(staff, [athos, porthos], "Table 1")
    rubber(staff, [dartagnan, porthos], "Table 2")

    with pytest.raises(Refused) as refused:
        open_table(name="Table 3", format="pool", players=[aramis, porthos, athos], rules={},
                   by=staff, check_elsewhere=True)

    assert refused.value.code == "playing_elsewhere"
    assert refused.value.params == {"seated": ("Porthos (Table 1, Table 2)", "Athos (Table 1)"),
                                    "field": "seat2"}
    assert Table.objects.count() == 2


def test_not_asked_the_table_opens_all_the_same(staff, five):
    athos, porthos, *_ = five
    rubber(staff, [athos, porthos], "Table 1")

    again = rubber(staff, [athos, porthos], "Table 2")

    assert again.seating == [athos.pk, porthos.pk]


def test_a_table_no_longer_in_play_is_no_warning(staff, five):
    athos, porthos, aramis, dartagnan, planchet = five
    abandon_table(table_id=rubber(staff, [athos, porthos], "Abandoned").pk, by=staff)

    opened = rubber(staff, [athos, porthos], "Table 2", check_elsewhere=True)

    assert opened.status == "playing"
    assert playing_elsewhere() == {athos.pk: ["Table 2"], porthos.pk: ["Table 2"]}
    assert playing_elsewhere([planchet.pk]) == {}


def test_the_api_refuses_when_asked_with_409_naming_them(client, five):
    athos, porthos, *_ = five
    api = Api(client, user_with_token("secretary", staff=True)[1])
    body = {"name": "T", "format": "rubber", "players": [athos.pk, porthos.pk]}
    assert api.post("/tables", body).status_code == 201

    refused = api.post("/tables", body | {"check_elsewhere": True})
    again = api.post("/tables", body)

    assert refused.status_code == 409
    assert refused.json()["error"] == {
        "code": "playing_elsewhere",
        "message": "already at another table in play: Athos (T); Porthos (T)"}
    assert again.status_code == 201 and Table.objects.count() == 2
