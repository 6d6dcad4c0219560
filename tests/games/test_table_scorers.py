"""Who scores a table, after it is opened (issue 31): staff and the table's opener change its
scorers at any time, through the service and `POST /api/tables/{id}/scorers`; anyone else is
refused and nothing changes; a user who has wagered at the table is not made its scorer
(ruling 31); the new scorer may enter hands, the one dropped no longer may; the live feed
and the table's events tell the change."""
import pytest
from django.contrib.auth import get_user_model

from club.errors import Refused
from games.api.schemas import TableScorers
from games.models import Table
from games.services.tables import open_table, set_scorers
from testbed.users import user_with_token
from tests.games.kit import Api, member, players, summary

pytestmark = pytest.mark.django_db


def user(name: str):
    return get_user_model().objects.create_user(name)


@pytest.fixture
def opener(client):
    """Alice, a member with a token, who opens the table."""
    alice, token = user_with_token("alice")
    return alice, Api(client, token)


@pytest.fixture
def table(opener):
    return open_table(name="T", format="rubber", players=players("Athos", "Porthos"),
                      rules={}, by=opener[0], wager_style="english")


def scorers(table) -> list[str]:
    return sorted(u.username for u in Table.objects.get(pk=table.pk).scorers.all())


def test_the_opener_names_a_scorer_who_then_enters_a_hand(client, opener, table):
    claire, token = user_with_token("claire")
    claire_api = Api(client, token)
    before = claire_api.post(f"/tables/{table.pk}/hands", {"record": summary(3)})

    answer = opener[1].post(f"/tables/{table.pk}/scorers", {"scorers": ["claire"]})

    assert before.status_code == 403 and before.json()["error"]["code"] == "not_scorer"
    assert answer.status_code == 200
    body = TableScorers.model_validate(answer.json()).model_dump()
    assert body == {"table": table.pk, "seq": 2, "opened_by": "alice", "scorers": ["claire"]}
    assert claire_api.post(f"/tables/{table.pk}/hands",
                           {"record": summary(3)}).status_code == 201


def test_staff_drop_a_scorer_who_may_then_no_longer_score(client, table):
    claire, token = user_with_token("claire")
    _secretary, staff_token = user_with_token("secretary", staff=True)
    table.scorers.set([claire])

    answer = Api(client, staff_token).post(f"/tables/{table.pk}/scorers", {"scorers": []})

    assert answer.status_code == 200 and answer.json()["scorers"] == []
    refused = Api(client, token).post(f"/tables/{table.pk}/hands", {"record": summary(3)})
    assert refused.status_code == 403 and scorers(table) == []


def test_a_named_scorer_may_not_change_the_scorers(client, table):
    claire, token = user_with_token("claire")
    table.scorers.set([claire])
    user("dora")

    answer = Api(client, token).post(f"/tables/{table.pk}/scorers", {"scorers": ["dora"]})

    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_staff"
    assert scorers(table) == ["claire"]


def test_nobody_else_may_either(table):
    with pytest.raises(Refused) as refused:
        set_scorers(table_id=table.pk, scorers=[user("dora")], by=user("eve"))

    assert refused.value.rule == "opener_sets_scorers" and scorers(table) == []


def test_an_unknown_username_is_refused_and_nothing_changes(opener, table):
    answer = opener[1].post(f"/tables/{table.pk}/scorers", {"scorers": ["nobody"]})

    assert answer.status_code == 422 and answer.json()["error"]["code"] == "unknown_user"
    assert Table.objects.get(pk=table.pk).seq == 1


def test_a_member_who_wagered_at_the_table_is_not_made_its_scorer(client, opener, table):
    """Ruling 31: who enters a table's hands does not bet on them."""
    dora_api, _dora = member(client, "Dora")
    placed = dora_api.post(f"/tables/{table.pk}/wagers",
                           {"on": table.seating[0], "stake": "1.00"})
    assert placed.status_code == 201, placed.content

    answer = opener[1].post(f"/tables/{table.pk}/scorers", {"scorers": ["dora"]})

    assert answer.status_code == 403 and answer.json()["error"]["code"] == "may_not_wager"
    assert "dora has wagered at this table" in answer.json()["error"]["message"]
    assert scorers(table) == []


def test_a_member_who_took_an_offer_at_the_table_is_not_made_its_scorer(client, opener,
                                                                          table):
    emile_api, _emile = member(client, "Emile")
    dora_api, _dora = member(client, "Dora")
    offer = emile_api.post(f"/tables/{table.pk}/wagers",
                           {"on": table.seating[0], "stake": "1.00"}).json()
    assert dora_api.post(f"/wagers/{offer['id']}/take", {"stake": "1.00"}).status_code == 201

    with pytest.raises(Refused) as refused:
        set_scorers(table_id=table.pk, scorers=[get_user_model().objects.get(username="dora")],
                    by=opener[0])

    assert refused.value.rule == "scorer_wagered" and scorers(table) == []


def test_the_opener_named_among_them_is_not_listed_twice(opener, table):
    set_scorers(table_id=table.pk, scorers=[opener[0], user("claire")], by=opener[0])

    assert scorers(table) == ["claire"]


def test_the_change_is_an_event_of_the_table(opener, table):
    user("claire")
    opener[1].post(f"/tables/{table.pk}/scorers", {"scorers": ["claire"]})

    events = opener[1].get(f"/tables/{table.pk}/events").json()["events"]

    assert events[-1] | {"at": None} == {"seq": 2, "kind": "scorers", "by": "alice", "at": None,
                                         "change": {"scorers": ["claire"]}}
