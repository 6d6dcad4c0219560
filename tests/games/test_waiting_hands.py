"""The hands a scorer's phone keeps while the club's Wi-Fi is down, as the phone tells the club
(games.services.waiting.report_waiting): a new count is a change of the table (its seq moves
on by one, with an event of kind "waiting", and the snapshot's `waiting` says it); the same
count again, or a refused one, changes nothing. The history says it in words, in English and in
French."""
from datetime import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.errors import Refused
from games import courses
from games.models import Table, TableEvent
from games.services.hands import record_hand
from games.services.waiting import report_waiting
from tests.games.kit import fresh, member, pool, summary

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def opener(django_user_model):
    """A member who opened the table: its scorer (not staff)."""
    return django_user_model.objects.create_user("opener")


@pytest.fixture
def table(opener):
    return Table.objects.get(pk=pool(opener, hands=1).pk)


def state(table: Table) -> tuple:
    table = Table.objects.get(pk=table.pk)
    return (table.seq, table.waiting_hands, table.waiting_since, table.snapshot,
            TableEvent.objects.filter(table=table).count())


def test_a_new_count_moves_seq_by_one_with_a_waiting_event_and_the_snapshot_says_it(table,
                                                                                     opener):
    seq = table.seq

    assert report_waiting(table_id=table.pk, count=2, by=opener) == 2

    table.refresh_from_db()
    assert table.seq == seq + 1
    event = TableEvent.objects.get(table=table, seq=table.seq)
    assert (event.type, event.change, event.by) == ("waiting", {"hands": 2}, opener)
    assert table.waiting_hands == 2 and table.waiting_since is not None
    assert table.snapshot["waiting"] == {"hands": 2,
                                         "since": table.waiting_since.isoformat()}
    assert datetime.fromisoformat(table.snapshot["waiting"]["since"]) == table.waiting_since
    assert table.snapshot["seq"] == table.seq
    assert table.snapshot == fresh(table.pk)  # what a fresh rebuild of the table says


def test_the_same_count_twice_moves_nothing(table, opener):
    report_waiting(table_id=table.pk, count=2, by=opener)
    before = state(table)

    assert report_waiting(table_id=table.pk, count=2, by=opener) == 2

    assert state(table) == before


def test_fewer_hands_keep_the_time_they_began_and_none_clears_it(table, opener):
    report_waiting(table_id=table.pk, count=3, by=opener)
    began = Table.objects.get(pk=table.pk).waiting_since

    report_waiting(table_id=table.pk, count=1, by=opener)
    table.refresh_from_db()
    assert (table.waiting_hands, table.waiting_since) == (1, began)
    assert table.snapshot["waiting"] == {"hands": 1, "since": began.isoformat()}

    report_waiting(table_id=table.pk, count=0, by=opener)
    table.refresh_from_db()
    assert (table.waiting_hands, table.waiting_since) == (0, None)
    assert table.snapshot["waiting"] is None
    assert TableEvent.objects.get(table=table, seq=table.seq).change == {"hands": 0}


def test_a_count_again_after_none_begins_a_new_time(table, opener):
    report_waiting(table_id=table.pk, count=1, by=opener)
    first = Table.objects.get(pk=table.pk).waiting_since
    report_waiting(table_id=table.pk, count=0, by=opener)
    report_waiting(table_id=table.pk, count=2, by=opener)

    assert Table.objects.get(pk=table.pk).waiting_since > first


def test_0_when_none_was_waiting_moves_nothing(table, opener):
    before = state(table)

    report_waiting(table_id=table.pk, count=0, by=opener)

    assert state(table) == before


def test_a_named_scorer_and_staff_may_report(client, django_user_model, opener):
    named = django_user_model.objects.create_user("named")
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    table = pool(opener)
    table.scorers.add(named)

    report_waiting(table_id=table.pk, count=1, by=named)
    report_waiting(table_id=table.pk, count=2, by=steward)

    assert list(TableEvent.objects.filter(table=table, type=TableEvent.Type.WAITING)
                .values_list("by__username", "change")) == [("named", {"hands": 1}),
                                                            ("steward", {"hands": 2})]


@pytest.mark.parametrize("count", [-1, 100, 1000, None, "2", 2.0, True])
def test_a_bad_count_is_refused_and_saves_nothing(table, opener, count):
    report_waiting(table_id=table.pk, count=1, by=opener)
    before = state(table)

    with pytest.raises(Refused) as refused:
        report_waiting(table_id=table.pk, count=count, by=opener)

    assert refused.value.code == "bad_count"
    assert state(table) == before


def test_a_member_who_is_not_a_scorer_is_refused_and_saves_nothing(client, table):
    _, charles = member(client, "Charles")
    before = state(table)

    with pytest.raises(Refused) as refused:
        report_waiting(table_id=table.pk, count=2, by=charles.user)

    assert refused.value.code == "not_scorer"
    assert state(table) == before


def test_no_such_table_is_refused(opener):
    with pytest.raises(Refused) as refused:
        report_waiting(table_id=999_999, count=2, by=opener)
    assert refused.value.code == "no_such_table"


def test_a_count_keeps_the_workers_copy_of_the_hands(table, opener,
                                                     django_capture_on_commit_callbacks):
    """Told a few times an outage, in between the hands the phone sends: it reads no hand, and
    the next hand finds the worker's copy of the table's hands still good."""
    with django_capture_on_commit_callbacks(execute=True):
        record_hand(table_id=table.pk, record=summary(3), by=opener)
    with CaptureQueriesContext(connection) as seen, \
            django_capture_on_commit_callbacks(execute=True):
        report_waiting(table_id=table.pk, count=1, by=opener)

    assert not [q["sql"] for q in seen.captured_queries if 'FROM "games_hand"' in q["sql"]]
    kept = courses.recent.get(Table.objects.get(pk=table.pk))
    assert kept is not None and [hand.key for hand in kept] == [1, 2]


def test_the_history_says_what_the_scorers_phone_told(client, table, opener):
    for count in (2, 1, 0):
        report_waiting(table_id=table.pk, count=count, by=opener)
    client.force_login(opener)

    english = client.get(f"/tables/{table.pk}/history/").content.decode()
    french = client.get(f"/tables/{table.pk}/history/", **FR).content.decode()

    assert "The scorer&#x27;s phone: 2 hands on their way" in english
    assert "The scorer&#x27;s phone: 1 hand on its way" in english
    assert "The scorer&#x27;s phone has sent every hand" in english
    assert "Le téléphone du marqueur\u00a0: 2 coups en route" in french
    assert "Le téléphone du marqueur\u00a0: 1 coup en route" in french
    assert "Le téléphone du marqueur a envoyé tous les coups" in french


def test_the_api_gives_the_snapshot_and_the_events_with_the_hands_on_their_way(client):
    api, scorer = member(client, "Scorer")
    table = pool(scorer.user)
    report_waiting(table_id=table.pk, count=2, by=scorer.user)

    snap = api.get(f"/tables/{table.pk}").json()
    events = api.get(f"/tables/{table.pk}/events").json()["events"]

    assert snap["waiting"]["hands"] == 2 and snap["waiting"]["since"]
    assert events[-1]["kind"] == "waiting" and events[-1]["change"] == {"hands": 2}


def test_an_abandoned_table_has_no_hand_on_its_way(table, opener, client):
    """Once the table is abandoned no hand the phone keeps can be recorded there: the snapshot,
    and with it the table's page and the live feed, stop saying "1 hand on its way"."""
    from games.services.tables import abandon_table
    report_waiting(table_id=table.pk, count=1, by=opener)
    abandon_table(table_id=table.pk, by=opener)

    table.refresh_from_db()
    assert table.snapshot["waiting"] is None and table.snapshot == fresh(table.pk)
    assert "1 hand on its way" not in client.get(f"/tables/{table.pk}/").content.decode()
