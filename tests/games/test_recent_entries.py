"""A worker keeps the hands of the tables it served last (games.replay.recent), valid
only while the table's `seq` is the one it read them at. These tests commit for real, as
production does, so that the copy is made; each checks that what the copy feeds the next hand
is what the database holds."""
from datetime import timedelta

import pytest

from games import replay
from games.models import Hand, Table
from tests.games.kit import players, summary

pytestmark = pytest.mark.django_db(transaction=True)



@pytest.fixture
def snap(scorer):
    trio = players("Athos", "Porthos", "Aramis")
    return scorer.post("/tables", {"name": "T", "format": "pool", "first_dealer": trio[1].pk,
                                   "players": [p.pk for p in trio]}).json()


def post(api, snap, record):
    answer = api.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 201, answer.content
    return answer.json()


def test_the_copy_is_made_after_commit_and_matches_the_database(scorer, snap):
    for tricks in (3, 2, 5):
        snap = post(scorer, snap, summary(tricks))["table"]
    table = Hand.objects.first().table
    kept = replay.recent.get(table)
    assert kept is not None, "the worker kept the table's entries"
    assert [(e.key, e.record) for e in kept] == [
        (h.number, h.record) for h in Hand.objects.order_by("number")]


def test_a_refused_correction_leaves_the_next_hand_as_the_table_was(scorer, snap):
    athos = str(snap["seats"]["elder"])
    first = post(scorer, snap, summary(5))  # Athos's vole: 2
    refused = scorer.post(f"/hands/{first['hand']['id']}/correct", {"record": {"summary": {
        "opening": "played", "king_turned": False, "tricks": {"elder": 9, "dealer": 0}}}})
    assert refused.status_code == 422
    second = post(scorer, first["table"], summary(2))  # Athos, now dealer, takes the point
    assert second["table"]["game"]["score"][athos] == 3


def test_a_correction_reaches_the_next_hand(scorer, snap):
    athos = str(snap["seats"]["elder"])
    first = post(scorer, snap, summary(5))
    fixed = scorer.post(f"/hands/{first['hand']['id']}/correct", {"record": summary(3)})
    assert fixed.status_code == 200
    second = post(scorer, fixed.json()["table"], summary(2))
    assert second["table"]["game"]["score"][athos] == 2  # the point, then the point


def test_a_table_with_a_kept_tables_id_and_seq_but_made_later_gets_no_copy(scorer, snap):
    """An emptied database (a test suite, a development reset) may give a new table the id and
    `seq` of one this process kept: the copy is keyed by the table's creation time too."""
    for tricks in (3, 2):
        snap = post(scorer, snap, summary(tricks))["table"]
    table = Table.objects.get(pk=snap["id"])
    assert replay.recent.get(table) is not None

    table.created_at += timedelta(microseconds=1)

    assert replay.recent.get(table) is None
